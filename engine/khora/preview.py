"""What each option of a seat's open prompt will do, and the traps it walks into.

Computed on request (the API's prompt, the game page, an email), never while applying: a
preview resolves the option on a clone of the state, with the journal on, exactly as `apply`
would resolve it first, and reads what changed for the seat. An option that places an action
tile (the dice, Conquest of the Persians' extra action) is also played forward: the tile's
action is started on a clone as if it were taken now, which is what the seat can know today
("if nothing else happens first"). Only the seat's own hand and public facts are read: the
tests apply every other value of another seat's secrets and require the same previews.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import Label, Option
from engine.khora import abilities, seat_tasks, traps
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.cities import CITIES
from engine.khora.journal import Line
from engine.khora.phases.action_order import (
    DRAWS,
    LEGISLATION,
    MILITARY,
    POLITICS,
    turn_position,
)
from engine.khora.phases.actions import start_action
from engine.khora.preview_text import Preview, Warning
from engine.khora.state import State, Task

COLOURS = ("red", "blue", "green")
# Where a track stops (gains beyond it are lost); citizens and troops may pass it during the
# Action phase and are cut back at its end.
LIMITS = {
    "citizens": rulings.CITIZENS_MAX,
    "troops": rulings.TROOPS_MAX,
    "tax": rulings.TAX_MAX,
    "glory": rulings.GLORY_MAX,
}
# Warnings that judge the hand as it is now.
HAND_VERDICTS = ("no_card_in_hand", "no_card_playable")
# Prompt kinds whose options place an action tile: the tile is played forward.
TILE_PROMPTS = ("assign_die", "extra_action")


def previews(state: State, seat: int, options: tuple[Option, ...]) -> dict[str, Preview]:
    """A preview per option of the seat's open prompt (`options`: the prompt's)."""
    task = seat_tasks.open_task(state, seat)
    if task is None:
        return {}
    found = {option.id: preview(state, seat, task, option) for option in options}
    labels: dict[str, Label] = {option.id: option.lazy_label for option in options}
    for option_id, better in traps.dominated(state, seat, task, options, found).items():
        texts = {"better": labels[better]}
        found[option_id].warnings.append(Warning("dominated", {"better": better}, texts))
    return found


def preview(state: State, seat: int, task: Task, option: Option) -> Preview:
    clone, lines = _recording(state)
    rest = len(clone.players[seat].agenda) - 1
    seat_tasks.resolve_head(clone, seat, option)
    result = Preview(lines=tuple(lines))
    _read_lines(lines, seat, result)
    agenda = clone.players[seat].agenda
    for follow in agenda[: len(agenda) - rest]:
        _describe_follow_up(clone, seat, follow, result)
    if task.kind in TILE_PROMPTS and "tile" in option.data:
        _play_tile_forward(state, seat, task, option.data["tile"], result)
    if task.kind == "assign_die" and "tile" in option.data:
        traps.check_citizens(state, seat, option, result)
        player = state.players[seat]
        cheaper = traps.cheaper_elsewhere(player.dice, player.assignment, option.data["tile"])
        if cheaper:
            result.warnings.append(
                Warning("cheaper_on_other_die", {"tile": option.data["tile"], **cheaper})
            )
    traps.check_later_tiles(state, clone, seat, result)
    return result


def undominated(state: State, seat: int, task: Task, options: list[Option], start: str) -> str:
    """`start`, or the option that beats it (traps.dominated), until none beats it."""
    found = {option.id: preview(state, seat, task, option) for option in options}
    beaten = traps.dominated(state, seat, task, options, found)
    chosen, seen = start, {start}
    while chosen in beaten and beaten[chosen] not in seen:
        chosen = beaten[chosen]
        seen.add(chosen)
    return chosen


def first_without_warning(state: State, seat: int, task: Task, options: list[Option]) -> Option:
    """The first of `options` whose preview carries no warning; the first if all do."""
    for option in options:
        if not preview(state, seat, task, option).warnings:
            return option
    return options[0]


# --- reading what changed --------------------------------------------------------------------


def _recording(state: State) -> tuple[State, list[Line]]:
    """A clone of `state` that records its changes, and the list they are recorded in."""
    clone = state.clone()
    clone.cache = {}
    lines: list[Line] = []
    clone.journal = lines
    return clone, lines


def _read_lines(lines: Iterable[Line], seat: int, result: Preview) -> None:
    """The seat's changes, tokens, cards and developments in `lines`; and what a limit cut."""
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for line in lines:
        if line.seat != seat:
            continue
        if line.msg == "change":
            resource = line.params["resource"]
            first.setdefault(resource, line.before)
            last[resource] = line.after
        elif line.msg == "token" and line.params["delta"] > 0:
            result.new_tokens.append((line.params["colour"], line.params["tier"]))
        elif line.msg == "card_played":
            result.events.append(Text("preview.card_played", card=line.params["card"]))
        elif line.msg == "development":
            result.events.append(
                Text("preview.development", city=line.params["city"], level=line.params["level"])
            )
        elif line.msg == "capped":
            result.warnings.append(Warning("capped", dict(line.params)))
    for resource, before in first.items():
        if last[resource] != before:
            result.changes[resource] = result.changes.get(resource, 0) + last[resource] - before


def _describe_follow_up(state: State, seat: int, task: Task, result: Preview) -> None:
    """A question the answer leads to, with what it will offer."""
    if task.kind == "draw":
        result.then.append(Text("preview.then.draw", n=task.data["count"]))
        return
    handler = seat_tasks.HANDLERS[task.kind]
    if handler.automatic:
        return
    options = handler.options(state, seat, task)
    if _answered_by_the_engine(state, seat, task, options):
        return
    if task.kind == "explore":
        reachable = sum(1 for o in options if o.id != "skip")
        result.then.append(Text("preview.then.explore", n=reachable))
        if not reachable:
            troops = state.players[seat].troops
            result.warnings.append(Warning("nothing_to_explore", {"troops": troops}))
    elif task.kind == "buy_token":
        price = abilities.minor_token_price(state, seat)
        have = state.players[seat].drachma
        key = "preview.then.buy_token" if have >= price else "preview.then.no_token"
        result.then.append(Text(key, price=price, have=have))
    elif task.kind == "play_politics" and task.data.get("source") == "ostracism":
        # Ostracism's card comes after the card it takes back, which the seat has yet to
        # choose: no verdict on the hand, whose playable cards that choice may change.
        playable = [o.data["card"] for o in options if o.id != "skip"]
        if playable:
            result.then.append(Text("preview.then.play", cards=playable))
    elif task.kind == "play_politics":
        _describe_politics(state, seat, options, result)
    elif task.kind == "develop":
        _describe_development(state, seat, options, result)
    else:
        result.then.append(Text("preview.then.ask", question=handler.text(state, seat, task)))


def _answered_by_the_engine(state: State, seat: int, task: Task, options: list[Option]) -> bool:
    """A lone answer the engine takes itself (flow._resolve_forced_task): nothing to ask. The
    questions whose lone answer is a trap (nowhere to explore, nothing to play or unlock) are
    still described, with their warnings."""
    if len(options) > 1 or task.kind in ("explore", "play_politics", "develop"):
        return False
    handler = seat_tasks.HANDLERS[task.kind]
    return not seat_tasks.exchange_options(state, seat) and handler.lone_answer_is_public(
        state, seat, task
    )


def _describe_politics(state: State, seat: int, options: list[Option], result: Preview) -> None:
    playable = [o.data["card"] for o in options if o.id != "skip"]
    hand = state.players[seat].hand
    if playable:
        result.then.append(Text("preview.then.play", cards=list(playable)))
    elif not hand:
        result.warnings.append(Warning("no_card_in_hand", {"tile": POLITICS}))
    else:
        result.warnings.append(Warning("no_card_playable", {"tile": POLITICS, "hand": len(hand)}))


def _describe_development(state: State, seat: int, options: list[Option], result: Preview) -> None:
    player = state.players[seat]
    assert player.city is not None  # chosen at setup, before any development
    ladder = CITIES[player.city].developments
    if player.development >= len(ladder):
        result.warnings.append(Warning("no_development_left", {"city": player.city}))
        return
    level = ladder[player.development]
    if any(o.id == "unlock" for o in options):
        result.then.append(Text("preview.then.develop", city=player.city, level=level.level))
        return
    missing = {
        colour: need - player.token_count(colour)
        for colour, need in zip(COLOURS, level.needs, strict=True)
        if need > player.token_count(colour)
    }
    result.warnings.append(
        Warning(
            "development_unusable",
            {
                "city": player.city,
                "level": level.level,
                "missing": missing,
                "cost": level.cost,
                "drachma": player.drachma,
                "philosophy": player.philosophy,
            },
        )
    )


# --- action tiles, played forward --------------------------------------------------------------


def _play_tile_forward(state: State, seat: int, task: Task, tile: int, result: Preview) -> None:
    """The tile's action as if it were taken now: its gains, its questions and its traps."""
    clone, lines = _recording(state)
    earlier: list[int] = []
    placed = [*state.players[seat].assignment, tile]
    if task.kind == "assign_die":
        # Taken in the Action phase: gains may pass 15 there and are cut at its end. The
        # seat's own tiles placed before it come first, with their automatic gains only;
        # before any of them the reveal takes what the tiles cost in citizens (the dice left
        # at their least), when the seat's citizens alone can pay it.
        clone.phase = "actions"
        earlier = sorted(t for t in clone.players[seat].assignment if t < tile)
        player = clone.players[seat]
        owed = traps.reveal_cost(player.dice, placed)
        owed += traps.other_dice_costs(player.dice, placed)[0]
        if owed <= player.citizens:
            player.citizens -= owed
    for taken in [*earlier, tile]:
        clone.journal = lines = []
        clone.players[seat].agenda = []
        previous, clone.cause = clone.cause, ("action", taken)
        start_action(clone, seat, taken)
        clone.cause = previous
    forward = Preview()
    _read_lines(lines, seat, forward)
    for follow in clone.players[seat].agenda:
        _describe_follow_up(clone, seat, follow, forward)
    if tile == POLITICS and LEGISLATION in earlier:
        # The cards Legislation draws first are unknown: no verdict on the hand.
        forward.warnings = [w for w in forward.warnings if w.code not in HAND_VERDICTS]
        forward.depends.append(Text("preview.depends.legislation"))
    forward.depends += _first_come(state, seat, tile, clone, forward)
    if task.kind == "assign_die":
        # What the seat may still do before this tile's action could change its verdicts.
        unless = traps.later_choices(state, seat, placed, tile)
        if unless:
            forward.warnings = [_unless(w, unless) for w in forward.warnings]
    player = clone.players[seat]
    for resource in ("citizens", "troops"):
        value = getattr(player, resource)
        if value > LIMITS[resource] and resource in forward.changes:
            params: dict[str, Any] = {
                "resource": resource,
                "value": value,
                "lost": value - LIMITS[resource],
            }
            if task.kind == "assign_die":
                reasons = traps.over_cap_unless(state, seat, placed, resource)
                if reasons:
                    params["unless"] = reasons
            code = "over_cap_unless_explored" if tile == MILITARY else "over_cap"
            forward.warnings.append(Warning(code, params))
    result.tile = {"tile": tile, "preview": forward}
    result.warnings.extend(
        Warning(w.code, {"tile": tile, **w.params}, w.texts) for w in forward.warnings
    )
    result.depends.extend(forward.depends)


def _unless(warning: Warning, reasons: list[str]) -> Warning:
    return Warning(warning.code, {**warning.params, "unless": reasons}, warning.texts)


def _first_come(state: State, seat: int, tile: int, after: State, forward: Preview) -> list[Text]:
    """What other seats may take before this tile runs, where the rules make it first-come:
    the exploration board (Military) and the deck's last cards (Legislation, Council). The
    same tile runs for every seat in turn order from the start player, every Legislation
    before any Council (action_order.py); who holds which tile is secret until the reveal,
    so any seat that may act first counts. Public facts only: turn order, the deck's size."""
    others = state.num_players - 1
    ahead = turn_position(state, seat) if state.start_player is not None else others
    player = after.players[seat]
    found = []
    reachable = not any(w.code == "nothing_to_explore" for w in forward.warnings)
    if tile == MILITARY and ahead and reachable and any(t.kind == "explore" for t in player.agenda):
        found.append(Text("preview.depends.explore"))
    draws, drawn_first = 0, 0
    if tile == LEGISLATION:
        draws, drawn_first = DRAWS[LEGISLATION], DRAWS[LEGISLATION] * ahead
    elif tile == POLITICS and "council" in player.hand:
        # the others' Legislation, then the Councils of those ahead
        draws, drawn_first = DRAWS[POLITICS], DRAWS[LEGISLATION] * others + DRAWS[POLITICS] * ahead
    if draws and len(state.deck_unseen) + len(state.deck_bottom) < draws + drawn_first:
        found.append(Text("preview.depends.deck"))
    return found
