"""Setting, cancelling and dismissing standing answers (docs/standing-answers.md).

A game's rules are set and cancelled under the game's row lock, as every write of the game:
a rule is never half-seen by a change being written, and what it answers is ordered by the log.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from common.errors import DomainError
from games.models import Game, Seat
from games.selectors import game_get
from games.standing import kinds
from games.standing.applying import cancel
from games.standing.models import StandingAnswer

RULES_GAME = "khora"  # the game whose prompts the kinds know (games.standing.kinds)


def standing_set(*, user, public_id: str | None, kind: str, params: Any) -> StandingAnswer:
    """A rule for the game `public_id`, or a default for new games (`public_id=None`); one of
    a kind (an answer given ahead: one per prompt kind) replaces the one before."""
    params = kinds.clean(kind, params)
    if kind == StandingAnswer.Kind.AHEAD and public_id is None:
        raise kinds.invalid("An answer given ahead is for one game.")
    with transaction.atomic():
        game, seat = _locked_seat(public_id, user) if public_id else (None, None)
        for old in _same(user, game, kind, params):
            _end(old, StandingAnswer.Cancel.REPLACED, game.last_seq if game else None)
        return StandingAnswer.objects.create(
            user=user,
            game=game,
            kind=kind,
            params=params,
            set_at_seq=game.last_seq if game else 0,
            skip_prompt=seat.pending_prompt if seat else "",
        )


def standing_ahead(*, user, public_id: str, prompt_kind: str, option: str) -> StandingAnswer:
    """The next prompt of `prompt_kind` answered with `option` before it is asked."""
    return standing_set(
        user=user,
        public_id=public_id,
        kind=StandingAnswer.Kind.AHEAD,
        params={"prompt_kind": prompt_kind, "option": option},
    )


def standing_cancel(*, user, answer_id: int) -> StandingAnswer:
    """Its player stops a rule (an answer given ahead not used yet); one already ended is
    dismissed (its player has read why)."""
    with transaction.atomic():
        rule = _own(user, answer_id)
        game = _lock(rule.game_id)
        rule.refresh_from_db()
        if rule.active:
            _end(rule, StandingAnswer.Cancel.BY_PLAYER, game.last_seq if game else None)
        elif not rule.dismissed:
            rule.dismissed = True
            rule.save(update_fields=["dismissed"])
        return rule


def standing_dismiss(*, user, answer_id: int) -> StandingAnswer:
    """Its player has read why a rule was cancelled (or that it was used): hide it."""
    rule = _own(user, answer_id)
    if rule.active:
        raise DomainError(
            "standing_answer_active", "Cancel a standing answer before dismissing it.", 409
        )
    rule.dismissed = True
    rule.save(update_fields=["dismissed"])
    return rule


def copy_defaults(game: Game) -> int:
    """A game starts: each player's defaults for new games become rules of this game."""
    if game.game_type != RULES_GAME:
        return 0  # the kinds answer Khôra's prompts
    seats = Seat.objects.filter(game=game, is_bot=False, user__isnull=False)
    users = list(seats.values_list("user_id", flat=True))
    defaults = StandingAnswer.objects.filter(user_id__in=users, game__isnull=True, active=True)
    copies = [
        StandingAnswer(user_id=rule.user_id, game=game, kind=rule.kind, params=rule.params)
        for rule in defaults.order_by("pk")
    ]
    StandingAnswer.objects.bulk_create(copies)
    return len(copies)


def _end(rule: StandingAnswer, reason: str, seq: int | None) -> None:
    """Its player ends it: a rule that never answered leaves no row (nothing refers to it, and
    setting rules over and over must not grow the table); one that did stays, ended, with the
    log entries it made."""
    cancel(rule, reason, seq)
    if rule.uses == 0:
        StandingAnswer.objects.filter(pk=rule.pk).delete()


def _same(user, game: Game | None, kind: str, params: dict) -> list[StandingAnswer]:
    rules = StandingAnswer.objects.filter(user=user, game=game, kind=kind, active=True)
    if kind == StandingAnswer.Kind.AHEAD:
        return [r for r in rules if r.params.get("prompt_kind") == params["prompt_kind"]]
    return list(rules)


def _locked_seat(public_id: str, user) -> tuple[Game, Seat]:
    game = game_get(public_id)
    locked = _lock(game.pk)
    assert locked is not None
    seat = Seat.objects.filter(game=locked, user=user, is_bot=False).first()
    if seat is None:
        raise DomainError("not_seated", "Only a seated player sets answers in this game.", 403)
    if locked.game_type != RULES_GAME:
        raise kinds.invalid("Standing answers answer Khôra's prompts only.")
    if locked.status != Game.Status.ACTIVE:
        raise DomainError(
            "game_not_active", "Standing answers are set while a game is played.", 409
        )
    return locked, seat


def _lock(game_id: int | None) -> Game | None:
    if game_id is None:
        return None
    return Game.objects.select_for_update().filter(pk=game_id).first()


def _own(user, answer_id: int) -> StandingAnswer:
    rule = StandingAnswer.objects.filter(pk=answer_id, user=user).first()
    if rule is None:  # another player's rule is as unknown as a missing one
        raise DomainError(
            "standing_answer_not_found", f"You have no standing answer {answer_id}.", 404
        )
    return rule
