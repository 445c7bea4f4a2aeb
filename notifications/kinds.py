"""The kinds of email and the families a user chooses for.

A kind names one email ("reminder_24h"); its family is what a preference is set for
("reminder"). Unsubscribe links name a scope: a family, "digest" or "all".
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class Kind:
    """One kind of email: everything the app needs to know of it, in one place.

    `name` is the Notification.kind ("reminder_<N>h" stands for reminder_24h, reminder_2h...);
    `family` the preference that turns it off and the scope of its unsubscribe link;
    `template` the notifications/<template>.{subject.txt,txt,html} it renders;
    `renders` which function of notifications.emails fills them (the context it reads);
    `owed`: sent before anything else as soon as due; `asks`: it asks a prompt and lists its
    options (a digest lists it as asked, not as news); `stale_once_answered`: pointless, and
    superseded, once its player has answered that prompt; `talk_reply`: written by `notify`
    without a prompt's own address, it still takes "say:" replies from a player of the game
    (an invitation reaches someone not at the table: none).
    """

    name: str
    family: str
    template: str
    renders: str
    owed: bool = False
    asks: bool = False
    stale_once_answered: bool = False
    talk_reply: bool = True


REMINDER_NAME = "reminder_<N>h"
BOT_PLAYING = "bot_playing"
DEFAULT_PLAYED = "default_played"
PLAYER_AWAY = "player_away"
PAUSE_ASKED = "pause_asked"
PAUSE_DECIDED = "pause_decided"
NUDGE = "nudge"
SUBSTITUTE_INVITE = "substitute_invite"

KINDS: tuple[Kind, ...] = (
    # The first prompt of a game comes with the news that it started, not in a second email;
    # it stays worth reading after the answer (who plays, which city).
    Kind("game_started", "game_started", "game_started", "game_started", owed=True, asks=True),
    Kind(
        "your_turn",
        "your_turn",
        "your_turn",
        "prompt",
        owed=True,
        asks=True,
        stale_once_answered=True,
    ),
    Kind(REMINDER_NAME, "reminder", "reminder", "reminder", asks=True, stale_once_answered=True),
    # A bot took over an absent player's seat; a deadline passed and the server chose for
    # the player: news about their turns.
    Kind(BOT_PLAYING, "your_turn", BOT_PLAYING, BOT_PLAYING),
    Kind(DEFAULT_PLAYED, "your_turn", DEFAULT_PLAYED, DEFAULT_PLAYED),
    # Long games among people (absences/): another player's holiday and a pause are news
    # about the game's turns (a pause's question is answered by replying "yes", with the
    # prompt's own address); a nudge is a reminder a player sends.
    Kind(PLAYER_AWAY, "your_turn", PLAYER_AWAY, "absence"),
    Kind(PAUSE_ASKED, "your_turn", PAUSE_ASKED, "absence"),
    Kind(PAUSE_DECIDED, "your_turn", PAUSE_DECIDED, "absence"),
    Kind(NUDGE, "reminder", NUDGE, "absence"),
    # Asked to take over a seat a bot plays, in someone else's game: its own family, so that
    # one unsubscribe stops them without touching the user's game emails.
    Kind(SUBSTITUTE_INVITE, "invitations", SUBSTITUTE_INVITE, "absence", talk_reply=False),
    Kind("game_over", "game_over", "game_over", "game_over", owed=True),
    # Written by their own writers (digests, chat_digests), never by `notify`.
    Kind("digest", "digest", "digest", "digest"),
    Kind("chat_digest", "chat_digest", "chat_digest", "chat_digest"),
)

# What a preference is set for (NotificationPreference's fields); the digests are scopes.
FAMILIES = ("your_turn", "reminder", "game_started", "game_over", "invitations")
DIGEST = "digest"
ALL = "all"
# What was said at a game's table, at most once an hour per game, for those who chose it
# (chat.ChatPreference); its own unsubscribe scope.
CHAT_DIGEST = "chat_digest"
SCOPES = (*FAMILIES, DIGEST, ALL, CHAT_DIGEST)

ABSENCE_KINDS = tuple(kind.name for kind in KINDS if kind.renders == "absence")
# Kinds a player is owed as soon as they are due: a sender takes them before anything else.
OWED = tuple(kind.name for kind in KINDS if kind.owed)
_BY_NAME = {kind.name: kind for kind in KINDS}

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


def kind_of(name: str) -> Kind:
    """The record of the kind `name` ("reminder_24h": the reminders' record)."""
    if name in _BY_NAME and name != REMINDER_NAME:
        return _BY_NAME[name]
    if reminder_hours(name) is not None:
        return _BY_NAME[REMINDER_NAME]
    known = ", ".join(kind.name for kind in KINDS)
    raise ValueError(f"Unknown notification kind {name!r}; use one of {known}.")


def family_of(kind: str) -> str:
    """The preference that turns emails of `kind` off (a digest: its own scope)."""
    return kind_of(kind).family


def asks(kind: str) -> bool:
    """Whether an email of this kind asks the player something (and lists its options)."""
    return kind_of(kind).asks


def stale_once_answered(kind: str) -> bool:
    """Whether an email of this kind is pointless once its player has answered its prompt
    ("your turn", reminders; not the news that a game started)."""
    return kind_of(kind).stale_once_answered


def scope_of(kind: str) -> str:
    """The unsubscribe scope an email of this kind offers: its family, or the digest."""
    return kind_of(kind).family
