"""Standing answers set while the game is written: every change holds the game's row lock, so
the rules and the answers are ordered by the log, whatever the clock says (PostgreSQL)."""

import pytest

from games.standing.models import StandingAnswer
from tests.games.write.test_concurrency import assert_log_is_gapless, submit_all_at_once
from tests.players import start_game, url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_answers_given_ahead_set_at_once_with_decisions_leave_one_in_the_logs_order(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    requests = [
        (
            alice.token,
            url(game, "standing-answers"),
            {"kind": "ahead", "params": {"prompt_kind": "achievement_reward", "option": option}},
            {},
        )
        for option in ("tax", "glory", "tax", "glory")
    ]
    for player in (alice, bob):
        prompt = player.get(url(game, "prompt")).json()["prompt"]
        body = {"prompt": prompt["id"], "option": prompt["default"]}
        requests.append((player.token, url(game, "decisions"), body, {}))

    responses = submit_all_at_once(requests)
    assert [r.status_code for r in responses] == [201] * 4 + [200, 200]

    # Each replaced the one before under the game's lock: exactly one stands (two changes
    # reading the rules at once would both have kept theirs).
    rules = list(StandingAnswer.objects.filter(game=game))
    assert len(rules) == 1 and rules[0].active
    assert rules[0].set_at_seq <= game.__class__.objects.get(pk=game.pk).last_seq
    assert_log_is_gapless(game)
