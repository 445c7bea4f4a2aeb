"""The game page tells the engine's own words in the player's language: the narrated history,
the prompt with the options it leaves out and why, and every card, event, city and
development; a Ukrainian page holds none of the engine's English for them."""

from __future__ import annotations

import re
from html import unescape

import pytest

from accounts.models import Profile
from games import selectors
from games.models import Game
from tests.web.conftest import client_for, make_user, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def prompt_leaves_something_out(user):
    def reached(game: Game) -> bool:
        prompt = selectors.game_prompt(game, user)
        return bool(prompt and prompt["unavailable"])

    return reached


@pytest.fixture
def asked():
    """A 3-seat game (a bot in the last seat) where seat 0's prompt leaves options out."""
    people = [make_user("alkmene"), make_user("bion")]
    game = start_game(people, seats=3)
    game = play(game, people, prompt_leaves_something_out(people[0]))
    assert game.status == Game.Status.ACTIVE
    return game, people


def page_in(game: Game, user, lang: str) -> str:
    Profile.objects.filter(user=user).update(language=lang)
    html = client_for(user).get(f"/games/{game.public_id}/").content.decode()
    assert f'<html lang="{lang}">' in html
    return unescape(html)


def section(html: str, css_class: str) -> str:
    match = re.search(rf'<section class="{css_class}.*?</section>', html, re.S)
    assert match, f"no {css_class} section"
    return match.group(0)


def engine_texts(game: Game, user, lang: str) -> set[str]:
    """What the engine says to `user` in `lang`: prompt, options, options left out and why,
    cards, events, cities, developments, track rewards, and the newest history lines."""
    detail = selectors.game_detail(game, user, lang)
    prompt, view = detail["prompt"], detail["view"]
    texts = {prompt["text"], *(o["label"] for o in prompt["options"])}
    for item in prompt["unavailable"]:
        texts |= {item["label"], *item["reasons"]}
    event = view["current_event"]
    if event:
        texts |= {event["name"], event["text"]}
    for player in view["players"]:
        for card in player["played_cards"] + player.get("hand", []):
            texts |= {card["name"], card["text"]}
        texts |= {player["city"]["name"], *(d["text"] for d in player["development_ladder"])}
        texts |= {n["reward_text"] for n in player["next_levels"].values() if n and n["reward"]}
    seat = detail["your_seat"]
    told = selectors.game_history(game, seat, after=game.last_seq - 3, limit=3, lang=lang)
    return texts | {line["text"] for line in told["lines"]}


def test_prompt_shows_what_it_leaves_out_and_why(asked):
    game, people = asked
    prompt = selectors.game_prompt(game, people[0])
    html = page_in(game, people[0], "en")
    asking = section(html, "prompt card")
    left_out = asking.split('class="unavailable"')[1]
    for item in prompt["unavailable"]:
        assert item["label"] in left_out and all(why in left_out for why in item["reasons"])
        assert f'value="{item["id"]}"' not in asking  # shown, never a button to press
    for option in prompt["options"]:
        assert f'value="{option["id"]}"' in asking
    # The other player sees only what their own prompt leaves out (none without a prompt).
    other = page_in(game, people[1], "en").split("Cities")[0]
    theirs = selectors.game_prompt(game, people[1])
    assert ('class="unavailable"' in other) == bool(theirs and theirs["unavailable"])
    for item in prompt["unavailable"]:
        if not theirs or item["label"] not in [i["label"] for i in theirs["unavailable"]]:
            assert item["label"] not in other


def test_history_is_the_engines_narration_in_the_page_language(asked):
    game, people = asked
    for lang, heading in (("en", "What happened"), ("uk", "Що сталося")):
        told = selectors.game_history(game, 0, after=game.last_seq - 8, limit=8, lang=lang)
        expected: dict[int, list[str]] = {}
        for line in told["lines"]:
            expected.setdefault(line["seq"], []).append(line["text"])
        assert expected, "the last events caused lines"
        history = section(page_in(game, people[0], lang), "card history")
        assert heading in history
        shown = {
            int(seq): [
                re.sub(r' <a class="rule".*?</a>', "", line)  # the link to the rules
                for line in re.findall(r"<li>(.*?)</li>", lines)
            ]
            for seq, lines in re.findall(
                r'class="seq"[^>]*>(\d+)[ <].*?<ul>(.*?)</ul>', history, re.S
            )
        }
        assert all(shown[seq] == texts for seq, texts in expected.items())
        assert list(shown) == sorted(shown, reverse=True), "the newest event comes first"
        assert "alkmene" in history or "bion" in history  # players by their usernames


def test_ukrainian_page_has_no_english_engine_text(asked):
    game, people = asked
    english = engine_texts(game, people[0], "en")
    ukrainian = engine_texts(game, people[0], "uk")
    html = page_in(game, people[0], "uk")
    for text in ukrainian:
        assert text in html, f"missing Ukrainian engine text {text!r}"
    for text in english - ukrainian:
        # Names of people and numbers read the same in both; words must not.
        if re.search(r"[A-Za-z]{3,}", re.sub(r"alkmene|bion", "", text)):
            assert text not in html, f"English engine text on the Ukrainian page: {text!r}"
    assert "Зараз недоступно" in section(html, "prompt card")
