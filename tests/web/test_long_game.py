"""The game page's part of long games among people (absences/): who is away, the pause's
question and its buttons, nudges; the holidays page. Both languages, with and without htmx."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from accounts.models import Profile
from common import clock
from games import selectors, services
from games.absences.models import Absence, Nudge, Pause
from notifications.models import Notification
from tests.web.conftest import client_for, make_user, start_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.holidays]


def _answer(game, user):
    prompt = selectors.game_prompt(game, user)
    services.decisions_submit(
        public_id=game.public_id,
        user=user,
        decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["default"])],
    )


def test_another_player_sees_who_is_away_and_until_when():
    ann, ben = make_user("ann"), make_user("ben", language="uk")
    game = start_game([ann, ben])
    _answer(game, ben)
    page = client_for(ann).get("/holidays/")
    assert page.status_code == 200 and "14" in page.content.decode()
    now = clock.now()
    start, end = (now + timedelta(days=1)).date(), (now + timedelta(days=6)).date()
    posted = client_for(ann).post(
        "/holidays/", {"starts_on": start.isoformat(), "ends_on": end.isoformat()}
    )
    assert posted.status_code == 302
    absence = Absence.objects.get(user=ann)
    with clock.frozen_at(absence.starts_at + timedelta(minutes=1)):
        from games.absences.waiting import spend_due

        spend_due(clock.now())
        table = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    assert "ann" in table and "у відпустці до" in table  # ben reads Ukrainian
    assert 'class="away"' in table


def test_a_pause_is_proposed_and_accepted_from_the_page_with_htmx():
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game([ann, ben])
    proposed = client_for(ann).post(
        f"/games/{game.public_id}/pause/", {"days": "2"}, HTTP_HX_REQUEST="true"
    )
    assert proposed.status_code == 200 and "proposes pausing" in proposed.content.decode()
    page = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    assert 'id="pause-accept"' in page
    client_for(ben).post(f"/games/{game.public_id}/pause/accept/")
    assert Pause.objects.get().status == Pause.Status.ACTIVE
    page = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    assert "is paused until" in page and 'id="pause-end"' in page


def test_the_proposer_withdraws_a_pause_from_the_page_and_the_others_hear_so():
    ann, ben = make_user("ann"), make_user("ben", language="uk")
    game = start_game([ann, ben])
    client_for(ann).post(f"/games/{game.public_id}/pause/", {"days": "2"})
    page = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert 'id="pause-withdraw"' in page and 'id="pause-accept"' not in page
    assert (
        'id="pause-withdraw"'
        not in client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    )
    withdrawn = client_for(ann).post(
        f"/games/{game.public_id}/pause/decline/", HTTP_HX_REQUEST="true"
    )
    assert withdrawn.status_code == 200 and 'id="pause-propose"' in withdrawn.content.decode()
    assert Pause.objects.get().status == Pause.Status.WITHDRAWN
    told = Notification.objects.get(recipient=ben, kind="pause_decided")  # ben reads Ukrainian
    assert not Notification.objects.filter(recipient=ann, kind="pause_decided").exists()
    assert "ann відкликає пропозицію паузи" in " ".join(told.body_text.split())
    page = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    assert "ann відкликає пропозицію паузи: гра триває" in page  # the history's line


def test_a_refused_pause_says_why_on_the_page():
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game([ann, ben])
    refused = client_for(ann).post(
        f"/games/{game.public_id}/pause/", {"days": "999"}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 200 and 'role="alert"' in refused.content.decode()
    assert not Pause.objects.exists()


PROPOSED_AT = datetime(2026, 7, 6, 12, 0, 30, tzinfo=UTC)  # a Monday


def _declined_pause(ann, ben):
    """ann proposes a pause at PROPOSED_AT and ben declines it; the game."""
    with clock.frozen_at(PROPOSED_AT):
        game = start_game([ann, ben])
        client_for(ann).post(f"/games/{game.public_id}/pause/", {"days": "2"})
        client_for(ben).post(f"/games/{game.public_id}/pause/decline/")
    return game


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "You may propose at most 1 pause a day in this game; you can propose again from "
            "Tue 7 Jul 12:01.",
        ),
        (
            "uk",
            "У цій грі можна пропонувати щонайбільше 1 паузу на добу; наступну ви зможете "
            "запропонувати з Вт 7 Лип 12:01.",
        ),
    ],
)
def test_a_second_pause_the_same_day_is_refused_saying_from_when(language, said):
    ann, ben = make_user("ann", language=language), make_user("ben")
    game = _declined_pause(ann, ben)
    with clock.frozen_at(PROPOSED_AT + timedelta(hours=5)):
        refused = client_for(ann).post(
            f"/games/{game.public_id}/pause/", {"days": "2"}, HTTP_HX_REQUEST="true"
        )
        # Without htmx: the same words on the page the post redirects to.
        followed = client_for(ann).post(
            f"/games/{game.public_id}/pause/", {"days": "2"}, follow=True
        )
    assert refused.status_code == 200 and 'role="alert"' in refused.content.decode()
    # To the minute, rounded up (12:00:30 + 24 h is shown as 12:01, never 12:00).
    assert said in refused.content.decode() and said in followed.content.decode()
    assert Pause.objects.count() == 1


def test_when_a_pause_can_be_proposed_again_is_said_in_the_players_time_zone():
    ann, ben = make_user("ann"), make_user("ben")
    Profile.objects.filter(user=ann).update(time_zone="Europe/Kyiv")  # UTC+3 in July
    game = _declined_pause(ann, ben)
    with clock.frozen_at(PROPOSED_AT + timedelta(hours=5)):
        refused = client_for(ann).post(
            f"/games/{game.public_id}/pause/", {"days": "2"}, HTTP_HX_REQUEST="true"
        )
    assert "you can propose again from Tue 7 Jul 15:01." in refused.content.decode()


def test_a_waiting_player_can_be_nudged_from_the_page():
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game([ann, ben])
    _answer(game, ann)
    page = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert "Nudge ben" in page
    client_for(ann).post(f"/games/{game.public_id}/nudge/", {"seat": "1"})
    assert Nudge.objects.filter(nudger=ann, nudged=ben).count() == 1


def test_a_substitute_is_invited_and_takes_the_seat_from_the_pages():
    from games.models import Seat

    ann, ben, cleo = make_user("ann"), make_user("ben"), make_user("cleo")
    game = start_game([ann, ben])
    Seat.objects.filter(game=game, position=1).update(autoplay=True)  # ben missed, a bot plays
    page = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert "A bot plays for ben: invite a substitute" in page
    client = client_for(ann)
    shown = client.post(f"/games/{game.public_id}/seats/1/substitute/", follow=True)
    # The link stays listed on the page (to copy again), not only in a one-time message.
    path = re.search(r'value="[^"]*?(/games/[^/"]+/substitute/[^/"]+/)"', shown.content.decode())[1]
    offer = client_for(cleo).get(path)
    assert offer.status_code == 200 and 'id="take-seat"' in offer.content.decode()
    client_for(cleo).post(path)
    assert Seat.objects.get(game=game, position=1).user == cleo
    mine = client_for(cleo).get(f"/games/{game.public_id}/").content.decode()
    assert "Your move" in mine
