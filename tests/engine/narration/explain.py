"""Derive what changed in a viewer's view and check the viewer's narrated lines explain it.

Every difference between a viewer's view before and after an event must be explained by a
line that viewer receives for that event: a number (drachmas, VP, a track...) by `change`
lines of that seat and resource whose values chain from the old value to the new one; a card,
token, tile, city or board change by the line kinds listed in EXPLAINED_BY. Only turn
bookkeeping needs no line: `waiting_for` (who must answer: the prompts say it) and
`tiles_done` (which of a seat's tiles are finished: the action line said it started).
"""

from __future__ import annotations

from typing import Any

import engine

game = engine.get_game("khora")

NUMBERS = {
    "drachmas": "drachma",
    "vp": "vp",
    "citizens": "citizens",
    "tax": "tax",
    "glory": "glory",
    "troops": "troops",
    "economy": "economy",
    "culture": "culture",
    "military": "military",
    "philosophy_tokens": "philosophy",
    "dice_count": "dice_count",
}
BOOKKEEPING = {"waiting_for", "tiles_done"}

_CARDS_IN_HAND = {
    "cards_drawn",
    "cards_drawn_hidden",
    "card_kept",
    "card_kept_hidden",
    "card_played",
    "card_returned",
    "card_discarded",
    "card_discarded_hidden",
    "draft_done",
}
_DRAFT = {
    "cards_dealt",
    "cards_dealt_hidden",
    "draft_picked",
    "draft_picked_hidden",
    "draft_received",
    "draft_received_hidden",
    "draft_done",
    "choice_revised",
}
_NEW_DICE_PHASE = ("phase", "dice")

# view key -> line messages that may explain a change of it (for a seat's key: that seat's)
EXPLAINED_BY: dict[str, set] = {
    "round": {"round"},
    "phase": {"phase"},
    "start_player": {"start_player"},
    "current_event": {"event_revealed"},
    "events_revealed": {"event_revealed"},
    "events_left": {"event_revealed"},
    "politics_deck_size": {
        "cards_dealt",
        "cards_dealt_hidden",
        "cards_drawn",
        "cards_drawn_hidden",
        "cards_to_bottom",
        "cards_to_bottom_hidden",
        "card_discarded",
        "card_discarded_hidden",
    },
    "exploration": {"explored"},
    "persepolis_explored": {"explored"},
    "achievements": {"achievement"},
    "finished": {"final_score"},
    "scores": {"final_score"},
    # a seat's keys
    "city": {"city"},
    "development_level": {"development"},
    "knowledge_tokens": {"token"},
    "played_cards": {"card_played", "card_returned"},
    "hand": _CARDS_IN_HAND,
    "hand_size": _CARDS_IN_HAND,
    "dice": {"dice_rolled", _NEW_DICE_PHASE},
    "tiles_assigned": {"tile_assigned", "tile_assigned_hidden", "choice_revised", _NEW_DICE_PHASE},
    "tiles": {"tile_assigned", "tiles_revealed", "choice_revised", _NEW_DICE_PHASE},
    "active_tiles": {"tiles_revealed", "tile_set_aside", _NEW_DICE_PHASE},
    "tiles_set_aside": {"tile_set_aside", _NEW_DICE_PHASE},
    "draft_hand": _DRAFT,
    "draft_picks": _DRAFT,
    "draft_hand_size": _DRAFT,
    "draft_picks_count": _DRAFT,
}
# Public lines (no seat) that explain a seat's key.
_GAME_WIDE = {_NEW_DICE_PHASE}


def _explains(line: dict, allowed: set, seat: int | None) -> bool:
    if line["msg"] == "phase" and ("phase", line["params"]["phase"]) in allowed:
        return True
    return line["msg"] in allowed and (seat is None or line["seat"] == seat)


def unexplained(before: dict, after: dict, lines: list[dict]) -> list[str]:
    """Every difference between two views of one viewer that `lines` do not explain."""
    problems: list[str] = []
    for key in before.keys() | after.keys():
        if key == "players" or key in BOOKKEEPING or before.get(key) == after.get(key):
            continue
        if key == "view_facts":
            continue
        allowed = EXPLAINED_BY.get(key)
        if allowed is None or not any(_explains(line, allowed, None) for line in lines):
            problems.append(f"{key}: {before.get(key)!r} -> {after.get(key)!r}")
    for old, new in zip(before["players"], after["players"], strict=True):
        problems += _unexplained_seat(old, new, lines)
    return problems


def _unexplained_seat(old: dict, new: dict, lines: list[dict]) -> list[str]:
    seat = old["seat"]
    problems = []
    for key in old.keys() | new.keys():
        if key in NUMBERS:
            problems += _unexplained_number(seat, key, old.get(key), new.get(key), lines)
            continue
        if key in BOOKKEEPING or old.get(key) == new.get(key) or key in DERIVED:
            continue
        allowed = EXPLAINED_BY.get(key)
        if allowed is None or not any(_explains(line, allowed, seat) for line in lines):
            problems.append(f"seat {seat} {key}: {old.get(key)!r} -> {new.get(key)!r}")
    return problems


def _unexplained_number(seat: int, key: str, old: Any, new: Any, lines: list[dict]) -> list[str]:
    resource = NUMBERS[key]
    chain = [
        line
        for line in lines
        if line["msg"] == "change"
        and line["seat"] == seat
        and line["params"]["resource"] == resource
    ]
    if not chain:
        return [] if old == new else [f"seat {seat} {key}: {old} -> {new} without a line"]
    values = [chain[0]["before"]]
    for line in chain:
        if line["before"] != values[-1]:
            return [f"seat {seat} {key}: lines do not chain ({chain})"]
        values.append(line["after"])
    if values[0] != old or values[-1] != new:
        return [f"seat {seat} {key}: {old} -> {new}, but the lines say {values}"]
    return []


# A seat's facts that follow from other keys (the development ladder follows the level, a
# track's next level follows the track): they change only with what they derive from.
DERIVED = {"development_ladder", "next_levels"}


def check_game(num_players: int, options, events, viewers=None) -> list[str]:
    """Replay a log, narrating every event; every unexplained view change, as text."""
    state = game.new_game(num_players, options)
    viewers = viewers if viewers is not None else [None, *range(num_players)]
    problems = []
    for number, event in enumerate(events, 1):
        if isinstance(event, dict):
            event = game.event_from_dict(event)
        before = {viewer: game.view(state, viewer) for viewer in viewers}
        state, lines = game.apply_recorded(state, event)
        for viewer in viewers:
            seen = game.narrate_lines(lines, viewer)
            for problem in unexplained(before[viewer], game.view(state, viewer), seen):
                problems.append(f"event {number} ({event.to_dict()}), viewer {viewer}: {problem}")
    return problems
