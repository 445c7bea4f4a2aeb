"""Bots for Khlor: `random` and a greedy `standard`, offered by the server (bots.levels).

Khlor hides nothing once dealt, so a seat's knowledge is the game's view
(`engine.khlor.game.view(state, seat)`). A bot answers a prompt with one of its option ids:

    option_id = bots.khlor.decide("standard", view, prompt, rng)

`standard` looks one answer ahead: it scores the table as if the game ended after the answer
(`engine.khlor.scoring.score`) and takes the option that puts it furthest ahead of the best
other seat. A placement also counts the eggs it could lay afterwards in a colour it leads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from engine.khlor import game as _game
from engine.khlor.scoring import score

if TYPE_CHECKING:
    from random import Random

    from bots.budget import Budget
    from engine.core import Option, Prompt
    from engine.khlor.state import State

# A placement's empty squares are worth this much each (an egg laid later in a colour led):
# less than a sure point, as the lead may turn and the supply run out.
EMPTY_SQUARE_WORTH = 0.5


class KhlorBot(Protocol):
    level: str

    def decide(self, view: dict[str, Any], prompt: Prompt, rng: Random) -> str: ...


class RandomKhlorBot:
    level = "random"

    def decide(self, view: dict[str, Any], prompt: Prompt, rng: Random) -> str:
        return rng.choice(prompt.options).id


class _Table:
    """The numbers a score reads, from a view, changed by one answer at a time."""

    def __init__(self, view: dict[str, Any]):
        squares = view["squares"]
        self.caught = [dict(player["caught"]) for player in view["players"]]
        self.bonus = [player["additional_turn_points"] for player in view["players"]]
        self.eggs = {square: facts["egg"] for square, facts in squares.items() if facts["egg"]}
        self.colours = {sq: facts["colour"] for sq, facts in squares.items() if facts["colour"]}
        self.demons = {square: len(facts["demons"]) for square, facts in squares.items()}

    def copy(self) -> _Table:
        """A copy whose catches and eggs may change (the squares' facts are shared)."""
        new = object.__new__(_Table)
        new.caught = [dict(caught) for caught in self.caught]
        new.bonus, new.colours, new.demons = self.bonus, self.colours, self.demons
        new.eggs = dict(self.eggs)
        return new

    def margin(self, seat: int) -> float:
        """The seat's points minus the best other seat's, were the game over now."""
        totals = score(self.caught, self.eggs, self.colours, self.bonus)["totals"]
        others = [total for other, total in enumerate(totals) if other != seat]
        return float(totals[seat] - max(others))


def _leads(table: _Table, seat: int, colour: str) -> bool:
    mine = table.caught[seat][colour]
    return all(mine >= caught[colour] for caught in table.caught)


def _placement_worth(
    table: _Table, seat: int, data: dict[str, Any], eggs_follow: bool, seen: dict[Any, float]
) -> float:
    catches = tuple(sorted(data["catches"]))
    for colour in catches:
        table.caught[seat][colour] += 1
    if catches not in seen:  # many placements catch the same colours: score them once
        seen[catches] = table.margin(seat)
    worth = seen[catches]
    if eggs_follow and any(_leads(table, seat, colour) for colour in catches):
        # squares under the piece left with no demon and no egg: where eggs may be laid
        emptied = [square for square in data["demons"] if table.demons[square] == 1]
        egg = data["egg"]
        free = table.demons[egg] == 0 and egg not in table.eggs
        worth += EMPTY_SQUARE_WORTH * (len(emptied) + free)
    for colour in catches:
        table.caught[seat][colour] -= 1
    return worth


def _worth(
    view: dict[str, Any], base: _Table, prompt: Prompt, option: Option, seen: dict[Any, float]
) -> float:
    seat, data = prompt.seat, option.data
    if prompt.kind in ("place", "extra", "extra_back"):
        return _placement_worth(base, seat, data, prompt.kind == "place", seen)
    table = base.copy()
    if prompt.kind == "remove":
        if not data["remove"]:
            return table.margin(seat)
        square = view["placed"].rsplit(":", 1)[1]  # the egg symbol's square
        del table.eggs[square]
        caught = view["caught_this_turn"]
        relaid = table.demons[square] == 0 and any(_leads(table, seat, c) for c in caught)
        return table.margin(seat) + EMPTY_SQUARE_WORTH * relaid
    for square in data["squares"]:  # lay
        table.eggs[square] = data["colour"]
    return table.margin(seat)


class StandardKhlorBot:
    level = "standard"

    def decide(self, view: dict[str, Any], prompt: Prompt, rng: Random) -> str:
        best, best_worth = prompt.options[0].id, float("-inf")
        table, seen = _Table(view), dict[Any, float]()
        for option in prompt.options:
            worth = _worth(view, table, prompt, option, seen)
            if worth > best_worth:
                best, best_worth = option.id, worth
        return best


LEVELS: dict[str, KhlorBot] = {"random": RandomKhlorBot(), "standard": StandardKhlorBot()}


def decide(level: str, view: dict[str, Any], prompt: Prompt, rng: Random) -> str:
    """The option id a bot of `level` answers `prompt` with, from the seat's view."""
    try:
        bot = LEVELS[level]
    except KeyError:
        raise KeyError(f"Unknown Khlor bot level {level!r}; levels: {', '.join(LEVELS)}.") from None
    return bot.decide(view, prompt, rng)


class KhlorKnowledge:
    """A Khlor seat's knowledge, as the server hands it to a bot: the seat's view, which in
    Khlor is the whole table (nothing is hidden once dealt)."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int):
        self._state = state
        self.seat = seat

    def view(self, lang: str = "en") -> dict[str, Any]:
        return _game.view(self._state, self.seat, lang)


class ServedKhlorBot:
    """A Khlor level as the server asks every level (bots.levels.Bot): it answers at once, so
    the budget is not read."""

    slow = False

    def __init__(self, bot: KhlorBot):
        self.level = bot.level
        self._bot = bot

    def decide(
        self, knowledge: KhlorKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str:
        return self._bot.decide(knowledge.view(), prompt, rng)
