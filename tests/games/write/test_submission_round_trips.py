"""What an accepted decision costs the database: the round trips of one
`POST games/{id}/decisions/`, with an Idempotency-Key as a careful client sends it.

Counted, each one round trip: every statement Django sends (CaptureQueriesContext), which
includes the BEGIN and COMMIT Django logs for `transaction.atomic` (psycopg sends BEGIN as a
command of its own before the first statement) and the SAVEPOINT / RELEASE of nested atomic
blocks; plus the `SELECT 1` Django's CONN_HEALTH_CHECKS sends before a request's first query
on a kept connection (Django's test client skips the request-start hook that asks for it, so
the test asks for it as a server does). Not counted: Redis (the enqueued advance, the email
send, the hand-over of an email to write or of webhook deliveries to send), which is no
database round trip.

The player's token was checked by this process a moment before (accounts/token_auth.py); a
token this process has not seen costs one more read.

On PostgreSQL the writes of a decision go as one statement (games/write/batch.py). SQLite runs
them one by one, in-process, so its budget counts each.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications import asking, composing
from notifications.models import Notification
from tests.players import start_game, url
from webpush import announcing

# An accepted decision that writes no email: health check, BEGIN, the locked game row with
# its snapshot, the seats with the newest step (and the key's remembered response), the
# writes, COMMIT; and, when the response carries the seat's next prompt, the profile's
# language for its texts (the draft pick measured here has none: 6 on PostgreSQL).
BUDGET_WITHOUT_EMAIL = {"postgresql": 7, "sqlite": 10}
# One that asks another player (a "your turn" email): the request only adds the durable
# ask to its writes (notifications.asking); the email worker writes the email after the commit.
# (SQLite also counts one by one the closed step, the new one, both seats' updates, the
# statement that supersedes the held emails asking the answered prompt, issue 28, and the one
# that writes the asked player's webhook deliveries, issue 52; PostgreSQL gets them all as
# one statement.)
BUDGET_WITH_ONE_EMAIL = {"postgresql": 7, "sqlite": 16}


def round_trips(player, game, prompt: dict, key: str, monkeypatch) -> tuple[int, list[str]]:
    connection.features.supports_json_field  # noqa: B018 (checked once per connection, not here)
    checks = []
    usable = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or usable())
    if connection.health_check_enabled:
        connection.health_check_done = False  # what Django's request_started hook does
    with CaptureQueriesContext(connection) as captured:
        response = player.post(
            url(game, "decisions"),
            {"prompt": prompt["id"], "option": prompt["default"]},
            HTTP_IDEMPOTENCY_KEY=key,
        )
    assert response.status_code == 200, response.content
    statements = [query["sql"] for query in captured]
    return len(checks) + len(statements), statements


def open_prompt(player, game) -> dict:
    prompt = player.get(url(game, "prompt")).json()["prompt"]  # also checks the token
    assert prompt is not None
    return prompt


@pytest.fixture
def draft(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    return alice, bob, start_game([alice, bob])


def test_a_decision_without_email_stays_within_its_round_trips(draft, monkeypatch):
    alice, _bob, game = draft
    emails = Notification.objects.count()
    count, statements = round_trips(
        alice, game, open_prompt(alice, game), "first-pick-0001", monkeypatch
    )
    assert Notification.objects.count() == emails  # bob still picks: nobody is told anything
    budget = BUDGET_WITHOUT_EMAIL[connection.vendor]
    assert count <= budget, "\n".join(statements)


def test_a_decision_with_one_email_stays_within_its_round_trips(draft, monkeypatch):
    alice, bob, game = draft
    first = open_prompt(alice, game)
    assert alice.post(
        url(game, "decisions"), {"prompt": first["id"], "option": first["default"]}
    ).json()["accepted"]
    emails = Notification.objects.count()
    # Bob's pick closes the draft round: alice, who waited on him, is asked again by email,
    # which the email worker writes once the request has committed (not counted here).
    prompt = open_prompt(bob, game)
    handed_over = []
    monkeypatch.setattr(asking, "enqueue_write_asks", lambda game: handed_over.append(game.pk))
    # Alice's pushes (webpush) are written by the same worker after the commit, not counted.
    pushes: list = []
    monkeypatch.setattr(announcing, "hand_over", lambda *handed: pushes.append(handed))
    count, statements = round_trips(bob, game, prompt, "last-pick-0001", monkeypatch)
    assert handed_over == [game.pk] and Notification.objects.count() == emails
    assert [(game_id, kind) for game_id, kind, _asks in pushes] == [(game.pk, "your_turn")]
    budget = BUDGET_WITH_ONE_EMAIL[connection.vendor]
    assert count <= budget, "\n".join(statements)
    assert composing.write_asks(game.pk) == 1
    assert Notification.objects.filter(recipient=alice.user, kind="your_turn").count() == 1
