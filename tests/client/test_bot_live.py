"""The example bot (clients/python/examples/random_bot.py) plays a whole 3-player game against
two random players (the server's bots) through the client, against the live test server."""

from __future__ import annotations

import random

import pytest
from khora_client import KhoraClient
from random_bot import play

# The live server serves the bot's stream and its decisions at once, from several threads: on
# SQLite they would share the test's one in-memory connection (tests/games/api/test_schemathesis.py
# says why), so this runs on PostgreSQL, and fails rather than skips under CI=true.
pytestmark = pytest.mark.postgres


def test_the_example_bot_finishes_a_game(make_player, live_server, settings):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    zoe = make_player("zoe")
    client = KhoraClient(live_server.url, timeout=10)
    client.login("zoe", "correct horse battery staple")
    game = client.create_game(3, name="Bot against bots")
    client.start(game["id"], fill_with_bots=True)
    assert [g["id"] for g in client.games("mine")] == [game["id"]]
    final = play(client, game["id"], random.Random(7))
    assert final["status"] == "finished" and len(final["scores"]["totals"]) == 3
    log = client.log(game["id"])
    mine = [e for e in log["events"] if e["type"] == "decision" and e["seat"] == 0]
    # The bot made every decision of its seat: a whole game's worth, none left to a deadline.
    assert len(mine) > 30 and not any(e.get("auto") for e in mine)
    assert zoe
