"""Our answer to a player's reply: what was taken or why not, then what is asked now.

Rendered when the reply is processed (it says what was true then) and stored on the inbound
row, which sends it. It answers the player's own mail, so it threads under it (In-Reply-To)
and marks itself auto-replied (RFC 3834) so that no auto-responder answers it back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from accounts.login_links import email_link
from chat.words import refusal_text
from games import naming
from games.models import Game
from games.refusals import refusal_words
from games.selectors import engine_game, load_state, seat_names
from notifications import local_time
from notifications.emails import game_type_name, numbered_options
from notifications.khlor_board import board_text
from notifications.kinds import ALL, SCOPE_LABELS
from notifications.mail_tokens import talk_address
from notifications.prompts import prompt_context
from notifications.selectors import language_of
from notifications.tokens import unsubscribe_url


@dataclass
class Answer:
    """What a processed reply calls for; `render` turns it into an email."""

    outcome: str
    taken: list[dict[str, Any]] = field(default_factory=list)  # {"number", "label"}
    # Why (part of) the reply could not be taken: a key of `problem_text`, and its values.
    problem: str = ""
    problem_values: dict[str, Any] = field(default_factory=dict)
    unused: list[int] = field(default_factory=list)  # numbers sent beyond what was asked
    prompt: dict | None = None  # what the player is asked now (the API's prompt payload)
    waiting_for: list[str] = field(default_factory=list)
    said: str = ""  # what the reply said at the table (chat), as posted
    said_refused: dict[str, Any] = field(default_factory=dict)  # why it was not posted


@dataclass(frozen=True)
class RenderedAnswer:
    subject: str
    text: str
    html: str
    reply_to: str


def render(answer: Answer, *, user, game: Game, subject: str) -> RenderedAnswer:
    """Our answer, in the player's language (their profile's, as for every email of ours)."""
    with translation.override(language_of(user)):
        return _render(answer, user, game, subject)


def _render(answer: Answer, user, game: Game, subject: str) -> RenderedAnswer:
    site = settings.SITE_URL
    values: dict[str, Any] = {
        "recipient": user.username,
        "game_id": game.public_id,
        "game_name": naming.game_title(game),
        "game_type_name": game_type_name({"game_type": game.game_type}),
        # The game's page at the table, opened logged in by a single-use link.
        "game_url": email_link(user, f"{site}/games/{game.public_id}/"),
        "prompt_url": f"{site}/api/v1/games/{game.public_id}/prompt/",
        "site_url": site,
        "outcome": answer.outcome,
        "taken": answer.taken,
        "problem": problem_text(answer.problem, answer.problem_values),
        "unused": " ".join(str(number) for number in answer.unused),
        "finished": game.status == Game.Status.FINISHED,
        "status": game.status,
        "asked": answer.prompt is not None,
        "waiting_for": answer.waiting_for,
        "said": answer.said,
        "said_refused": refusal_text(**answer.said_refused) if answer.said_refused else "",
        # A reply to our answer is read too: its "say:" lines reach the table (and when a
        # question is asked below, its numbers answer it: that prompt's own address).
        "reply_to": talk_address(user.pk, game.pk),
        # The page layout's footer: the player can stop all email from here too.
        "scope_label": SCOPE_LABELS["your_turn"],
        "unsubscribe_url": unsubscribe_url(user.pk, "your_turn"),
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL),
        "preferences_url": f"{site}/api/v1/me/preferences/",
        "settings_url": email_link(user, f"{site}/preferences/"),
        "language": translation.get_language(),
    }
    if answer.prompt is not None:
        deadline = answer.prompt.get("deadline")
        context = prompt_context(user, game, answer.prompt, deadline)
        values.update(
            prompt_text=context["prompt"]["text"],
            options=numbered_options(context["prompt"]),
            default=context["prompt"]["default"],
            reply_to=context["reply_to"],
            deadline_text=(
                local_time.format_deadline(deadline, local_time.zone_of(user)) if deadline else ""
            ),
        )
        if game.game_type == "khlor":  # the table as text above the question, as in its emails
            lang = language_of(user)
            view = engine_game(game).view(load_state(game), None)
            values["khlor_board"] = board_text(view, seat_names(game, lang), lang)
    text = render_to_string("mailplay/answer.txt", values)
    # Headed by what it is in the reader's words (the subject is the sender's own).
    heading = _reply_subject("", values)
    html = render_to_string("mailplay/answer.html", {**values, "heading": heading})
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return RenderedAnswer(
        subject=_reply_subject(subject, values)[:255],
        text=re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n",
        html=html.strip() + "\n",
        reply_to=values["reply_to"],
    )


def problem_text(problem: str, values: dict[str, Any]) -> str:
    """Why a reply (or part of it) was not taken, in the active language."""
    if problem == "stale":
        return gettext(
            "Your reply answered a question that is no longer open: it was answered already, "
            "or its deadline passed and the default was played. Nothing was played from this "
            "reply."
        )
    if problem == "no_number":
        return (
            gettext(
                "We found no option number in your reply, so nothing was played. Reply with the "
                "number of your choice alone, from 1 to %(count)s."
            )
            % values
        )
    if problem == "bad_number":
        return (
            gettext(
                "%(number)s is not one of the options, so nothing was played. Reply with a number "
                "from 1 to %(count)s."
            )
            % values
        )
    if problem == "bad_next_number":
        return (
            gettext(
                "%(number)s is not one of the options of your next question, so nothing more was "
                "played. Reply with a number from 1 to %(count)s."
            )
            % values
        )
    # A reply to the question of a pause (games.absences.mail).
    if problem == "pause_accepted":
        return gettext("You agreed to the pause; it starts when every player has agreed.")
    if problem == "pause_started":
        return gettext("You agreed to the pause: every player has, so the game is paused now.")
    if problem == "pause_declined":
        return gettext("You declined the pause: the game goes on, and the others are told.")
    if problem == "pause_unclear":
        return gettext(
            "We could not tell whether you agree to the pause: reply “yes” to agree or “no” "
            "to refuse."
        )
    if problem == "pause_gone":
        return gettext("That pause is no longer proposed: nothing was changed.")
    if problem == "talk_only":  # a reply to an email that asked nothing (a nudge, news)
        return gettext(
            "The email you answered asked no question, so no number in your reply was played: "
            "only a line that starts with “say:” goes to the table. What you are asked now is "
            "below, if anything; reply to this email to answer it."
        )
    if problem == "refusal":  # an answer link's, which has no number
        return _refusal_reason(values.get("code", ""), values.get("message", ""))
    if problem == "refused":
        reason = _refusal_reason(values.get("code", ""), values.get("message", ""))
        return gettext("%(number)s could not be played. %(reason)s") % {
            "number": values["number"],
            "reason": reason,
        }
    return ""


def _refusal_reason(code: str, message: str) -> str:
    # The refusal in the player's words (games' one table); any other keeps the server's own
    # message (in English: the API's words).
    return refusal_words(code, message)


def _reply_subject(subject: str, values: dict[str, Any]) -> str:
    subject = " ".join(subject.split())
    if not subject:
        return gettext("%(game_type_name)s: your answer in “%(game_name)s”") % {
            "game_type_name": values["game_type_name"],
            "game_name": values["game_name"],
        }
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
