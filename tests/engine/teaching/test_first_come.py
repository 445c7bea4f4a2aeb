"""Where an option's outcome depends on other seats' earlier tiles in the same phase, its
preview says so, in both languages: the exploration board (Military) and the deck's last
cards (Legislation, and Council played by Politics). The same tile runs for every seat in
turn order from the start player, every Legislation before any Council; the note is shown
only when a seat that may act first could take what the preview counts on."""

from __future__ import annotations

from tests.engine.playout import game
from tests.engine.teaching.test_traps import _at_the_dice

EXPLORE = ("if nobody explores them first", "якщо ніхто не дослідить їх раніше")
DECK = (
    "if nobody draws the deck's last cards first",
    "якщо ніхто раніше не візьме останні карти стосу",
)


def _preview(table, seat, option_id, lang):
    options = game.prompt_dict(table.state, seat, lang, previews=True)["options"]
    return next(o for o in options if o["id"] == option_id)["preview"]["text"]


def _both(table, seat, option_id):
    return _preview(table, seat, option_id, "en"), _preview(table, seat, option_id, "uk")


def _says(texts, note) -> bool:
    (english, ukrainian), (en_note, uk_note) = texts, note
    assert (en_note in english) == (uk_note in ukrainian), texts
    return en_note in english


def test_military_says_the_spaces_may_be_explored_first_by_a_seat_ahead():
    table = _at_the_dice(troops=6)
    table.edit(1, troops=6)
    table.roll([2, 3], [3, 3])  # seat 0 rolls lowest: it starts, seat 1 acts after it
    assert table.state.start_player == 0
    later = _both(table, 1, "tile:4")
    assert _says(later, EXPLORE), later
    assert "spaces within reach" in later[0]
    first = _both(table, 0, "tile:4")
    assert not _says(first, EXPLORE), "nobody explores before the start player's Military"


def test_military_with_no_space_within_reach_does_not_speak_of_others_first():
    table = _at_the_dice(troops=0, military=1)
    table.edit(1, troops=0)
    table.roll([2, 3], [3, 3])
    texts = _both(table, 1, "tile:4")
    assert "0 spaces within reach" in texts[0]
    assert not _says(texts, EXPLORE)


def _short_deck(table, cards):
    state = table.state
    state.deck_unseen, state.deck_bottom = state.deck_unseen[:cards], []
    state.cache = {}


def test_legislation_says_the_last_cards_may_be_drawn_first_when_the_deck_runs_short():
    table = _at_the_dice()
    table.roll([2, 3], [3, 3])
    assert not _says(_both(table, 1, "tile:1"), DECK), "a full deck: nothing to say"
    _short_deck(table, 3)  # seat 0's Legislation may take 2 of the 3 before seat 1's
    assert _says(_both(table, 1, "tile:1"), DECK)
    assert not _says(_both(table, 0, "tile:1"), DECK), "the start player draws first"


def test_council_says_the_last_cards_may_be_drawn_first_when_the_deck_runs_short():
    table = _at_the_dice()
    table.give(0, "council")
    table.roll([2, 3], [3, 3])
    _short_deck(table, 4)  # 2 for the other's Legislation, 2 left for the Council
    assert not _says(_both(table, 0, "tile:5"), DECK)
    _short_deck(table, 3)  # the other seat's Legislation comes before any Council
    previews = _both(table, 0, "tile:5")
    assert "Council" in previews[0]
    assert _says(previews, DECK)


def test_a_tile_nobody_can_take_first_says_nothing_of_the_kind():
    table = _at_the_dice(troops=6)
    table.roll([2, 3], [3, 3])
    _short_deck(table, 1)
    for tile in (0, 2, 3, 6):
        texts = _both(table, 1, f"tile:{tile}")
        assert not _says(texts, EXPLORE) and not _says(texts, DECK), (tile, texts)
