"""Which emails games write: started, your turn (once per wait), reminders, game over."""

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

from common import clock
from games.models import Game, GameStep
from games.workers import tasks
from notifications import reminders
from notifications.models import Notification
from tests.players import start_game, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def _answer(player, game, option=None):
    prompt = player.get(url(game, "prompt")).json()["prompt"]
    return player.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": option or prompt["default"]}
    )


def _kinds(user) -> list[str]:
    return list(
        Notification.objects.filter(recipient=user).order_by("id").values_list("kind", flat=True)
    )


def test_the_first_prompts_come_as_one_game_started_email_per_player(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)

    for player in (alice, bob):
        assert _kinds(player.user) == ["game_started"]
        email = Notification.objects.get(recipient=player.user)
        assert "Draft" in email.body_text and game.public_id in email.body_text
    assert Notification.objects.count() == 2, "the bot gets no email"


def test_your_turn_comes_after_waiting_on_others_never_for_a_chain_of_own_prompts(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    _answer(alice, game)  # alice now waits on bob
    _answer(bob, game)  # bob resolves the step: he is asked again at once, without waiting

    assert _kinds(alice.user) == ["game_started", "your_turn"]
    assert _kinds(bob.user) == ["game_started"]
    turn = Notification.objects.get(recipient=alice.user, kind="your_turn")
    assert turn.step == str(GameStep.objects.get(game=game, closed_at=None).number)
    for card in (
        Game.objects.get(pk=game.pk).events.filter(payload__kind="deal").get().payload["hands"][1]
    ):
        assert card not in turn.body_text and card not in turn.body_html, "bob's cards stay his"


def test_a_missed_deadline_moves_the_others_on_and_tells_the_late_player(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
    deadline = GameStep.objects.get(game=game, closed_at=None).deadline
    with clock.frozen_at(deadline):
        tasks.tick.delay().get()

    assert _kinds(alice.user)[-1] == "your_turn"
    assert _kinds(bob.user)[-1] == "your_turn"


def test_reminders_climb_the_ladder_once_each_and_only_for_players_who_owe(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
    deadline = GameStep.objects.get(game=game, closed_at=None).deadline

    for moment in (deadline - timedelta(hours=25), deadline - timedelta(hours=24)):
        with clock.frozen_at(moment):
            tasks.tick.delay().get()
    with clock.frozen_at(deadline - timedelta(hours=23)):
        tasks.tick.delay().get()  # the 24 h rung is not sent twice
    with clock.frozen_at(deadline - timedelta(hours=2)):
        tasks.tick.delay().get()

    assert _kinds(bob.user) == ["game_started", "reminder_24h", "reminder_2h"]
    assert _kinds(alice.user) == ["game_started"], "alice has answered: no reminder"


def test_the_end_of_a_game_sends_the_final_scores_to_every_player(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    rng = random.Random(2)
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        for player in (alice, bob):
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                _answer(player, game, rng.choice(prompt["options"])["id"])

    totals = alice.get(url(game)).json()["scores"]["totals"]
    for player in (alice, bob):
        over = Notification.objects.get(recipient=player.user, kind="game_over")
        for total in totals:
            assert str(total) in over.body_text


def test_a_four_player_game_sends_few_your_turn_emails_per_player_and_round(make_player):
    players = [make_player(name) for name in ("alice", "bob", "carol", "dave")]
    game = start_game(players)
    rng = random.Random(4)
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        for player in rng.sample(players, 4):
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                _answer(player, game, rng.choice(prompt["options"])["id"])

    rounds = {
        str(step.number): step.key.split(".")[0] for step in GameStep.objects.filter(game=game)
    }
    per_round = Counter(
        (row.recipient.username, rounds[row.step.split("/")[0]])
        for row in Notification.objects.filter(game=game, kind="your_turn")
    )
    counts = list(per_round.values())
    mean, most = sum(counts) / len(counts), max(counts)
    print(f"\nyour-turn emails per player and round: mean {mean:.1f}, max {most}")
    for (player, round_key), count in sorted(per_round.items()):
        print(f"  {player:<6} {round_key:<3} {count}")
    # The target is 4. A player hears once per wait on others; with each seat running through
    # its own actions, random games come out at a mean of about 2.3 and a most of 4, rarely 5.
    # The server's dice are truly random, so only the mean is held near its figure; the most
    # is held to the structural bound: a round has seven places a player can wait (dice,
    # citizens, Military's turn, Development's turn, progress, event, achievement).
    assert mean <= 3 and most <= 7


def test_a_reminded_step_leaves_the_tick_s_list_until_its_next_rung(make_player):
    """The tick's candidates are only steps with a rung still due, so steps already reminded
    never crowd out one whose rung has just come."""
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
    step = GameStep.objects.get(game=game, closed_at=None)
    with clock.frozen_at(step.deadline - timedelta(hours=24)):
        assert reminders.steps_to_remind(limit=10) == [step.pk]
        tasks.tick.delay().get()
        assert reminders.steps_to_remind(limit=10) == [], "done with this rung"
    step.refresh_from_db()
    assert step.reminded_hours == 24
    assert _kinds(alice.user) == ["game_started", "reminder_24h"]
    with clock.frozen_at(step.deadline - timedelta(hours=2)):
        assert reminders.steps_to_remind(limit=10) == [step.pk]
