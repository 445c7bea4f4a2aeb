"""The table's say on the page: the vote once a player's time is up and the rules that say so
(English and Ukrainian, with htmx); a player whose seat a bot or a substitute plays sees who,
since when, and the one button that takes it back, in the lobby and on the game page."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common import clock
from games import selectors, services
from games.absences import substitutes
from games.models import GameStep, Seat
from tests.web.conftest import client_for, make_user, start_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.holidays]


def _answer(game, user):
    prompt = selectors.game_prompt(game, user)
    services.decisions_submit(
        public_id=game.public_id,
        user=user,
        decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["default"])],
    )


def test_the_table_votes_a_bot_in_from_the_page_and_the_player_takes_the_seat_back():
    ann, ben, cat = make_user("ann"), make_user("ben", language="uk"), make_user("cat")
    game = start_game([ann, ben, cat])
    _answer(game, ann)
    _answer(game, ben)
    page = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert "The rules: holidays, missed deadlines, the table" in page
    assert "at most 2 days in a row" in page and "Let a bot play" not in page

    late = GameStep.objects.get(game=game, closed_at=None).deadline + timedelta(hours=1)
    with clock.frozen_at(late):
        page = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
        assert "Нехай за гравця cat уже зараз грає бот" in page
        voted = (
            client_for(ann)
            .post(f"/games/{game.public_id}/seats/2/vote/", HTTP_HX_REQUEST="true")
            .content.decode()
        )
        assert "1 of 2 needed" in voted and "You voted; waiting for the others." in voted
        client_for(ben).post(f"/games/{game.public_id}/seats/2/vote/")
        assert Seat.objects.get(game=game, position=2).autoplay

        lobby = client_for(cat).get("/").content.decode()
        assert "a bot plays your seat since" in lobby and "Take my seat back" in lobby
        mine = client_for(cat).get(f"/games/{game.public_id}/").content.decode()
        assert "A bot plays your seat since" in mine and 'id="take-back"' in mine
        back = client_for(cat).post(f"/games/{game.public_id}/take-back/")
    assert back.status_code == 302
    assert not Seat.objects.get(game=game, position=2).autoplay
    assert "a bot plays your seat" not in client_for(cat).get("/").content.decode()


def test_a_player_replaced_by_a_substitute_sees_who_plays_and_no_button(settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    ann, ben = make_user("ann"), make_user("ben", language="uk")
    dan = make_user("dan")
    game = start_game([ann, ben])
    Seat.objects.filter(game=game, position=1).update(autoplay=True)
    invite = substitutes.invite(public_id=game.public_id, user=ann, position=1)
    substitutes.accept(public_id=game.public_id, user=dan, token=invite.token)

    lobby = client_for(ben).get("/").content.decode()
    assert "dan грає на вашому місці як заміна" in lobby
    assert "Повернути собі місце" not in lobby
    page = client_for(ben).get(f"/games/{game.public_id}/").content.decode()
    assert "dan грає на вашому місці як заміна" in page and 'id="take-back"' not in page
    refused = client_for(ben).post(f"/games/{game.public_id}/take-back/", HTTP_HX_REQUEST="true")
    assert "На вашому місці грає заміна" in refused.content.decode()
