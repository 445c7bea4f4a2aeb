"""Racing submissions never stall a game: the advance waits for the game's lock instead of
skipping a game another request holds (issue 13, defect 3). Tasks run in-process here, as
in the embedded default; tests/integration/test_reliability.py races with a real worker."""

import pytest

from tests.workers.race import ADVANCE_WITHIN, ROUNDS, race_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_racing_last_answers_never_stall_the_game_in_process(make_player):
    players = [make_player("alice"), make_player("bob")]
    waits = [race_once(players) for _ in range(ROUNDS)]
    print(f"\nrace x{ROUNDS}, tasks in-process: longest wait on the server {max(waits):.2f} s")
    assert max(waits) <= ADVANCE_WITHIN
