"""What the game page's forms for long games say they did (issue 42): a nudge and an
invitation to substitute confirm on the page, with htmx (the table comes back with the
confirmation) and without (a message after the redirect); an invitation can be emailed to a
username, and its link stays listed on the page while it works."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.models import Seat
from notifications.models import Notification
from tests.web.conftest import client_for, make_user, start_game

pytestmark = [pytest.mark.django_db(transaction=True)]


def _answer(game, user):
    prompt = selectors.game_prompt(game, user)
    services.decisions_submit(
        public_id=game.public_id,
        user=user,
        decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["default"])],
    )


def test_a_nudge_confirms_on_the_page_with_and_without_htmx():
    ann, ben, cleo = make_user("ann"), make_user("ben", language="uk"), make_user("cleo")
    game = start_game([ann, ben, cleo])
    _answer(game, ann)
    table = client_for(ann).post(
        f"/games/{game.public_id}/nudge/", {"seat": "1"}, HTTP_HX_REQUEST="true"
    )
    assert table.status_code == 200
    assert 'id="table-notice"' in table.content.decode()
    assert "Nudged: they get one email." in table.content.decode()
    page = client_for(ann).post(f"/games/{game.public_id}/nudge/", {"seat": "2"}, follow=True)
    assert "Nudged: they get one email." in page.content.decode()
    assert Notification.objects.filter(kind="nudge").count() == 2


def test_an_invitation_is_emailed_to_a_username_and_its_link_stays_on_the_page():
    ann, ben, cleo = make_user("ann"), make_user("ben"), make_user("cleo")
    game = start_game([ann, ben])
    Seat.objects.filter(game=game, position=1).update(autoplay=True)  # a bot plays for ben
    invite = f"/games/{game.public_id}/seats/1/substitute/"
    table = client_for(ann).post(invite, {"username": "cleo"}, HTTP_HX_REQUEST="true")
    html = table.content.decode()
    assert "Invitation sent to cleo by email" in html
    assert "Your invitation to play for ben, emailed to cleo:" in html
    email = Notification.objects.get(recipient=cleo, kind="substitute_invite")
    token_path = "/games/" + email.link.split("/games/", 1)[1]
    assert token_path.startswith(f"/games/{game.public_id}/substitute/")
    later = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert token_path in later, "listed while it works, to copy again"
    assert token_path not in client_for(ben).get(f"/games/{game.public_id}/").content.decode()

    nobody = client_for(ann).post(invite, {"username": "nobody"}, HTTP_HX_REQUEST="true")
    assert nobody.status_code == 200
    assert "There is no player of that name." in nobody.content.decode()
    plain = client_for(ann).post(invite, {"username": ""}, follow=True).content.decode()
    assert "Invitation made: send the link below" in plain


def test_the_confirmations_read_in_ukrainian():
    ann, ben = make_user("ann", language="uk"), make_user("ben")
    game = start_game([ann, ben])
    Seat.objects.filter(game=game, position=1).update(autoplay=True)
    invite = f"/games/{game.public_id}/seats/1/substitute/"
    html = client_for(ann).post(invite, {}, HTTP_HX_REQUEST="true").content.decode()
    assert "Invitation made" not in html and "Your invitation" not in html
    assert 'id="table-notice"' in html
