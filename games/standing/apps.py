from django.apps import AppConfig


class StandingConfig(AppConfig):
    # A room of games with its own tables: the label keeps its migrations and table names.
    name = "games.standing"
    label = "standing"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Standing answers"
