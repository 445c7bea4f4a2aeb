"""The race of issue 13 (defect 3): two seats send their last answer of a step three times
each, all at once, while the game then needs the server (a bot seat plays next)."""

from __future__ import annotations

import time

from games.models import Game, GameEvent
from tests.games.write.test_concurrency import submit_all_at_once
from tests.players import start_game, url

ROUNDS = 50
ADVANCE_WITHIN = 5.0  # seconds


def race_once(players) -> float:
    """Start a game (two players and a bot), race the players' answers, and return how long
    the game then waited on the server before it advanced (fails after ADVANCE_WITHIN)."""
    game = start_game(players, seats=3)
    _wait_until(lambda: _settled(game), timeout=ADVANCE_WITHIN)  # the setup's advance
    requests = []
    for player in players:
        prompt = player.get(url(game, "prompt")).json()["prompt"]
        body = {"prompt": prompt["id"], "option": prompt["default"]}
        requests += [(player.token, url(game, "decisions"), body, {})] * 3
    before = GameEvent.objects.filter(game=game).count()
    responses = submit_all_at_once(requests)
    raced = time.monotonic()
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200, 200, 409, 409, 409, 409], [r.content for r in responses]

    def advanced() -> bool:
        # both answers landed and the bot's next answer too: the advance ran
        return _settled(game) and GameEvent.objects.filter(game=game).count() > before + 2

    _wait_until(advanced, timeout=ADVANCE_WITHIN)
    return time.monotonic() - raced


def _settled(game) -> bool:
    row = Game.objects.get(pk=game.pk)
    return row.last_seq > 0 and not row.needs_advance


def _wait_until(predicate, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not advance within {timeout} s")
        time.sleep(0.02)
