"""What a preview holds (`Preview`, `Warning`) and its words, in either language.

preview.py works previews out; traps.py judges them; both read the records kept here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Label, localized
from engine.khora import catalog
from engine.khora.catalog import Text, explained, words
from engine.khora.catalog.messages import RESOURCE_NOUNS
from engine.khora.journal import Line


@dataclass(frozen=True, slots=True)
class Warning:
    """An option that does nothing or wastes what it pays: a stable code, its parameters
    (JSON-ready) and a sentence in either language."""

    code: str
    params: dict[str, Any]
    # Words the sentence needs that are texts, not data (the better option's label).
    texts: dict[str, Label] = field(default_factory=dict, compare=False)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "text": warning_text(self, lang)}


@dataclass(slots=True)
class Preview:
    """What an option does for the seat if nothing else happens first."""

    lines: tuple[Line, ...] = ()  # the journal of the answer, as apply records it first
    changes: dict[str, int] = field(default_factory=dict)  # resource -> net change, at once
    new_tokens: list[tuple[str, str]] = field(default_factory=list)  # (colour, tier) gained
    events: list[Text] = field(default_factory=list)  # a card played, a development...
    then: list[Text] = field(default_factory=list)  # the questions that follow
    tile: dict[str, Any] | None = None  # a placed tile's action, played forward
    warnings: list[Warning] = field(default_factory=list)
    depends: list[Text] = field(default_factory=list)  # what others may change first

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "text": summary(self, lang),
            "changes": [{"resource": r, "delta": d} for r, d in self.changes.items()],
            "warnings": [warning.to_dict(lang) for warning in self.warnings],
        }


def summary(preview: Preview, lang: str) -> str:
    """One sentence: "+2 drachmas, Economy 1 → 2; then you may buy a token"."""
    parts = _effects(preview, lang)
    text = catalog.join(parts, lang) if parts else catalog.text("preview.nothing_now", lang)
    if preview.tile is not None:
        forward: Preview = preview.tile["preview"]
        action = _effects(forward, lang)
        what = catalog.join(action, lang) if action else catalog.text("preview.tile_nothing", lang)
        text = what  # the option's label names the tile already
    if preview.depends:
        text += catalog.text("preview.depends", lang, what=_joined(preview.depends, lang))
    return text


def _effects(preview: Preview, lang: str) -> list[str]:
    parts = []
    for resource, delta in preview.changes.items():
        if resource in RESOURCE_NOUNS:
            sign = "+" if delta > 0 else "−"
            noun = RESOURCE_NOUNS[resource]
            parts.append(f"{sign}{catalog.count(abs(delta), noun, lang)}")
        else:
            sign = "+" if delta > 0 else "−"
            track = catalog.text(f"track.{resource}", lang)
            parts.append(catalog.text("preview.level", lang, track=track, sign=sign, n=abs(delta)))
    for colour, tier in preview.new_tokens:
        parts.append("+" + catalog.token_name(colour, tier, lang))
    parts += [event.render(lang) for event in preview.events]
    parts += [then.render(lang) for then in preview.then]
    return parts


def _joined(texts: list[Text], lang: str) -> str:
    return catalog.join(list(dict.fromkeys(t.render(lang) for t in texts)), lang)


def warning_text(warning: Warning, lang: str) -> str:
    params = words(explained(warning.params), lang)
    if "other_tile" in params:
        params["other_tile"] = catalog.tile_name(warning.params["other_tile"], lang)
    for name, said in warning.texts.items():
        params[name] = localized(said, lang)
    sentence = catalog.text(_key("warning", warning.code, warning.params), lang, **params)
    unless = warning.params.get("unless")
    if unless:
        reasons = [catalog.text(f"unless.{reason}", lang) for reason in unless]
        either = catalog.text("unless.or", lang).join(reasons)
        sentence += catalog.text("warning.unless", lang, reasons=either)
    return sentence


def _key(prefix: str, code: str, params: dict[str, Any]) -> str:
    """A message per resource where the sentence's nouns depend on it; the swap of two tiles
    already placed has its own sentence."""
    if code == "cheaper_on_other_die" and "other_tile" in params:
        return f"{prefix}.{code}.swap"
    resource = params.get("resource")
    return f"{prefix}.{code}.{resource}" if resource else f"{prefix}.{code}"
