"""`standard`'s judgement: a fast heuristic player (well under a millisecond a decision), the
`standard` level's (bots.round_plan, which also plays the round out for the first die) and the
one `strong`'s playouts and prior follow (bots.rollout, bots.strong).

It looks at one sample of what it cannot see and:
- plans its round when it assigns dice: what each action tile would bring it now (the tile's
  gains and its best follow-up: the token it would buy, the space it would explore, the card
  it would play, the development it would unlock), less the citizens a short die costs, over
  every assignment of its remaining dice to free tiles;
- keeps the cards worth most to it (draft, Legislation) and gives up the least (discards): a
  card is worth what playing it would add, less its price and the tokens it still lacks;
- answers everything else by trying each option and keeping the one that leaves its position
  worth most (bots.worth: score, resources, tracks for the rounds left, tokens, cards).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, cast

import engine
from bots.worth import Gains, explore_gains, rounds_left, worth
from engine.core import Event, Prompt
from engine.khora import seat_tasks
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.effects import missing_tokens
from engine.khora.phases.actions import ACTION_IDS, start_action
from engine.khora.phases.politics import play_card
from engine.khora.state import Player, State, Task, without

if TYPE_CHECKING:
    from engine.khora.game import KhoraGame

_game = cast("KhoraGame", engine.get_game("khora"))  # engine.get_game is typed Game
# The questions an action tile asks, whose best answer is part of what the tile is worth.
_FOLLOW_UPS = {"buy_token", "explore", "play_politics", "develop"}
CARD_CHOICES = {"draft_pick", "legislation_keep"}
# A level bought in the Progress phase asks the seat again at once (another level, with a
# philosophy token): an answer is judged by the best of what may follow, so a level that
# brings nothing itself but opens one that scores (economy 6, then 7's 10 VP) is bought.
CHAINED = {"progress"}
CHAIN_DEPTH = 2  # the questions asked again that an answer is judged with
# A card to keep: what an ongoing card brings each round left, and what a drachma of its price
# and a knowledge token it lacks take off (card_value).
CARD_ONGOING_PER_ROUND, CARD_PRICE, CARD_LACKING = 0.6, 0.45, 1.5
CITIZEN_SHORT, CITIZEN_SHORT_EARLY = 0.1, 0.3  # a citizen paid for a short die (_citizen_cost)
# Trade's drachmas and the token it may buy pay off after the round they come (in the Progress
# phase, for cards and developments) more than their worth the moment they come shows: tuned by
# self-play (issue 51: with the round played out, 1.0 here and Legislation's card kept worth
# nothing more than the card in hand, one standard was first in 71 % of 1,200 games against
# three standard_2026, 66 % with the plan alone).
TRADE_BONUS = 1.0
TRADE = ACTION_IDS["trade"]
# Tiles resolve in their order, so Trade's drachmas are in hand when Politics or Development
# pays for a card or a development later the same round (`_funded_by_trade`).
POLITICS, DEVELOPMENT = ACTION_IDS["politics"], ACTION_IDS["development"]
FUNDED = (POLITICS, DEVELOPMENT)
# Trade's token is bought with the drachmas a Politics or Development tile still to come this
# round would pay with: an answer to it is judged with what that tile will still bring.
SPENDS_BEFORE_FUNDED = {"buy_token"}
EXTRA_ACTION = "extra_action"  # Conquest of the Persians: a tile without a die


def choose(state: State, seat: int, prompt: Prompt) -> str:
    """The standard answer to `prompt` on a full (sampled) state: also the playout policy of
    the `strong` level, which has already sampled."""
    options = prompt.options
    if len(options) == 1:
        return options[0].id
    if prompt.kind == "assign_die":
        return _assign(state, seat, prompt)
    if prompt.kind == EXTRA_ACTION:
        return _extra_action(state, seat, prompt)
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
    # Not `prompt.default` as the start: the engine works a prompt's default out when it is
    # first read (which options no other beats), a fifth of a playout's time, for nothing.
    best_id, best = prompt.options[0].id, None
    for option in prompt.options:
        value = _worth_after(state, seat, prompt, option.id, CHAIN_DEPTH)
        if best is None or value > best:
            best_id, best = option.id, value
    return best_id


def _worth_after(state: State, seat: int, prompt: Prompt, option_id: str, depth: int) -> float:
    """The seat's worth after answering `option_id`, or after the best answers to the same
    question asked again at once (`CHAINED`), up to `depth` more times."""
    event = Event(
        "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option_id}, seat=seat
    )
    after = _game.apply(state, event)
    value = worth(after, seat)
    if prompt.kind in SPENDS_BEFORE_FUNDED:
        value += funded_later(after, seat, TRADE)
    if depth and prompt.kind in CHAINED:
        again = _game.pending(after).get(seat)
        if again is not None and again.kind == prompt.kind:
            for option in again.options:
                value = max(value, _worth_after(after, seat, again, option.id, depth - 1))
    return value


def seat_trial(state: State, seat: int) -> State:
    """A copy of `state` to try one of the seat's moves on: the seat's player copied, the
    other players shared with `state`, not copied (a full copy is two fifths dearer, and the
    bots make one for every option they weigh). It must only resolve the seat's own task, an
    action tile of its own or a card it plays (`start_action`, `resolve_head`, `play_card`),
    which change no other player: tests/bots/test_trials.py checks that over many games. The
    state's own fields are the copy's, as `State.clone` makes them; `state.players` is set
    aside while it copies, so `state` must be the caller's own (a sample, a playout's state),
    never one another thread reads at the same time."""
    players = state.players
    state.players = []  # State.clone copies every player: here none, then one
    try:
        trial = state.clone()
    finally:
        state.players = players
    trial.players = mine = players[:]
    mine[seat] = players[seat].clone()
    return trial


def card_value(state: State, seat: int, card_id: str, base: float | None = None) -> float:
    """What holding `card_id` is worth to the seat: what playing it adds, less what it costs;
    `base`: the seat's worth now, when the caller has it (the same for every card)."""
    card = CARDS[card_id]
    trial = seat_trial(state, seat)
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
        gained += CARD_ONGOING_PER_ROUND * left
    lacking = missing_tokens(state, seat, card.needs)
    return gained - card.cost * CARD_PRICE - lacking * CARD_LACKING


def _extra_action(state: State, seat: int, prompt: Prompt) -> str:
    """The extra tile worth most with its follow-up (`tile_value`), or none: the answer only
    asks the tile, so the worth right after it showed no tile worth more than another."""
    base = worth(state, seat)
    best_id, best = "skip", 0.0
    for option in prompt.options:
        if "tile" in option.data:
            value = tile_value(state, seat, option.data["tile"], base)
            if value > best:
                best_id, best = option.id, value
    return best_id if prompt.option(best_id) else prompt.default


def _assign(state: State, seat: int, prompt: Prompt) -> str:
    """The tile for this die in the best assignment of the seat's remaining dice."""
    plan = best_dice_plan(state, seat)
    if plan is None:
        return prompt.default
    wanted = f"tile:{plan[0]}"
    return wanted if prompt.option(wanted) else prompt.default


def _citizen_cost(state: State) -> float:
    # A citizen paid is also one less for the tax of the rounds to come; in the last round
    # there is none, and citizens left over score nothing: spend them on the tiles that do.
    left = rounds_left(state)
    return CITIZEN_SHORT + CITIZEN_SHORT_EARLY * left / 8 + (0.4 if left else 0.0)


def dice_plans(state: State, seat: int, fast: bool = False) -> list[tuple[float, tuple[int, ...]]]:
    """Every assignment of the seat's remaining dice to free tiles that its citizens can pay
    for, with what it is worth (the tiles' values less the citizens the short dice cost), the
    best first; `fast`: follow-ups judged the playouts' cheaper way (`tile_value`)."""
    player = state.players[seat]
    dice = player.dice[len(player.assignment) :]
    free = [t for t in range(7) if t not in player.assignment]
    base = worth(state, seat)
    values = {tile: tile_value(state, seat, tile, base, fast) for tile in free}
    funded = {} if fast else _funded_by_trade(state, seat, free, values)
    traded = TRADE in player.assignment
    citizen = _citizen_cost(state)
    plans = []
    for plan in permutations(free, len(dice)):
        short = sum(max(0, tile - value) for tile, value in zip(plan, dice, strict=True))
        if short > player.citizens:
            continue
        value = sum(values[tile] for tile in plan) - short * citizen
        if funded and (traded or TRADE in plan):
            value += sum(funded.get(tile, 0.0) for tile in plan)
        plans.append((value, plan))
    # Ties keep the order of permutations (the lower tiles first), as a stable sort does.
    plans.sort(key=lambda scored: -scored[0])
    return plans


def best_dice_plan(state: State, seat: int, fast: bool = False) -> tuple[int, ...] | None:
    """The first of `dice_plans` (the same plan, ties to the first in the same order) without
    listing and sorting them all, and without valuing a tile no die can reach with the
    seat's citizens (what a playout's dice cost: the plans were two fifths of a playout)."""
    player = state.players[seat]
    dice = player.dice[len(player.assignment) :]
    if not dice:
        return ()
    citizens = player.citizens
    highest = max(dice)  # a tile its highest die cannot reach with the citizens: in no plan
    free = [t for t in range(7) if t not in player.assignment and t - highest <= citizens]
    base = worth(state, seat)
    values = {tile: tile_value(state, seat, tile, base, fast) for tile in free}
    funded = {} if fast else _funded_by_trade(state, seat, free, values)
    traded = TRADE in player.assignment
    citizen = _citizen_cost(state)
    best: float | None = None
    chosen: tuple[int, ...] | None = None
    if len(dice) == 2:  # the usual case, spelled out: the same order as `permutations`
        first, second = dice
        for a in free:
            short_a = a - first if a > first else 0
            if short_a > citizens:
                continue
            value_a = values[a]
            for b in free:
                if b == a:
                    continue
                short = short_a + (b - second if b > second else 0)
                if short > citizens:
                    continue
                value = value_a + values[b] - short * citizen
                if funded and (traded or a == TRADE or b == TRADE):
                    value += funded.get(a, 0.0) + funded.get(b, 0.0)
                if best is None or value > best:
                    best, chosen = value, (a, b)
        return chosen
    for plan in permutations(free, len(dice)):
        short = sum(max(0, tile - value) for tile, value in zip(plan, dice, strict=True))
        if short > citizens:
            continue
        value = sum(values[tile] for tile in plan) - short * citizen
        if funded and (traded or TRADE in plan):
            value += sum(funded.get(tile, 0.0) for tile in plan)
        if best is None or value > best:
            best, chosen = value, plan
    return chosen


def _funded_by_trade(
    state: State, seat: int, free: list[int], values: dict[int, float]
) -> dict[int, float]:
    """What Politics and Development gain when Trade's drachmas come first (the tiles
    resolve in order): each free one valued again after Trade's gains, less its value now.
    Valued apart, a card or a development the seat cannot pay for yet was worth nothing, and
    Trade then Politics never looked like a 10-VP card bought (issue 51's end waste). Not
    for the playouts' plans (`fast`): the same 400 seeded games came out as well without it
    there (81.9 %, end waste 1.0 VP), and it cost them a tenth of their time."""
    player = state.players[seat]
    if not (TRADE in free or TRADE in player.assignment) or not any(t in free for t in FUNDED):
        return {}
    trial = seat_trial(state, seat)
    trial.players[seat].agenda = []
    try:
        start_action(trial, seat, TRADE)
    except Exception:  # as tile_value: an action whose hooks need the action phase
        return {}
    trial.players[seat].agenda = []  # the token Trade may buy is not bought
    # Only what the seat cannot pay for now but can with Trade's drachmas (the engine's, with
    # what its cards add: Diolkos) is valued again: the rest gains nothing from them, and
    # valuing every tile again cost the tournament's p95 24 ms against 21 ms.
    reachable = _priced_between(player, player.drachma, trial.players[seat].drachma)
    later = [tile for tile in reachable if tile in free]
    if not later:
        return {}
    after = worth(trial, seat)
    # Worth after Trade less worth now is Trade's own value, already in `values`: only what
    # the later tile gains more than it would without the drachmas is added.
    return {tile: max(0.0, tile_value(trial, seat, tile, after) - values[tile]) for tile in later}


def _priced_between(player: Player, low: int, high: int) -> list[int]:
    """The FUNDED tiles with something to pay for whose price is above `low` drachmas and at
    most `high`: a card in hand (Politics), the next development (Development)."""
    tiles = []
    if any(low < CARDS[card].cost <= high for card in player.hand):
        tiles.append(POLITICS)
    developments = CITIES[player.city].developments if player.city else ()
    level = player.development  # the next development's index
    if 1 <= level < len(developments) and low < developments[level].cost <= high:
        tiles.append(DEVELOPMENT)
    return tiles


def _affordable(player: Player) -> list[int]:
    """The FUNDED tiles with something the seat can pay for now: the others bring nothing
    whatever the drachmas were spent on (and need not be valued)."""
    return _priced_between(player, -1, player.drachma)


def funded_later(state: State, seat: int, current: int) -> float:
    """What the seat's Politics and Development tiles still to resolve this round, after
    tile `current`, will bring with the drachmas it holds now (their best follow-ups)."""
    player = state.players[seat]
    if state.phase != "actions":
        return 0.0
    later = [
        tile
        for tile in _affordable(player)
        if tile > current and tile in player.active_tiles and tile not in player.tiles_done
    ]
    if not later:
        return 0.0
    base = worth(state, seat)
    return sum(max(0.0, tile_value(state, seat, tile, base)) for tile in later)


def tile_value(
    state: State, seat: int, tile: int, base: float | None = None, fast: bool = False
) -> float:
    """What taking action `tile` now would add to the seat's worth, with its best follow-up;
    `base`: the seat's worth now, when the caller has it (the same for every tile); `fast`:
    an exploration or a token bought judged by its gains (bots.worth.Gains), not played out."""
    trial = seat_trial(state, seat)
    trial.players[seat].agenda = []
    if base is None:
        base = worth(state, seat)
    try:
        start_action(trial, seat, tile)
    except Exception:  # an action whose hooks need the action phase: judged as nothing
        return 0.0
    taken = worth(trial, seat)
    value = taken - base
    if tile == TRADE:
        value += TRADE_BONUS
    agenda = trial.players[seat].agenda
    if fast and agenda and agenda[0].kind == "explore":
        value += max(0.0, max(explore_gains(trial, seat).values(), default=0.0))
    elif fast and agenda and agenda[0].kind == "buy_token":
        gains = Gains(trial, seat)
        options = seat_tasks.HANDLERS["buy_token"].options(trial, seat, agenda[0])
        bought = [gains.of(((o.data["colour"], "minor"),), o.data["drachma"]) for o in options[1:]]
        value += max(0.0, max(bought, default=0.0))
    elif agenda and agenda[0].kind in _FOLLOW_UPS:
        value = max(value, _best_follow_up(trial, seat, agenda[0], taken) - base)
    return value


def _best_follow_up(state: State, seat: int, task: Task, now: float) -> float:
    """The seat's worth after the best answer to `task`, or `now` (its worth without one)."""
    handler = seat_tasks.HANDLERS[task.kind]
    best = now
    for option in handler.options(state, seat, task):
        trial = seat_trial(state, seat)
        trial.players[seat].agenda = without(trial.players[seat].agenda, task)
        try:
            handler.resolve(trial, seat, task, option)
        except Exception:
            continue
        best = max(best, worth(trial, seat))
    return best
