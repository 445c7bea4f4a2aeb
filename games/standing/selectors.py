"""Reads of a player's standing answers: only ever their own (docs/standing-answers.md)."""

from __future__ import annotations

from typing import Any

from games.selectors import game_get
from games.standing.models import StandingAnswer, StandingUse

LISTED = 50


def standing_list(*, user, public_id: str | None) -> list[dict[str, Any]]:
    """The user's rules in a game (or their defaults for new games), active ones and those
    whose end they have not dismissed yet, newest first."""
    game = game_get(public_id) if public_id else None
    rules = StandingAnswer.objects.filter(user=user, game=game, dismissed=False)
    return [summary(rule) for rule in rules.order_by("-pk")[:LISTED]]


def summary(rule: StandingAnswer) -> dict[str, Any]:
    return {
        "id": rule.pk,
        "kind": rule.kind,
        "params": rule.params,
        "active": rule.active,
        "uses": rule.uses,
        "used_seq": rule.used_seq,
        "cancel_reason": rule.cancel_reason,
        "cancelled_seq": rule.cancelled_seq,
        "created_at": rule.created_at,
    }


def standing_marks(*, user, public_id: str) -> dict[int, dict[str, Any]]:
    """The log entries the user's standing answers made, by seq: the mark only they see."""
    game = game_get(public_id)
    uses = StandingUse.objects.filter(game=game, answer__user=user).select_related("answer")
    return {
        use.seq: {"answer": use.answer_id, "kind": use.answer.kind, "option": use.option}
        for use in uses.order_by("seq")
    }
