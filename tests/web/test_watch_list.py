"""The lobby lists games in progress to watch (issue 42): public games of others only, told as
a spectator sees them (no hand, no prompt), in English and Ukrainian."""

from __future__ import annotations

import pytest

from engine.khora.facts import card
from games.models import Game
from tests.web.conftest import client_for, make_user, start_game

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_the_lobby_lists_public_games_in_progress_of_others_to_watch():
    ann, ben, cleo = make_user("ann"), make_user("ben"), make_user("cleo", language="uk")
    public = start_game([ann, ben])
    Game.objects.filter(pk=public.pk).update(name="Aegean evenings")
    hidden = start_game([ben, ann])
    Game.objects.filter(pk=hidden.pk).update(name="Between friends", private=True)
    lobby = client_for(cleo).get("/").content.decode()
    assert "Ігри, за якими можна спостерігати" in lobby  # cleo reads Ukrainian
    assert "Aegean evenings" in lobby and f"/games/{public.public_id}/" in lobby
    assert "Between friends" not in lobby, "a private game is never listed"
    # Nothing a spectator may not see: no card of anyone's hand, no question.
    hands = public.events.get(type="chance", payload__kind="deal").payload["hands"]
    for hand in hands:
        for card_id in hand:
            assert card(card_id, "uk")["name"] not in lobby
            assert card(card_id, "en")["name"] not in lobby
    assert "Дивитися" in lobby

    own = client_for(ann).get("/").content.decode()
    watch = own.split('id="watch-title"')[1].split("</section>")[0]
    assert "Aegean evenings" not in watch, "her own game is in her own lists"
    assert "No game in progress to watch right now." in watch

    page = client_for(cleo).get(f"/games/{public.public_id}/")
    assert page.status_code == 200 and "Your move" not in page.content.decode()
