"""A player whose deadline passed hears what was played for them: in the "your turn" email
when they are asked again at once, else in a notice of its own; never twice."""

from accounts.models import Profile
from common import clock
from games import events, selectors
from games.models import GameStep, Seat
from games.workers import tasks
from notifications import game_emails as notify
from notifications.models import Notification
from tests.notifications.test_game_emails import NOON, _answer
from tests.players import start_game


def test_the_next_turn_email_says_which_default_was_played(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
        _answer(alice, game)
        missed = selectors.game_prompt(game, bob.user)
    default = next(o["label"] for o in missed["options"] if o["id"] == missed["default"])
    deadline = GameStep.objects.get(game=game, closed_at=None).deadline
    with clock.frozen_at(deadline):
        tasks.tick.delay().get()

    turn = Notification.objects.filter(recipient=bob.user, kind="your_turn").latest("id")
    told = turn.body_text.split("Your deadline passed, so the default was played for you:\n")[1]
    assert told.startswith(f"  - {default}\n")
    assert default in turn.body_html
    assert not Notification.objects.filter(kind="default_played").exists(), "one email, not two"
    alice_turn = Notification.objects.filter(recipient=alice.user, kind="your_turn").latest("id")
    assert "Your deadline passed" not in alice_turn.body_text  # she answered in time


def test_a_player_not_asked_again_at_once_gets_a_notice_in_their_language(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    Profile.objects.filter(user=alice.user).update(language="uk")
    game = start_game([alice, bob])
    prompt = selectors.engine_game(game).pending(selectors.load_state(game))[0]
    _answer(alice, game)  # alice now waits on bob: she is not asked
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    rules, state = selectors.engine_game(game), selectors.load_state(game)
    step = GameStep.objects.get(game=game, closed_at=None)
    for _ in range(2):  # the same deadline told twice writes one notice
        notify.announce(
            events.GameWritten(
                game=game,
                seats=seats,
                rules=rules,
                state=state,
                step=step,
                finished=False,
                ends_now=False,
                called=[],  # bob was not waiting: he is not called
                newly_asked=[],
                answered=[],
                defaults_played={0: [prompt.option(prompt.default)]},
                batch=None,
                flush=lambda: None,
            )
        )
    notice = Notification.objects.get(recipient=alice.user, kind="default_played")
    label = prompt.option(prompt.default).to_dict("uk")["label"]
    assert notice.subject.startswith("Khôra: ваш час у грі «партія гравця alice» минув")
    assert f"Ваш час минув, тож за вас зіграно типовий вибір:\n  - {label}\n" in notice.body_text
    assert not Notification.objects.filter(recipient=bob.user, kind="default_played").exists()
