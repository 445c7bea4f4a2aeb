from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from accounts.token_auth import credentials_changed
        from games import events
        from live.access import session_fingerprint
        from live.publish import credentials_changed as tell_streams
        from live.publish import game_changed

        # Open streams read the game again once the change commits.
        events.subscribe(
            events.GameChanged,
            lambda changed: game_changed(changed.game.public_id, changed.user_ids),
        )

        # Open streams check their credential again when one of their user's changed.
        def revoked(sender, user_id, ended_session=None, **kwargs):
            tell_streams(user_id, session_fingerprint(ended_session) if ended_session else "")

        credentials_changed.connect(revoked, weak=False, dispatch_uid="live-credentials")
