from django.apps import AppConfig


class MailplayConfig(AppConfig):
    name = "mailplay"
    verbose_name = "Play by email"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from mailplay import webhook

        webhook.connect()
