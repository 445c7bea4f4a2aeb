from django.apps import AppConfig


class LocalmailConfig(AppConfig):
    name = "localmail"
    verbose_name = "Local mailbox (embedded default only)"
    default_auto_field = "django.db.models.BigAutoField"
