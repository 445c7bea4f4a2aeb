from django.apps import AppConfig


class AbsencesConfig(AppConfig):
    name = "absences"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Holidays, pauses and nudges"
