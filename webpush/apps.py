from django.apps import AppConfig


class WebpushConfig(AppConfig):
    name = "webpush"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from chat.models import ChatMessage
        from games import events
        from webpush import announcing, tasks

        # games tells; push listens, as the emails and the webhooks do.
        events.subscribe(events.GameWritten, announcing.game_written)
        events.subscribe(events.Ticked, tasks.after_tick)
        post_save.connect(announcing.chat_written, sender=ChatMessage, dispatch_uid="webpush")
