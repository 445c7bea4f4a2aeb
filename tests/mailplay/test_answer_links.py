"""Answer links: a GET shows and changes nothing; the POST decides once; old links explain."""

from __future__ import annotations

import re

from django.test import Client

from common import clock
from games.models import GameEvent
from tests.mailplay.conftest import latest_email
from tests.players import start_game, url

LINK = re.compile(r"https://khora\.example(/mail/answer/[^/\s]+/)")


def _setup(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    links = LINK.findall(latest_email(alice.user).body_text)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    assert len(links) == len(prompt["options"])
    return alice, bob, game, links, prompt


def _decisions(game) -> int:
    return GameEvent.objects.filter(game=game, seat=0, type="decision").count()


def test_opening_a_link_changes_nothing_and_the_button_decides_once(make_player):
    _, _, game, links, prompt = _setup(make_player)
    browser = Client()

    page = browser.get(links[1])
    assert page.status_code == 200
    html = page.content.decode()
    assert "Confirm your answer" in html and prompt["options"][1]["label"] in html
    assert '<form method="post">' in html and "csrfmiddlewaretoken" in html
    browser.get(links[1])  # a mail scanner opens it again
    assert _decisions(game) == 0

    done = browser.post(links[1])
    # The answer taken, the page says what was played (and logs no one in: see
    # test_answer_link_trust).
    assert done.status_code == 200
    assert prompt["options"][1]["label"] in done.content.decode()
    event = GameEvent.objects.filter(game=game, seat=0, type="decision").get()
    assert event.payload["option"] == prompt["options"][1]["id"]

    stranger = Client()
    again = stranger.post(links[2])  # another option of the same, answered prompt
    assert "This question is no longer open" in again.content.decode()
    assert _decisions(game) == 1
    assert "_auth_user_id" not in stranger.session, "a link that decides nothing logs no one in"


def test_an_old_prompts_link_explains_and_shows_the_current_prompt(make_player):
    alice, bob, game, links, _ = _setup(make_player)
    Client().post(links[0])
    bob_prompt = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": bob_prompt["id"], "option": bob_prompt["default"]})
    current = alice.get(url(game, "prompt")).json()["prompt"]
    assert current is not None, "the draft goes on: alice is asked again"

    page = Client().get(links[0]).content.decode()

    assert "This question is no longer open" in page and "Nothing was played" in page
    assert current["text"] in page
    for option in current["options"]:
        assert option["label"] in page
    fresh = LINK.findall(latest_email(alice.user).body_text)
    assert Client().post(fresh[0]).status_code == 200
    assert GameEvent.objects.filter(game=game, seat=0, payload__prompt=current["id"]).exists()


def test_a_link_expires_at_the_steps_deadline_and_a_forged_one_does_not_work(make_player):
    _, _, game, links, _ = _setup(make_player)
    with clock.frozen_at(clock.now().replace(year=clock.now().year + 1)):
        expired = Client().post(links[0]).content.decode()
    assert "This link has expired" in expired
    assert _decisions(game) == 0

    token = links[0].split("/")[-2]
    forged = Client().post(f"/mail/answer/{token[:-2]}xx/")
    assert forged.status_code == 404 and "This link does not work" in forged.content.decode()
    assert _decisions(game) == 0
