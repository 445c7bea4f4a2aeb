from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        from games import events
        from live.publish import game_changed

        # Open streams read the game again once the change commits.
        events.subscribe(
            events.GameChanged,
            lambda changed: game_changed(changed.game.public_id, changed.user_ids),
        )
