from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The Celery tasks live in games.workers (not games.tasks, where autodiscovery looks);
        # their names stay "games.tasks.*" so routes, the beat schedule and queued work agree.
        from games.workers import tasks  # noqa: F401
