"""Admin: the outbox read-only, preferences editable.

Bodies are not shown: a turn email lists the recipient's own options (their hand), which
staff who also play must not see.
"""

from django.contrib import admin

from notifications.kinds import FAMILIES
from notifications.models import (
    Notification,
    NotificationPreference,
    SendingPause,
    SuppressedAddress,
)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("subject", "kind", "recipient", "game", "step", "status", "created_at")
    list_filter = ("status", "kind")
    list_select_related = ("recipient", "game")
    search_fields = ("recipient__username", "game__public_id", "subject")
    fields = (
        "uuid",
        "recipient",
        "game",
        "step",
        "kind",
        "status",
        "language",
        "subject",
        "attempts",
        "next_attempt_at",
        "sent_at",
        "last_error",
        "digest",
        "created_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(NotificationPreference)
class NotificationPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", *FAMILIES, "digest_hour")
    list_select_related = ("user",)
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(SuppressedAddress)
class SuppressedAddressAdmin(admin.ModelAdmin):
    """Delete a row to write to its address again (e.g. once its owner fixed their mailbox)."""

    list_display = ("email", "reason", "created_at")
    list_filter = ("reason",)
    search_fields = ("email",)
    readonly_fields = ("email", "reason", "detail", "created_at")


@admin.register(SendingPause)
class SendingPauseAdmin(admin.ModelAdmin):
    """Why email is paused and until when; deleting the row ends the pause at once (after a
    mail server is fixed)."""

    list_display = ("until", "reason")
    readonly_fields = ("until", "reason")

    def has_add_permission(self, request) -> bool:
        return False
