"""Khôra's setup, declared once (engine.options): 2 to 4 seats; cities dealt or chosen, or
fixed per seat (for programs: the API only)."""

from __future__ import annotations

from engine.khora.catalog import city_name
from engine.khora.content.cities import CITIES
from engine.options import CHOICE, SEAT_CHOICES, Setup, SetupOption, Value, Words

SETUP = Setup(
    title="Khôra",
    min_players=2,
    max_players=4,
    options=(
        SetupOption(
            name="city_selection",
            kind=CHOICE,
            label=Words("Cities", "Міста"),
            help=Words(
                "random (default): cities are dealt; choose: each player picks one.",
                "random (типово): міста роздаються; choose: кожен гравець обирає своє.",
            ),
            default="random",
            choices=(
                Value("random", Words("dealt at random", "випадково")),
                Value("choose", Words("each player chooses", "кожен гравець обирає")),
            ),
        ),
        SetupOption(
            name="cities",
            kind=SEAT_CHOICES,
            label=Words("Fixed cities", "Визначені міста"),
            help=Words(
                "Fixed cities, one distinct city per seat in seat order (as many as seats).",
                "Визначені міста: по одному різному місту на місце, за порядком місць.",
            ),
            choices=tuple(
                Value(city, Words(city_name(city, "en"), city_name(city, "uk")))
                for city in sorted(CITIES)
            ),
            noun="city",
            form=False,
        ),
    ),
)
