"""Liveness, isolation and fairness of the sweeps (issue 15), with tasks run in-process.

Every asked seat always has a deadline that will fire; one poison game never stops the
others' deadlines or emails; downtime costs no player a missed turn; a bot playing for an
absent player is visible in the log and announced to the player once.
"""

import random
import re
from datetime import UTC, datetime, timedelta

from accounts.login_links import target_of
from common import clock
from games.models import NOTICE, Game, GameEvent, GameStep, Heartbeat, Seat
from games.workers import tasks
from games.write import chance
from notifications.models import Notification
from tests.players import start_game, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
SEED = 4  # a game that asks seats after the step opened six times (three players)


def _answer(player, game):
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    response = player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert response.status_code == 200, response.content


def _open_step(game) -> GameStep | None:
    return GameStep.objects.filter(game=game, closed_at=None).first()


def _assert_every_asked_seat_has_a_live_deadline(game, now) -> None:
    step = _open_step(game)
    for seat in Seat.objects.filter(game=game).exclude(pending_prompt=""):
        assert step is not None, f"seat {seat.position} is asked with no open step"
        assert seat.position in step.seats, f"seat {seat.position} is not in step {step.key}"
        assert step.expired_at is None and step.deadline > now, (
            f"seat {seat.position} is asked in step {step.key}, whose deadline already fired"
        )


def test_absent_players_through_a_whole_game_every_asked_seat_has_a_live_deadline(
    make_player, settings, monkeypatch
):
    settings.GAME_BOT_AFTER_MISSES = 10**4  # nobody is replaced: every step ends by deadline
    # A seeded game, so that it surely asks seats one after another within a step.
    monkeypatch.setattr(chance, "_system_random", random.Random(SEED))
    players = [make_player(name) for name in ("alice", "bob", "carol")]
    with clock.frozen_at(NOON):
        game = start_game(players)
    moment, asked_after_the_deadline = NOON, 0
    for _ in range(1000):
        if Game.objects.get(pk=game.pk).status == Game.Status.FINISHED:
            break
        _assert_every_asked_seat_has_a_live_deadline(game, moment)
        step = _open_step(game)
        moment = step.deadline
        with clock.frozen_at(moment):
            tasks.tick.delay().get()
        # a seat asked in the same step after the others' defaults (Military in turn order)
        asked_after_the_deadline += GameStep.objects.filter(pk=step.pk, closed_at=None).exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert asked_after_the_deadline > 0, "the game never asked seats one after another"
    assert not GameEvent.objects.filter(game=game, type="decision", auto=False).exists()


def _poison(game) -> None:
    """Corrupt the log so that it no longer replays, and drop the snapshot cache."""
    GameEvent.objects.filter(game=game, seq=2).update(payload={"kind": "deal", "hands": []})
    game.snapshot.delete()


def test_a_poison_game_in_its_reminder_window_stops_no_one_else_s_email(make_player, settings):
    settings.GAME_ADVANCE_MAX_FAILURES = 2
    carol, dave, alice, bob = (make_player(n) for n in ("carol", "dave", "alice", "bob"))
    with clock.frozen_at(NOON):
        poison = start_game([carol, dave])  # its deadline comes first: the sweep meets it first
    with clock.frozen_at(NOON + timedelta(minutes=1)):
        healthy = start_game([alice, bob])
        _answer(alice, healthy)
    _poison(poison)
    deadline = _open_step(healthy).deadline

    for minutes in (0, 1):
        with clock.frozen_at(deadline - timedelta(hours=24) + timedelta(minutes=minutes)):
            tasks.tick.delay().get()

    reminder = Notification.objects.get(recipient=bob.user, kind="reminder_24h")
    assert reminder.status == Notification.Status.SENT
    assert not Notification.objects.filter(recipient=alice.user, kind="reminder_24h").exists()
    poison.refresh_from_db()
    assert poison.status == Game.Status.CRASHED and poison.advance_failures == 2


def test_a_poison_game_past_its_deadline_is_crashed_and_the_others_expire(make_player, settings):
    settings.GAME_ADVANCE_MAX_FAILURES = 3
    settings.NOTIFY_REMINDER_HOURS = [1]
    carol, dave, alice, bob = (make_player(n) for n in ("carol", "dave", "alice", "bob"))
    with clock.frozen_at(NOON):
        poison = start_game([carol, dave])
        healthy = start_game([alice, bob])
        _answer(alice, healthy)
    _poison(poison)
    deadline = _open_step(healthy).deadline

    for minutes in range(3):
        with clock.frozen_at(deadline + timedelta(minutes=minutes)):
            tasks.tick.delay().get()

    poison.refresh_from_db()
    assert poison.status == Game.Status.CRASHED and poison.advance_failures == 3
    assert Seat.objects.get(game=healthy, position=1).missed_deadlines == 1
    assert GameEvent.objects.filter(game=healthy, seat=1, auto=True).exists()


def test_one_user_s_failing_digest_stops_no_one_else_s(make_player, monkeypatch):
    from notifications import digests, emails

    alice, bob = make_player("alice"), make_player("bob")
    real_digest = emails.digest

    def digest(user, **parts):
        if user.username == "alice":
            raise RuntimeError("a broken template")
        return real_digest(user, **parts)

    monkeypatch.setattr(emails, "digest", digest)
    game = start_game([alice, bob], seats=3)
    Notification.objects.filter(game=game).update(status=Notification.Status.DIGEST)
    eight = datetime(2030, 1, 2, 8, 0, tzinfo=UTC)
    assert digests.send_digests(eight) == 1
    assert Notification.objects.filter(recipient=bob.user, kind="digest").exists()
    assert not Notification.objects.filter(recipient=alice.user, kind="digest").exists()


def test_beat_stopped_across_a_deadline_charges_no_one_and_extends_by_the_gap(
    make_player, settings
):
    settings.GAME_OUTAGE_SECONDS = 180
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
    deadline = _open_step(game).deadline
    last_tick = deadline - timedelta(hours=1)  # the ticks ran at their pace until here
    with clock.frozen_at(last_tick):
        tasks.tick.delay().get()
    # The beat stops; it comes back two hours after the deadline.
    back = deadline + timedelta(hours=2)
    with clock.frozen_at(back):
        result = tasks.tick.delay().get()

    gap = back - last_tick
    assert result["outage_seconds"] == gap.total_seconds() and result["expiring"] == 0
    step = _open_step(game)
    assert step.deadline == deadline + gap and step.expired_at is None
    assert not Seat.objects.filter(game=game, missed_deadlines__gt=0).exists()
    assert not GameEvent.objects.filter(game=game, auto=True, type="decision").exists()
    log = alice.get(url(game, "log")).json()["events"]
    (notice,) = [entry for entry in log if entry["type"] == NOTICE]
    assert notice["data"]["kind"] == "deadline_extended"
    assert notice["data"]["by_seconds"] == gap.total_seconds()
    assert (
        alice.get(url(game, "prompt"))
        .json()["prompt"]["deadline"]
        .startswith((deadline + gap).strftime("%Y-%m-%dT%H:%M"))
    )

    # The ticks run on at their pace until the extended deadline, which is kept as any other.
    Heartbeat.objects.filter(name="tick").update(at=deadline + gap - timedelta(minutes=1))
    with clock.frozen_at(deadline + gap):
        assert tasks.tick.delay().get()["expiring"] == 1
    assert Seat.objects.get(game=game, position=0).missed_deadlines == 1


def test_a_bot_playing_for_an_absent_player_is_logged_and_announced_once(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
    moment = _open_step(game).deadline
    with clock.frozen_at(moment):
        tasks.tick.delay().get()  # bob misses once: a bot now plays his seat
        assert Seat.objects.get(game=game, position=1).autoplay
        for _ in range(3):  # alice plays on; the bot answers for bob after her
            _answer(alice, game)

    bot_moves = GameEvent.objects.filter(game=game, seat=1, type="decision").order_by("seq")
    assert bot_moves.count() >= 4 and all(move.auto for move in bot_moves)
    log = alice.get(url(game, "log")).json()["events"]
    notices = [entry for entry in log if entry["type"] == NOTICE]
    assert [(n["data"]["kind"], n["seat"]) for n in notices] == [("bot_plays_seat", 1)]
    assert all(e.get("auto") for e in log if e["type"] == "decision" and e["seat"] == 1)

    told = Notification.objects.filter(recipient=bob.user).order_by("id")
    kinds = list(told.values_list("kind", flat=True))
    assert kinds.count("bot_playing") == 1
    assert kinds[-1] == "bot_playing", "no your-turn email while the bot plays"
    email = told.get(kind="bot_playing")
    assert "take your seat back" in email.body_text.lower()
    # The link back opens the game's page, logged in (a single-use login link).
    links = re.findall(r"\S+/login/link/\S+/", email.body_text.split("\n--\n")[0])
    assert [target_of(link) for link in links] == [f"/games/{game.public_id}/"]

    _answer(bob, game)  # bob is back
    assert not Seat.objects.get(game=game, position=1).autoplay
    log = alice.get(url(game, "log")).json()["events"]
    assert [n["data"]["kind"] for n in log if n["type"] == NOTICE][-1] == "seat_taken_back"


def test_the_embedded_ticker_expires_deadlines_and_picks_up_lost_advances(make_player):
    """`manage.py ticker` is the embedded default's beat (bin/run starts it)."""
    from django.core.management import call_command

    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
        lost = start_game([carol], seats=2)
    Game.objects.filter(pk=lost.pk).update(needs_advance=True)  # as if its advance was lost
    deadline = _open_step(game).deadline

    with clock.frozen_at(deadline):
        call_command("ticker", "--once")

    assert Seat.objects.get(game=game, position=1).missed_deadlines == 1
    assert not Game.objects.get(pk=lost.pk).needs_advance
