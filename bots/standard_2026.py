"""The `standard` level as it was on 2026-11-28, before issue 51's stronger `standard`: a fixed
reference the new one is measured against (tests/bots/test_reference.py, bench/tournament.py).

Frozen on purpose: its player (then bots/standard.py) and its worth (then bots/worth.py) are
copied here whole, so that tuning today's levels never moves the yardstick. Not offered to
players (bots.levels.REFERENCE_LEVELS, not LEVELS). Do not change it; add a newer reference
beside it instead.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, cast

import engine
from engine.core import Event, Prompt
from engine.khora import seat_tasks
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.effects import missing_tokens
from engine.khora.phases.actions import start_action
from engine.khora.phases.politics import play_card
from engine.khora.phases.round_start import ROUNDS
from engine.khora.phases.scoring import score_breakdown
from engine.khora.state import Player, State, Task, without

if TYPE_CHECKING:
    from random import Random

    from bots.budget import Budget
    from bots.knowledge import SeatKnowledge
    from engine.khora.game import KhoraGame

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game
# The questions an action tile asks, whose best answer is part of what the tile is worth.
_FOLLOW_UPS = {"buy_token", "explore", "play_politics", "develop"}
CARD_CHOICES = {"draft_pick", "legislation_keep"}


class Standard2026Bot:
    level = "standard_2026"
    slow = False

    def decide(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str:
        return choose(knowledge.sample(rng), knowledge.seat, prompt)


def choose(state: State, seat: int, prompt: Prompt) -> str:
    """The standard answer to `prompt` on a full (sampled) state: also the playout policy of
    the `strong` level, which has already sampled."""
    options = prompt.options
    if len(options) == 1:
        return options[0].id
    if prompt.kind == "assign_die":
        return _assign(state, seat, prompt)
    # A card choice may also offer Thebes' glory exchange, which stays on offer later.
    cards = [o for o in options if "card" in o.data]
    if prompt.kind in CARD_CHOICES and cards:
        base = worth(state, seat)
        return max(cards, key=lambda o: card_value(state, seat, o.data["card"], base)).id
    if prompt.kind == "discard_card" and cards:
        base = worth(state, seat)
        return min(cards, key=lambda o: card_value(state, seat, o.data["card"], base)).id
    return _best_by_worth(state, seat, prompt)


def _best_by_worth(state: State, seat: int, prompt: Prompt) -> str:
    best_id, best = prompt.default, None
    for option in prompt.options:
        event = Event(
            "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option.id}, seat=seat
        )
        value = worth(_game.apply(state, event), seat)
        if best is None or value > best:
            best_id, best = option.id, value
    return best_id


def card_value(state: State, seat: int, card_id: str, base: float | None = None) -> float:
    """What holding `card_id` is worth to the seat: what playing it adds, less what it costs;
    `base`: the seat's worth now, when the caller has it (the same for every card)."""
    card = CARDS[card_id]
    trial = state.clone()
    player = trial.players[seat]
    if card_id not in player.hand:
        player.hand = [*player.hand, card_id]
    if base is None:
        base = worth(state, seat)
    try:
        play_card(trial, seat, card_id)
        gained = worth(trial, seat) - base
    except Exception:  # a card whose effect needs its phase: judged on its price alone
        gained = 1.0
    left = rounds_left(state)
    if card.kind == "ongoing":
        gained += 0.6 * left
    lacking = missing_tokens(state, seat, card.needs)
    return gained - card.cost * 0.45 - lacking * 1.5


def _assign(state: State, seat: int, prompt: Prompt) -> str:
    """The tile for this die in the best assignment of the seat's remaining dice."""
    player = state.players[seat]
    die = len(player.assignment)
    dice = player.dice[die:]
    free = [t for t in range(7) if t not in player.assignment]
    base = worth(state, seat)
    values = {tile: tile_value(state, seat, tile, base) for tile in free}
    left = rounds_left(state)
    # A citizen paid is also one less for the tax of the rounds to come; in the last round
    # there is none, and citizens left over score nothing: spend them on the tiles that do.
    citizen = 0.1 + 0.3 * left / 8 + (0.4 if left else 0.0)
    best_plan, best = None, None
    for plan in permutations(free, len(dice)):
        short = sum(max(0, tile - value) for tile, value in zip(plan, dice, strict=True))
        if short > player.citizens:
            continue
        total = sum(values[tile] for tile in plan) - short * citizen
        if best is None or total > best:
            best_plan, best = plan, total
    if best_plan is None:
        return prompt.default
    wanted = f"tile:{best_plan[0]}"
    return wanted if prompt.option(wanted) else prompt.default


def tile_value(state: State, seat: int, tile: int, base: float | None = None) -> float:
    """What taking action `tile` now would add to the seat's worth, with its best follow-up;
    `base`: the seat's worth now, when the caller has it (the same for every tile)."""
    trial = state.clone()
    trial.players[seat].agenda = []
    if base is None:
        base = worth(state, seat)
    try:
        start_action(trial, seat, tile)
    except Exception:  # an action whose hooks need the action phase: judged as nothing
        return 0.0
    taken = worth(trial, seat)
    value = taken - base
    agenda = trial.players[seat].agenda
    if agenda and agenda[0].kind == "draw":
        value += 1.0  # Legislation: one more card kept
    elif agenda and agenda[0].kind in _FOLLOW_UPS:
        value = max(value, _best_follow_up(trial, seat, agenda[0], taken) - base)
    return value


def _best_follow_up(state: State, seat: int, task: Task, now: float) -> float:
    """The seat's worth after the best answer to `task`, or `now` (its worth without one)."""
    handler = seat_tasks.HANDLERS[task.kind]
    best = now
    for option in handler.options(state, seat, task):
        trial = state.clone()
        trial.players[seat].agenda = without(trial.players[seat].agenda, task)
        try:
            handler.resolve(trial, seat, task, option)
        except Exception:
            continue
        best = max(best, worth(trial, seat))
    return best


# Its worth (bots/worth.py of the same day).

# How much of its hope a card in hand or the next development keeps, by the knowledge tokens
# it still lacks (0, 1, 2, 3 or more): a token that completes a requirement is worth buying.
READINESS = (1.0, 0.6, 0.35, 0.2)
ONGOING_PER_ROUND = 0.8  # a played ongoing card: what it brings in a round, on average
DEVELOPMENT_PER_ROUND = 1.0  # an unlocked development's ability, each round left
NEXT_DEVELOPMENT_HOPE = 4.0  # the next development, while it is still early
LAST_ROUND_DRACHMA = 0.05  # above the tie-break's 0.01: a drachma not spent is still a tie-break
_ONGOING = frozenset(card_id for card_id, card in CARDS.items() if card.kind == "ongoing")


def rounds_left(state: State) -> int:
    """Whole rounds still to play after this one (0 in the last round)."""
    return max(0, ROUNDS - max(state.round, 1))


def worth(state: State, seat: int) -> float:
    player = state.players[seat]
    score = score_breakdown(state, seat)["total"]
    if state.finished:
        return score + player.drachma * 0.01
    left = rounds_left(state)
    early = left / (ROUNDS - 1)  # 1 in round 1, 0 in the last round
    # The token counts, read from the counts by kind in one go (as Player.token_count adds
    # them): worth is asked for every option of every playout decision of `strong`.
    tokens = player.tokens
    red = tokens.get("red_minor", 0) + tokens.get("red_major", 0)
    blue = tokens.get("blue_minor", 0) + tokens.get("blue_major", 0)
    green = tokens.get("green_minor", 0) + tokens.get("green_major", 0)
    majors = tokens.get("red_major", 0) + tokens.get("blue_major", 0) + tokens.get("green_major", 0)
    minors = red + blue + green - majors
    ongoing = 0
    for card_id in player.played:
        if card_id in _ONGOING:
            ongoing += 1
    # In the last round a drachma is worth only what it still buys (a card, a token, a
    # development), and a card kept in hand nothing: it scores only if played now (its play
    # is valued as the option that plays it). Valued as before, both made the bot keep them
    # rather than pay for a card's points (issue 51: 2 VP a seat left in hand).
    drachma = (0.25 + 0.35 * early) if left else LAST_ROUND_DRACHMA
    return (
        score
        + player.drachma * drachma
        + player.philosophy * (0.6 + 1.0 * early)
        + min(player.citizens, 15) * (0.1 + 0.3 * early)
        + min(player.troops, 15) * (0.6 + 1.4 * early)
        + player.tax * 0.55 * left
        + player.glory * (0.3 * early + 0.1)
        + (player.economy - 1) * 0.7 * left
        + (player.culture - 1) * 0.3 * left
        + (player.military - 1) * 0.9 * left
        + minors * (0.6 + 1.2 * early)
        + majors * (1.0 + 1.5 * early)
        + max(0, player.development - 1) * (2.0 * early + DEVELOPMENT_PER_ROUND * left)
        + ONGOING_PER_ROUND * left * ongoing
        + (_prospects(player, early, red, blue, green) if left else 0.0)
    )


def _prospects(player: Player, early: float, red: int, blue: int, green: int) -> float:
    """What the cards in hand and the next development may still bring: more the fewer
    knowledge tokens they lack (philosophy pairs stand in for some); `red`, `blue` and
    `green` are the seat's tokens of each colour."""
    spare = player.philosophy // rulings.PHILOSOPHY_PER_MISSING_TOKEN
    hope = 0.0
    card_hope = 0.4 + 1.4 * early
    for card_id in player.hand:
        lacking = _lacking(CARDS[card_id].needs, red, blue, green) - spare
        hope += card_hope * READINESS[min(lacking, 3) if lacking > 0 else 0]
    if player.city and 1 <= player.development < 4:
        needs = CITIES[player.city].developments[player.development].needs
        lacking = _lacking(needs, red, blue, green) - spare
        hope += NEXT_DEVELOPMENT_HOPE * early * READINESS[min(lacking, 3) if lacking > 0 else 0]
    return hope


def _lacking(needs: tuple[int, int, int], red: int, blue: int, green: int) -> int:
    """The tokens a requirement `needs` (red, blue, green) lacks, with these in hand."""
    need_red, need_blue, need_green = needs
    return (
        (need_red - red if need_red > red else 0)
        + (need_blue - blue if need_blue > blue else 0)
        + (need_green - green if need_green > green else 0)
    )
