"""A scenario table with the staging helpers the content tests share.

`ContentTable` extends the shared `Table` without changing it: it moves politics cards between
the deck, hands and play (so the 40 cards stay 40), plays a round on safe defaults to reach the
next event, and takes before/after snapshots of a seat.
"""

from __future__ import annotations

from engine.khora import flow
from engine.khora.state import State
from tests.engine.scenario import Table

TRACKED = (
    "vp",
    "drachma",
    "citizens",
    "troops",
    "philosophy",
    "tax",
    "glory",
    "economy",
    "culture",
    "military",
)


def chance_kind(state: State) -> str | None:
    request = flow.chance_request(state)
    return request["kind"] if request else None


class ContentTable(Table):
    # --- staging cards ------------------------------------------------------------------

    def _take_card(self, card: str) -> None:
        """Lift a card out of wherever it is (deck or any hand or play area)."""
        state = self.state
        for pile in (state.deck_unseen, state.deck_bottom):
            if card in pile:
                pile.remove(card)
                return
        for player in state.players:
            for pile in (player.hand, player.played):
                if card in pile:
                    pile.remove(card)
                    return
        raise AssertionError(f"{card} is nowhere to be found")

    def give(self, seat: int, *cards: str) -> None:
        """Put cards into a seat's hand, taken from wherever they were."""
        for card in cards:
            self._take_card(card)
            self.state.players[seat].hand.append(card)
        self.state.cache = {}

    def put_in_play(self, seat: int, *cards: str) -> None:
        """Put cards face up in front of a seat, as if played earlier."""
        for card in cards:
            self._take_card(card)
            self.state.players[seat].played.append(card)
        self.state.cache = {}

    def empty_hands(self) -> None:
        """Send every hand back to the unseen deck, so a test controls each card held."""
        for player in self.state.players:
            self.state.deck_unseen.extend(player.hand)
            player.hand = []
        self.state.deck_unseen.sort()
        self.state.cache = {}

    # --- moving on ----------------------------------------------------------------------

    def settle_dice(self) -> None:
        """After the reveal: answer 'Done' for seats only offered philosophy-for-citizens."""
        while True:
            waiting = [
                seat
                for seat, kind in self.kinds().items()
                if kind == "adjust_citizens" and "done" in self.option_ids(seat)
            ]
            if not waiting:
                return
            self.decide(waiting[0], "done")

    def play_until(self, until) -> None:
        """Safe defaults (and seeded chance) for every seat until `until(state)` holds."""
        self.answer_defaults(until=until)

    def reveal_next_event(self, event: str) -> None:
        """Play on defaults to the next event announcement and reveal `event` there.

        The round's tax is paid straight after; the table then waits for the dice.
        """
        self.play_until(lambda state: chance_kind(state) == "event")
        self.chance(kind="event", event=event)

    def skip_to_progress(self) -> None:
        self.play_until(lambda state: state.phase == "progress")

    # --- reading ------------------------------------------------------------------------

    def snapshot(self, seat: int) -> dict:
        player = self.state.players[seat]
        values = {name: getattr(player, name) for name in TRACKED}
        values["hand"] = len(player.hand)
        values["tokens"] = player.token_count()
        return values

    def delta(self, seat: int, before: dict) -> dict:
        """What changed for the seat since `before`: only the non-zero differences."""
        after = self.snapshot(seat)
        return {k: after[k] - before[k] for k in after if after[k] != before[k]}

    def option_labels(self, seat: int) -> dict[str, str]:
        return {option.id: option.label for option in self.prompt(seat).options}


# --- tables that stop where a content test needs them ------------------------------------


def with_rival(city: str) -> list[str]:
    """Seat 0's city and a different one for seat 1."""
    return [city, "miletus" if city != "miletus" else "argos"]


def politics_turn(card: str | None, *, cities=("argos", "miletus"), seats=2, **staging):
    """A table where seat 0 is about to answer its Politics action with `card` in hand.

    Seat 0 puts Politics (5) and Development (6) on a 5 and a 6, so no citizens are paid; the
    others take Philosophy and Culture, which ask nothing.
    """
    table = ContentTable(list(cities)[:seats])
    table.empty_hands()
    if card:
        table.give(0, card)
    table.edit(0, **{"philosophy": 0, **staging})
    table.roll([5, 6], *([[3, 3]] * (seats - 1)))
    table.assign(0, 5, 6)
    for seat in range(1, seats):
        table.assign(seat, 0, 2)
    table.settle_dice()
    return table


def offered(table: ContentTable, card: str) -> bool:
    """Is seat 0 asked to play, with `card` among its options? (No playable card: no prompt.)"""
    return table.kinds().get(0) == "play_politics" and f"card:{card}" in table.option_ids(0)


def action_gains(tile: int, played=(), city="argos", **staging) -> dict:
    """What seat 0 gains from one action tile, up to its first question (or the progress)."""
    table = ContentTable(with_rival(city))
    table.empty_hands()
    table.put_in_play(0, *played)
    table.edit(0, **{"philosophy": 0, **staging})
    before = table.snapshot(0)
    other = 5 if tile != 5 else 6  # a tile that asks nothing with an empty hand
    table.roll([6, 6], [3, 3])
    table.assign(0, tile, other)
    table.assign(1, 0, 2)
    return table.delta(0, before)


def at_progress(played=(), city="argos", development=1, **staging) -> ContentTable:
    """Seat 0 at its progress prompt; cards and developments are in place before the phase
    starts (it counts the levels allowed when it begins)."""
    table = ContentTable(with_rival(city))
    table.empty_hands()
    table.put_in_play(0, *played)
    table.edit(0, development=development)
    table.skip_to_progress()
    table.edit(0, **{"philosophy": 0, **staging})
    assert table.kinds()[0] == "progress"
    return table


def development_turn(city: str, development: int, **staging) -> ContentTable:
    """Seat 0 (on `development`) at its Development action prompt.

    Seat 0 puts Development (6) and Politics (5) on two 6s; with an empty hand (and no glory
    for Thebes to exchange), Politics asks nothing, so the next question is the development.
    """
    table = ContentTable(with_rival(city))
    table.empty_hands()
    table.edit(0, **{"development": development, "philosophy": 0, "glory": 0, **staging})
    table.roll([6, 6], [3, 3])
    table.assign(0, 6, 5)
    table.assign(1, 0, 2)
    table.settle_dice()
    return table
