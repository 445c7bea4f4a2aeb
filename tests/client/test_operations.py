"""Every operation of the API has a method of KhoraClient: each method is called once against a
recording server, and the requests it sent, matched to the schema's operations by method and
path, cover them all (test_schema_drift checks the table against the schema itself)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from khora_client import KhoraClient
from khora_client.operations import OPERATIONS

from tests.client.scripted import Answer, Waits, ok

# One body that every method can read what it needs from.
ANY_BODY = {
    "token": "t2", "results": [], "next": None, "prompt": None, "events": [],
    "next_after": None, "last_seq": 0, "pause": None, "digest": True, "status": "active",
    "votes": [], "entries": [],
}  # fmt: skip

CALLS = [
    lambda c: c.sign_up("zoe", "zoe@example.com", "pw", time_zone="UTC", language="uk"),
    lambda c: c.login("zoe", "pw"),
    lambda c: c.games("awaiting"),
    lambda c: c.create_game(
        3,
        bots=["strong"],
        name="n",
        private=True,
        step_hours=24,
        options={"city_selection": "choose"},
    ),
    lambda c: c.game("g/1"),
    lambda c: c.join("g1"),
    lambda c: c.leave("g1"),
    lambda c: c.start("g1", fill_with_bots=True, bot_level="random"),
    lambda c: c.prompt("g1"),
    lambda c: c.decide("g1", "p0-1", "a"),
    lambda c: c.decide_many("g1", [("p0-1", "a"), {"prompt": "p0-2", "option": "b"}]),
    lambda c: c.revise("g1"),
    lambda c: c.log("g1", after=3, limit=10),
    lambda c: c.history("g1", after=2),
    lambda c: c.state("g1", 5, seat=1),
    lambda c: c.chat("g1", after=4, limit=2),
    lambda c: c.say("g1", "hello"),
    lambda c: c.delete_message("g1", 7),
    lambda c: c.hide_message("g1", 7),
    lambda c: c.mute("g1", "bob", muted=False),
    lambda c: c.pause("g1"),
    lambda c: c.propose_pause("g1", 3),
    lambda c: c.accept_pause("g1"),
    lambda c: c.decline_pause("g1"),
    lambda c: c.nudge("g1", 2),
    lambda c: c.invite_substitute("g1", 2, username="sam"),
    lambda c: c.accept_substitute("g1", "invite-token"),
    lambda c: c.leave_substitute("g1", 2),
    lambda c: c.seat_votes("g1"),
    lambda c: c.vote_bot_for("g1", 2),
    lambda c: c.take_back("g1"),
    lambda c: c.preferences(),
    lambda c: c.update_preferences(your_turn="digest", quiet_hours_start=None),
    lambda c: c.chat_digest(),
    lambda c: c.set_chat_digest(True),
    lambda c: c.queue_entries(),
    lambda c: c.find_game(24, "uk", players=2, rating_band=10),
    lambda c: c.leave_queue(7),
    lambda c: c.rematch("g1"),
    lambda c: c.accept_rematch("g1"),
    lambda c: c.player("ann"),
    lambda c: c.leaderboard("khora"),
    lambda c: c.holidays(),
    lambda c: c.announce_holiday(datetime(2027, 1, 1, tzinfo=UTC), "2027-01-08T00:00:00Z"),
    lambda c: c.set_automatic_holidays(False),
    lambda c: c.cancel_holiday(4),
    lambda c: c.webhooks(),
    lambda c: c.add_webhook("https://example.org/hook", ["game.over"]),
    lambda c: c.delete_webhook(5),
    lambda c: c.enable_webhook(5),
    lambda c: c.rotate_webhook_secret(5),
    lambda c: c.webhook_deliveries(5),
    lambda c: c.push(),
    lambda c: c.update_push(your_turn=False),
    lambda c: c.add_push_device("https://push.example.net/1", "BAAA", "AAAA", label="phone"),
    lambda c: c.delete_push_device(3),
    lambda c: c.standing_answers("g1"),
    lambda c: c.standing_answers(),
    lambda c: c.set_standing_answer("progress", {"track": "culture", "max_price": 3}, "g1"),
    lambda c: c.set_standing_answer("explore"),
    lambda c: c.cancel_standing_answer(7),
    lambda c: c.logout(),
    lambda c: c.logout_everywhere(),
]
# Answered 204, which ends a stream at once.
STREAMS = [lambda c: list(c.stream("g1", after=0)), lambda c: list(c.my_stream())]


def _operation_of(method: str, path: str) -> str:
    path = path.split("?")[0].removeprefix("/api/v1/")
    found = [
        op.id
        for op in OPERATIONS.values()
        if op.method == method and re.fullmatch(re.sub(r"\{\w+\}", "[^/]+", op.path), path)
    ]
    assert len(found) == 1, f"{method} {path} is {found}"
    return found[0]


def test_every_operation_is_a_method_of_the_client(scripted):
    server = scripted(*[ok(ANY_BODY)] * len(CALLS), *[Answer(204)] * len(STREAMS))
    client = KhoraClient(server.url, "tok", retry=Waits().retry())
    for call in CALLS + STREAMS:
        call(client)
    called = [_operation_of(seen.method, seen.path) for seen in server.seen]
    assert set(called) == set(OPERATIONS), set(OPERATIONS) - set(called)
    assert len(called) == len(CALLS + STREAMS)


def test_the_members_a_method_sends(scripted):
    server = scripted(*[ok(ANY_BODY)] * 6)
    client = KhoraClient(server.url, "tok", retry=Waits().retry(), language="uk")
    client.sign_up("zoe", "zoe@example.com", "pw", language="uk")
    client.decide_many("g1", [("p0-1", "a"), {"prompt": "p0-2", "option": "b"}])
    client.game("a b/c")
    client.update_preferences(your_turn="digest", quiet_hours_start=None)
    client.announce_holiday(datetime(2027, 1, 1, tzinfo=UTC), "2027-01-08T00:00:00Z")
    client.log("g1", after=3)
    sent = server.seen
    assert sent[0].json() == {"username": "zoe", "email": "zoe@example.com", "password": "pw",
                              "language": "uk"}  # fmt: skip
    assert client.token == "t2"  # the new account's token, from then on
    assert sent[1].json() == {"decisions": [{"prompt": "p0-1", "option": "a"},
                                            {"prompt": "p0-2", "option": "b"}]}  # fmt: skip
    assert sent[1].headers["authorization"] == "Bearer t2"
    assert sent[2].path == "/api/v1/games/a%20b%2Fc/"  # an id is one path segment
    assert sent[3].method == "PATCH"
    assert sent[3].json() == {"your_turn": "digest", "quiet_hours_start": None}
    assert sent[4].json() == {"starts_at": "2027-01-01T00:00:00+00:00",
                              "ends_at": "2027-01-08T00:00:00Z"}  # fmt: skip
    assert sent[5].path == "/api/v1/games/g1/log/?after=3"  # no limit: the server's own
    assert all(seen.headers["accept-language"] == "uk" for seen in sent)
    assert all(seen.headers["user-agent"].startswith("khora-client/1.0.0") for seen in sent)
