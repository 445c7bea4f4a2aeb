"""The client against the live test server: run_bot plays two games at once from the
player's stream, play_game one from its own stream, each decision the bot's (none left to a
deadline), and the typed reads of a finished game."""

from __future__ import annotations

import random

import pytest
from khora_client import KhoraClient, play_game, run_bot
from khora_client.examples import random_bot
from khora_client.examples.random_bot import random_policy

# The live server serves the bot's stream and its decisions at once, from several threads: on
# SQLite they would share the test's one in-memory connection (tests/games/api/test_schemathesis.py
# says why), so this runs on PostgreSQL, and fails rather than skips under CI=true.
pytestmark = pytest.mark.postgres


def bot_decisions(client: KhoraClient, game_id: str, seat: int) -> list[dict]:
    return [e for e in client.entries(game_id) if e["type"] == "decision" and e["seat"] == seat]


def test_run_bot_plays_every_game_of_its_account_to_the_end(make_player, live_server, settings):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    make_player("zoe")
    client = KhoraClient(live_server.url, timeout=10)
    client.login("zoe", "correct horse battery staple")
    against_bot = client.create_game(2, bots=["random"], name="Against a bot")
    lobby = client.create_game(3, name="Filled with bots")
    client.start(lobby["id"], fill_with_bots=True, bot_level="random")
    assert {g["id"] for g in client.games("mine")} == {against_bot["id"], lobby["id"]}

    report = run_bot(client, random_policy(random.Random(7)), games=2)

    assert report.finished == {against_bot["id"]: "finished", lobby["id"]: "finished"}
    for game_id, seats in ((against_bot["id"], 2), (lobby["id"], 3)):
        final = client.game(game_id)
        assert final["status"] == "finished" and len(final["scores"]["totals"]) == seats
        assert [seat["bot_level"] for seat in final["seats"][1:]] == ["random"] * (seats - 1)
        mine = bot_decisions(client, game_id, 0)
        # The bot made every decision of its seat: a whole game's worth, none by a deadline.
        assert len(mine) > 20 and not any(e.get("auto") for e in mine)
    assert report.decisions == sum(
        len(bot_decisions(client, g, 0)) for g in (against_bot["id"], lobby["id"])
    )


def test_play_game_follows_one_game_s_stream(make_player, live_server, settings):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    make_player("zoe")
    client = KhoraClient(live_server.url, timeout=10)
    client.login("zoe", "correct horse battery staple")
    game = client.create_game(2, bots=["standard"])
    assert play_game(client, game["id"], lambda prompt: prompt["default"]) == "finished"
    history = client.history(game["id"])
    assert history["lines"] and all(isinstance(line["text"], str) for line in history["lines"])
    assert client.state(game["id"], 1)["at"] == 1
    assert client.prompt(game["id"]) is None


def test_the_example_command_plays_a_new_game_against_a_server_bot(
    make_player, live_server, settings, capsys
):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    zoe = make_player("zoe")
    argv = ["--server", live_server.url, "--token", zoe.token, "--new-game", "random"]
    assert random_bot.main(argv) == 0
    printed = capsys.readouterr().out
    game_id = printed.split()[1]  # "playing <id> against random"
    assert f"{game_id}: finished" in printed and "1 games ended" in printed
    final = KhoraClient(live_server.url, zoe.token).game(game_id)
    assert final["status"] == "finished" and final["seats"][1]["bot_level"] == "random"


def test_the_client_creates_and_plays_a_khlor_game(make_player, live_server, settings):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    make_player("zoe")
    client = KhoraClient(live_server.url, timeout=10)
    client.login("zoe", "correct horse battery staple")
    game = client.create_game(2, game="khlor", bots=["standard"], options={"board": "plain"})
    assert game["game"] == "khlor" and game["status"] == "active"
    assert play_game(client, game["id"], lambda prompt: prompt["default"]) == "finished"
    final = client.game(game["id"])
    assert final["game"] == "khlor" and len(final["scores"]["totals"]) == 2
    assert not any(e.get("auto") for e in bot_decisions(client, game["id"], 0))
