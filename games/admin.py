"""Admin: games and seats, and the log read-only. Payloads show what a spectator may see."""

import json

from django.contrib import admin
from django.utils.html import format_html

from games.models import NOTICE, Game, GameEvent, GameStep, Seat
from games.write.state_store import engine_game, to_engine_event


class SeatInline(admin.TabularInline):
    """Staff may hand a human seat to another user; everything else follows from the log."""

    model = Seat
    extra = 0
    fields = ("position", "user", "is_bot", "pending_prompt", "joined_at")
    readonly_fields = ("position", "is_bot", "pending_prompt", "joined_at")

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("public_id", "game_type", "status", "num_seats", "creator", "created_at")
    list_filter = ("status", "game_type")
    search_fields = ("public_id", "creator__username", "seats__user__username")
    # Setup and status are facts the log was replayed under: only the step length may change.
    readonly_fields = (
        "public_id",
        "game_type",
        "rules_version",
        "status",
        "num_seats",
        "options",
        "creator",
        "last_seq",
        "created_at",
        "updated_at",
        "started_at",
        "finished_at",
    )
    inlines = [SeatInline]

    def has_add_permission(self, request):
        return False


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "user", "is_bot")
    list_select_related = ("game", "user")
    search_fields = ("game__public_id", "user__username")
    readonly_fields = ("game", "position", "is_bot", "pending_prompt", "joined_at")

    def has_add_permission(self, request):
        return False


@admin.register(GameStep)
class GameStepAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "seats", "opened_at", "deadline", "closed_at")
    list_select_related = ("game",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):
    """The log is append-only: no adding, changing or deleting here."""

    list_display = ("game", "seq", "type", "seat", "auto", "created_at")
    list_filter = ("type",)
    list_select_related = ("game",)
    search_fields = ("game__public_id",)
    fields = ("game", "seq", "type", "version", "seat", "auto", "created_at", "visible_payload")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="payload (as a spectator sees it until the game is finished)")
    def visible_payload(self, event: GameEvent):
        if event.game.status == event.game.Status.FINISHED or event.type == NOTICE:
            shown = event.payload
        else:
            shown = engine_game(event.game).redact(to_engine_event(event), None)["data"]
        return format_html("<pre>{}</pre>", json.dumps(shown, indent=2, ensure_ascii=False))
