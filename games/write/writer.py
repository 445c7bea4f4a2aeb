"""Appending to a game's log. Used only by services, inside a transaction holding the game lock.

A submission appends a player's decisions; the advance (a task) runs everything that needs no
human: chance outcomes, sampled with the CSPRNG, and bot seats (and seats a bot plays for an
absent player) answering their prompts. `commit()` then writes the events and rewrites the
bookkeeping derived from the new state: which seat owes which prompt, the open step and its
deadline, whether the game now waits on the server, the status and the snapshot cache.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import bots
import engine
from common import clock
from games import actors, events
from games.models import NOTICE, Game, GameEvent, GameStep, Seat
from games.standing.applying import StandingTurns
from games.write import bot_turns, chance
from games.write.batch import WriteBatch
from games.write.enqueue import enqueue_advance
from games.write.state_store import engine_game, load_state, save_snapshot

if TYPE_CHECKING:
    from games.write.thinking import Thought

# `latest_step` not given: the writer reads it.
_READ: Any = object()


class GameWriter:
    def __init__(
        self,
        game: Game,
        seats: list[Seat] | None = None,
        latest_step: GameStep | None = _READ,
        defer_asks: bool = False,
        requester: int | None = None,
        channel: str = "",
    ):
        """`seats` (by position) and `latest_step` (the game's newest step, open or not) as
        read under the game lock, or None and _READ for the writer to read them.
        `defer_asks`: a player's request; the "your turn" emails it calls for are queued for
        the email worker (notifications.asking) instead of written in its transaction.
        `requester`, `channel`: the seat whose request this is and how it came (GameWritten)."""
        self.game = game
        self.defer_asks = defer_asks
        self.requester, self.channel = requester, channel
        self.rules = engine_game(game)
        self.state = load_state(game)
        if seats is None:
            seats = list(game.seats.select_related("user").order_by("position"))
        self.seats = seats
        self.bot_turns = bot_turns.BotTurns(game, seats)
        self.standing = StandingTurns(game, seats)  # players' standing answers (games.standing)
        self._seats_before = {seat.pk: (seat.pending_prompt, seat.waiting) for seat in seats}
        self._new_rows: list[GameEvent] = []
        self._stored_seq = game.last_seq  # the newest event already in the database
        self.batch = WriteBatch()  # the writes of `commit`, sent together by `flush`
        # The options the server chose for late seats at a deadline, told to their players.
        self.defaults_played: dict[int, list[engine.Option]] = {}
        if latest_step is _READ:
            latest_step = game.steps.order_by("-number").first()
        self._latest_step = latest_step
        open_step = (
            self._latest_step if self._latest_step and not self._latest_step.closed_at else None
        )
        # The engine step in progress and its prompts (id → seat), followed event by event.
        self._step_key = open_step.key if open_step else None
        self._step_prompts: dict[str, int] = dict(open_step.prompts) if open_step else {}
        self._step_changed = False
        self._step_turned_over = False
        self._expired_at: datetime | None = None
        # Seats defaulted at a deadline in this change: asked again, their time starts anew.
        self._defaulted: set[int] = set()
        self._actors = actors.Recorder(game, seats)  # who makes each decision appended

    def decide(
        self,
        position: int,
        prompt_id: str,
        option: str,
        *,
        auto: bool = False,
        data: dict | None = None,
    ) -> int:
        """The one way a decision enters the log, whoever makes it (a player, a deadline's
        default, a bot): the engine checks it (raising engine.IllegalDecision, which the
        services turn into games.refusals.DecisionRefused), then it is appended. `auto`: the
        server made it for the seat; `data`: what the log adds (the bot's level). Returns the
        event's seq."""
        event = self.rules.decide(self.state, position, prompt_id, option)
        if auto or data:
            event = dataclasses.replace(event, data={**event.data, **(data or {})}, auto=auto)
        if auto and not (data or {}).get("bot"):
            self._defaulted.add(position)
        return self.append(event)

    def append(self, event: engine.Event) -> int:
        """Apply `event` and queue it for the log; returns its seq."""
        self.state = self.rules.apply(self.state, event)
        self.game.last_seq += 1
        actor, actor_name = self._actors.of(event)
        self._new_rows.append(
            GameEvent(
                game=self.game,
                seq=self.game.last_seq,
                type=event.type,
                version=event.version,
                seat=event.seat,
                payload=event.data,
                auto=event.auto,
                actor=actor,
                actor_name=actor_name,
                created_at=clock.now(),
            )
        )
        self._follow_step()
        return self.game.last_seq

    def note(self, kind: str, seat: int | None = None, **data) -> int:
        """Queue a notice for the log: something the server did that is no engine event."""
        self._new_rows.append(notice_row(self.game, kind, seat, data))
        return self.game.last_seq

    def bot_takes_over(self, seat: Seat, voted_by: list[str] | None = None) -> None:
        """A bot now plays the seat of its absent player (after the deadlines they missed, or
        by the vote of the players `voted_by`): say so in the log and tell them once."""
        if voted_by:
            seq = self.note("bot_voted_in", seat.position)
        else:
            seq = self.note("bot_plays_seat", seat.position)
        events.emit(
            events.BotTookOver(
                game=self.game,
                seats=self.seats,
                seat=seat,
                since=seq,
                defaults=self.defaults_played.pop(seat.position, []),
                voted_by=list(voted_by or []),
            )
        )

    def seat_taken_back(self, seat: Seat) -> None:
        self.note("seat_taken_back", seat.position)

    def mark_expired(self, now: datetime) -> None:
        """The open step's deadline was taken (the late seats' defaults are appended)."""
        self._expired_at = now

    def sample_chance(self) -> None:
        """Sample every chance outcome due now."""
        while not self.rules.is_over(self.state) and self.rules.needs_chance(self.state):
            self.append(chance.sample(self.rules, self.state))

    def run_automatic(self, thought: Thought | None = None) -> bool:
        """Sample every chance outcome due and let pending bots answer, until a person or a
        slow bot (bots.is_slow) is asked; True when it stopped at a slow bot's prompt.
        A slow bot thinks outside the lock (games.write.thinking): its answer is `thought`,
        written only while nothing has been appended since the game was read for it. A stale
        one is dropped, never thought again here: the caller thinks again, unlocked."""
        offered = thought if thought is not None and thought.still_valid(self.game) else None
        while not self.rules.is_over(self.state):
            self.sample_chance()
            if self.standing.answer_open(self):
                offered = None  # a slow bot's answer was thought before this one: think again
                continue
            bot_prompts = self._bot_prompts()
            if not bot_prompts:
                return False
            prompt = bot_prompts[0]
            level = self.bot_turns.level(prompt.seat)
            if bots.is_slow(level, self.game.game_type):
                if offered is None or not offered.answers(prompt, level):
                    return True
                option, playouts = offered.option, offered.playouts
            else:
                knowledge = bot_turns.knowledge(
                    self.game, self.state, prompt.seat, self._stored_seq, self._new_rows
                )
                answer = chance.bot_answer(level, knowledge, prompt, self.game.game_type)
                option, playouts = answer.option, answer.playouts
            offered = None  # it answers the state it was thought on: the first prompt only
            # The log says which bot played: its level, and `auto` when it played for an
            # absent player (made for the seat by the server); for a bot that searches, how
            # many playouts the answer had (how hard it thought, whatever the load).
            data: dict = {"bot": level}
            if playouts is not None:
                data["playouts"] = playouts
            self.decide(
                prompt.seat,
                prompt.id,
                option,
                auto=prompt.seat in self.bot_turns.absent(),
                data=data,
            )
        return False

    def appended(self) -> bool:
        """Is anything new queued for the log (since the last commit)?"""
        return bool(self._new_rows)

    def pending_seats(self) -> set[int]:
        return set(self.rules.pending(self.state))

    def needs_advance(self) -> bool:
        """Does the game wait on the server (chance, bots) rather than on a player?"""
        if self.rules.is_over(self.state):
            return False
        return self.rules.needs_chance(self.state) or bool(self._bot_prompts())

    def _bot_prompts(self) -> list[engine.Prompt]:
        return self.bot_turns.prompts(self.rules.pending(self.state))

    def commit(self, flush: bool = True, enqueue: bool = True) -> None:
        """Queue the new events and the bookkeeping they change, then send them (`flush`),
        or leave them queued on `self.batch` for the caller to add its own and flush.
        `enqueue=False`: the caller advances the game itself next (a slow bot is due), so no
        advance task is asked for."""
        now = clock.now()
        # A standing answer takes the prompt it fits in the change that asks it, before it is
        # committed: its player is never seen asked, nor sent a "your turn" for it.
        while self.standing.answer_open(self):
            pass
        if not self._new_rows and self.game.last_seq == 0:
            # A game whose first question needs no chance (players choosing their cities)
            # is asked before any event: its first step opens with the start itself.
            self._follow_step()
        self.batch.insert(GameEvent, self._new_rows)
        self._new_rows = []
        pending = self.rules.pending(self.state)
        answered, asked = [], []
        for seat in self.seats:
            prompt = pending.get(seat.position)
            seat.pending_prompt = prompt.id if prompt else ""
            before = self._seats_before.get(seat.pk, ("", False))[0]
            if before and seat.user_id and seat.pending_prompt != before:
                answered.append((seat.user_id, before))
            if seat.pending_prompt and (not before or seat.position in self._defaulted):
                seat.asked_at = now  # its own time runs from here (games.absences.seat_votes)
                asked.append(seat)
        self._save_step(now)
        finished = self.rules.is_over(self.state)
        ends_now = finished and self.game.status != Game.Status.FINISHED
        written = events.GameWritten(
            game=self.game,
            seats=self.seats,
            rules=self.rules,
            state=self.state,
            step=self.open_step(),
            finished=finished,
            ends_now=ends_now,
            called=[] if finished else self._settle_waiting(pending),
            newly_asked=self._newly_asked(),
            answered=answered,
            defaults_played=self.defaults_played,
            batch=self.batch,
            flush=self.batch.flush,
            defer_asks=self.defer_asks,
            requester=self.requester,
            channel=self.channel,
        )
        # The emails add their rows to the batch now (in this transaction, before the seats'
        # and the game's bookkeeping, as they always were); live and webhooks act on commit.
        events.emit(written)
        for seat in self.seats:
            if seat in asked:
                self.batch.update(seat, ["pending_prompt", "waiting", "asked_at"])
            elif (seat.pending_prompt, seat.waiting) != self._seats_before.get(seat.pk):
                self.batch.update(seat, ["pending_prompt", "waiting"])
        fields = ["last_seq", "updated_at", "status", "started_at", "needs_advance"]
        self.game.updated_at = now
        self.game.needs_advance = self.needs_advance()
        if self.rules.is_over(self.state):
            self.game.status = Game.Status.FINISHED
            self.game.finished_at = now
            fields.append("finished_at")
        self.batch.update(self.game, fields)
        save_snapshot(self.game, self.state, self.batch, stored_seq=self._stored_seq)
        if self.game.needs_advance and enqueue:
            enqueue_advance(self.game)
        events.emit(events.GameChanged(self.game, [s.user_id for s in self.seats if s.user_id]))
        if flush:
            self.flush()

    def flush(self) -> None:
        self.batch.flush()

    def _settle_waiting(self, pending: dict) -> list[Seat]:
        """Update each human seat's `waiting` (it answered and the game now waits on someone
        else); return the seats asked after waiting, whose players hear of it (a step resolved,
        a deadline passed), in seat order. Prompts that follow straight from a player's own
        answers are no news. A seat a bot plays for its absent player is never called.
        A slow bot (`strong`) asked counts as someone else: it answers seconds later, after
        this commit, so a player who moved meanwhile (by email) hears when asked again."""
        people = [seat for seat in self.seats if seat.user_id and not seat.is_bot]
        asked = {seat.position for seat in people if seat.position in pending}
        asked |= {
            seat.position
            for seat in self.seats
            if seat.position in pending
            and (seat.is_bot or seat.autoplay)
            and bots.is_slow(self.bot_turns.level(seat.position), self.game.game_type)
        }
        called = []
        for seat in people:
            if seat.position in pending:
                if seat.waiting and not seat.autoplay:
                    called.append(seat)
                seat.waiting = False
            elif asked - {seat.position}:
                seat.waiting = True  # answered; now the game waits on someone else
        return called

    def _newly_asked(self) -> list[Seat]:
        """Human seats that owe a prompt now and owed none before this change."""
        return [
            seat
            for seat in self.seats
            if seat.user_id
            and not seat.is_bot
            and seat.pending_prompt
            and not self._seats_before.get(seat.pk, ("",))[0]
        ]

    def open_step(self) -> GameStep | None:
        """The step open after this change, as it will be committed."""
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
        latest = self._latest_step
        fields = []
        if latest is not None and latest.closed_at is None and self._expired_at is not None:
            latest.expired_at = self._expired_at
            fields.append("expired_at")
        seats = sorted(set(self._step_prompts.values()))
        still_open = latest is not None and latest.closed_at is None
        if latest is not None and still_open and not self._step_turned_over:
            if self._step_changed:
                asked_later = set(seats) - set(latest.seats)
                latest.prompts, latest.seats = self._step_prompts, seats
                fields += ["prompts", "seats"]
            else:
                asked_later = set()
            if self.pending_seats() and (asked_later or latest.expired_at is not None):
                fields += self._renew_deadline(latest, now)
            self.batch.update(latest, fields)
            return
        if not self._step_changed:
            return
        if latest is not None and still_open:
            latest.closed_at = now
            self.batch.update(latest, [*fields, "closed_at"])
        if self._step_prompts:
            assert self._step_key is not None  # set with the prompts (`_follow_step`)
            self._latest_step = GameStep(
                game=self.game,
                number=(latest.number if latest else 0) + 1,
                key=self._step_key,
                prompts=self._step_prompts,
                seats=seats,
                opened_at=now,
                deadline=now + timedelta(hours=self.game.step_hours),
            )
            self.batch.insert(GameStep, [self._latest_step])

    def _renew_deadline(self, step: GameStep, now) -> list[str]:
        """A seat asked after the step opened (in turn order, or after another seat's answer
        or default) gets its full time; a step whose deadline was taken gets a new one for
        the seats asked since, so every asked seat always has a deadline that will fire."""
        fresh = now + timedelta(hours=self.game.step_hours)
        step.deadline = fresh if step.expired_at is not None else max(step.deadline, fresh)
        step.expired_at = None
        step.reminded_hours = None
        return ["deadline", "expired_at", "reminded_hours"]


def notice_row(game: Game, kind: str, seat: int | None, data: dict) -> GameEvent:
    """A log row for a notice, taking the game's next seq (the caller holds the game lock and
    saves `game.last_seq`). Notices are public and never replayed by the engine."""
    game.last_seq += 1
    return GameEvent(
        game=game,
        seq=game.last_seq,
        type=NOTICE,
        version=1,
        seat=seat,
        payload={"kind": kind, **data},
        auto=True,
        created_at=clock.now(),
    )


def write_notice(game: Game, kind: str, seat: int | None = None, **data: Any) -> int:
    """A notice saved at once, for a caller with no GameWriter open (absences: holidays,
    pauses, nudges, substitutes), built as `GameWriter.note` builds one so that the log has
    one writer. Its seq follows the stored one (the caller holds the game lock); the game's
    row takes it and the game's page and streams move (`game_changed`). Returns the seq."""
    game.last_seq = Game.objects.filter(pk=game.pk).values_list("last_seq", flat=True).get()
    row = notice_row(game, kind, seat, data)
    row.save(force_insert=True)
    game_changed(game)
    return row.seq


def game_changed(game: Game) -> None:
    """What the game shows changed (a notice, a deadline, who is away): its row's last seq
    and updated_at (its ETag) move and its open streams are told. The caller holds the game's
    lock."""
    game.updated_at = clock.now()
    Game.objects.filter(pk=game.pk).update(updated_at=game.updated_at, last_seq=game.last_seq)
    events.emit(events.GameChanged(game=game, user_ids=[]))
