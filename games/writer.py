"""Appending to a game's log. Used only by services, inside a transaction holding the game lock.

A submission appends a player's decisions; the advance (a task) runs everything that needs no
human: chance outcomes, sampled with the CSPRNG, and bot seats (and seats a bot plays for an
absent player) answering their prompts. `commit()` then writes the events and rewrites the
bookkeeping derived from the new state: which seat owes which prompt, the open step and its
deadline, whether the game now waits on the server, the status and the snapshot cache.
"""

from __future__ import annotations

from datetime import timedelta

import engine
from games import chance, clock, notify
from games.enqueue import enqueue_advance
from games.models import Game, GameEvent, GameStep, Seat
from games.state_store import engine_game, load_state, save_snapshot


class GameWriter:
    def __init__(self, game: Game, seats: list[Seat] | None = None):
        self.game = game
        self.rules = engine_game(game)
        self.state = load_state(game)
        if seats is None:
            seats = list(game.seats.select_related("user").order_by("position"))
        self.seats = seats
        self._seats_before = {seat.pk: (seat.pending_prompt, seat.waiting) for seat in seats}
        self._new_rows: list[GameEvent] = []
        self._latest_step = game.steps.order_by("-number").first()
        open_step = (
            self._latest_step if self._latest_step and not self._latest_step.closed_at else None
        )
        # The engine step in progress and its prompts (id → seat), followed event by event.
        self._step_key = open_step.key if open_step else None
        self._step_prompts: dict[str, int] = dict(open_step.prompts) if open_step else {}
        self._step_changed = False
        self._step_turned_over = False

    def append(self, event: engine.Event) -> int:
        """Apply `event` and queue it for the log; returns its seq."""
        self.state = self.rules.apply(self.state, event)
        self.game.last_seq += 1
        self._new_rows.append(
            GameEvent(
                game=self.game,
                seq=self.game.last_seq,
                type=event.type,
                version=event.version,
                seat=event.seat,
                payload=event.data,
                auto=event.auto,
                created_at=clock.now(),
            )
        )
        self._follow_step()
        return self.game.last_seq

    def sample_chance(self) -> None:
        """Sample every chance outcome due now."""
        while not self.rules.is_over(self.state) and self.rules.needs_chance(self.state):
            self.append(chance.sample(self.rules, self.state))

    def run_automatic(self) -> None:
        """Sample every chance outcome due and let pending bots answer, until a human is asked."""
        while not self.rules.is_over(self.state):
            self.sample_chance()
            bot_prompts = self._bot_prompts()
            if not bot_prompts:
                return
            prompt = bot_prompts[0]
            self.append(
                self.rules.decide(self.state, prompt.seat, prompt.id, chance.bot_option(prompt))
            )

    def pending_seats(self) -> set[int]:
        return set(self.rules.pending(self.state))

    def needs_advance(self) -> bool:
        """Does the game wait on the server (chance, bots) rather than on a player?"""
        if self.rules.is_over(self.state):
            return False
        return self.rules.needs_chance(self.state) or bool(self._bot_prompts())

    def _bot_prompts(self) -> list[engine.Prompt]:
        """Prompts a bot answers now: a bot seat's at once; a seat a bot plays for its absent
        player only once no present player still owes an answer, so the game never waits on
        it, yet the player can come back by answering while others still think."""
        pending = self.rules.pending(self.state)
        bots = {seat.position for seat in self.seats if seat.is_bot}
        absent = {seat.position for seat in self.seats if seat.autoplay and not seat.is_bot}
        present_pending = set(pending) - bots - absent
        answer = bots if present_pending else bots | absent
        return [prompt for seat, prompt in pending.items() if seat in answer]

    def commit(self) -> None:
        now = clock.now()
        GameEvent.objects.bulk_create(self._new_rows)
        self._new_rows = []
        pending = self.rules.pending(self.state)
        for seat in self.seats:
            prompt = pending.get(seat.position)
            seat.pending_prompt = prompt.id if prompt else ""
        self._save_step(now)
        notify.announce(
            game=self.game,
            seats=self.seats,
            rules=self.rules,
            state=self.state,
            step=self._open_step(),
            finished=self.rules.is_over(self.state),
        )
        changed = [
            seat
            for seat in self.seats
            if (seat.pending_prompt, seat.waiting) != self._seats_before.get(seat.pk)
        ]
        if changed:
            Seat.objects.bulk_update(changed, ["pending_prompt", "waiting"])
        fields = ["last_seq", "updated_at", "status", "started_at", "needs_advance"]
        self.game.updated_at = now
        self.game.needs_advance = self.needs_advance()
        if self.rules.is_over(self.state):
            self.game.status = Game.Status.FINISHED
            self.game.finished_at = now
            fields.append("finished_at")
        self.game.save(update_fields=fields)
        save_snapshot(self.game, self.state)
        if self.game.needs_advance:
            enqueue_advance(self.game)

    def _open_step(self) -> GameStep | None:
        step = self._latest_step
        return step if step is not None and step.closed_at is None else None

    def _follow_step(self) -> None:
        """Prompts join the open step while the engine stays on it; a new key turns it over."""
        pending = {prompt.id: seat for seat, prompt in self.rules.pending(self.state).items()}
        key = self.rules.step_key(self.state)
        if key == self._step_key:
            if not pending.keys() <= self._step_prompts.keys():
                self._step_prompts |= pending
                self._step_changed = True
            return
        if not pending and self._step_key is None:
            return  # between steps (chance to sample): nothing opens yet
        self._step_key = key if pending else None
        self._step_prompts = pending
        self._step_changed = True
        self._step_turned_over = True

    def _save_step(self, now) -> None:
        if not self._step_changed:
            return
        latest = self._latest_step
        still_open = latest is not None and latest.closed_at is None
        seats = sorted(set(self._step_prompts.values()))
        if still_open and not self._step_turned_over:
            latest.prompts, latest.seats = self._step_prompts, seats
            latest.save(update_fields=["prompts", "seats"])
            return
        if still_open:
            latest.closed_at = now
            latest.save(update_fields=["closed_at"])
        if self._step_prompts:
            self._latest_step = GameStep.objects.create(
                game=self.game,
                number=(latest.number if latest else 0) + 1,
                key=self._step_key,
                prompts=self._step_prompts,
                seats=seats,
                opened_at=now,
                deadline=now + timedelta(hours=self.game.step_hours),
            )
