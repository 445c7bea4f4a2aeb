"""An honest history: each decision names who made it at the time (the player, the server's
default at a deadline, a bot playing for them, a substitute), in English and Ukrainian, in the
log's lines and its `actor`; a seat changing hands renames no past line."""

from __future__ import annotations

import pytest

from accounts.models import Profile
from common import clock
from games.models import Actor, GameEvent
from tests.games.absences.conftest import HOUR, NOON, answer, open_step, tick_at, two_player_game
from tests.players import url

pytestmark = pytest.mark.holidays


def _log(player, game, lang: str, at) -> list[dict]:
    Profile.objects.filter(user=player.user).update(language=lang)
    with clock.frozen_at(at):
        response = player.get(url(game, "log") + "?after=0&limit=500")
    assert response.status_code == 200, response.content
    return response.json()["events"]


def _decisions_of(log: list[dict], seat: int) -> list[dict]:
    return [entry for entry in log if entry["type"] == "decision" and entry["seat"] == seat]


def test_the_history_of_a_game_with_a_bot_and_a_substitute_names_each_actor(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    settings.HOLIDAY_DAYS_PER_YEAR = 0  # boris vanishes with no holiday to hold the game
    anna, _boris, game = two_player_game(make_player)
    answer(anna, game, NOON)
    deadline = open_step(game).deadline
    tick_at(deadline)  # boris's default, and a bot plays his seat from now on
    answer(anna, game, deadline + HOUR)  # the bot answers for boris once anna has
    assert GameEvent.objects.filter(game=game, seat=1, actor=Actor.BOT).exists()

    cleo = make_player("cleo")
    with clock.frozen_at(deadline + 2 * HOUR):
        token = anna.post(url(game, "seats/1/substitute")).json()["token"]
        cleo.post(url(game, "substitute/accept"), {"token": token})
    answer(cleo, game, deadline + 3 * HOUR)

    at = deadline + 4 * HOUR
    english = _log(anna, game, "en", at)
    kinds = [
        (entry["actor"]["kind"], entry["actor"]["player"]) for entry in _decisions_of(english, 1)
    ]
    # In order: boris missed his first deadline, then a bot played for him, then cleo.
    assert kinds[0] == ("deadline", "boris") and ("bot", "boris") in kinds
    assert kinds[-1] == ("substitute", "cleo")
    assert kinds.index(("bot", "boris")) < kinds.index(("substitute", "cleo"))
    texts = [line["text"] for entry in english for line in entry["lines"]]
    assert "boris missed the deadline: the safe default was played" in texts
    assert not any("cleo missed the deadline" in text for text in texts)
    bot_lines = [
        line["text"]
        for entry in _decisions_of(english, 1)
        if entry["actor"]["kind"] == "bot"
        for line in entry["lines"]
    ]
    assert bot_lines and all("missed the deadline" not in text for text in bot_lines)
    assert any(text.startswith("Draft: a bot for boris") for text in bot_lines), bot_lines
    assert any(entry["actor"]["text"] == "cleo" for entry in _decisions_of(english, 1))

    ukrainian = _log(anna, game, "uk", at)
    texts = [line["text"] for entry in ukrainian for line in entry["lines"]]
    assert "boris: час вийшов, зіграно безпечний вибір за замовчуванням" in texts
    assert any("бот за boris" in text for text in texts)
    assert not any(text.startswith("cleo: час вийшов") for text in texts)
