"""The server side of bench.pace: players' accounts, games, and what a player's look does, all
through the real services, with the worker's periodic work (the tick) run in-process.

Nothing here plays the rules or writes the outbox itself: games are made, joined and started
with games.services, answers go through games.services.decisions_submit (as the game page
sends them), deadlines, reminders and the email drain run in games.workers.tasks.tick, and the
notices a player gets are read back from what the server sent: the outbox's rows marked sent
(notifications) and the pushes the push service took (webpush). The one stand-in is the push
service itself: `webhooks.transport.post`, the network call under webpush.delivering, answers
201 at once and records the push (the payload is still encrypted and signed as for a browser).

Call `configure(settings)` first (Django's settings, or pytest-django's `settings` fixture);
every call that reads the server's "now" runs inside `common.clock.frozen_at`.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import transaction
from django.db.models import Count, Min

from accounts.models import Profile
from bench.pace_people import Player
from games import events, selectors, services
from games.models import Game, GameEvent, GameStep, Seat
from games.refusals import DecisionRefused
from games.workers import tasks as game_tasks
from notifications.models import Notification, NotificationPreference
from webhooks import transport
from webpush import keys
from webpush import services as push_services
from webpush.models import PushMessage

# A chain of prompts answered in one look (the second die, a keep, ...) is short; this bounds a
# look that would otherwise loop on a prompt the server keeps offering.
MAX_ANSWERS_PER_LOOK = 60
# The emails that ask a player for an answer (game_started carries the first prompts).
ASKING_KINDS = ("game_started", "your_turn")
PUSH_ENDPOINT = "http://127.0.0.1:9/pace/"


def configure(settings) -> None:
    """The server's settings for a simulated month: emails kept in memory, push set up (a
    VAPID key of this run; the stand-in push service is on loopback), and the tick's downtime
    check off, since the simulation jumps the clock by hours between ticks of a server that
    ran all along (tests/players.py's `ticks_keep_their_pace` does the same)."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.WEBPUSH_VAPID_PRIVATE_KEY = keys.new_private_key()
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = True
    settings.GAME_OUTAGE_SECONDS = 10**9


@dataclass
class Sent:
    """What the server sent a player, read back after each of the simulation's moves."""

    user_id: int
    game_id: int
    channel: str  # "email" or "push"
    kind: str


@dataclass
class Tally:
    """Counts kept while the run goes: waits (a player asked after waiting on others, heard
    from games.events as the emails and pushes hear it) and the pushes the push service took."""

    waits: Counter = field(default_factory=Counter)  # game id → waits of its players
    wait_kinds: Counter = field(default_factory=Counter)  # (game id, prompt kind) → waits
    pushes: list[Sent] = field(default_factory=list)
    counting: bool = False


TALLY = Tally()


def _count_waits(written: events.GameWritten) -> None:
    """games.events.GameWritten: the players called (asked after waiting on others), counted
    once the change commits, as the emails and pushes are written. Subscribed only while a
    simulation runs (`hooks`)."""
    people = [seat for seat in written.called if seat.user_id and not seat.is_bot]
    if TALLY.counting and people and not written.finished:
        game_id = written.game.pk
        pending = written.rules.pending(written.state)
        kinds = Counter(
            (game_id, pending[seat.position].kind) for seat in people if seat.position in pending
        )

        def count() -> None:
            TALLY.waits.update({game_id: len(people)})
            TALLY.wait_kinds.update(kinds)

        transaction.on_commit(count)


def _push_service(real_post):
    """webhooks.transport.post for pushes: the push service takes the simulation's pushes at
    once (any other URL goes to `real_post`)."""

    def post(url, body, headers, deadline, allow_private=False, **kwargs):
        if url.startswith(PUSH_ENDPOINT):
            user_id, game_id, kind = _PUSHING.get(url, (0, 0, ""))
            TALLY.pushes.append(Sent(user_id, game_id, "push", kind))
            return transport.Outcome(201, "")
        return real_post(url, body, headers, deadline, allow_private=allow_private, **kwargs)

    return post


_PUSHING: dict[str, tuple[int, int, str]] = {}


def _noting_pushes(real_send_one):
    """webpush.delivering.send_one, noting first which player, game and kind the push about
    to be POSTed is (the POST itself carries only encrypted bytes)."""

    def send_one(message_id: int) -> bool:
        message = PushMessage.objects.select_related("subscription").filter(pk=message_id).first()
        if message is not None:
            subscription = message.subscription
            _PUSHING[subscription.endpoint] = (subscription.user_id, message.game_id, message.kind)
        return real_send_one(message_id)

    return send_one


@contextmanager
def hooks() -> Iterator[None]:
    """While a simulation runs: count the waits, stand in for the push service, and send each
    push in the change that asks for it, not from the embedded default's threads (a simulated
    moment leaves no wall-clock time for a thread, and the simulation stays the same run for
    the same seed). Put back as they were afterwards (a test process goes on with other
    tests)."""
    from webpush import delivering, tasks

    events.subscribe(events.GameWritten, _count_waits)
    real_post, real_send_one = transport.post, delivering.send_one
    real_send_later = tasks.send_later
    transport.post = _push_service(real_post)
    delivering.send_one = _noting_pushes(real_send_one)
    tasks.send_later = _send_at_once
    for kept in (TALLY.waits, TALLY.wait_kinds, TALLY.pushes, _PUSHING):
        kept.clear()  # a run counts its own games (a test database reuses ids)
    TALLY.counting = True
    try:
        yield
    finally:
        TALLY.counting = False
        events.unsubscribe(events.GameWritten, _count_waits)
        transport.post, delivering.send_one = real_post, real_send_one
        tasks.send_later = real_send_later


def _send_at_once(message_ids: list[int]) -> None:
    from webpush import delivering

    for message_id in message_ids:
        delivering.send_one(message_id)  # the noting stand-in while the simulation runs


def _browser_keys() -> tuple[str, str]:
    """A browser's push keys (RFC 8291 sizes): an ECDH public point and an auth secret."""
    private = ec.generate_private_key(ec.SECP256R1())
    point = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return keys.b64url(point), keys.b64url(os.urandom(16))


def make_account(player: Player, name: str):
    """The player's account: an address, their time zone; on push, a subscribed device and
    the "your turn" email off (push only is email off plus push on)."""
    user = get_user_model().objects.create_user(username=name, email=f"{name}@pace.example")
    Profile.objects.create(user=user, time_zone=player.time_zone)
    if player.push:
        NotificationPreference.objects.create(user=user, your_turn="off")
        p256dh, auth = _browser_keys()
        push_services.subscribe(
            user=user, endpoint=f"{PUSH_ENDPOINT}{name}", p256dh=p256dh, auth=auth, label="pace"
        )
    return user


def start_game(users, step_hours: int) -> Game:
    """A game of these players (the first creates it), started through the services."""
    creator, *others = users
    game = services.game_create(
        creator=creator, game_type="khora", seats=len(users), options={}, step_hours=step_hours
    )
    for user in others:
        game = services.game_join(public_id=game.public_id, user=user)
    game.refresh_from_db()
    if game.status == Game.Status.LOBBY:  # a full table starts by itself
        game = services.game_start(public_id=game.public_id, user=creator, fill_with_bots=False)
    return game


def look(user) -> int:
    """The player opens the site: every prompt they owe in their active games is answered
    (each prompt's default, through the service the game page calls), the chain that follows
    from their own answers included. Returns how many answers were accepted."""
    answered = 0
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).distinct()
    for game in games:
        for _ in range(MAX_ANSWERS_PER_LOOK):
            game.refresh_from_db()
            prompt = selectors.game_prompt(game, user)
            if prompt is None:
                break
            choice = services.DecisionInput(prompt["id"], prompt["default"])
            try:
                services.decisions_submit(
                    public_id=game.public_id, user=user, decisions=[choice], via="page"
                )
            except DecisionRefused:
                continue  # the prompt moved on meanwhile: read it again
            answered += 1
    return answered


def tick() -> None:
    """The worker's minute tick, in-process: deadlines, reminders, the email drain, pushes
    due again (tasks run eagerly)."""
    game_tasks.tick()
    mail.outbox.clear()  # the rows say what was sent; the messages would only fill memory


class SentSince:
    """The notices sent since the last call: emails from the outbox's rows marked sent at the
    current (frozen) time or later, pushes from the stand-in push service."""

    def __init__(self):
        self.seen_emails: set[int] = set()
        self.pushes_read = 0
        self.since: datetime | None = None

    def read(self, now: datetime) -> list[Sent]:
        rows = Notification.objects.filter(status=Notification.Status.SENT, game__isnull=False)
        if self.since is not None:
            rows = rows.filter(sent_at__gte=self.since)
        found = []
        for pk, user_id, game_id, kind in rows.values_list("pk", "recipient_id", "game_id", "kind"):
            if pk not in self.seen_emails:  # rows sent at the previous moment are read again
                self.seen_emails.add(pk)
                found.append(Sent(user_id, game_id, "email", kind))
        self.since = now
        found += TALLY.pushes[self.pushes_read :]
        self.pushes_read = len(TALLY.pushes)
        return found


def sweep() -> None:
    """The worker's sweep of a few seconds, in-process: among its work, an email due for a
    while (a hold for a player at the table ended) is handed to the drain."""
    game_tasks.sweep()
    mail.outbox.clear()


def next_deadline(now: datetime) -> datetime | None:
    """The earliest deadline of an open step: the tick takes its defaults."""
    return GameStep.objects.filter(
        closed_at__isnull=True,
        expired_at__isnull=True,
        game__status=Game.Status.ACTIVE,
        deadline__gt=now,
    ).aggregate(first=Min("deadline"))["first"]


def next_email_due(now: datetime) -> datetime | None:
    """The earliest moment a pending email falls due (held for a player at the table, or
    retried): the sweep hands it to the drain a sweep period later."""
    return Notification.objects.filter(
        status=Notification.Status.PENDING, next_attempt_at__gt=now
    ).aggregate(first=Min("next_attempt_at"))["first"]


def game_figures(game_ids: list[int]) -> dict[int, dict]:
    """Per game: status, start and end, rounds, players; decisions per actor of people's
    seats; the emails and pushes sent per kind; the waits counted."""
    figures: dict[int, dict] = {}
    for game in Game.objects.filter(pk__in=game_ids):
        keys_ = GameStep.objects.filter(game=game).values_list("key", flat=True)
        rounds = max(
            (int(k[1:].split(".")[0]) for k in keys_ if k[:1] == "r" and k[1:2].isdigit()),
            default=0,
        )
        figures[game.pk] = {
            "status": game.status,
            "started_at": game.started_at,
            "finished_at": game.finished_at,
            "rounds": rounds,
            "players": Seat.objects.filter(game=game, is_bot=False, user__isnull=False).count(),
            "decisions": dict(
                GameEvent.objects.filter(game=game, type="decision")
                .values_list("actor")
                .annotate(n=Count("pk"))
                .values_list("actor", "n")
            ),
            "emails": dict(
                Notification.objects.filter(game=game, status=Notification.Status.SENT)
                .values_list("kind")
                .annotate(n=Count("pk"))
                .values_list("kind", "n")
            ),
            "pushes": dict(
                PushMessage.objects.filter(game=game, status=PushMessage.Status.SENT)
                .values_list("kind")
                .annotate(n=Count("pk"))
                .values_list("kind", "n")
            ),
            # Your-turn notices (emails and pushes) per player: the split by who has rules.
            "notices_by_user": _notices_by_user(game),
            "waits": TALLY.waits[game.pk],
            "wait_kinds": {
                kind: n for (game_id, kind), n in TALLY.wait_kinds.items() if game_id == game.pk
            },
        }
    for game_id, uses in standing_uses(game_ids).items():
        figures[game_id]["standing_uses"] = uses
    return figures


def _notices_by_user(game: Game) -> dict[int, int]:
    """Each player's your-turn emails and pushes in `game` (0 for a player who got none)."""
    players = Seat.objects.filter(game=game, is_bot=False, user__isnull=False)
    counts = dict.fromkeys(players.values_list("user_id", flat=True), 0)
    emails = Notification.objects.filter(
        game=game, status=Notification.Status.SENT, kind="your_turn"
    ).values_list("recipient_id", flat=True)
    pushes = PushMessage.objects.filter(
        game=game, status=PushMessage.Status.SENT, kind="your_turn"
    ).values_list("subscription__user_id", flat=True)
    for user_id in [*emails, *pushes]:
        counts[user_id] = counts.get(user_id, 0) + 1
    return counts


def finished_among(game_ids: set[int]) -> set[int]:
    """The games of `game_ids` no longer played (finished, or stopped otherwise)."""
    return set(
        Game.objects.filter(pk__in=game_ids)
        .exclude(status=Game.Status.ACTIVE)
        .values_list("pk", flat=True)
    )


def standing_answers_available() -> bool:
    """Whether this tree has standing answers (games.standing, docs/standing-answers.md)."""
    from django.apps import apps

    return apps.is_installed("games.standing") or apps.is_installed("standing")


def use_standing_answers(user, rules: list[tuple[str, dict]]) -> None:
    """The player leaves their standing answers for new games (copied onto each game when it
    starts), through the real service, as the preferences' API would."""
    from games.standing import services as standing  # only in a tree that has them

    for kind, params in rules:
        standing.standing_set(user=user, public_id=None, kind=kind, params=params)


def standing_uses(game_ids: list[int]) -> dict[int, int]:
    """Per game: the log entries a standing answer made (StandingUse)."""
    if not standing_answers_available():
        return {}
    from games.standing.models import StandingUse

    return dict(
        StandingUse.objects.filter(game_id__in=game_ids)
        .values_list("game_id")
        .annotate(n=Count("pk"))
        .values_list("game_id", "n")
    )
