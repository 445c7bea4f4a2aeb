from django.apps import AppConfig


class AbsencesConfig(AppConfig):
    # A room of games with its own tables: the label keeps its migrations and table names.
    name = "games.absences"
    label = "absences"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Holidays, pauses and nudges"
