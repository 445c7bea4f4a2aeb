from django.apps import AppConfig


class MailplayConfig(AppConfig):
    name = "mailplay"
    verbose_name = "Play by email"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from mailplay import webhook

        webhook.connect()
