"""The live region's news (web/announcements.py): what others did since the table the browser
had, never the viewer's own moves, and a forged or stale `since` only shortens what is said."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games import selectors
from tests.web.conftest import client_for, in_round, make_user, play, start_game
from web import announcements

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("raw", [None, "", "abc", "-1", "1.5", "9999999999", "1e3", "٣"])
def test_a_since_that_is_no_event_of_the_game_is_none(raw):
    assert announcements.since_from(raw, last_seq=40) is None


def test_a_since_is_an_event_of_the_game():
    assert announcements.since_from("0", last_seq=40) == 0
    assert announcements.since_from("40", last_seq=40) == 40
    assert announcements.since_from("41", last_seq=40) is None


def _table_news(response) -> str:
    found = re.search(r'<p id="table-news" hidden>(.*?)</p>', response.content.decode(), re.S)
    assert found, "the table has no news paragraph"
    return unescape(found.group(1)).strip()


def test_the_news_are_the_latest_lines_of_others_and_then_the_question():
    users = [make_user("iris"), make_user("jason")]
    game = play(start_game(users, seats=3), users, in_round(2))
    iris = users[0]
    seat = selectors.game_detail(game, iris)["your_seat"]
    since = game.last_seq - 8
    told = selectors.game_history(game, seat, after=since, limit=20)["lines"]
    others = [line["text"] for line in told if line["by"] != seat]
    assert others  # the other player, the bot and chance moved in the last 8 events

    news = announcements.news(game, seat, since, "en")
    assert news == others[-announcements.NEWS_LINES :]
    assert not set(news) & {line["text"] for line in told if line["by"] == seat}

    client = client_for(iris)
    url = f"/games/{game.public_id}/"
    polled = client.get(url, {"since": since}, HTTP_HX_REQUEST="true")
    said = _table_news(polled)
    assert all(line in said for line in news)
    prompt = selectors.game_prompt(game, iris)
    if prompt is not None:
        assert said.endswith(f"Your move: {prompt['text']}")
    # The table names its own last event for its next poll and its answer.
    assert f"?since={game.last_seq}" in polled.content.decode()
    assert f'name="since" value="{game.last_seq}"' in polled.content.decode() or prompt is None

    for forged in ("99999999999", "x", str(game.last_seq)):
        response = client.get(url, {"since": forged}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        assert not any(line in _table_news(response) for line in news)
