"""A complete 3-player game through the HTTP API, played by clients that only read prompts."""

import random

from games.models import Game
from games.write.state_store import engine_game, load_state
from tests.players import start_game


def test_three_bot_clients_play_a_whole_game_to_the_final_scores(make_player):
    players = [make_player(name) for name in ("ann", "ben", "cat")]
    game = start_game(players)
    base = f"/api/v1/games/{game.public_id}/"
    rng = random.Random(2024)
    decisions = 0
    while True:
        moved = False
        for player in players:
            prompt = player.get(base + "prompt/").json()["prompt"]
            if prompt is None:
                continue
            option = rng.choice(prompt["options"])["id"]
            response = player.post(base + "decisions/", {"prompt": prompt["id"], "option": option})
            assert response.status_code == 200, response.content
            decisions += 1
            moved = True
        if not moved:
            break

    detail = players[0].get(base).json()
    assert detail["status"] == "finished", detail["waiting_for"]
    assert detail["round"] == 9
    scores = detail["scores"]
    assert scores["final"] is True and len(scores["totals"]) == 3
    assert sorted(seat for place in scores["ranking"] for seat in place["seats"]) == [0, 1, 2]
    assert decisions > 100

    game = Game.objects.get(pk=game.pk)
    log = players[1].get(base + "log/?limit=500").json()
    assert [e["seq"] for e in log["events"]] == list(range(1, game.last_seq + 1))
    replayed = engine_game(game).scores(load_state(game, upto=game.last_seq))
    assert replayed["totals"] == scores["totals"]
