"""Final scoring (K12) and the ranking with its tie-breaks (K13), as pure functions of the
numbers they read, so that the rulebook's own example can be scored without a game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import ranking as places
from engine.khlor.data import COLOURS


def colour_points(
    colour: str,
    caught: Sequence[Mapping[str, int]],
    eggs: Mapping[str, str],
    square_colours: Mapping[str, str],
) -> list[dict[str, int]]:
    """Per seat, the eggs' points and the difference points one colour gives (K12)."""
    players = len(caught)
    counts = [seat_caught.get(colour, 0) for seat_caught in caught]
    result = [{"eggs": 0, "difference": 0} for _ in range(players)]
    top = max(counts)
    if top == 0:  # nobody caught this colour: nobody is first
        return result
    laid = [square for square, egg in eggs.items() if egg == colour]
    full = len(laid) + sum(1 for square in laid if square_colours.get(square) == colour)
    firsts = [seat for seat in range(players) if counts[seat] == top]
    for seat in firsts:
        result[seat]["eggs"] = full
    if len(firsts) > 1:  # tied firsts: nobody is second, no difference points
        return result
    first = firsts[0]
    others = [counts[seat] for seat in range(players) if seat != first]
    runner_up = max(others)
    if runner_up > 0:  # a second must have caught some of the colour
        for seat in range(players):
            if seat != first and counts[seat] == runner_up:
                result[seat]["eggs"] = (full + 1) // 2
    lead = top - runner_up
    result[first]["difference"] = 3 * (lead // 3) if players == 2 else lead
    return result


def score(
    caught: Sequence[Mapping[str, int]],
    eggs: Mapping[str, str],
    square_colours: Mapping[str, str],
    bonus: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Every seat's total with its breakdown by colour, and the ranking (K12, K13)."""
    players = len(caught)
    bonus = list(bonus) if bonus is not None else [0] * players
    by_colour = {c: colour_points(c, caught, eggs, square_colours) for c in COLOURS}
    breakdown = []
    for seat in range(players):
        colours = {c: by_colour[c][seat] for c in COLOURS}
        total = bonus[seat] + sum(p["eggs"] + p["difference"] for p in colours.values())
        breakdown.append(
            {
                "colours": colours,
                "additional_turn": bonus[seat],
                "total": total,
                "best_colour": max(caught[seat].get(c, 0) for c in COLOURS),
                "colours_scored": sum(
                    1 for p in colours.values() if p["eggs"] + p["difference"] > 0
                ),
            }
        )
    key = {
        seat: (b["total"], b["best_colour"], b["colours_scored"])
        for seat, b in enumerate(breakdown)
    }
    # Groups of seats sharing a place, best first, in the shape Khôra's scores use.
    ranking = places([key[seat] for seat in range(players)])
    return {
        "totals": [b["total"] for b in breakdown],
        "breakdown": breakdown,
        "ranking": ranking,
        "tie_break": "most demons of one colour, then points from more colours",
        "winners": list(ranking[0]["seats"]),
    }
