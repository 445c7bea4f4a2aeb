"""One glossary for every Ukrainian text: the engine's catalog, the content's names and texts,
the rules page and the web's strings. Each term is the Ukrainian rulebook's (../shared/seeds/
002_*); the variants a translator might reach for instead are listed, and `offences` finds
them, so a text that strays from the glossary fails its test (tests/engine/narration)."""

from __future__ import annotations

import re

# English term -> (the rulebook's Ukrainian stem, stems that must not be used for it)
GLOSSARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "deck": ("стос", ("колод",)),
    "development": ("поліпшенн", ("розвит", "розбудов")),
    "troops": ("вояк", ("солдат", "війська ", "військо ")),
    "knowledge token": ("жетон знання", ("жетон знань", "жетони знань", "жетонів знань")),
    "victory points": ("переможн", ("бали ", "балів", "окуляр")),
    "citizens": ("громадян", ("жител", "мешканц")),
    "drachmas": ("драхм", ("драхмів",)),
    "track": ("вертикал", ("доріжк", "трек")),
    "level": ("рівень", ("поділк",)),
    "space": ("комірк", ("клітинк",)),
    "exploration board": ("зона дослідження", ("поле дослідження",)),
}


def offences(text: str) -> list[tuple[str, str]]:
    """(term, variant) for each variant outside the glossary that `text` uses."""
    lowered = text.lower() + " "
    return [
        (term, variant)
        for term, (_, variants) in GLOSSARY.items()
        for variant in variants
        if re.search(re.escape(variant), lowered)
    ]
