from django.apps import AppConfig


class WebpushConfig(AppConfig):
    name = "webpush"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported once the app registry is ready: these modules import models.
        from django.db.models.signals import post_save

        from chat.models import ChatMessage
        from games import events
        from webpush import announcing, tasks

        # games tells; push listens, as the emails and the webhooks do.
        events.subscribe(events.GameWritten, announcing.game_written)
        events.subscribe(events.Ticked, tasks.after_tick)
        post_save.connect(announcing.chat_written, sender=ChatMessage, dispatch_uid="webpush")

        # A device's push ends with the credential that enabled it (webpush.credentials).
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_delete
        from knox.models import AuthToken

        from webpush import credentials, services  # as above: they import models

        def logged_out(sender, request, user, **kwargs):
            key = getattr(request.session, "session_key", None)
            if key:
                services.credential_ended(credentials.session_fingerprint(key))

        def token_deleted(sender, instance, **kwargs):
            services.credential_ended(credentials.token_fingerprint(instance.digest))

        user_logged_out.connect(logged_out, weak=False, dispatch_uid="webpush-logout")
        post_delete.connect(
            token_deleted, sender=AuthToken, weak=False, dispatch_uid="webpush-token"
        )
