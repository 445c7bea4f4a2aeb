"""Games advanced by a real Celery worker through Redis, on PostgreSQL."""

import random

from games.models import Game, GameEvent
from tests.integration.conftest import wait_for
from tests.server.conftest import start_game, url


def test_bots_play_a_whole_game_through_the_api_and_the_worker_advances_it(
    make_player, start_worker
):
    start_worker()
    players = [make_player(name) for name in ("alice", "bob", "carol")]
    game = start_game(players)
    rng = random.Random(5)

    def someone_is_asked():
        return any(p.get(url(game, "prompt")).json()["prompt"] for p in players) or (
            Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        )

    while Game.objects.get(pk=game.pk).status != Game.Status.FINISHED:
        wait_for(someone_is_asked, timeout=20)
        for player in players:
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                option = rng.choice(prompt["options"])["id"]
                response = player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": option}
                )
                assert response.status_code == 200, response.content

    game.refresh_from_db()
    assert not game.needs_advance
    seqs = list(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, game.last_seq + 1))
    scores = players[0].get(url(game)).json()["scores"]
    assert scores["final"] and len(scores["totals"]) == 3
