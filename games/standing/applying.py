"""Standing answers taken by the write path, as their player's own decisions.

`GameWriter` holds one `StandingTurns` per change: open prompts, and the sealed simultaneous
ones (the dice's tiles, the draft), are answered in the write that asks them (`answer_open`,
before the commit: the seat is never seen asked, so no "your turn" email, reminder or push is
written for it), other secret ones at the step's deadline in place of the default
(`at_deadline`). Every answer goes through `GameWriter.decide` like a player's, one at
a time, so the order of answers is the log's; the game's row lock serialises the writers.
"""

from __future__ import annotations

from typing import Any, Protocol

import engine
from common import clock
from games.models import Game, Seat
from games.standing import kinds
from games.standing.models import StandingAnswer, StandingUse


class GameWriter(Protocol):
    """What a rule needs of games.write.writer.GameWriter (typed here, not imported: the
    write path imports this module, never the other way round)."""

    game: Game
    state: Any
    rules: Any

    def decide(self, position: int, prompt_id: str, option: str) -> int: ...


class StandingTurns:
    def __init__(self, game: Game, seats: list[Seat]):
        self.game = game
        self.seats = seats
        self._rules: dict[int, list[StandingAnswer]] | None = None
        self._left: set[int] = set()

    def rules(self) -> dict[int, list[StandingAnswer]]:
        """The game's active rules by seat, read once per change (one query)."""
        if self._rules is None:
            positions = {seat.user_id: seat.position for seat in self.seats if seat.user_id}
            self._rules = {}
            if positions:
                # A closed account's rules speak for nobody (they answer again if it reopens).
                rows = StandingAnswer.objects.filter(
                    game=self.game, active=True, user__is_active=True
                )
                # Answers given ahead first: the player named this very prompt's answer.
                for rule in sorted(rows, key=lambda r: (r.kind != "ahead", r.pk)):
                    if rule.user_id in positions:
                        self._rules.setdefault(positions[rule.user_id], []).append(rule)
        return self._rules

    def leave_to_player(self, position: int) -> None:
        """The seat's prompts asked in this change are its player's: they took back a sealed
        choice to make it again (games.services.decision_revise), which a rule answering at
        once would make for them."""
        self._left.add(position)

    def answer_open(self, writer: GameWriter) -> bool:
        """Answer one open prompt a rule fits (seats in order); True if one was answered."""
        pending = writer.rules.pending(writer.state)
        if not pending or writer.rules.is_over(writer.state):
            return False
        # Most prompts are of no kind a rule answers, or were asked before this change (and
        # met the rules then: a rule set since skips the prompt open when it was set), such
        # as another seat's sealed pick still owed: then no query is made at all.
        asked = [
            position
            for position in sorted(pending)
            if _at_once(pending[position].kind)
            and pending[position].id != self.seats[position].pending_prompt
            and position not in self._left
            and self._plays(position)
        ]
        if not asked:
            return False
        rules = self.rules()
        return any(
            rules.get(position) and self._answer(writer, position, pending[position], sealed=False)
            for position in asked
        )

    def at_deadline(self, writer: GameWriter, position: int, prompt) -> bool:
        """The step's deadline: a secret prompt a rule fits is answered by it (instead of its
        default, no miss); True if it was."""
        if prompt.kind not in kinds.SEALED_KINDS or not self.rules().get(position):
            return False
        return self._answer(writer, position, prompt, sealed=True)

    def _plays(self, position: int) -> bool:
        """A person plays the seat now (a bot's, or a bot standing in, answers itself), who
        may have rules here: a seat read with the player's write says whether they have any
        (`standing`, games.write.locked_reads); one read otherwise is asked."""
        seat = self.seats[position]
        if not seat.user_id or seat.is_bot or seat.autoplay:
            return False
        return bool(getattr(seat, "standing", True))

    def _answer(self, writer: GameWriter, position: int, prompt, *, sealed: bool) -> bool:
        for rule in self.rules()[position]:
            if not rule.active or rule.skip_prompt == prompt.id:
                continue
            if kinds.prompt_kind(rule.kind, rule.params) != prompt.kind:
                continue
            if kinds.sealed(rule.kind, rule.params) != sealed:
                continue
            result = kinds.fit(rule.kind, rule.params, prompt, _player(writer, position))
            if isinstance(result, kinds.Cancelled):
                cancel(rule, result.reason, writer.game.last_seq)
                continue
            if result is None:
                continue
            try:
                seq = writer.decide(position, prompt.id, result.option)
            except engine.IllegalDecision:
                cancel(rule, StandingAnswer.Cancel.OPTION_MISSING, writer.game.last_seq)
                continue
            _record_use(rule, writer.game, seq, prompt.id, result.option)
            return True
        return False


def _at_once(prompt_kind: str) -> bool:
    """Is a prompt of this kind answered as it is asked (games.standing.kinds says why)?"""
    return prompt_kind in kinds.OPEN_KINDS or prompt_kind in kinds.SIMULTANEOUS_KINDS


def cancel(rule: StandingAnswer, reason: str, seq: int | None) -> None:
    """The rule stops; its player reads why on the game page and in the API's list."""
    rule.active = False
    rule.cancelled_at = clock.now()
    rule.cancel_reason = reason
    rule.cancelled_seq = seq
    rule.dismissed = reason in (
        StandingAnswer.Cancel.BY_PLAYER,
        StandingAnswer.Cancel.REPLACED,
    )
    rule.save(
        update_fields=["active", "cancelled_at", "cancel_reason", "cancelled_seq", "dismissed"]
    )


def _record_use(rule: StandingAnswer, game: Game, seq: int, prompt_id: str, option: str) -> None:
    rule.uses += 1
    rule.used_seq = seq
    if rule.kind == StandingAnswer.Kind.AHEAD:
        rule.active = False  # used once
    rule.save(update_fields=["uses", "used_seq", "active"])
    StandingUse.objects.create(answer=rule, game=game, seq=seq, prompt=prompt_id, option=option)


def _player(writer: GameWriter, position: int):
    """The seat's engine state now (its tracks, dice, tiles and citizens), or None."""
    players = getattr(writer.state, "players", None)
    return players[position] if players else None
