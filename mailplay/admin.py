"""Admin: received mail, read-only and without bodies.

A reply quotes the email it answers, which lists its player's options (their hand), and our
answer lists them too: staff who also play must not see them, so neither is shown.
"""

from django.contrib import admin

from mailplay.models import InboundMessage


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ["received_at", "via", "envelope_from", "user", "game", "status", "outcome"]
    list_filter = ["status", "outcome", "via"]
    search_fields = ["message_id", "envelope_from", "envelope_to"]
    # All shown, none editable (a tuple: a list of names would not fit `fields`' type).
    fields = (
        "message_id",
        "via",
        "envelope_from",
        "envelope_to",
        "received_at",
        "status",
        "attempts",
        "last_error",
        "processed_at",
        "outcome",
        "user",
        "game",
        "reply_subject",
        "reply_sent_at",
        "reply_attempts",
    )
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False
