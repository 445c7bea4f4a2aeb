"""The queue's writes: join (and, when a table completes, the game it forms), leave, expire.

Each takes the one QueueLock row first (select_for_update; on SQLite every write transaction
is already serialised, `transaction_mode: IMMEDIATE`), so the queue read under it is the
queue: two players joining at once form one game, the second seeing the first matched.
The game is made and started through games.services, in the same transaction: its players
then get games' own "game started" email, webhooks and stream notices.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction

import engine
from chat.models import ChatMute
from common import clock
from common.errors import DomainError
from games import services as game_services
from games.models import Game
from matchmaking import matching
from matchmaking.models import QueueEntry, QueueLock, RematchOffer
from ratings import skill
from ratings.models import Rating

# Every game the server hosts; each queues apart, with the seat counts its setup declares.
GAME_TYPES = tuple(engine.game_types())
STEP_HOURS = (12, 24, 48, 72)  # within the new-game form's 1 to 336
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
MAX_RATING_BAND = 100
WAITING = QueueEntry.Status.WAITING


def lock_queue() -> None:
    """Wait for, then hold until the transaction ends, the one lock of the queue."""
    QueueLock.objects.select_for_update().get_or_create(pk=1)


def entry_join(
    *,
    user,
    players: int | None,
    step_hours: int,
    language: str,
    rating_band: int | None = None,
    game_type: str = "khora",
) -> QueueEntry:
    """Wait in the queue of these terms; matched at once when a table completes (then the
    entry comes back `matched`, with its game)."""
    _check_terms(game_type, players, step_hours, language, rating_band)
    now = clock.now()
    with transaction.atomic():
        lock_queue()
        mine = QueueEntry.objects.filter(user=user, status=WAITING, expires_at__gt=now)
        same = mine.filter(
            game_type=game_type, players=players, step_hours=step_hours, language=language
        ).first()
        if same is not None:
            raise DomainError(
                "already_waiting",
                f"You already wait for this game (entry {same.pk}); leave it to change its "
                "rating band.",
                409,
            )
        if mine.count() >= settings.MATCHMAKING_MAX_ENTRIES:
            raise DomainError(
                "too_many_entries",
                f"You wait in {settings.MATCHMAKING_MAX_ENTRIES} queues, the most one player "
                "may; leave one before joining another.",
                409,
                {"limit": settings.MATCHMAKING_MAX_ENTRIES},
            )
        entry = QueueEntry.objects.create(
            user=user,
            game_type=game_type,
            players=players,
            step_hours=step_hours,
            language=language,
            rating_band=rating_band,
            rating=_rating_of(user.pk, game_type),
            created_at=now,
            expires_at=now + timedelta(hours=settings.MATCHMAKING_ENTRY_HOURS),
        )
        _match(entry, now)
    entry.refresh_from_db()
    return entry


def entry_leave(*, user, entry_id: int) -> None:
    with transaction.atomic():
        lock_queue()
        entry = QueueEntry.objects.filter(pk=entry_id, user=user).first()
        if entry is None:  # another player's entry is as unknown as a missing one
            raise DomainError("entry_not_found", f"You have no queue entry {entry_id}.", 404)
        if entry.status != WAITING:
            raise DomainError(
                "entry_not_waiting",
                f"The entry is {entry.status}; only a waiting entry can be left.",
                409,
            )
        entry.status = QueueEntry.Status.LEFT
        entry.ended_at = clock.now()
        entry.save(update_fields=["status", "ended_at"])


def expire_due() -> int:
    """End the entries and rematch offers whose time ran out (the minute tick runs it)."""
    now = clock.now()
    with transaction.atomic():
        lock_queue()
        expired = QueueEntry.objects.filter(status=WAITING, expires_at__lte=now).update(
            status=QueueEntry.Status.EXPIRED, ended_at=now
        )
        # Accounts deactivated since they joined: their entries end with them.
        expired += QueueEntry.objects.filter(status=WAITING, user__is_active=False).update(
            status=QueueEntry.Status.LEFT, ended_at=now
        )
        expired += RematchOffer.objects.filter(
            status=RematchOffer.Status.OPEN, expires_at__lte=now
        ).update(status=RematchOffer.Status.EXPIRED)
    return expired


def _check_terms(game_type, players, step_hours, language, rating_band) -> None:
    def refuse(field: str, accepted: str) -> DomainError:
        return DomainError("invalid_input", f"{field}: accepted values are {accepted}.", 400)

    if game_type not in GAME_TYPES:
        raise refuse("game_type", ", ".join(GAME_TYPES))
    counts = seat_counts(game_type)
    if players is not None and players not in counts:
        setup = engine.get_game(game_type).setup
        raise refuse("players", f"{', '.join(map(str, counts))} or null (any) for {setup.title}")
    if step_hours not in STEP_HOURS:
        raise refuse("step_hours", ", ".join(map(str, STEP_HOURS)))
    if language not in LANGUAGES:
        raise refuse("language", ", ".join(LANGUAGES))
    if rating_band is not None and not 1 <= rating_band <= MAX_RATING_BAND:
        raise refuse("rating_band", f"1 to {MAX_RATING_BAND}, or null (anyone)")


def seat_counts(game_type: str) -> tuple[int, ...]:
    """The seats a game of this type is played with, as its setup declares them."""
    return tuple(engine.get_game(game_type).setup.seat_counts)


def _rating_of(user_id: int, game_type: str) -> float:
    rating = Rating.objects.filter(user_id=user_id, game_type=game_type).first()
    mu, sigma = (rating.mu, rating.sigma) if rating else skill.INITIAL
    return skill.conservative(mu, sigma)


def _waiting(entry: QueueEntry) -> matching.Waiting:
    return matching.Waiting(entry.pk, entry.user_id, entry.players, entry.rating, entry.rating_band)


def _match(entry: QueueEntry, now) -> Game | None:
    """Form the table the new entry completes, if any (under the queue's lock)."""
    others = list(
        QueueEntry.objects.filter(
            status=WAITING,
            expires_at__gt=now,
            game_type=entry.game_type,
            step_hours=entry.step_hours,
            language=entry.language,
            # A deactivated account's entry waits for the tick to close it, never for a table.
            user__is_active=True,
        )
        .exclude(user_id=entry.user_id)
        .order_by("created_at", "pk")
    )
    if not others:
        return None
    users = {entry.user_id} | {other.user_id for other in others}
    mutes = {
        frozenset(pair)
        for pair in ChatMute.objects.filter(user_id__in=users, muted_id__in=users).values_list(
            "user_id", "muted_id"
        )
    }
    table = matching.table_for(
        _waiting(entry),
        [_waiting(other) for other in others],
        mutes,
        seat_counts(entry.game_type),
    )
    if not table:
        return None
    by_id = {entry.pk: entry} | {other.pk: other for other in others}
    entries = [by_id[seated.entry_id] for seated in table]
    game = _start_game(entries)
    QueueEntry.objects.filter(pk__in=[e.pk for e in entries]).update(
        status=QueueEntry.Status.MATCHED, game=game, ended_at=now
    )
    return game


def _start_game(entries: list[QueueEntry]) -> Game:
    """The matched players' game, seats in a random order, started (the last join starts it),
    with its game's default options (Khôra's: cities dealt, so that nobody waits to choose)."""
    users = [entry.user for entry in entries]
    secrets.SystemRandom().shuffle(users)
    first = entries[0]
    for turn in range(len(users)):
        # The first player creates the game: one at games' limit of open lobbies cannot, so
        # the next one does (the game never waits in the lobby; the limit is for lobbies).
        order = users[turn:] + users[:turn]
        try:
            with transaction.atomic():
                return start_table(
                    order,
                    game_type=first.game_type,
                    step_hours=first.step_hours,
                    options=engine.get_game(first.game_type).setup.defaults(),
                )
        except DomainError as refused:
            if refused.code != "too_many_lobbies" or turn == len(users) - 1:
                raise
    raise AssertionError("unreachable")


def start_table(
    users: list, *, game_type: str, step_hours: int, options: dict, bots=(), **game
) -> Game:
    """A game of these players in this order, then `bots` (their levels), started at once:
    the first player creates it, the others join, and the last seat taken starts it."""
    created = game_services.game_create(
        creator=users[0],
        game_type=game_type,
        seats=len(users) + len(bots),
        options=options,
        step_hours=step_hours,
        bots=list(bots),
        **game,
    )
    for user in users[1:]:
        game_services.game_join(public_id=created.public_id, user=user)
    created.refresh_from_db()
    return created
