"""Nobody pays for our downtime: when the ticks stopped (beat or every worker down), the
deadlines that fell in the gap are extended by the gap before any default is taken.

Each tick records when it ran. A tick that finds the previous one longer ago than
`GAME_OUTAGE_SECONDS` moves every open step whose deadline fell in the gap on by the gap's
length (as webDiplomacy does), and says so in the game's log; then it expires what is due.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from games import events
from games.models import Game, GameStep, Heartbeat
from games.write.writer import notice_row

log = logging.getLogger(__name__)

TICK = "tick"


def tick_ran(now: datetime) -> timedelta | None:
    """Record a tick at `now`; after an outage extend the deadlines it swallowed and return
    its length (None when the ticks kept their pace)."""
    with transaction.atomic():
        beat = Heartbeat.objects.select_for_update().filter(name=TICK).first()
        if beat is None:
            Heartbeat.objects.create(name=TICK, at=now)
            return None
        previous = beat.at
        if now <= previous:
            return None  # a duplicate or late tick: the other one did the work
        beat.at = now
        beat.save(update_fields=["at"])
        gap = now - previous
        if gap <= timedelta(seconds=settings.GAME_OUTAGE_SECONDS):
            return None
        extended = extend_deadlines(previous, now)
        log.warning("No tick ran for %s: %s deadlines extended by the gap", gap, extended)
        return gap


def extend_deadlines(down_from: datetime, down_until: datetime) -> int:
    """Move the open deadlines that passed while the server was down on by the outage."""
    gap = down_until - down_from
    steps = (
        GameStep.objects.filter(
            closed_at__isnull=True,
            expired_at__isnull=True,
            deadline__gt=down_from,
            deadline__lte=down_until,
            game__status=Game.Status.ACTIVE,
        )
        .select_related("game")
        .order_by("game_id")
    )
    count = 0
    for step in steps:
        # The game's lock keeps its log gap-free while the notice takes the next seq.
        game = Game.objects.select_for_update().get(pk=step.game_id)
        step.refresh_from_db()  # a worker may have moved the game on while we waited
        if step.closed_at is not None or step.expired_at is not None:
            continue
        step.deadline += gap
        step.save(update_fields=["deadline"])
        row = notice_row(
            game,
            "deadline_extended",
            None,
            {
                "reason": "server_down",
                "down_from": down_from.isoformat(),
                "down_until": down_until.isoformat(),
                "by_seconds": round(gap.total_seconds()),
                "deadline": step.deadline.isoformat(),
            },
        )
        row.save(force_insert=True)
        game.save(update_fields=["last_seq"])
        events.emit(events.GameChanged(game, []))  # the notice reaches the game's open streams
        count += 1
    return count
