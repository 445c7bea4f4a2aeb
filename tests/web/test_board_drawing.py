"""The board drawn (web/drawing/): shapes and values for a known view, the text equivalent of
every picture, and no hidden information: a picture reads only the viewer's view, so another
seat's hand and sealed tiles never appear in it."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

import engine
from web.drawing.chart import score_chart
from web.drawing.city import city
from web.drawing.decks import decks
from web.drawing.exploration import exploration

KHORA = engine.get_game("khora")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def parsed(svg: str) -> ET.Element:
    """The picture as a tree, its tags without the SVG namespace (the page inlines it)."""
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" ')
    return ET.fromstring(svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1))


def texts(root: ET.Element, cls: str) -> list[str]:
    return [el.text or "" for el in root.iter("text") if cls in el.get("class", "").split()]


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter("g") if cls in el.get("class", "").split()]


def player(**changes) -> dict:
    """One player of a view, as the engine gives it (values chosen to be told apart)."""
    ladder = [
        {"level": 1, "cost": 0, "needs": {}, "text": "Start.", "unlocked": True},
        {"level": 2, "cost": 0, "needs": {"red": 1}, "text": "Second.", "unlocked": False},
        {"level": 3, "cost": 1, "needs": {"blue": 2}, "text": "Third.", "unlocked": False},
        {"level": 4, "cost": 2, "needs": {"green": 2}, "text": "Fourth.", "unlocked": False},
    ]
    base = {
        "seat": 0,
        "city": {"id": "athens", "name": "Athens"},
        "development_ladder": ladder,
        "development_level": 1,
        "next_levels": {
            "economy": {
                "level": 4,
                "price": 1,
                "list_price": 3,
                "reward": {},
                "reward_text": "5 VP",
            },
            "culture": {
                "level": 3,
                "price": 4,
                "list_price": 4,
                "reward": {},
                "reward_text": "tax",
            },
            "military": None,
        },
        "drachmas": 6,
        "vp": 17,
        "citizens": 12,
        "tax": 4,
        "glory": 2,
        "troops": 9,
        "economy": 3,
        "culture": 2,
        "military": 7,
        "philosophy_tokens": 2,
        "knowledge_tokens": {"blue_major": 1, "red_minor": 2},
        "played_cards": [],
        "hand_size": 5,
        "dice_count": 2,
        "dice": [5, 2],
        "tiles_assigned": 2,
        "tiles": [4, 0],
        "active_tiles": [4],
        "tiles_set_aside": [],
        "tiles_done": [0],
        "achievements": [],
    }
    return {**base, **changes}


def test_a_city_board_draws_its_ladders_tracks_tokens_developments_and_dice():
    root = parsed(city(player(), "alice", "en", key="c0"))
    assert root.get("role") == "img" and root.get("aria-labelledby") == "c0-t"
    assert root.get("aria-describedby") == "c0-d" and root.find("desc").get("id") == "c0-d"
    assert root.find("title").text == "City board of alice: Athens"
    # Economy level 3: levels 1-3 filled, the marker on 3; the next level at the view's price
    # (1, discounted), the level after at the printed one (level 5: 3 dr.).
    economy = groups(root, "t-economy")
    assert ["on" in g.get("class").split() for g in economy] == [True] * 3 + [False] * 4
    assert "next" in economy[3].get("class") and texts(economy[3], "price") == ["1"]
    assert texts(economy[4], "price") == ["3"]
    markers = [g.find("text").text for g in groups(root, "marker")]
    assert markers == [
        "3",
        "2",
        "7",
        "4",
        "2",
        "9",
        "12",
    ]  # ladders, then tax, glory, troops, citizens
    # Tokens: a hexagon for the major blue, a circle for the minor red, each with its letter.
    tokens = groups(root, "tok")
    assert [(t.get("class"), t.find("text").text) for t in tokens] == [
        ("tok k-red", "R"),
        ("tok k-blue major", "B"),
    ]
    assert tokens[0].find("circle") is not None and tokens[1].find("polygon") is not None
    assert texts(root, "count") == ["×2", "×1"]
    assert [g.get("class") for g in groups(root, "dev")] == ["dev on", "dev next", "dev", "dev"]
    # Dice as pips, each with its tile: Military (4) still to take, Philosophy (0) done.
    faces = groups(root, "die-face")
    assert [len(face.findall("circle")) for face in faces] == [5, 2]
    assert [g.get("class") for g in groups(root, "tile")] == ["tile up", "tile done"]
    assert texts(root, "tile-name") == ["Military", "Philosophy"]
    desc = root.find("desc").text
    for fact in (
        "VP: 17.",
        "Economy: 3/7, next level 4 for 1 dr., gives 5 VP.",
        "Military: 7/7, top level.",
        "Tax: 4/10.",
        "Citizens: 12/15.",
        "2× minor red",
        "level 1 of 4",
        "Dice: 5 (4 Military), 2 (0 Philosophy, done).",
    ):
        assert fact in desc, fact


def test_sealed_tiles_are_drawn_face_down_and_told_as_such():
    root = parsed(city(player(tiles=None, active_tiles=None, tiles_done=[]), "bob", "en", key="c1"))
    assert [g.get("class") for g in groups(root, "tile")] == ["tile down", "tile down"]
    assert texts(root, "tile-name") == []
    assert "a tile placed face down" in root.find("desc").text


def test_the_exploration_map_keeps_explored_spaces_as_empty_outlines():
    view = {
        "exploration": [
            {
                "id": "red-2-1",
                "colour": "red",
                "tier": "minor",
                "troops_required": 2,
                "troops_lost": 1,
                "drachmas": 0,
                "vp": 0,
            },
            {
                "id": "blue-9-9",
                "colour": "blue",
                "tier": "major",
                "troops_required": 9,
                "troops_lost": 9,
                "drachmas": 4,
                "vp": 4,
            },
        ],
        "persepolis_explored": True,
    }
    root = parsed(exploration(view, "en", key="ex"))
    spaces = [g for g in groups(root, "space")]
    assert [g.get("class") for g in spaces] == ["space k-red", "space k-blue major"]
    assert texts(root, "need") == ["Persepolis: explored", "⚔2 −1", "⚔9 −9"]
    assert texts(root, "bonus") == ["+4dr. +4VP"]
    gone = [r for r in root.iter("rect") if r.get("class") == "space gone"]
    assert len(gone) == 33 - 2
    assert "1 of 11 left" in texts(root, "row-name")
    desc = root.find("desc").text
    assert "blue: 1 of 11 spaces left: major blue knowledge token, needs 9 troops" in desc.lower()


def test_the_decks_picture_counts_the_decks_and_names_who_holds_an_achievement():
    view = {
        "round": 4,
        "current_event": {"id": "drought", "name": "Drought", "text": "..."},
        "events_left": 5,
        "politics_deck_size": 18,
        "achievements": {"citizens": [1]},
    }
    root = parsed(decks(view, ["alice", "bob"], "en", key="dk"))
    assert [t.text for t in root.iter("text") if "big" in t.get("class", "")] == ["5", "18"]
    taken = groups(root, "taken")
    assert len(taken) == 1 and taken[0].find("rect[@class='seat s1']") is not None
    desc = root.find("desc").text
    assert "Round 4, event: Drought." in desc and "12 citizens: bob" in desc
    assert "10 VP: nobody yet" in desc


def test_the_score_chart_has_a_line_and_a_marker_shape_per_seat_and_tells_every_value():
    points = [
        {"label": "1", "vp": [2, 3]},
        {"label": "2", "vp": [8, 5]},
        {"label": "final", "vp": [30, 41]},
    ]
    root = parsed(score_chart(points, ["alice", "bob"], key="ch"))
    lines = groups(root, "line")
    assert [g.get("class") for g in lines] == ["line s0", "line s1"]
    assert all(len(g.find("polyline").get("points").split()) == 3 for g in lines)
    assert lines[0].find("circle") is not None and lines[1].find("rect") is not None
    assert lines[1].find("polyline").get("stroke-dasharray")  # dashed: not told by colour alone
    assert root.find("desc").text == "alice: 1: 2, 2: 8, final: 30. bob: 1: 3, 2: 5, final: 41."


# --- hidden information ---------------------------------------------------------------------


def until(condition, seed: int = 2):
    """A 3-player game played with random choices (seat 1 first) until `condition(state)`."""
    rng = random.Random(seed)
    state = KHORA.new_game(3)
    for _ in range(3000):
        if condition(state):
            return state
        if KHORA.needs_chance(state):
            state = KHORA.apply(state, KHORA.sample_chance(state, rng))
            continue
        pending = KHORA.pending(state)
        seat = 1 if 1 in pending else min(pending)
        prompt = pending[seat]
        option = rng.choice(prompt.options).id
        state = KHORA.apply(state, KHORA.decide(state, seat, prompt.id, option))
    raise AssertionError("never reached")


def every_picture(view: dict) -> str:
    names = ["alice", "bob", "carol"]
    pictures = [city(p, names[p["seat"]], "en", key=f"c{p['seat']}") for p in view["players"]]
    return "".join(
        [*pictures, exploration(view, "en", key="ex"), decks(view, names, "en", key="dk")]
    )


@pytest.mark.parametrize("viewer", [0, None])
def test_another_seats_sealed_tiles_and_hand_never_appear_in_the_pictures(viewer):
    def sealed(state) -> bool:
        seat = KHORA.view(state, 0)["players"][1]
        return seat["tiles"] is None and seat["tiles_assigned"] == seat["dice_count"] > 0

    state = until(sealed)
    own = KHORA.view(state, 1)["players"][1]  # what only seat 1 sees
    drawn = every_picture(KHORA.view(state, viewer))
    bob = re.search(r'<svg[^>]*aria-labelledby="c1-t".*?</svg>', drawn, re.S).group(0)
    assert bob.count('class="tile down"') == own["dice_count"]
    assert 'class="tile up"' not in bob and 'class="tile-name' not in bob
    for card in own["hand"]:
        assert card["name"] not in drawn, card["name"]
    # ... and the same pictures for seat 1 itself do show its tiles.
    mine = every_picture(KHORA.view(state, 1))
    assert mine.count('class="tile up"') >= own["dice_count"]


def test_a_draft_hand_passed_around_never_appears_for_another_seat():
    def drafting(state) -> bool:
        return bool(KHORA.view(state, 1)["players"][1].get("draft_hand"))

    state = until(drafting)
    secret = KHORA.view(state, 1)["players"][1]
    drawn = every_picture(KHORA.view(state, 0))
    for card in secret["draft_hand"] + secret.get("draft_picks", []) + secret["hand"]:
        assert card["name"] not in drawn, card["name"]


# --- the score chart's data: the log replayed once, the view read as each round ends ---------


def test_score_walk_reads_each_rounds_victory_points_from_the_view_and_ends_on_the_totals():
    from games.selectors import score_walk

    rng = random.Random(5)
    state, events, seen = KHORA.new_game(2), [], {}
    while not KHORA.is_over(state):
        if KHORA.needs_chance(state):
            event = KHORA.sample_chance(state, rng)
        else:
            seat, prompt = min(KHORA.pending(state).items())
            event = KHORA.decide(state, seat, prompt.id, rng.choice(prompt.options).id)
        before = state.round
        state = KHORA.apply(state, event)
        events.append(event)
        if state.round != before and before:
            seen[before] = [p["vp"] for p in KHORA.view(state, None)["players"]]
    walked = score_walk(KHORA, 2, None, events, None)
    assert [r["round"] for r in walked["rounds"]] == list(range(1, state.round))
    assert {r["round"]: r["vp"] for r in walked["rounds"]} == seen
    assert walked["final"] == KHORA.scores(state)["totals"]
    assert any(vp for r in walked["rounds"] for vp in r["vp"])  # a game scores along the way


# --- on the page ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_game_page_draws_every_city_and_the_board_and_shows_no_other_seats_cards():
    from games import selectors
    from tests.web.conftest import client_for, make_user, start_game

    alice, bob = make_user("alice"), make_user("bob")
    game = start_game([alice, bob], seats=3)
    bob_view = selectors.game_detail(game, bob)["view"]["players"][1]
    secret = [c["name"] for c in bob_view.get("draft_hand", []) + bob_view.get("hand", [])]
    assert secret  # the draft has dealt bob cards only he may see
    for client in (client_for(alice), client_for()):
        html = client.get(f"/games/{game.public_id}/").content.decode()
        pictures = re.findall(r"<svg .*?</svg>", html, re.S)
        titles = [re.search(r"<title id=\"[^\"]+\">([^<]*)", svg).group(1) for svg in pictures]
        assert [t.startswith("City board of") for t in titles].count(True) == 3
        assert "Exploration board" in titles and "Event, decks and achievements" in titles
        assert all('role="img"' in svg and "<desc " in svg for svg in pictures)
        for name in secret:
            assert name not in html, name
