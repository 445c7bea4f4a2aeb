"""Non-interference: another seat's hidden data never changes what a viewer is told.

At every event of the golden games that involves a seat's secret (a sealed or secret choice,
the cards it draws or is dealt), we apply every other value that secret could have had. For
each other viewer whose view after the event is the same either way, the lines must be the
same too: the narration tells a viewer nothing its view does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import Event
from engine.khora.catalog import card_name
from engine.khora.seat_tasks import HANDLERS
from tests.engine.narration.explain import game

GOLDEN = Path(__file__).parent.parent / "golden"


def _alternatives(state, event: Event):
    """Other events with the same public shape but a different secret; and the secret's seat."""
    data = event.data
    if event.type == "decision" and HANDLERS.get(data.get("kind", "")) is not None:
        if not HANDLERS[data["kind"]].secret:
            return None, []
        prompt = game.pending(state)[event.seat]
        others = [o.id for o in prompt.options if o.id != data["option"]]
        return event.seat, [
            Event("decision", {**data, "option": o}, seat=event.seat) for o in others
        ]
    if event.type == "chance" and data["kind"] == "draw":
        spare = [c for c in state.deck_unseen if c not in data["cards"]]
        if len(spare) < len(data["cards"]):
            return data["seat"], []
        alt = {**data, "cards": spare[: len(data["cards"])]}
        return data["seat"], [Event("chance", alt, seat=event.seat)]
    if event.type == "chance" and data["kind"] == "deal":
        dealt = {c for hand in data["hands"] for c in hand}
        spare = [c for c in state.deck_unseen if c not in dealt]
        alts = []
        for seat in range(len(data["hands"])):
            hands = [list(h) for h in data["hands"]]
            hands[seat] = spare[: len(hands[seat])]
            alts.append((seat, Event("chance", {**data, "hands": hands})))
        return "each", alts
    return None, []


@pytest.mark.parametrize("name", ["2p.json", "3p.json", "4p.json"])
def test_another_seats_secret_never_changes_a_viewers_lines(name):
    golden = json.loads((GOLDEN / name).read_text())
    setup = golden["setup"]
    n = setup["num_players"]
    state = game.new_game(n, setup["options"])
    compared = 0
    for raw in golden["events"]:
        event = game.event_from_dict(raw)
        owner, alternatives = _alternatives(state, event)
        after, lines = game.apply_recorded(state, event)
        pairs = alternatives if owner == "each" else [(owner, alt) for alt in alternatives]
        for seat, alternative in pairs:
            alt_after, alt_lines = game.apply_recorded(state, alternative)
            for viewer in [None, *range(n)]:
                if viewer == seat or game.view(after, viewer) != game.view(alt_after, viewer):
                    continue
                assert game.narrate_lines(alt_lines, viewer) == game.narrate_lines(lines, viewer), (
                    event.to_dict(),
                    alternative.to_dict(),
                    viewer,
                )
                compared += 1
        state = after
    assert compared > 50  # the golden games hold many secrets


def test_a_drawn_card_is_named_only_to_its_owner():
    golden = json.loads((GOLDEN / "3p.json").read_text())
    state = game.new_game(3, golden["setup"]["options"])
    draws = 0
    for raw in golden["events"]:
        event = game.event_from_dict(raw)
        state, lines = game.apply_recorded(state, event)
        if event.type != "chance" or event.data["kind"] != "draw" or not event.data["cards"]:
            continue
        draws += 1
        for viewer in (None, *range(3)):
            for lang in ("en", "uk"):
                told = " ".join(
                    game.render(line, lang) for line in game.narrate_lines(lines, viewer)
                )
                named = [c for c in event.data["cards"] if card_name(c, lang) in told]
                assert bool(named) == (viewer == event.data["seat"]), (viewer, told)
    assert draws
