"""Khlor's view and option data as the API's schema describes them (games.api.schema_types)
against what the engine actually gives, both ways: every documented member is in every view,
every member of a view is documented, of the documented JSON type, null only where the schema
says it may be; the same for Khlor's option data over every prompt of whole games.

The descriptions are written by hand (the engine is pure standard library and declares no
types for the server); these tests are what keeps them from drifting from the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework import serializers

import engine
from games.api.schema_types import KhlorPlayerViewOutput, KhlorViewOutput, OptionDataOutput

GAME = engine.get_game("khlor")
JSON_TYPES = {
    serializers.IntegerField: int,
    serializers.BooleanField: bool,
    serializers.CharField: str,
    serializers.ListField: list,
    serializers.DictField: dict,
    serializers.ListSerializer: list,
}
# OptionDataOutput's members a Khlor option may carry (Khôra's are the rest).
KHLOR_OPTION_DATA = {
    name
    for name, field in OptionDataOutput().fields.items()
    if "Khlor" in str(field.help_text or "")
}


def _json_type(field: serializers.Field) -> type:
    return next(kind for base, kind in JSON_TYPES.items() if isinstance(field, base))


def _games() -> list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """Whole random games of 2, 3 and 4 players: every view (a seat's and a spectator's,
    from before the deal to the end) and every prompt's options."""
    played = []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        state = GAME.new_game(players)
        views, options = [GAME.view(state, None), GAME.view(state, 0)], []
        while not GAME.is_over(state):
            if GAME.needs_chance(state):
                state = GAME.apply(state, GAME.sample_chance(state, rng))
            else:
                seat = GAME.deciding(state)[0]
                prompt = GAME.prompt_dict(state, seat)
                assert prompt is not None
                options.extend(prompt["options"])
                option = rng.choice(prompt["options"])["id"]
                state = GAME.apply(state, GAME.decide(state, seat, prompt["id"], option))
            views += [GAME.view(state, None), GAME.view(state, players - 1)]
        played.append((views, options))
    return played


PLAYED = _games()
VIEWS = [view for views, _options in PLAYED for view in views]
OPTIONS = [option for _views, options in PLAYED for option in options]


def _check(obj: dict[str, Any], described: serializers.Serializer, where: str) -> set[str]:
    """The members of `obj` against the serializer's fields; the names seen null."""
    fields = described.fields
    assert set(obj) == set(fields), (
        f"{where}: undocumented {sorted(set(obj) - set(fields))}, "
        f"documented but absent {sorted(set(fields) - set(obj))}"
    )
    nulls = set()
    for name, value in obj.items():
        field = fields[name]
        if value is None:
            assert field.allow_null, f"{where}.{name} is null, which the schema does not allow"
            nulls.add(name)
        else:
            kind = _json_type(field)
            assert isinstance(value, kind) and not (kind is int and isinstance(value, bool)), (
                f"{where}.{name} is {type(value).__name__}, documented as {kind.__name__}"
            )
    return nulls


def test_the_games_played_go_from_the_deal_to_the_end():
    assert {view["phase"] for view in VIEWS} >= {"deal", "turn", "over"}
    assert all(views[-1]["phase"] == "over" and views[-1]["scores"] for views, _ in PLAYED)


def test_every_khlor_view_has_exactly_the_documented_members_of_their_types():
    nulls = set()
    for view in VIEWS:
        nulls |= _check(view, KhlorViewOutput(), "view")
        for player in view["players"]:
            _check(player, KhlorPlayerViewOutput(), "view.players[]")
    # Each member documented as nullable is null somewhere in these games: none is nullable
    # by mistake (a client would handle a null that never comes).
    nullable = {name for name, field in KhlorViewOutput().fields.items() if field.allow_null}
    assert nulls == nullable


@pytest.mark.parametrize("member", ["squares", "supply", "pieces"])
def test_the_views_maps_hold_what_their_descriptions_say(member):
    view = VIEWS[-1]
    if member == "squares":
        assert len(view["squares"]) == 48  # A1..G7 but the white egg's D4
        members = {"demons", "egg", "colour"}
        assert all(set(square) == members for square in view["squares"].values())
    elif member == "supply":
        assert all(isinstance(count, int) for count in view["supply"].values())
    else:
        assert all(set(piece) == {"cells", "egg_cell"} for piece in view["pieces"].values())


def test_khlors_option_data_members_are_documented_both_ways():
    seen: set[str] = set()
    fields = OptionDataOutput().fields
    for option in OPTIONS:
        data = option["data"]
        assert set(data) <= KHLOR_OPTION_DATA, sorted(set(data) - KHLOR_OPTION_DATA)
        for name, value in data.items():
            field = fields[name]
            if value is None:
                assert field.allow_null, f"option data {name} is null"
            else:
                assert isinstance(value, _json_type(field)), (name, value)
        seen |= set(data)
    assert seen == KHLOR_OPTION_DATA  # every documented Khlor member is given somewhere
