"""Idempotency keys are 8-255 visible ASCII characters and are remembered for 24 hours
(issue 13, D8)."""

from datetime import timedelta

import pytest

from common import clock
from games import services
from games.models import IdempotencyRecord
from games.workers.tasks import prune_idempotency_records
from tests.players import assert_problem, start_game, url


def open_prompt(player, game):
    return player.get(url(game, "prompt")).json()["prompt"]


# "" is what a server makes of a header sent as spaces: refused, never taken for no key
# (issue 41).
@pytest.mark.parametrize(
    "key", ["", "k", " ", "        ", "short-7", "tab\tkey-1", "clé-unicode-1"]
)
def test_a_key_that_is_not_8_to_255_visible_characters_is_refused(make_player, key):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    prompt = open_prompt(alice, game)
    response = alice.post(
        url(game, "decisions"),
        {"prompt": prompt["id"], "option": prompt["default"]},
        HTTP_IDEMPOTENCY_KEY=key,
    )
    body = assert_problem(response, 400, "invalid_idempotency_key")
    assert "8 to 255" in body["detail"]
    assert game.events.count() == type(game).objects.get(pk=game.pk).last_seq


@pytest.mark.parametrize("key", ["8charkey", "3f2c6a4e-8a47-4e0b-9a55-0f1f2b2f8c10", "~" * 255])
def test_keys_of_8_to_255_visible_characters_are_accepted(make_player, key):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    prompt = open_prompt(alice, game)
    body = {"prompt": prompt["id"], "option": prompt["default"]}
    first = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code == 200, first.content
    retry = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY=key)
    assert retry.content == first.content and retry["Idempotent-Replayed"] == "true"


def test_a_key_is_forgotten_after_24_hours(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    prompt = open_prompt(alice, game)
    body = {"prompt": prompt["id"], "option": prompt["default"]}
    first = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY="day-old-key")
    assert first.status_code == 200
    with clock.frozen_at(clock.now() + timedelta(hours=24, minutes=1)):
        again = alice.post(url(game, "decisions"), body, HTTP_IDEMPOTENCY_KEY="day-old-key")
    # No replay: the same prompt answered again is now stale, as any new submission would be.
    assert "Idempotent-Replayed" not in again
    assert_problem(again, 409, "stale_prompt")


def test_the_hourly_task_prunes_records_older_than_24_hours(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    prompt = open_prompt(alice, game)
    alice.post(
        url(game, "decisions"),
        {"prompt": prompt["id"], "option": prompt["default"]},
        HTTP_IDEMPOTENCY_KEY="kept-for-now",
    )
    assert prune_idempotency_records.delay().get() == 0
    with clock.frozen_at(clock.now() + timedelta(hours=25)):
        assert services.idempotency_records_prune() == 1
    assert not IdempotencyRecord.objects.exists()
