"""Khlor's table drawn (web/drawing/khlor.py): every demon and egg of a known view where it
lies, with its colour's letter (never colour alone), each square told in words, the circle
with the dragon and the two pieces ahead, and the placements' squares as links."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from engine.khlor import game as khlor
from web.drawing import khlor as drawing
from web.drawing.khlor import circle, placement_icon, placement_squares, square_at, valley

NS = ' xmlns="http://www.w3.org/2000/svg"'


def parsed(svg: str) -> ET.Element:
    assert svg.startswith("<svg" + NS)
    return ET.fromstring(svg.replace(NS, "", 1))


@pytest.fixture(scope="module")
def view() -> dict:
    """A 2-player game after its deal and a few random turns: stacks of 2, 1 and 0, eggs."""
    rng = random.Random(5)
    state = khlor.new_game(2)
    state = khlor.apply(state, khlor.sample_chance(state, rng))
    while sum(1 for _ in state.eggs) < 3:
        seat, prompt = next(iter(khlor.pending(state).items()))
        options = prompt.options if prompt.kind != "lay" else prompt.options[-1:]
        state = khlor.apply(state, khlor.decide(state, seat, prompt.id, rng.choice(options).id))
    return khlor.view(state, 0)


def test_every_demon_and_egg_is_drawn_on_its_square_with_its_letter(view):
    root = parsed(valley(view, "en", "v"))
    drawn = {}
    for group in root.iter("g"):
        classes = group.get("class", "").split()
        if "sq" in classes:
            name = group.find("text").text
            demons = [g for g in group.iter("g") if "demon" in g.get("class", "")]
            eggs = [g for g in group.iter("g") if "egg" in g.get("class", "").split()]
            drawn[name] = (
                [d.find("text").text for d in demons],
                [e.find("text").text for e in eggs],
                demons[-1].get("class").endswith("top") if demons else None,
            )
    letters = {"green": "G", "blue": "B", "yellow": "Y", "pink": "P", "purple": "V"}
    assert set(drawn) == set(view["squares"])  # 48 squares; D4 is the white egg's
    for name, square in view["squares"].items():
        demons, eggs, top_marked = drawn[name]
        assert demons == [letters[c] for c in square["demons"]]
        assert eggs == ([letters[square["egg"]]] if square["egg"] else [])
        assert top_marked in (None, True)
    assert any(square["egg"] for square in view["squares"].values())


def test_each_square_is_told_in_words_in_the_tooltip_and_the_description(view):
    name, square = next((n, s) for n, s in view["squares"].items() if len(s["demons"]) == 2)
    root = parsed(valley(view, "en", "v"))
    desc = root.find("desc").text
    bottom, top = square["demons"]
    assert f"{name}: demons {bottom}, {top} (on top)" in desc
    egg_square = next(n for n, s in view["squares"].items() if s["egg"])
    assert f"{egg_square}: a {view['squares'][egg_square]['egg']} egg" in desc
    assert "Letters: G green, B blue, Y yellow, P pink, V purple." in desc
    uk = parsed(valley(view, "uk", "v"))
    assert uk.find("title").text == "Долина" and "(згори)" in uk.find("desc").text
    assert root.get("role") == "img" and root.get("aria-labelledby") == "v-t"


def test_the_white_egg_lies_in_the_centre_and_row_7_on_top():
    assert square_at("D4") == (18 + 3 * 46, 3 * 46)
    assert square_at("A7")[1] == 0 and square_at("A1")[1] == 6 * 46


def test_anchor_squares_are_named_links_to_their_placements(view):
    root = parsed(valley(view, "en", "v", {"B2": 3, "C5": 1}, "at-"))
    links = {a.get("href"): a.find("title").text for a in root.iter("a")}
    assert set(links) == {"#at-B2", "#at-C5"}
    assert links["#at-B2"].endswith("3 placements from here")
    assert root.get("role") == "group"  # not "img", whose links a screen reader never reaches


def test_the_circle_marks_the_dragon_and_the_two_pieces_ahead(view):
    root = parsed(circle(view, "en", "c"))
    ahead = [g.find("text").text for g in root.iter("g") if g.get("class") == "piece ahead"]
    assert ahead == [p for p in view["circle"] if p in view["ahead"]] and len(ahead) == 2
    pieces = [g.find("text").text for g in root.iter("g") if "piece" in g.get("class", "")]
    assert pieces == view["circle"]
    assert f"The dragon stands before piece {view['dragon_before']}." in root.find("desc").text


def test_a_placement_names_its_squares_and_its_icon_draws_four_cells():
    assert placement_squares("T~:B1.C1.B2:A1") == (["B1", "C1", "B2"], "A1")
    assert placement_squares("keep") == ([], None)
    icon = parsed(placement_icon("T:B2.C2.D2:C3", "en"))
    assert icon.get("aria-hidden") == "true"
    assert len(icon.findall("rect")) == 4 and len(icon.findall("circle")) == 1


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["G green", "B2: demons", "1 egg", "5 eggs", "2 placements", "Supply"]),
        ("uk", ["З зелений", "B2: демони", "1 яйце", "5 яєць", "2 розміщення", "Запас"]),
    ],
)
def test_the_pages_words_come_from_webs_catalog_in_either_language(lang, said):
    """The words are gettext's (web/locale, context "Khlor"), in the language asked whatever
    the active one, with Ukrainian's plural forms."""
    with translation.override("uk" if lang == "en" else "en"):  # not the language asked
        told = [
            drawing.legend(lang),
            drawing.square_words("B2", {"demons": ["blue", "green"], "egg": None}, lang),
            drawing.eggs(1, lang),
            drawing.eggs(5, lang),
            drawing.placements(2, lang),
            drawing.word("supply", lang),
        ]
    assert all(part in text for part, text in zip(said, told, strict=True)), told
    assert drawing.square_words("C3", {"demons": [], "egg": "pink"}, lang) == (
        "C3: рожеве яйце" if lang == "uk" else "C3: a pink egg"
    )
