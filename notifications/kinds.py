"""The kinds of email and the families a user chooses for.

A kind names one email ("reminder_24h"); its family is what a preference is set for
("reminder"). Unsubscribe links name a scope: a family, "digest" or "all".
"""

import re

from django.utils.translation import gettext_lazy

# "invitations": someone asks the user to take over a seat in their game (absences/). Its
# own family, so that one unsubscribe stops them without touching the user's game emails.
FAMILIES = ("your_turn", "reminder", "game_started", "game_over", "invitations")
DIGEST = "digest"
ALL = "all"
# What was said at a game's table, at most once an hour per game, for those who chose it
# (chat.ChatPreference); its own unsubscribe scope.
CHAT_DIGEST = "chat_digest"
SCOPES = (*FAMILIES, DIGEST, ALL, CHAT_DIGEST)

# Kinds of their own that a player chooses for with a family: a bot taking over an absent
# player's seat is news about their turns.
BOT_PLAYING = "bot_playing"
DEFAULT_PLAYED = "default_played"  # a deadline passed: what the server chose for the player
# Long games among people (absences/): news of another player's holiday and of a pause are
# about the game's turns; a pause's question is answered by replying "yes"; a nudge is a
# reminder sent by a player.
PLAYER_AWAY = "player_away"
PAUSE_ASKED = "pause_asked"
PAUSE_DECIDED = "pause_decided"
NUDGE = "nudge"
SUBSTITUTE_INVITE = "substitute_invite"  # asked to take over a seat a bot plays
ABSENCE_KINDS = (PLAYER_AWAY, PAUSE_ASKED, PAUSE_DECIDED, NUDGE, SUBSTITUTE_INVITE)
_KIND_FAMILIES = {
    BOT_PLAYING: "your_turn",
    DEFAULT_PLAYED: "your_turn",
    PLAYER_AWAY: "your_turn",
    PAUSE_ASKED: "your_turn",
    PAUSE_DECIDED: "your_turn",
    NUDGE: "reminder",
    SUBSTITUTE_INVITE: "invitations",
}

# Kinds a player is owed as soon as they are due: a sender takes them before anything else.
OWED = ("game_started", "game_over", "your_turn")

_REMINDER = re.compile(r"^reminder_([1-9][0-9]{0,3})h$")

# What an unsubscribe link turns off, in words.
SCOPE_LABELS = {
    "your_turn": gettext_lazy("emails saying it is your turn"),
    "reminder": gettext_lazy("reminders before a deadline"),
    "game_started": gettext_lazy("emails when a game starts"),
    "game_over": gettext_lazy("emails when a game ends"),
    "invitations": gettext_lazy("invitations to take over a seat in someone else's game"),
    DIGEST: gettext_lazy("the daily digest"),
    CHAT_DIGEST: gettext_lazy("the hourly emails of what was said at the table"),
    ALL: gettext_lazy("all email from the Khôra server"),
}


def reminder_hours(kind: str) -> int | None:
    """24 for "reminder_24h"; None for any other kind."""
    match = _REMINDER.match(kind)
    return int(match.group(1)) if match else None


def family_of(kind: str) -> str:
    if kind in _KIND_FAMILIES:
        return _KIND_FAMILIES[kind]
    if kind in FAMILIES and kind != "reminder":
        return kind
    if reminder_hours(kind) is not None:
        return "reminder"
    raise ValueError(
        f"Unknown notification kind {kind!r}; use game_started, your_turn, reminder_<N>h, "
        "bot_playing, default_played, player_away, pause_asked, pause_decided, nudge, "
        "substitute_invite or game_over."
    )


def asks(kind: str) -> bool:
    """Whether an email of this kind asks the player something (and lists its options)."""
    return kind in ("game_started", "your_turn") or reminder_hours(kind) is not None


def stale_once_answered(kind: str) -> bool:
    """Whether an email of this kind is pointless once its player has answered its prompt
    ("your turn", reminders; not the news that a game started)."""
    return kind == "your_turn" or reminder_hours(kind) is not None


def scope_of(kind: str) -> str:
    """The unsubscribe scope an email of this kind offers: its family, or the digest."""
    if kind in (DIGEST, CHAT_DIGEST):
        return kind
    return family_of(kind)
