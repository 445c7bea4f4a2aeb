from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import events
        from webhooks.recording import game_written

        events.subscribe(events.GameWritten, game_written)
