from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Matchmaking"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from games import events
        from matchmaking import listening

        # The minute tick ends the queue entries and rematch offers whose time ran out.
        events.subscribe(events.Ticked, listening.ticked)
