from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from accounts import (
            throttles,  # noqa: F401 (counts wrong passwords: login_failed)
            token_auth,  # noqa: F401 (connects its signals, names its scheme)
        )
