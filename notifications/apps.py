from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import events
        from notifications import game_emails, suppression, tasks

        suppression.connect()
        # games tells; the emails listen (games never imports notifications).
        events.subscribe(events.GameWritten, game_emails.game_written)
        events.subscribe(events.BotTookOver, game_emails.bot_plays)
        events.subscribe(events.PlayerTold, game_emails.player_told)
        events.subscribe(events.Swept, tasks.after_sweep)
        events.subscribe(events.Ticked, tasks.after_tick)
