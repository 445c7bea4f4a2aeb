"""The simulation's loop: a virtual clock moved from one moment something happens to the next.

Moments are kept in a heap: a game's start, a player's look (a notice read, or a visit of
their own), and the server's tick (every hour for reminders, and at the next moment the server
has work of its own: a deadline, a held email). Each moment runs inside
`common.clock.frozen_at`, so every row written and every deadline computed is virtual time;
then the notices the server sent are read back and each becomes its reader's next look.

`run(mixes, ...)` plays every mix's games in the same virtual month, each mix with its own
players (the same people's habits in every mix: bench.pace_people), and returns the raw
figures per game for bench.pace_report.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.conf import settings

from bench import pace_world as world
from bench.pace_people import Mix, Player
from common import clock

# A Monday morning in UTC: the first games start over the day that follows.
START = datetime(2026, 1, 5, 6, 0, tzinfo=UTC)
TICK_EVERY = timedelta(hours=1)
# What a player does when told: the kinds that make them look (a reminder asks too).
LOOK_KINDS = ("game_started", "your_turn", "reminder")


@dataclass
class Seated:
    player: Player
    user_id: int
    game_id: int = 0
    mix: str = ""


@dataclass
class Run:
    mixes: list[Mix]
    games_per_mix: int
    seed: int
    step_hours: int
    max_days: float
    tick_every: timedelta = TICK_EVERY
    log: Callable[[str], None] = lambda line: print(line, flush=True)
    heap: list = field(default_factory=list)
    order: itertools.count = field(default_factory=itertools.count)
    people: dict[int, Seated] = field(default_factory=dict)  # user id → player
    users: dict[int, object] = field(default_factory=dict)  # user id → user
    games: dict[str, list[int]] = field(default_factory=dict)  # mix key → game ids
    open_games: set[int] = field(default_factory=set)
    ticks_planned: set[tuple[datetime, str]] = field(default_factory=set)
    counts: dict[str, int] = field(
        default_factory=lambda: dict(looks=0, answers=0, ticks=0, sweeps=0)
    )

    def at(self, moment: datetime, what: str, *args) -> None:
        heapq.heappush(self.heap, (moment, next(self.order), what, args))

    def tick_at(self, moment: datetime, what: str = "tick") -> None:
        """The server's periodic work at `moment` (a second after it, whole seconds), once."""
        moment = moment.replace(microsecond=0) + timedelta(seconds=1)
        if (moment, what) not in self.ticks_planned:
            self.ticks_planned.add((moment, what))
            self.at(moment, what)

    def sweep_at(self, moment: datetime) -> None:
        self.tick_at(moment, "sweep")


def run(
    mixes: list[Mix],
    games_per_mix: int,
    seed: int = 1,
    step_hours: int = 48,
    max_days: float = 150,
    tick_every: timedelta = TICK_EVERY,
    log: Callable[[str], None] = lambda line: print(line, flush=True),
) -> dict:
    """Play `games_per_mix` games of 3 or 4 players for each mix; return what happened.
    `tick_every`: the tick's period besides the moments the server has work due (reminders
    come on these ticks; a longer period makes a cheaper run, as the smoke test's)."""
    with world.hooks():
        return _run(mixes, games_per_mix, seed, step_hours, max_days, tick_every, log)


def _run(mixes, games_per_mix, seed, step_hours, max_days, tick_every, log) -> dict:
    state = Run(mixes, games_per_mix, seed, step_hours, max_days, tick_every, log)
    sizes = random.Random(f"{seed}:sizes")
    plan = [(3 + sizes.randrange(2), sizes.random() * 24) for _ in range(games_per_mix)]
    for mix in mixes:
        state.games[mix.key] = []
        index = 0
        for number, (seats, hours) in enumerate(plan):
            players = [Player.of(index + i, mix, seed) for i in range(seats)]
            index += seats
            state.at(START + timedelta(hours=hours), "start", mix, number, players)
    state.at(START, "hourly")
    sent = world.SentSince()
    end = START + timedelta(days=max_days)
    last_report = START
    while state.heap:
        moment, _, what, args = heapq.heappop(state.heap)
        if moment > end:
            log(f"stopped at {max_days} days with {len(state.open_games)} games unfinished")
            break
        with clock.frozen_at(moment):
            _step(state, moment, what, args)
            for notice in sent.read(moment):
                _told(state, moment, notice)
            deadline, email_due = world.next_deadline(moment), world.next_email_due(moment)
        if deadline is not None:
            state.tick_at(deadline)
        if email_due is not None:
            state.sweep_at(email_due + timedelta(seconds=settings.GAME_SWEEP_SECONDS))
        if not state.open_games and not any(w == "start" for *_, w, _ in state.heap):
            break
        if moment - last_report >= timedelta(days=1):
            last_report = moment
            day = (moment - START).days
            log(f"  day {day}: {len(state.open_games)} games playing, {state.counts}")
    return {
        "games": {mix: world.game_figures(ids) for mix, ids in state.games.items()},
        "standing": {
            mix: [s.player.standing for s in state.people.values() if s.mix == mix]
            for mix in state.games
        },
        "standing_users": {
            mix: {s.user_id for s in state.people.values() if s.mix == mix and s.player.standing}
            for mix in state.games
        },
        "counts": state.counts,
        "end": moment,
    }


def _step(state: Run, moment: datetime, what: str, args: tuple) -> None:
    if what == "start":
        mix, number, players = args
        _start(state, moment, mix, number, players)
    elif what == "look":
        (user_id,) = args
        _look(state, user_id)
    elif what == "visit":
        (user_id,) = args
        _look(state, user_id)
        seated = state.people[user_id]
        if seated.game_id in state.open_games:
            state.at(seated.player.next_visit(moment), "visit", user_id)
    elif what in ("tick", "hourly"):
        state.counts["ticks"] += 1
        world.tick()
        _forget_finished(state)
        # One chain of periodic ticks; a deadline's tick starts none.
        if what == "hourly" and (state.open_games or any(w == "start" for *_, w, _ in state.heap)):
            state.at(moment + state.tick_every, "hourly")
    elif what == "sweep":
        state.counts["sweeps"] += 1
        world.sweep()


def _start(state: Run, moment: datetime, mix: Mix, number: int, players: list[Player]) -> None:
    users = [
        world.make_account(player, f"{mix.key}-{state.seed}-{player.index}") for player in players
    ]
    for player, user in zip(players, users, strict=True):
        if player.standing:  # left before the game starts: copied onto it at its start
            world.use_standing_answers(user, player.standing_rules())
    game = world.start_game(users, state.step_hours)
    state.games[mix.key].append(game.pk)
    state.open_games.add(game.pk)
    for player, user in zip(players, users, strict=True):
        state.people[user.pk] = Seated(player, user.pk, game.pk, mix.key)
        state.users[user.pk] = user
        state.at(player.next_visit(moment), "visit", user.pk)


def _look(state: Run, user_id: int) -> None:
    seated = state.people[user_id]
    if seated.game_id not in state.open_games:
        return
    state.counts["looks"] += 1
    state.counts["answers"] += world.look(state.users[user_id])
    _forget_finished(state)


def _forget_finished(state: Run) -> None:
    if state.open_games:
        state.open_games -= world.finished_among(state.open_games)


def _told(state: Run, moment: datetime, notice: world.Sent) -> None:
    seated = state.people.get(notice.user_id)
    if seated is None or not notice.kind.startswith(LOOK_KINDS):
        return
    state.at(seated.player.reads_notice(moment, notice.channel), "look", notice.user_id)
