"""One budget for a delivery's whole exchange (issue 41): a receiver that answers a byte at a
time is cut off at the deadline, as one that never answers; a long answer is read only in
part; and a delivery in flight is never sent a second time."""

from __future__ import annotations

import socket
import threading
import time

from django.utils import timezone

from tests.webhooks.conftest import wait_for
from webhooks import delivering, transport
from webhooks.models import Delivery, Endpoint

# What the deadline may overrun by: closing the socket, a busy test machine.
SLACK_SECONDS = 0.5


def post_within(url: str, seconds: float) -> tuple[transport.Outcome, float]:
    started = time.monotonic()
    outcome = transport.post(url, b"{}", {}, transport.deadline_in(seconds))
    return outcome, time.monotonic() - started


def test_a_receiver_dribbling_its_answer_is_cut_off_at_the_deadline(receiver, webhook_settings):
    hook = receiver("dribble")
    hook.dribble_interval = 0.05  # well inside any per-read timeout: each read gets a byte
    outcome, elapsed = post_within(hook.url, 1.0)
    print(f"\ndribbling receiver: cut off after {elapsed:.2f} s (deadline 1 s)")
    assert outcome.status_code is None and outcome.error == "no complete answer within 1 s"
    assert 1.0 <= elapsed < 1.0 + SLACK_SECONDS
    assert hook.bytes_dribbled > 10  # it was answering, slowly, all along


def test_a_body_that_trickles_after_a_2xx_counts_against_the_same_deadline(webhook_settings):
    """Status and headers at once, then a body of 1000 bytes, one every 50 ms."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            try:
                for _ in range(1000):
                    connection.sendall(b"x")
                    time.sleep(0.05)
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    try:
        outcome, elapsed = post_within(f"http://127.0.0.1:{listener.getsockname()[1]}/", 1.0)
    finally:
        listener.close()
    assert outcome.status_code is None and "within 1 s" in outcome.error
    assert elapsed < 1.0 + SLACK_SECONDS


def test_a_long_answer_is_read_only_in_part(webhook_settings):
    """A 2xx with a 50 MB body, sent as fast as it goes: the answer counts once its first
    RESPONSE_BYTES_READ are read; the rest is never waited for."""
    listener = socket.create_server(("127.0.0.1", 0))
    sent = []

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 52428800\r\n\r\n")
            try:
                for _ in range(800):
                    connection.sendall(b"y" * 65536)
                    sent.append(65536)
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    try:
        outcome, elapsed = post_within(f"http://127.0.0.1:{listener.getsockname()[1]}/", 2.0)
    finally:
        listener.close()
    assert outcome.ok and elapsed < 1.0
    assert sum(sent) < 52428800  # the sender could not push it all: nobody read it


def test_a_delivery_in_flight_is_never_sent_again(make_player, receiver, webhook_settings):
    """Issue 41: "after 60 s the sweep sends the in-flight delivery again". The claim holds
    past the attempt's own deadline, and neither the sweep nor a second task sends it."""
    webhook_settings.WEBHOOKS_RETRY_SECONDS = [600]  # no retry within the test
    alice = make_player("alice")
    hook = receiver("dribble")
    endpoint = Endpoint.objects.create(
        owner=alice.user, url=hook.url, secret="whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        event_types=["game.your_turn"],
    )  # fmt: skip
    delivery = Delivery.objects.create(
        endpoint=endpoint, message_id="msg_once", event_type="game.your_turn",
        payload={"type": "game.your_turn"}, next_attempt_at=timezone.now(),
    )  # fmt: skip
    started = time.monotonic()
    first = threading.Thread(target=delivering.deliver, args=(delivery.pk, 0))
    first.start()
    wait_for(lambda: hook.requests)
    claimed_until = Delivery.objects.get(pk=delivery.pk).claimed_until
    deadline = webhook_settings.WEBHOOKS_DEADLINE_SECONDS
    assert claimed_until >= timezone.now() + (
        timezone.timedelta(seconds=deadline + delivering.CLAIM_MARGIN_SECONDS - 2)
    )
    assert delivering.sweep() == 0  # nothing due that is not in flight
    assert delivering.deliver(delivery.pk, 0) is False  # a duplicate task: refused at once
    first.join(timeout=10)
    elapsed = time.monotonic() - started
    assert elapsed < deadline + SLACK_SECONDS
    assert len(hook.requests) == 1
    delivery.refresh_from_db()
    assert delivery.attempts == 1 and delivery.claimed_until is None
    assert delivery.attempt_log.get().error == "no complete answer within 1 s"
