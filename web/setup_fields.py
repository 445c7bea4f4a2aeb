"""The new-game form's fields of each game's setup (engine.options), derived from the setup
each game declares: a game's options with `form` set become fields, labelled in the page's
language; the page's script shows those of the game chosen (`data-game`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language

import engine
from engine.options import BOOLEAN, CHOICE, INTEGER, SetupOption, Words

GAME_TYPES = engine.game_types()
# A game's name is its own in every language (a title, not translated).
GAME_TITLES = {game_type: engine.get_game(game_type).setup.title for game_type in GAME_TYPES}
SEAT_COUNTS = sorted(
    {count for game_type in GAME_TYPES for count in engine.get_game(game_type).setup.seat_counts}
)


def _in_page_language(words: Words) -> str:
    return words.render(get_language() or "en")


in_page_language = lazy(_in_page_language, str)


def _field(option: SetupOption) -> forms.Field:
    label = in_page_language(option.label)
    if option.kind == CHOICE:
        choices = [(value.id, in_page_language(value.label)) for value in option.choices]
        return forms.ChoiceField(
            label=label, choices=choices, initial=option.default, required=False
        )
    if option.kind == INTEGER:
        return forms.IntegerField(
            label=label,
            min_value=option.minimum,
            max_value=option.maximum,
            initial=option.default,
            required=False,
        )
    assert option.kind == BOOLEAN, f"{option.kind} options are not offered on the form"
    return forms.BooleanField(label=label, initial=option.default, required=False)


def option_fields() -> dict[str, forms.Field]:
    """Every hosted game's form options, by field name (the option's name: the games' names
    must not collide, which tests/web/test_new_game_form.py checks), each field knowing its
    game (`field.game`, the wrapper's data-game)."""
    fields: dict[str, forms.Field] = {}
    for game_type in GAME_TYPES:
        for option in engine.get_game(game_type).setup.options:
            if option.form:
                field = _field(option)
                field.game = game_type  # type: ignore[attr-defined]  # read by the template
                fields[option.name] = field
    return fields


def chosen_options(game_type: str, data: dict[str, Any]) -> dict[str, Any]:
    """The options of `game_type` the form was given (left empty: the game's default)."""
    options = {}
    for option in engine.get_game(game_type).setup.options:
        value = data.get(option.name)
        if option.form and value not in (None, ""):
            options[option.name] = value
    return options
