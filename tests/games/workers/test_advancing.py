"""The advance, deadlines, bots for absent players, crashed games and the tick (eager tasks)."""

from datetime import UTC, datetime, timedelta
from unittest import mock

from kombu.exceptions import OperationalError

from common import clock
from games.models import Game, GameEvent, GameStep, Seat
from games.workers import advancing, tasks
from notifications.models import Notification
from tests.players import start_game, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def _answer(player, game, option=None):
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    return player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": option or prompt["default"]}
    )


def test_starting_a_game_leaves_the_setup_chance_to_the_advance(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    game.refresh_from_db()

    assert not game.needs_advance
    kinds = [e.payload.get("kind") for e in GameEvent.objects.filter(game=game, type="chance")]
    assert kinds == ["cities", "deal"]
    assert alice.get(url(game, "prompt")).json()["prompt"]["kind"] == "draft_pick"


def test_a_rerun_advance_finds_nothing_due_and_writes_nothing(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=3)
    before = GameEvent.objects.filter(game=game).count()

    assert advancing.game_advance(game.pk) is False
    assert tasks.advance_game.delay(game.pk).get() is False
    assert GameEvent.objects.filter(game=game).count() == before


def test_a_lost_advance_is_picked_up_by_the_tick(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with (
        clock.frozen_at(NOON),
        mock.patch(
            "games.workers.tasks.advance_game.delay", side_effect=OperationalError("no redis")
        ),
    ):
        game = start_game([alice, bob])
    game.refresh_from_db()
    assert game.needs_advance and game.last_seq == 0, "the broker was down: nothing ran yet"

    with clock.frozen_at(NOON + timedelta(seconds=5)):
        assert tasks.tick.delay().get()["advancing"] == 0  # not stuck long enough yet
    with clock.frozen_at(NOON + timedelta(minutes=2)):
        assert tasks.tick.delay().get()["advancing"] == 1
    game.refresh_from_db()
    assert not game.needs_advance and game.last_seq > 0


def test_a_missed_deadline_takes_the_defaults_and_marks_them_automatic(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
    step = GameStep.objects.get(game=game, closed_at=None)

    with clock.frozen_at(step.deadline - timedelta(minutes=1)):
        assert tasks.tick.delay().get()["expiring"] == 0
    with clock.frozen_at(step.deadline):
        assert tasks.tick.delay().get()["expiring"] == 1

    auto = GameEvent.objects.filter(game=game, auto=True)
    assert list(auto.values_list("seat", flat=True)) == [1]
    assert auto.get().payload["kind"] == "draft_pick"
    step.refresh_from_db()
    assert step.expired_at == step.deadline and step.closed_at is not None
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 1
    assert bob.get(url(game, "prompt")).json()["prompt"]["kind"] == "draft_pick"
    log = alice.get(url(game, "log")).json()["events"]
    assert [e.get("auto", False) for e in log if e["type"] == "decision"][-1] is True


def _play_draft(alice, bob, game):
    while alice.get(url(game, "prompt")).json()["prompt"]["kind"] == "draft_pick":
        _answer(alice, game)
        _answer(bob, game)


def test_a_late_seats_whole_chain_of_prompts_gets_defaults(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _play_draft(alice, bob, game)
        while (alice.get(url(game, "prompt")).json()["prompt"] or {}).get("kind") == "assign_die":
            _answer(alice, game)
    step = GameStep.objects.get(game=game, closed_at=None)

    with clock.frozen_at(step.deadline):
        tasks.tick.delay().get()

    auto = GameEvent.objects.filter(game=game, auto=True).order_by("seq")
    assert [(e.seat, e.payload["kind"]) for e in auto][:2] == [(1, "assign_die")] * 2
    assert Seat.objects.get(game=game, position=1).missed_deadlines == 1


def test_after_repeated_misses_a_bot_plays_the_seat_until_its_player_returns(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 2
    alice, bob = make_player("alice"), make_player("bob")
    moment = NOON
    with clock.frozen_at(moment):
        game = start_game([alice, bob])
    for _ in range(2):  # alice picks, bob misses the deadline twice
        with clock.frozen_at(moment):
            _answer(alice, game)
        moment = GameStep.objects.get(game=game, closed_at=None).deadline
        with clock.frozen_at(moment):
            tasks.tick.delay().get()
    seat = Seat.objects.get(game=game, position=1)
    assert seat.autoplay and seat.missed_deadlines == 2

    with clock.frozen_at(moment):
        assert bob.get(url(game, "prompt")).json()["prompt"], "bob may still answer first"
        _answer(alice, game)  # once alice has answered, the game does not wait for bob
        assert bob.get(url(game, "prompt")).json()["prompt"]["kind"] == "draft_pick"
        picks = GameEvent.objects.filter(game=game, seat=1, type="decision").count()
        assert picks == 3 + 0  # two deadline defaults and one bot pick

        _answer(bob, game)  # bob is back
    seat.refresh_from_db()
    assert not seat.autoplay and seat.missed_deadlines == 0


def test_a_game_whose_engine_raises_is_crashed_after_a_few_tries_and_others_go_on(
    make_player, settings
):
    settings.GAME_ADVANCE_MAX_FAILURES = 2
    alice, bob = make_player("alice"), make_player("bob")
    healthy = start_game([alice], seats=2)
    broken = start_game([bob], seats=2)
    GameEvent.objects.filter(game=broken, seq=2).update(payload={"kind": "deal", "hands": []})
    Game.objects.filter(pk__in=[healthy.pk, broken.pk]).update(needs_advance=True)
    healthy.snapshot.delete()
    broken.snapshot.delete()

    for _ in range(2):
        assert advancing.game_advance(broken.pk) is False
    assert advancing.game_advance(healthy.pk) is True
    broken.refresh_from_db()
    healthy.refresh_from_db()
    assert broken.status == Game.Status.CRASHED and broken.advance_failures == 2
    assert healthy.status == Game.Status.ACTIVE and not healthy.needs_advance
    assert advancing.game_advance(broken.pk) is False, "a crashed game is left alone"


def test_a_game_whose_first_question_needs_no_chance_opens_its_step_at_once(make_player):
    # Players choosing their cities are asked before anything is sampled: the start itself
    # must open the step (with its deadline) and send "game started", not wait for an event.
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], city_selection="choose")

    assert GameEvent.objects.filter(game=game).count() == 0
    step = GameStep.objects.get(game=game)
    assert step.closed_at is None and step.deadline is not None
    asked = set(
        Seat.objects.filter(game=game).exclude(pending_prompt="").values_list("position", flat=True)
    )
    assert asked and set(step.seats) == asked
    started = Notification.objects.filter(game=game, kind="game_started")
    assert {n.recipient.username for n in started} == {["alice", "bob"][seat] for seat in asked}
