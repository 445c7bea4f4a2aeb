"""A game's webhook events, written as Delivery rows in the game's own transaction (the
outbox, as the emails do it), then handed to the webhooks queue once it commits.

The change that asks a player anew, or ends the game, adds one INSERT ... SELECT per event
type to the writer's batch (games.events.GameWritten): it reads the endpoints of the players
concerned that are on and subscribed to that type, and writes one row per endpoint, each with
its `webhook-id` made there, once, for every try of it. The batch goes to PostgreSQL as one
statement, so a decision costs no extra round trip
(tests/games/write/test_submission_round_trips.py), and the event is durable exactly when the
change is: a broker that is down, or emptied, loses the hand-on task, never the delivery,
which the sweep (webhooks.delivering.sweep) then sends. On commit the accounts concerned are
handed on (webhooks.delivering.hand_on_accounts), which keeps one attempt in flight per
endpoint and a few per account.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection, transaction

from common import clock
from common.columns import column_of
from games.models import Game
from webhooks.models import Delivery, Endpoint
from webhooks.queue import later


def game_written(written) -> None:
    """games.events.GameWritten: deliveries for the players the change asks anew, or whose
    game it ended (the game's status as the change commits it)."""
    asked = [seat.user_id for seat in written.newly_asked]
    ended = (
        [s.user_id for s in written.seats if s.user_id and not s.is_bot] if written.ends_now else []
    )
    status = Game.Status.FINISHED if written.finished else written.game.status
    event = game_event(written.game, asked, ended, status)
    if event is None:
        return
    for sql, params in statements(event):
        written.batch.execute(sql, params)
    hand_on_after_commit(event)


def game_event(game, asked: list[int], ended: list[int], status: str) -> dict | None:
    """What the deliveries of one game change say, and to whom; None when nobody is told."""
    if not asked and not ended:
        return None
    return {
        "game": game.public_id,
        "last_seq": game.last_seq,
        "status": status,
        "asked": sorted(set(asked)),
        "ended": sorted(set(ended)),
        "timestamp": clock.now().isoformat().replace("+00:00", "Z"),
    }


def statements(event: dict) -> list[tuple[str, list]]:
    """(SQL, parameters) writing the event's deliveries: one statement per event type that
    someone is told, touching only new rows (so it may share a batch with any other write)."""
    told = [("game.your_turn", event["asked"]), ("game.over", event["ended"])]
    return [_insert(event, event_type, owners) for event_type, owners in told if owners]


def record(event: dict) -> None:
    """Write the event's deliveries in a transaction of their own, then hand them on (an event
    that a release before the outbox left queued: webhooks.tasks.record_webhook_events)."""
    event.setdefault("timestamp", clock.now().isoformat().replace("+00:00", "Z"))
    with transaction.atomic(), connection.cursor() as cursor:
        for sql, params in statements(event):
            cursor.execute(sql, params)
        hand_on_after_commit(event)


def hand_on_after_commit(event: dict) -> None:
    accounts = sorted(set(event["asked"]) | set(event["ended"]))
    transaction.on_commit(lambda: later("hand_on_webhooks", (accounts,), 0))


def _insert(event: dict, event_type: str, owner_ids: list[int]) -> tuple[str, list]:
    quote = connection.ops.quote_name
    delivery = {f.name: quote(column_of(f)) for f in Delivery._meta.concrete_fields}
    endpoint = {f.name: quote(column_of(f)) for f in Endpoint._meta.concrete_fields}
    columns = [
        *("endpoint", "message_id", "event_type", "payload", "status", "attempts"),
        *("next_attempt_at", "claimed_until", "created_at"),
    ]
    if connection.vendor == "postgresql":
        # Made per row by the database: how many rows there are is known only there.
        message_id = "'msg_' || replace(gen_random_uuid()::text, '-', '')"
        subscribed = f"e.{endpoint['event_types']} @> %s"
        type_param = _prepared(Endpoint, "event_types", [event_type])
    else:
        message_id = "'msg_' || lower(hex(randomblob(16)))"
        types = f"json_each(e.{endpoint['event_types']})"
        subscribed = f"EXISTS (SELECT 1 FROM {types} WHERE value = %s)"
        type_param = event_type
    data = _data(event, event_type)
    payload = {"type": event_type, "timestamp": event["timestamp"], "data": data}
    now = clock.now()
    owners = ", ".join(["%s"] * len(owner_ids))
    sql = (
        f"INSERT INTO {quote(Delivery._meta.db_table)} "
        f"({', '.join(delivery[column] for column in columns)}) "
        f"SELECT e.{endpoint['id']}, {message_id}, %s, %s, %s, 0, %s, NULL, %s "
        f"FROM {quote(Endpoint._meta.db_table)} e "
        f"WHERE e.{endpoint['owner']} IN ({owners}) AND e.{endpoint['active']} AND {subscribed}"
    )
    params = [
        event_type,
        _prepared(Delivery, "payload", payload),
        str(Delivery.Status.PENDING),
        _prepared(Delivery, "next_attempt_at", now),
        _prepared(Delivery, "created_at", now),
        *owner_ids,
        type_param,
    ]
    return sql, params


def _prepared(model, name: str, value):
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def _data(event: dict, event_type: str) -> dict:
    data = {
        "game": event["game"],
        "url": f"{settings.SITE_URL.rstrip('/')}/api/v1/games/{event['game']}/",
        "last_seq": event["last_seq"],
    }
    if event_type == "game.over":
        data["status"] = event["status"]
    return data
