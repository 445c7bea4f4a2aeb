"""Playing a warned option forward and judging its warning (test_true_warnings.py).

A warning is true if what it says happens, or if one of the later choices it names (its
`unless`) was made. This module judges that from what the game did, on its own terms: the
lines the events caused (game.apply_recorded) and the seat's own answers, never from the
engine's preview code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import permutations

from tests.engine.playout import game

LIMIT = 15
ASKED_IN_ACTIONS = ("buy_token", "explore", "play_politics", "legislation_keep", "develop")


def tile_cost(tile: int, die: int) -> int:
    return max(0, tile - die)


@dataclass
class Forward:
    """What one seat did and underwent from a warned answer to the end of the phase."""

    seat: int
    cut: dict[str, int] = field(default_factory=dict)  # resource -> value before the cut
    explored: bool = False
    unlocked: list[tuple[str, int]] = field(default_factory=list)
    played: int = 0
    capped: set[str] = field(default_factory=set)
    set_aside: bool = False
    philosophy_spent: bool = False
    later_tiles: list[int] = field(default_factory=list)  # tiles on the seat's later dice
    asked_choices: bool = False  # a question of an action answered with something

    def observe(self, phase: str, event, lines) -> None:
        if event is not None and event.type == "decision" and event.seat == self.seat:
            kind, option = event.data.get("kind"), event.data.get("option")
            if kind == "assign_die" and option.startswith("tile:"):
                self.later_tiles.append(int(option.split(":")[1]))
            elif kind == "adjust_citizens" and option == "philosophy":
                self.philosophy_spent = True
            elif kind in ASKED_IN_ACTIONS and option not in ("skip", "done"):
                self.asked_choices = True
        for line in lines:
            if line.seat != self.seat:
                continue
            if line.msg == "change" and tuple(line.cause) == ("step", "end_actions"):
                self.cut[line.params["resource"]] = line.before
            elif line.msg == "explored":
                self.explored = True
            elif line.msg == "development":
                self.unlocked.append((line.params["city"], line.params["level"]))
            elif line.msg == "card_played" and phase == "actions":
                self.played += 1
            elif line.msg == "capped":
                self.capped.add(line.params["resource"])
            elif line.msg == "tile_set_aside":
                self.set_aside = True


def settled_at(warnings: list[dict]) -> int | None:
    """The seat's last tile whose action the warnings speak of (None: the cut at the end of
    the phase, or the reveal only, for a shortage of citizens)."""
    tiles = []
    for warning in warnings:
        code, params = warning["code"], warning["params"]
        if code.startswith("over_cap"):
            return None
        if code != "citizens_short":
            tiles.append(params.get("tile", 6))
    return max(tiles) if tiles else -1


def play_forward(
    state, seat, prompt_id, option_id, rng: random.Random, phases, until: int | None = None
) -> Forward:
    """Answer `option_id`, then play at random while the game is in `phases`, until the
    seat's tile `until` is taken (-1: until the Action phase starts; None: to its end)."""
    seen = Forward(seat)
    event = game.decide(state, seat, prompt_id, option_id)
    current, lines = game.apply_recorded(state, event)  # a copy: `state` stays as it was
    seen.observe(state.phase, None, lines)  # the warned answer is no later choice
    round_now = state.round
    # A round's end may pass without a question (nobody can pay for progress, the event asks
    # nothing): the next round's dice are no longer this warning's business.
    while not game.is_over(current) and current.phase in phases and current.round == round_now:
        if until is not None and _tile_taken(current, seat, until):
            break
        if _seat_is_through(current, seat):
            # Nothing the others do now changes this seat's numbers: the cut at the end of
            # the phase is what it holds now.
            for resource in ("citizens", "troops"):
                seen.cut[resource] = getattr(current.players[seat], resource)
            break
        if game.needs_chance(current):
            event = game.sample_chance(current, rng)
        else:
            asked = game.deciding(current)
            who = rng.choice(asked)
            choice = game.choice(current, who)
            event = game.take(current, who, choice, rng.choice(choice.options))
        phase = current.phase
        current.journal = lines = []
        current = game.advance(current, event)  # in place, recording its lines
        current.journal = None
        seen.observe(phase, event, lines)
    return seen


def _tile_taken(state, seat, tile: int) -> bool:
    if state.phase != "actions":
        return False
    player = state.players[seat]
    return tile < 0 or (tile in player.tiles_done and not player.agenda)


def _seat_is_through(state, seat) -> bool:
    """Has the seat taken every tile of this Action phase, with nothing left to answer?"""
    player = state.players[seat]
    return (
        state.phase == "actions"
        and not player.agenda
        and set(player.active_tiles) <= set(player.tiles_done)
    )


def happened(warning: dict, seen: Forward, dice: list[int], placed: list[int]) -> set[str]:
    """Which of the later choices a warning may name were made."""
    made = set()
    if seen.explored:
        made.add("explore")
    if seen.philosophy_spent:
        made.add("philosophy")
    if seen.asked_choices:
        made.add("earlier_actions")
    if any(city == "sparta" and level == 3 for city, level in seen.unlocked):
        made.add("develop")
    params = warning["params"]
    if warning["code"].startswith("over_cap") and params.get("resource") == "citizens":
        # the other dice cost more than they had to
        placed = [*placed, params["tile"]]
        free_dice = dice[len(placed) :]
        left = [t for t in range(7) if t not in placed]
        least = min(
            sum(tile_cost(t, d) for t, d in zip(order, free_dice, strict=False))
            for order in permutations(left, len(free_dice))
        )
        paid = sum(tile_cost(t, d) for t, d in zip(seen.later_tiles, free_dice, strict=False))
        if paid > least:
            made.add("other_dice")
    elif any(t < params.get("tile", 7) for t in seen.later_tiles):
        made.add("other_dice")
    return made


def came_true(warning: dict, seen: Forward) -> bool | None:
    """Did the warning's claim happen? None for a claim this judge does not play forward."""
    code, params = warning["code"], warning["params"]
    if code in ("over_cap", "over_cap_unless_explored"):
        resource = params["resource"]
        lost = max(0, seen.cut.get(resource, LIMIT) - LIMIT)
        return lost == params["lost"]
    if code in ("development_unusable", "no_development_left"):
        return not seen.unlocked
    if code in ("no_card_in_hand", "no_card_playable"):
        return seen.played == 0
    if code == "nothing_to_explore":
        return not seen.explored
    if code == "capped" and "tile" in params:
        return params["resource"] in seen.capped
    if code == "citizens_short":
        return seen.set_aside
    if code == "spoils_later_tile":
        return (seen.played == 0) if params["tile"] == 5 else not seen.unlocked
    return None


def swap_saving(dice: list[int], placed: list[int], tile: int, other: int, with_tile: int) -> int:
    """Citizens saved by putting `tile` on the die valued `other` and `with_tile` on this one."""
    die = dice[len(placed)]
    return (
        tile_cost(tile, die)
        + tile_cost(with_tile, other)
        - tile_cost(tile, other)
        - tile_cost(with_tile, die)
    )
