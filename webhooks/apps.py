from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from games import events
        from webhooks.recording import game_written

        events.subscribe(events.GameWritten, game_written)
