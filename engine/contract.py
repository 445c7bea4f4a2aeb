"""What every game offers the server: the one protocol `engine.get_game` returns.

Everything the server (games/, web/, notifications/, mailplay/, live/, ratings/) calls on a game
object is declared here, so that a game the server hosts is checked by mypy against all of it
and a new game knows what it owes. A state is the game's own type (`Any` here): each game's
class names it. Optional parts: previews (`prompt_dict(..., previews=True)` adds them where
a game has them, and is accepted by every game), a rules page (`RulesBook`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from random import Random

    from engine.core import Choice, Event, LeftOut, Option, Prompt
    from engine.options import Setup


class Game(Protocol):
    """A game: its setup, chance, prompts and decisions, views, narration and scores."""

    # Read-only members (properties here, plain class attributes in a game):

    @property
    def name(self) -> str:
        """The game type, e.g. "khora": the key of engine.get_game and of Game.game_type."""
        ...

    @property
    def rules_version(self) -> str:
        """Stored with each game and its snapshots; a new version invalidates the snapshots."""
        ...

    @property
    def languages(self) -> Sequence[str]:
        """The languages its texts render in."""
        ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def setup(self) -> Setup:
        """The setup, declared once: seat counts and options, from which the engine's check,
        the API's input and schema and the web's new-game form are derived (engine.options)."""
        ...

    @property
    def prompt_kinds(self) -> Sequence[str]:
        """Every kind of prompt a seat may be asked (the API's schema lists them)."""
        ...

    # --- setup and chance -----------------------------------------------------------------

    def new_game(self, num_players: int, options: dict[str, Any] | None = None) -> Any: ...

    def needs_chance(self, state: Any) -> bool: ...

    def sample_chance(self, state: Any, rng: Random) -> Event: ...

    # --- prompts and decisions ------------------------------------------------------------

    def pending(self, state: Any) -> dict[int, Prompt]: ...

    def left_out(self, state: Any, seat: int) -> tuple[LeftOut, ...]: ...

    def prompt_dict(
        self, state: Any, seat: int, lang: str = "en", previews: bool = False
    ) -> dict[str, Any] | None:
        """The seat's open prompt as data; `previews` adds each option's preview where the
        game has them (a game without ignores it)."""
        ...

    def step_key(self, state: Any) -> str:
        """Names the step the game is in: the same for every prompt of one step."""
        ...

    def decide(self, state: Any, seat: int, prompt_id: str, option_id: str) -> Event:
        """The decision's event, or IllegalDecision. Prompt ids are at most 24 characters of
        lowercase letters, digits, `-` and `_`: they go into email reply addresses."""
        ...

    def revise(self, state: Any, seat: int) -> Event: ...

    def apply(self, state: Any, event: Event, _in_place: bool = False) -> Any: ...

    # --- the playout path (search, simulations): no prompts built, the state changed in place

    def deciding(self, state: Any) -> list[int]: ...

    def choice(self, state: Any, seat: int) -> Choice: ...

    def choices(self, state: Any) -> dict[int, Choice]: ...

    def take(self, state: Any, seat: int, choice: Choice, option: Option) -> Event: ...

    def advance(self, state: Any, event: Event) -> Any: ...

    # --- what leaves the engine: views, the log, narration --------------------------------

    def view(self, state: Any, seat: int | None, lang: str = "en") -> dict[str, Any]: ...

    def redact(self, event: Event, seat: int | None) -> dict[str, Any]: ...

    def event_from_dict(self, raw: dict[str, Any]) -> Event: ...

    def apply_recorded(self, state: Any, event: Event) -> tuple[Any, list[Any]]: ...

    def narrate_lines(
        self, lines: list[Any], viewer: int | None, everything: bool = False
    ) -> list[dict[str, Any]]: ...

    def narrate(self, state: Any, event: Event, viewer: int | None) -> list[dict[str, Any]]: ...

    def history(
        self,
        num_players: int,
        options: dict[str, Any] | None,
        events: Iterable[Event | dict[str, Any]],
        viewer: int | None,
        onto: Any = None,
    ) -> list[list[dict[str, Any]]]: ...

    def render(
        self, line: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str: ...

    # --- the end ----------------------------------------------------------------------------

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> dict[str, Any]: ...


@runtime_checkable
class RulesBook(Protocol):
    """A game with a rules page of its own (optional): its sections, and the anchor a prompt
    kind or a cause links to."""

    def rules_page(self, lang: str = "en") -> dict[str, Any]: ...

    def rules_anchor(
        self, prompt_kind: str | None = None, cause: list[Any] | tuple[Any, ...] | None = None
    ) -> str | None: ...
