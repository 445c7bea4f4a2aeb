"""The first hour's remaining pieces (issue 49): a card to draft shows its price and needs on
its button, a game against bots without a name is told by its players and day, the lobby's
finished games say where you placed, and what was only in hover titles is text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from html import unescape

import pytest

from accounts.models import Profile
from engine.khora import catalog, facts
from games import selectors, services
from games.models import Game
from notifications import prompts
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

NOTHING_NOW = {lang: catalog.text("preview.nothing_now", lang) for lang in ("en", "uk")}


def _buttons(html: str) -> list[str]:
    found = re.findall(r'<button type="submit" name="option"[^>]*>(.*?)</button>', html, re.S)
    return [unescape(re.sub(r"<[^>]+>", " ", button)) for button in found]


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_card_to_draft_shows_its_price_and_needs_and_no_noise(lang):
    ada, ben = make_user("ada", language=lang), make_user("ben")
    game = start_game([ada, ben], seats=2)
    prompt = selectors.game_prompt(game, ada, lang)
    assert prompt["kind"] == "draft_pick"
    html = client_for(ada).get(f"/games/{game.public_id}/").content.decode()
    buttons = _buttons(html)
    assert len(buttons) == len(prompt["options"])
    for option, button in zip(prompt["options"], buttons, strict=True):
        card = facts.card(option["data"]["card"], lang)
        price = f"{card['cost']} {'dr.' if lang == 'en' else 'др.'}" if card["cost"] else None
        assert option["label"] in button
        if price:
            assert price in button, button
        if any(card["needs"].values()):
            assert ("needs" if lang == "en" else "потрібно") in button, button
        assert NOTHING_NOW[lang] not in button  # drafting changes nothing yet: not said


def test_a_game_against_bots_is_named_by_its_player_the_bots_and_the_day(settings):
    settings.TIME_ZONE = "UTC"
    ada = make_user("ada")
    client = client_for(ada)
    response = client.post("/games/new/against-bots/", {"level": "standard"})
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 11, 28, 9, tzinfo=UTC))
    assert game.name == ""
    assert "ada vs 2 bots, 28 Nov" in client.get(response["Location"]).content.decode()
    assert "ada vs 2 bots, 28 Nov" in client.get("/").content.decode()
    Profile.objects.filter(user=ada).update(language="uk")
    assert "ada проти 2 ботів, 28 листопада" in client.get(response["Location"]).content.decode()
    # A name given is kept; a game of people only is still "whose game".
    named = start_game([ada, make_user("ben")], seats=2)
    assert "Test table" in client.get(f"/games/{named.public_id}/").content.decode()
    Profile.objects.filter(user=ada).update(language="en")
    Game.objects.filter(pk=named.pk).update(name="")
    assert "ada's game" in client.get(f"/games/{named.public_id}/").content.decode()
    # A username is escaped inside the telling name (the sentence's own apostrophe is not).
    Game.objects.filter(pk=game.pk).update(creator=make_user("<b>o'neil"))
    page = client.get(f"/games/{game.public_id}/").content.decode()
    assert "&lt;b&gt;o&#x27;neil vs 2 bots" in page and "<b>o'neil" not in page


@pytest.mark.parametrize(
    ("lang", "ranking", "said"),
    [
        ("en", [[1], [0], [2]], "2nd of 3, 26 Nov"),
        ("uk", [[1], [0], [2]], "2-ге місце з 3, 26 листопада"),
        ("en", [[0, 1], [2]], "1st of 3 (shared), 26 Nov"),
    ],
)
def test_the_lobby_says_when_a_finished_game_ended_and_where_you_placed(
    monkeypatch, settings, lang, ranking, said
):
    settings.TIME_ZONE = "UTC"
    ada = make_user("ada", language=lang)
    game = services.game_create(
        creator=ada, game_type="khora", seats=3, options={}, step_hours=24, name="Ended"
    )
    ended = datetime(2026, 11, 26, 20, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=ended)
    places = [{"place": n, "seats": seats} for n, seats in enumerate(ranking, 1)]
    monkeypatch.setattr("games.selectors.final_ranking", lambda game: places)
    lobby = client_for(ada).get("/").content.decode()
    finished = lobby[lobby.index('id="finished-title"') :]
    assert said in finished


def test_event_times_and_exploration_marks_are_text_not_hover_titles():
    ada, ben = make_user("ada"), make_user("ben")
    game = start_game([ada, ben], seats=2)
    html = client_for(ada).get(f"/games/{game.public_id}/").content.decode()
    history = html[html.index('class="card history"') :]
    times = re.findall(r'<time class="at" datetime="[^"]+">([^<]+)</time>', history)
    assert times and all(re.fullmatch(r"\d{1,2} \w+ \d\d:\d\d", t) for t in times), times
    assert 'class="seq" title=' not in html
    assert "troops needed</span>" in html and "troops lost</span>" in html
    assert 'title="troops' not in html
    Profile.objects.filter(user=ada).update(language="uk")
    html = client_for(ada).get(f"/games/{game.public_id}/").content.decode()
    times = re.findall(r'<time class="at" datetime="[^"]+">([^<]+)</time>', html)
    assert times and all(re.fullmatch(r"\d{1,2} \w+ \d\d:\d\d", t) for t in times), times
    assert not any(t.split()[1][0].isupper() for t in times), times  # "28 листопада", not "Лис"


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_emails_drop_the_same_noise_under_a_card_but_not_under_other_options(lang):
    quiet = {"text": NOTHING_NOW[lang], "warnings": [{"code": "x", "text": "careful"}]}
    card = prompts.quiet_preview({"id": "a", "data": {"card": "archives"}}, quiet, lang)
    assert card["text"] == "" and card["warnings"] == quiet["warnings"]  # warnings kept
    other = prompts.quiet_preview({"id": "b", "data": {}}, quiet, lang)
    assert other["text"] == NOTHING_NOW[lang]  # elsewhere it says a choice does nothing yet
