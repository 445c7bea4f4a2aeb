from django.contrib import admin

from chat.models import ChatMessage


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "author",
        "channel",
        "via",
        "created_at",
        "deleted_at",
        "hidden_at",
    )
    list_filter = ("channel", "via")
    search_fields = ("author__username", "game__public_id")
    raw_id_fields = ("game", "author", "hidden_by")
