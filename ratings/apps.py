from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from games import events
        from ratings import listening

        # games tells that a game ends; the ratings move in the same transaction.
        events.subscribe(events.GameWritten, listening.game_written)
