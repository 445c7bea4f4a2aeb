"""Holidays, pauses, nudges and substitutes in the admin: to look at, for support."""

from django.contrib import admin

from games.absences.models import Absence, HolidayYear, Nudge, Pause, Substitution


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_at", "ends_at", "automatic", "ended_at", "ending")
    list_filter = ("automatic", "ending")
    search_fields = ("user__username",)


@admin.register(HolidayYear)
class HolidayYearAdmin(admin.ModelAdmin):
    list_display = ("user", "year", "spent_seconds")
    search_fields = ("user__username",)


@admin.register(Pause)
class PauseAdmin(admin.ModelAdmin):
    list_display = ("game", "proposed_by", "days", "status", "starts_at", "ends_at")
    list_filter = ("status",)


@admin.register(Nudge)
class NudgeAdmin(admin.ModelAdmin):
    list_display = ("nudger", "nudged", "game", "prompt", "created_at")


@admin.register(Substitution)
class SubstitutionAdmin(admin.ModelAdmin):
    list_display = ("game", "position", "original", "substitute", "from_seq", "until_seq")
