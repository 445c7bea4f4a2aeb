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

from games.models import Game
from mailplay.prompts import prompt_context
from notifications import local_time
from notifications.emails import numbered_options
from notifications.kinds import ALL, SCOPE_LABELS
from notifications.tokens import unsubscribe_url


@dataclass
class Answer:
    """What a processed reply calls for; `render` turns it into an email."""

    outcome: str
    taken: list[dict[str, Any]] = field(default_factory=list)  # {"number", "label"}
    problem: str = ""  # why (part of) the reply could not be taken, in words
    unused: list[int] = field(default_factory=list)  # numbers sent beyond what was asked
    prompt: dict | None = None  # what the player is asked now (the API's prompt payload)
    waiting_for: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RenderedAnswer:
    subject: str
    text: str
    html: str
    reply_to: str


def render(answer: Answer, *, user, game: Game, subject: str) -> RenderedAnswer:
    values: dict[str, Any] = {
        "recipient": user.username,
        "game_id": game.public_id,
        "game_url": f"{settings.SITE_URL}/api/v1/games/{game.public_id}/",
        "prompt_url": f"{settings.SITE_URL}/api/v1/games/{game.public_id}/prompt/",
        "site_url": settings.SITE_URL,
        "outcome": answer.outcome,
        "taken": answer.taken,
        "problem": answer.problem,
        "unused": " ".join(str(number) for number in answer.unused),
        "finished": game.status == Game.Status.FINISHED,
        "status": game.status,
        "asked": answer.prompt is not None,
        "waiting_for": answer.waiting_for,
        "reply_to": "",
        # The page layout's footer: the player can stop all email from here too.
        "scope_label": SCOPE_LABELS["your_turn"],
        "unsubscribe_url": unsubscribe_url(user.pk, "your_turn"),
        "unsubscribe_all_url": unsubscribe_url(user.pk, ALL),
        "preferences_url": f"{settings.SITE_URL}/api/v1/me/preferences/",
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
    text = render_to_string("mailplay/answer.txt", values)
    html = render_to_string("mailplay/answer.html", values)
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return RenderedAnswer(
        subject=_reply_subject(subject, game)[:255],
        text=re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n",
        html=html.strip() + "\n",
        reply_to=values["reply_to"],
    )


def _reply_subject(subject: str, game: Game) -> str:
    subject = " ".join(subject.split())
    if not subject:
        return f"Khôra game {game.public_id}: your answer"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
