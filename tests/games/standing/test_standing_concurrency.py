"""Standing answers set while the game is written: every change holds the game's row lock, so
the rules and the answers are ordered by the log, whatever the clock says (PostgreSQL)."""

from itertools import pairwise

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

    rules = list(StandingAnswer.objects.filter(game=game).order_by("pk"))
    assert [r.active for r in rules] == [False, False, False, True]  # the last set stands
    for before, after in pairwise(rules):
        # Each was replaced by the next one under the lock: never by a change before it.
        assert before.cancel_reason == "replaced"
        assert before.set_at_seq <= before.cancelled_seq == after.set_at_seq
    assert_log_is_gapless(game)
