"""Reads: a user's preferences (stored or default) and what an unsubscribe link would do."""

from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Max
from django.db.models.functions import Coalesce

from accounts.models import Profile
from accounts.selectors import profile_language
from chat import selectors as chat_selectors
from notifications.kinds import FAMILIES, SCOPE_LABELS
from notifications.models import Notification, NotificationPreference
from notifications.tokens import read_unsubscribe_token

User = get_user_model()
LANGUAGES = [code for code, _name in settings.LANGUAGES]


# Set on a user whose profile and preferences were just read with them, in the transaction
# that writes their email (games.write.writer does so for the players it emails). Other user
# objects may carry a profile cached long ago (one assigned at creation): those are read.
FRESH_RELATIONS = "relations_read_for_email"


def loaded(user, relation: str) -> tuple[bool, Any]:
    """(True, the row or None) when the user's one-to-one `relation` (profile, preferences)
    was read fresh with them (see FRESH_RELATIONS); else (False, None): the caller reads it."""
    descriptor = getattr(type(user), relation, None)
    related = getattr(descriptor, "related", None)
    fresh = getattr(user, FRESH_RELATIONS, False)
    if related is None or not fresh or not related.is_cached(user):
        return False, None
    return True, related.get_cached_value(user)


def preferences_of(user) -> NotificationPreference:
    """The user's stored preferences, or unsaved defaults: reading never writes."""
    known, stored = loaded(user, "notification_preference")
    if not known:
        stored = NotificationPreference.objects.filter(user_id=user.pk).first()
    return stored or NotificationPreference(user_id=user.pk)


def language_of(user) -> str:
    """The language the user's emails are written in: their profile's, else English."""
    known, profile = loaded(user, "profile")
    if known:
        language = profile.language if profile else None
    else:
        return profile_language(user.pk)
    return str(language) if language in LANGUAGES else LANGUAGES[0]


def delivery_for(user, family: str) -> str:
    return getattr(preferences_of(user), family)


def preferences_get(user) -> dict[str, Any]:
    """Everything the preferences API shows, time zone included."""
    preferences = preferences_of(user)
    time_zone = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True)
    return {
        **{family: getattr(preferences, family) for family in FAMILIES},
        "quiet_hours_start": preferences.quiet_hours_start,
        "quiet_hours_end": preferences.quiet_hours_end,
        "digest_hour": preferences.digest_hour,
        "time_zone": time_zone.first() or "UTC",
    }


def unsubscribe_target(token: str) -> dict[str, Any] | None:
    """Who a link is for and what it turns off; None when the link is not valid."""
    read = read_unsubscribe_token(token)
    if read is None:
        return None
    user_id, scope = read
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    return {"user": user, "scope": scope, "label": SCOPE_LABELS[scope]}


def last_told_at(game, user) -> datetime | None:
    """When the last email about `game` went to `user` (or was written, still pending)."""
    return Notification.objects.filter(
        recipient=user,
        game=game,
        status__in=(Notification.Status.PENDING, Notification.Status.SENT),
    ).aggregate(at=Max(Coalesce("sent_at", "created_at")))["at"]


def table_talk(game, user) -> dict[str, Any]:
    """What was said at the game's table since `user` last looked (chat's selector), for an
    email about the game."""
    return chat_selectors.since_last_looked(game, user, lambda: last_told_at(game, user))
