"""The API's `options` of a new game, derived from each game's setup (engine.options): one
request serializer per game, its fields, types, ranges, defaults and descriptions those the
game declares, so that the engine's check, the schema and the API never disagree."""

from __future__ import annotations

from rest_framework import serializers

import engine
from common.inputs import StrictInput
from engine.options import BOOLEAN, CHOICE, INTEGER, SEAT_CHOICES, Setup, SetupOption

# The schema's name of each game's options (Khôra's kept its name from before Khlor came).
COMPONENT_NAMES = {"khora": "GameOptionsInput"}


def _field(option: SetupOption, setup: Setup) -> serializers.Field:
    """The option's field: not required (the game's default applies), described in English
    (the schema's language)."""
    described = option.help.en
    if option.kind == CHOICE:
        return serializers.ChoiceField(choices=option.values, required=False, help_text=described)
    if option.kind == SEAT_CHOICES:
        return serializers.ListField(
            child=serializers.ChoiceField(choices=option.values),
            min_length=setup.min_players,
            max_length=setup.max_players,
            required=False,
            help_text=described,
        )
    if option.kind == INTEGER:
        return serializers.IntegerField(
            min_value=option.minimum,
            max_value=option.maximum,
            required=False,
            help_text=described,
        )
    assert option.kind == BOOLEAN
    return serializers.BooleanField(required=False, help_text=described)


def options_input(game_type: str) -> type[StrictInput]:
    """The request serializer of `game_type`'s options, built from its setup."""
    setup = engine.get_game(game_type).setup
    name = COMPONENT_NAMES.get(game_type, f"{game_type.capitalize()}OptionsInput")
    fields = {option.name: _field(option, setup) for option in setup.options}
    doc = f"A new {setup.title} game's setup options (`options` when `game` is {game_type!r})."
    return type(name, (StrictInput,), {**fields, "__doc__": doc, "__module__": __name__})


OPTIONS_INPUTS: dict[str, type[StrictInput]] = {
    game_type: options_input(game_type) for game_type in engine.game_types()
}
