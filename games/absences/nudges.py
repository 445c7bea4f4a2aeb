"""A nudge: a player reminds another who owes an answer, at most once every NUDGE_EVERY_HOURS
per (nudger, nudged) pair across all games. The nudged player gets one email naming the game
and the prompt; the nudge shows in the game's notices."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from accounts.selectors import profile_language
from common import clock
from common.errors import DomainError
from games.absences import notices
from games.absences.models import Nudge
from games.absences.owing import owing_positions
from games.models import Game, is_public_id
from games.selectors import game_not_found
from games.write.state_store import engine_game, load_state
from games.write.writer import write_notice


def nudge(*, public_id: str, user, seat: int) -> Nudge:
    now = clock.now()
    if not is_public_id(public_id):
        raise game_not_found(public_id)
    with transaction.atomic():
        # The game first, as every write to a game; then the nudger's row, which makes the
        # once-a-day check and the insert one step (FOR NO KEY UPDATE: the KEY SHARE a row
        # referring to the user takes, an email, never waits on it).
        game = Game.objects.select_for_update().filter(public_id=public_id).first()
        if game is None:
            raise game_not_found(public_id)
        get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).first()
        seats = list(game.seats.select_related("user").order_by("position"))
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is None:
            raise DomainError("not_seated", "Only the game's players can nudge.", 403)
        if game.status != Game.Status.ACTIVE:
            raise DomainError("game_not_active", "Only a game in progress has prompts.", 409)
        target = next((s for s in seats if s.position == seat), None)
        if target is None or target.pk == mine.pk:
            raise DomainError(
                "invalid_seat", f"Seat {seat} is not another player's seat in this game.", 422
            )
        pending = engine_game(game).pending(load_state(game))
        # As the others see it: a lone answer counts as owed (games.absences.owing explains why).
        if target.position not in owing_positions(game, seats, pending, now, seen_by_others=True):
            raise DomainError(
                "nothing_owed",
                "This player owes no answer now (answered, away, a bot plays, or paused).",
                409,
            )
        # Only a person's seat owes an answer (games.absences.owing).
        assert target.user_id is not None and target.user is not None
        since = now - timedelta(hours=settings.NUDGE_EVERY_HOURS)
        last = (
            Nudge.objects.filter(nudger=user, nudged_id=target.user_id, created_at__gt=since)
            .order_by("-created_at")
            .first()
        )
        if last is not None:
            retry = last.created_at + timedelta(hours=settings.NUDGE_EVERY_HOURS)
            raise DomainError(
                "nudged_recently",
                f"You nudged {target.user.username} less than {settings.NUDGE_EVERY_HOURS} "
                "hours ago (in this game or another); try again later.",
                429,
                {"retry_after": max(1, round((retry - now).total_seconds()))},
            )
        prompt = pending[target.position]
        record = Nudge.objects.create(
            nudger=user, nudged_id=target.user_id, game=game, prompt=prompt.id, created_at=now
        )
        write_notice(game, "nudge", target.position)
        lang = _language(target.user)
        notices.tell(
            target,
            game,
            step=f"nudge{record.pk}",
            kind="nudge",
            absence={"player": user.username, "prompt_text": prompt.to_dict(lang)["text"]},
        )
    return record


def _language(user) -> str:
    return profile_language(user.pk)
