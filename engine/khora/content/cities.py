"""The 7 city tiles, each with 4 developments (level 1 is active from the start)."""

from __future__ import annotations

from typing import Any

from engine.khora.content.helpers import advances, ask, asks, gains, per_token
from engine.khora.content.model import City, Development, Effect
from engine.khora.effects import gain
from engine.khora.state import State


def _corinth_tax(state: State, seat: int, **_: Any) -> None:
    gain(state, seat, tax=state.players[seat].token_count())


def _athens_score(state: State, seat: int) -> int:
    return 3 * len(state.players[seat].played)


def _repeat_action(action: str, times: int) -> Effect:
    """Resolve an action again, as if its tile were played (Olympia 4, Sparta 3)."""

    def effect(state: State, seat: int, **_: Any) -> None:
        for _time in range(times):
            ask(state, seat, "perform_action", action=action)

    return effect


D = Development

# fmt: off
_ALL = [
    City("argos", "Argos", (
        D(1, 0, (0, 0, 0), "Start with 2 troops.", on_unlock=gains(troops=2)),
        D(2, 0, (0, 2, 0), "Choose one: 2 troops, 3 drachmas, 4 VP or 5 citizens.",
          on_unlock=asks("argos_reward")),
        D(3, 0, (1, 2, 0), "Move up 1 military level for free.",
          on_unlock=advances("military")),
        D(4, 2, (1, 3, 2), "Gain 2 glory.", on_unlock=gains(glory=2)),
    )),
    City("athens", "Athens", (
        D(1, 0, (0, 0, 0), "Start with 3 philosophy tokens.", on_unlock=gains(philosophy=3)),
        D(2, 0, (1, 0, 1), "Each politics card you play gives 2 drachmas and 3 VP.",
          hooks={"card_played": gains(drachma=2, vp=3)}),
        D(3, 1, (0, 2, 0), "Each politics card you play gives 2 troops.",
          hooks={"card_played": gains(troops=2)}),
        D(4, 2, (2, 2, 2), "Final scoring: 3 VP per politics card in play.",
          score=_athens_score),
    )),
    City("corinth", "Corinth", (
        D(1, 0, (0, 0, 0), "Start with 4 more drachmas.", on_unlock=gains(drachma=4)),
        D(2, 1, (1, 0, 0), "Move up the tax track once per knowledge token you own.",
          on_unlock=_corinth_tax),
        D(3, 2, (2, 1, 1), "Progress phase: one more level allowed; each level costs 1 less.",
          modifiers={"progress_extra_levels": 1, "progress_phase_discount": 1}),
        D(4, 3, (2, 2, 2), "Final scoring: 2 VP per knowledge token you own.",
          score=per_token(2)),
    )),
    City("miletus", "Miletus", (
        D(1, 0, (0, 0, 0), "Start 1 level up the economy track.",
          on_unlock=advances("economy")),
        D(2, 1, (1, 0, 0), "Choose 2 tracks and move up 1 level on each for free.",
          on_unlock=asks("free_advance", remaining=2, used=())),
        D(3, 2, (2, 0, 1), "Each Trade action also gives 3 VP.",
          hooks={"trade_action": gains(vp=3)}),
        D(4, 4, (3, 0, 2), "Gain 15 VP.", on_unlock=gains(vp=15)),
    )),
    City("olympia", "Olympia", (
        D(1, 0, (0, 0, 0), "Start 1 step up the tax track.", on_unlock=gains(tax=1)),
        D(2, 0, (0, 0, 1), "Each Culture action also gives 1 troop and 1 philosophy token.",
          hooks={"culture_action": gains(troops=1, philosophy=1)}),
        D(3, 2, (1, 0, 2), "Move up 2 culture levels for free.",
          on_unlock=advances("culture", 2)),
        D(4, 3, (2, 1, 3), "Take the Culture action three times.",
          on_unlock=_repeat_action("culture", 3)),
    )),
    City("sparta", "Sparta", (
        D(1, 0, (0, 0, 0), "Lose 1 troop fewer whenever you explore.",
          modifiers={"explore_loss": -1}),
        D(2, 1, (0, 2, 0), "Each Military action also moves you 1 up the tax track.",
          hooks={"military_action": gains(tax=1)}),
        D(3, 2, (1, 3, 1), "Take the Military action twice.",
          on_unlock=_repeat_action("military", 2)),
        D(4, 4, (2, 3, 2), "Final scoring: 4 VP per blue knowledge token you own.",
          score=per_token(4, colour="blue")),
    )),
    City("thebes", "Thebes", (
        D(1, 0, (0, 0, 0), "Start 1 level up the military track.",
          on_unlock=advances("military")),
        D(2, 0, (0, 1, 1), "At any time, give up 1 glory for 2 drachmas and 4 VP.",
          modifiers={"glory_exchange": 1}),
        D(3, 0, (1, 2, 1), "Each Military action lets you explore twice.",
          modifiers={"extra_explorations": 1}),
        D(4, 2, (2, 2, 2), "Final scoring: 2 VP per minor knowledge token you own.",
          score=per_token(2, tier="minor")),
    )),
]
# fmt: on

CITIES: dict[str, City] = {city.id: city for city in _ALL}
