"""A reply to the email asking for a pause (its reply address names the pause): "yes" accepts
it, "no" declines it. Called by mailplay's reply handling; returns what the answer says."""

from __future__ import annotations

import re

from common.errors import DomainError
from games.absences import pauses
from games.absences.models import Pause

YES = re.compile(r"^\W*(yes|y|ok|okay|agree|так|згоден|згодна|1)\b", re.IGNORECASE)
NO = re.compile(r"^\W*(no|n|decline|ні|не|2)\b", re.IGNORECASE)


def is_pause_token(prompt_id: str) -> bool:
    return pauses.pause_of_token(prompt_id) is not None


def pause_reply(game, user, prompt_id: str, text: str) -> str:
    """Accept or decline the pause the reply answers; the outcome's key (mailplay.replies)."""
    pause_id = pauses.pause_of_token(prompt_id)
    pause = Pause.objects.filter(pk=pause_id, game=game).first() if pause_id is not None else None
    if pause is None or pause.status != Pause.Status.PROPOSED:
        return "pause_gone"
    if YES.match(text.strip()):
        action = pauses.accept
    elif NO.match(text.strip()):
        action = pauses.decline
    else:
        return "pause_unclear"
    try:
        pause = action(public_id=game.public_id, user=user)
    except DomainError:
        return "pause_gone"
    if pause.status == Pause.Status.WITHDRAWN:
        return "pause_declined"
    return "pause_started" if pause.status == Pause.Status.ACTIVE else "pause_accepted"
