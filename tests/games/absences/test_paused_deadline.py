"""During a pause the stored deadline moves on only as the paused time passes (the tick); what
players are told (API, page, emails, answer links) is where it will stand when the pause ends."""

from __future__ import annotations

import re

from django.test import Client

from common import clock
from games.models import GameEvent
from notifications.models import Notification
from tests.games.absences.conftest import (
    DAY,
    HOUR,
    NOON,
    answer,
    open_step,
    tick_at,
    two_player_game,
)
from tests.players import url

LINK = re.compile(r"https://khora\.example(/mail/answer/[^/\s]+/)")


def _pause(anna, boris, game, days: int, at):
    with clock.frozen_at(at):
        assert anna.post(url(game, "pause"), {"days": days}).status_code == 201
        assert boris.post(url(game, "pause") + "accept/").json()["status"] == "active"


def test_the_deadline_told_during_a_pause_is_where_it_stands_once_the_pause_ends(make_player):
    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    _pause(anna, boris, game, 3, NOON + HOUR)
    tick_at(NOON + 11 * HOUR)  # the stored deadline has moved on by 10 hours so far

    assert open_step(game).deadline == deadline + 10 * HOUR
    with clock.frozen_at(NOON + 11 * HOUR):
        detail = boris.get(url(game)).json()
        prompt = boris.get(url(game, "prompt")).json()["prompt"]
        page = boris.get(f"/games/{game.public_id}/").content.decode().replace("\xa0", " ")
        browser = Client()
        browser.force_login(boris.user)
        lobby = browser.get("/").content.decode()
    assert "paused until Thu 9 Jul 13:00" in lobby and "left (until" not in lobby
    told = (deadline + 3 * DAY).isoformat().replace("+00:00", "Z")
    assert detail["deadline"] == told and prompt["deadline"] == told
    assert "clock stopped until Thu 9 Jul 13:00" in page
    # 47 hours were left when the pause began at 13:00 on Monday, and they are left after it.
    assert "then 1 day, 23 hours left (until Sat 11 Jul 12:00)" in page

    for hours in range(17, 24 * 4, 6):  # the pause runs its course
        tick_at(NOON + hours * HOUR)
    assert open_step(game).deadline == deadline + 3 * DAY
    with clock.frozen_at(NOON + 4 * DAY):
        assert boris.get(url(game)).json()["deadline"] == told
        page = boris.get(f"/games/{game.public_id}/").content.decode()
    assert "clock stopped" not in page and "(until Sat 11 Jul 12:00)" in page


def test_an_answer_link_works_until_the_deadline_as_the_pause_moved_it(make_player):
    anna, boris, game = two_player_game(make_player)
    deadline = open_step(game).deadline
    email = Notification.objects.filter(recipient=anna.user).order_by("-id").first()
    links = LINK.findall(email.body_text)
    assert links, f"the email that asks anna ({email.kind}) has answer links"
    _pause(anna, boris, game, 2, NOON + HOUR)
    for hours in range(7, 24 * 3, 6):
        tick_at(NOON + hours * HOUR)
    assert open_step(game).deadline == deadline + 2 * DAY

    with clock.frozen_at(deadline + 2 * DAY):  # the moved deadline itself: expired
        assert "This link has expired" in Client().get(links[1]).content.decode()
    # Past the deadline the email was sent with, before the one the pause moved it to.
    with clock.frozen_at(deadline + DAY):
        page = Client().post(links[0]).content.decode()
    assert "This link has expired" not in page
    assert GameEvent.objects.filter(game=game, seat=0, type="decision").count() == 1


def test_a_step_opened_during_a_pause_has_its_full_time_after_it_as_the_answer_says(make_player):
    anna, boris, game = two_player_game(make_player)
    _pause(anna, boris, game, 3, NOON + HOUR)
    ends = NOON + HOUR + 3 * DAY
    tick_at(NOON + 5 * HOUR)
    answer(boris, game, NOON + 6 * HOUR)  # players may still play during a pause
    browser = Client()
    browser.force_login(boris.user)
    with clock.frozen_at(NOON + 6 * HOUR):
        lobby = browser.get("/").content.decode()
    # Not waiting for him: among his other games, paused rather than waiting for anna.
    assert "paused until Thu 9 Jul 13:00" in lobby and "Waiting for anna" not in lobby
    with clock.frozen_at(NOON + 7 * HOUR):
        prompt = anna.get(url(game, "prompt")).json()["prompt"]
        body = anna.post(
            url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
        ).json()
        detail = anna.get(url(game)).json()

    assert open_step(game).opened_at == NOON + 7 * HOUR, "the draft's next pick opened a step"
    told = (ends + 48 * HOUR).isoformat().replace("+00:00", "Z")
    assert body["prompt"]["deadline"] == told and detail["deadline"] == told
    for hours in range(11, 24 * 4, 6):
        tick_at(NOON + hours * HOUR)
    assert open_step(game).deadline == ends + 48 * HOUR
