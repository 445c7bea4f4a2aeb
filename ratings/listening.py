"""What the ratings hear from games: a game that ends now is rated in the same transaction
that records its end (the writer's commit runs its listeners inside it).

The rating runs in a savepoint of its own: should it fail (a bug, a lock that deadlocks), the
game still ends, unrated, with the error logged; `manage.py recompute_ratings` rates it later.
A game that could not end because of its ratings would be worse than a rating late.

Once the end is committed, a worker keeps what the log shows of each player's seat (the city,
the answer times: ratings/records.py); it reads the whole log, the end's own entries included,
which are written only after the listeners have run. Should the broker be down, the
recomputation keeps them later."""

from __future__ import annotations

import logging

from django.db import transaction
from kombu.exceptions import OperationalError

from games import events
from ratings import services, tasks
from ratings.standings import standings

logger = logging.getLogger(__name__)


def game_written(event: events.GameWritten) -> None:
    if not event.ends_now:
        return
    try:
        with transaction.atomic():
            ranking = event.rules.scores(event.state)["ranking"]
            services.rate_game(event.game, standings(event.game, event.seats, ranking))
    except Exception:
        logger.exception(
            "game %s ended unrated; manage.py recompute_ratings rates it", event.game.public_id
        )
    game_id = event.game.pk
    transaction.on_commit(lambda: _send_record(game_id))


def _send_record(game_id: int) -> None:
    try:
        tasks.record_game.delay(game_id)
    except OperationalError:  # the broker is down: recompute_ratings keeps the records later
        logger.warning("Could not enqueue record_game(%r); recompute_ratings keeps it.", game_id)
