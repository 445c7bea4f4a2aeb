"""One function per kind of email, each rendering a subject, a text and an HTML template.

Everything an email says comes from the context its caller passed (already redacted for the
recipient) and from the recipient's own settings. Nothing here reads a game: an email cannot
show what the caller did not hand over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from accounts.login_links import email_link
from games import naming
from games.models import Game
from notifications import local_time
from notifications.kinds import (
    ALL,
    BOT_PLAYING,
    CHAT_DIGEST,
    DEFAULT_PLAYED,
    DIGEST,
    SCOPE_LABELS,
    family_of,
    kind_of,
    reminder_hours,
    scope_of,
)
from notifications.models import Notification
from notifications.selectors import language_of
from notifications.tokens import unsubscribe_url


@dataclass(frozen=True)
class Rendered:
    subject: str
    text: str
    html: str


def render(kind: str, *, user, context: dict[str, Any]) -> Rendered:
    """The email of `kind` for `user`, from the caller's `context` only, in their language
    (the caller renders the game's own texts, prompts and history, in that language too)."""
    with translation.override(language_of(user)):
        return _render_kind(kind, user, context)


def _render_kind(kind: str, user, context: dict[str, Any]) -> Rendered:
    record = kind_of(kind)
    if record.renders == "reminder":
        return reminder(user, context, hours=reminder_hours(kind) or 0)
    if record.renders == "absence":
        return absence_news(kind, user, context)
    if record.renders not in _RENDERERS:  # the digests: written by their own writers
        raise ValueError(f"An email of kind {kind!r} is not rendered from a game's context.")
    return _RENDERERS[record.renders](user, context)


def game_started(user, context: dict[str, Any]) -> Rendered:
    # The first prompt of the game comes with the news that it started, not in a second email.
    values = {**_game_values(user, context), **_prompt_values(user, context)}
    return _render("game_started", user, "game_started", values)


def your_turn(user, context: dict[str, Any]) -> Rendered:
    return _render("your_turn", user, "your_turn", _prompt_values(user, context))


def reminder(user, context: dict[str, Any], *, hours: int) -> Rendered:
    values = {**_prompt_values(user, context), "hours": hours}
    return _render("reminder", user, "reminder", values)


def bot_playing(user, context: dict[str, Any]) -> Rendered:
    values = {**_game_values(user, context), "prompt_url": context.get("prompt_url", "")}
    values["missed"] = context.get("missed") or 0
    values["voted_by"] = context.get("voted_by") or []
    values["defaults_played"] = context.get("defaults_played") or []
    return _render(BOT_PLAYING, user, "your_turn", values)


def default_played(user, context: dict[str, Any]) -> Rendered:
    values = {**_game_values(user, context), "defaults_played": context.get("defaults_played")}
    return _render(DEFAULT_PLAYED, user, "your_turn", values)


def absence_news(kind: str, user, context: dict[str, Any]) -> Rendered:
    """A holiday, a pause or a nudge (absences/): the game's values and the caller's own few
    (who, until when, how many days, the prompt's text), the times in the recipient's zone."""
    zone = local_time.zone_of(user)
    values = {**_game_values(user, context), **(context.get("absence") or {})}
    values["reply_to"] = context.get("reply_to", "")  # a pause's question: reply "yes"
    if values.get("invite_url"):  # a substitute's invitation: opened logged in, as game links
        values["invite_url"] = email_link(user, values["invite_url"])
    for key in ("until", "pause_ends"):
        if values.get(key):
            values[f"{key}_text"] = local_time.format_deadline(values[key], zone)
    return _render(kind_of(kind).template, user, family_of(kind), values)


def game_over(user, context: dict[str, Any]) -> Rendered:
    scores = sorted(context.get("scores") or [], key=lambda row: (row["place"], row["seat"]))
    rows = [{**row, "is_you": row["player"] == user.username} for row in scores]
    own_place = next((row["place"] for row in rows if row["is_you"]), None)
    values = {**_game_values(user, context), "scores": rows, "own_place": own_place}
    return _render("game_over", user, "game_over", values)


def digest(user, *, asked: list[dict[str, Any]] | None, news: list[Notification]) -> Rendered:
    """The daily digest: what `user` is asked now, one entry per game, most urgent first (the
    games side's contexts, as for a "your turn" email, without the history; None when the
    player turned those emails off), then the news kept for it, each row's subject with a
    link to its game."""
    with translation.override(language_of(user)):
        entries = [_prompt_values(user, context) for context in asked or []]
        values = {
            "recipient": user.username,
            "asked": entries,
            "asks_listed": asked is not None,
            # A reply's number names an option of one prompt: only a digest of one game says
            # "reply"; with several, each game comes with its own reply address.
            "reply_to": digest_reply_to(entries),
            "news": [{"subject": row.subject, "link": email_link(user, row.link)} for row in news],
        }
        return _render("digest", user, DIGEST, values)


def chat_digest(user, context: dict[str, Any]) -> Rendered:
    """What was said at one game's table since the player last looked (chat/), for a player
    who chose these emails; context: the game's (notifications.game_emails.talk_context) and
    `table_talk`."""
    with translation.override(language_of(user)):
        values = {**_game_values(user, context), "table_talk": context.get("table_talk") or {}}
        return _render(CHAT_DIGEST, user, CHAT_DIGEST, values)


# How each kind (the `renders` of notifications.kinds.Kind) is rendered from its caller's context.
_RENDERERS = {
    "game_started": game_started,
    "prompt": your_turn,
    BOT_PLAYING: bot_playing,
    DEFAULT_PLAYED: default_played,
    "game_over": game_over,
}


def digest_reply_to(asked: list[dict[str, Any]]) -> str:
    """The Reply-To of a digest: the one prompt's signed address when it lists one, else none
    (a number in a reply could then mean an option of any of its games)."""
    return asked[0]["reply_to"] if len(asked) == 1 else ""


def message_for(notification: Notification) -> EmailMultiAlternatives:
    """The email of a stored row. Its Message-ID depends only on the row: retries keep it."""
    recipient = notification.recipient
    return stored_message(
        local_id=str(notification.uuid),
        subject=notification.subject,
        text=notification.body_text,
        html=notification.body_html,
        to=recipient.email,
        # An email that asks something can be answered by replying: the address is signed.
        reply_to=notification.reply_to,
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url(recipient.pk, scope_of(notification.kind))}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # RFC 3834: auto-responders should not answer.
            "Auto-Submitted": "auto-generated",
        },
    )


def stored_message(
    *, local_id: str, subject: str, text: str, html: str, to: str, reply_to: str, headers: dict
) -> EmailMultiAlternatives:
    """An email rendered earlier and stored, sent from us with a Message-ID made of `local_id`
    and this site's host, so that every retry carries the same one."""
    host = urlsplit(settings.SITE_URL).hostname or "localhost"
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers={"Message-ID": f"<{local_id}@{host}>", **headers},
        reply_to=[reply_to] if reply_to else None,
    )
    message.attach_alternative(html, "text/html")
    return message


def _game_values(user, context: dict[str, Any]) -> dict[str, Any]:
    deadline = context.get("deadline")
    return {
        "recipient": user.username,
        # Where a reply goes; the footer invites one ("say:") only when there is one.
        "reply_to": context.get("reply_to", ""),
        "game_id": context.get("game_id", ""),
        "game_name": game_name(context),
        # Which game it is (Khôra, Khlor): subjects and bodies name it.
        "game_type_name": game_type_name(context),
        "city": context.get("city", ""),
        # The game's page, opened by a signed single-use login link for this recipient.
        "game_url": email_link(user, context.get("game_url", "")),
        "players": context.get("players") or [],
        "round": context.get("round"),
        "phase": context.get("phase"),
        "deadline_text": (
            local_time.format_deadline(deadline, local_time.zone_of(user)) if deadline else ""
        ),
    }


# What an email calls each game type (the same word in Ukrainian: the games' own names).
GAME_TYPE_NAMES = {"khora": "Khôra", "khlor": "Khlor"}


def game_type_name(context: dict[str, Any]) -> str:
    """The name of the game's type ("Khôra", "Khlor") from the context's `game_type`; a context
    stored before it carried one is looked up by its game (Khôra, the first game, if gone)."""
    game_type = context.get("game_type") or (
        Game.objects.filter(public_id=context.get("game_id") or "")
        .values_list("game_type", flat=True)
        .first()
    )
    return GAME_TYPE_NAMES.get(game_type or "khora", game_type or "Khôra")


def game_name(context: dict[str, Any]) -> str:
    """What an email calls the game: its name; unnamed, what the pages call it (games.naming,
    in the recipient's language, as the email is rendered); never the bare id unless the game
    is gone and the caller gave nothing else."""
    if context.get("game_name"):
        return context["game_name"]
    game = (
        Game.objects.filter(public_id=context.get("game_id") or "")
        .select_related("creator")
        .prefetch_related("seats")
        .first()
    )
    if game is not None:
        return naming.game_title(game)
    if context.get("creator"):
        return gettext("%(creator)s's game") % {"creator": context["creator"]}
    return context.get("game_id", "")


def _prompt_values(user, context: dict[str, Any]) -> dict[str, Any]:
    prompt = context.get("prompt") or {}
    return {
        **_game_values(user, context),
        "prompt_url": context.get("prompt_url", ""),
        "prompt_text": prompt.get("text", ""),
        "options": numbered_options(prompt),
        "default": prompt.get("default"),
        "reply_to": context.get("reply_to", ""),
        # What happened since the player last looked, told to their seat only.
        "history": context.get("history") or {},
        # What the server chose for them when their last deadline passed.
        "defaults_played": context.get("defaults_played") or [],
        # What was said at the table since they last looked (chat/): never an email of its own.
        "table_talk": context.get("table_talk") or {},
        # Who the game waits for on holiday (absences/), their return in the recipient's zone.
        "away": [_away_entry(user, entry) for entry in context.get("away") or []],
        # Khlor's table as text (notifications/khlor_board.py); Khôra's emails have none.
        "khlor_board": context.get("khlor_board", ""),
    }


def _away_entry(user, entry: dict[str, Any]) -> dict[str, Any]:
    until = entry.get("until")
    zone = local_time.zone_of(user)
    return {**entry, "until_text": local_time.format_deadline(until, zone) if until else ""}


def numbered_options(prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """The prompt's options as emails list them: numbered from 1 (a reply names an option by
    its number), the default marked, each with its answer link when the caller gave links."""
    labels = prompt.get("options") or []
    links = prompt.get("links") or []
    previews = prompt.get("previews") or []
    warnings = prompt.get("warnings") or []
    default_number = prompt.get("default_number")
    return [
        {
            "number": number,
            "label": label,
            "is_default": (
                number == default_number
                if default_number is not None
                else label == prompt.get("default")
            ),
            "link": links[number - 1] if number <= len(links) else "",
            "preview": previews[number - 1] if number <= len(previews) else "",
            "warnings": warnings[number - 1] if number <= len(warnings) else [],
        }
        for number, label in enumerate(labels, 1)
    ]


def _render(template: str, user, scope: str, values: dict[str, Any]) -> Rendered:
    values = {
        **values,
        "scope_label": SCOPE_LABELS[scope],
        "unsubscribe_url": unsubscribe_url(user.pk, scope),
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL),
        "preferences_url": f"{settings.SITE_URL}/api/v1/me/preferences/",
        # The preferences page, opened logged in by a single-use link.
        "settings_url": email_link(user, f"{settings.SITE_URL}/preferences/"),
        "site_url": settings.SITE_URL,
        "language": translation.get_language(),
    }
    name = f"notifications/{template}"
    subject = " ".join(render_to_string(f"{name}.subject.txt", values).split())
    text = render_to_string(f"{name}.txt", values)
    # The subject heads the HTML part too: a screen reader's outline starts with what it is.
    html = render_to_string(f"{name}.html", {**values, "heading": subject})
    return Rendered(subject=subject[:255], text=_tidy_text(text), html=html.strip() + "\n")


def _tidy_text(text: str) -> str:
    # Template tags leave blank lines behind; a plain-text email reads better without runs.
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n"
