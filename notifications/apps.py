from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from games import events
        from notifications import composing, game_emails, sending, suppression, tasks

        suppression.connect()
        # The outbox composes a row again through this (it reads no game itself).
        sending.compose_again_with(composing.recompose)
        # games tells; the emails listen (games never imports notifications).
        events.subscribe(events.GameWritten, game_emails.game_written)
        events.subscribe(events.BotTookOver, game_emails.bot_plays)
        events.subscribe(events.PlayerTold, game_emails.player_told)
        events.subscribe(events.Swept, tasks.after_sweep)
        events.subscribe(events.Ticked, tasks.after_tick)
