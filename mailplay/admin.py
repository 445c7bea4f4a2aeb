from django.contrib import admin

from mailplay.models import InboundMessage


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    list_display = ["received_at", "via", "envelope_from", "user", "game", "status", "outcome"]
    list_filter = ["status", "outcome", "via"]
    search_fields = ["message_id", "envelope_from", "envelope_to"]
    readonly_fields = [field.name for field in InboundMessage._meta.fields]
