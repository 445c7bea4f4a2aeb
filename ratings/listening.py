"""What the ratings hear from games: a game that ends now is rated in the same transaction
that records its end (the writer's commit runs its listeners inside it)."""

from __future__ import annotations

from games import events
from ratings import services
from ratings.standings import standings


def game_written(event: events.GameWritten) -> None:
    if not event.ends_now:
        return
    ranking = event.rules.scores(event.state)["ranking"]
    services.rate_game(event.game, standings(event.game, event.seats, ranking))
