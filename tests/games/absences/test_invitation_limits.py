"""Substitute invitations cannot be turned against anyone's mailbox (issue 41): limited per
inviter and per invitee, never the game's free-text name in a subject, and one unsubscribe
stops them without touching the invitee's game emails."""

from __future__ import annotations

from django.test import Client

from common import clock
from games.absences.models import SubstituteInvite
from notifications.models import Notification
from notifications.selectors import preferences_get
from tests.games.absences.conftest import DAY, HOUR
from tests.games.absences.test_substitutes import bot_plays_boris
from tests.players import assert_problem, url


def invite(player, game, username: str = ""):
    body = {"username": username} if username else {}
    return player.post(url(game, "seats/1/substitute"), body)


def invitations_to(player) -> list[Notification]:
    return list(Notification.objects.filter(recipient=player.user, kind="substitute_invite"))


def test_twelve_invitations_naming_an_outsider_send_three_emails(make_player, settings):
    """Issue 41: "12 invitations naming an outsider sent 12 emails"."""
    anna, _boris, game = bot_plays_boris(make_player, settings)
    outsider = make_player("olga")
    at = clock.now()
    with clock.frozen_at(at):
        answers = [invite(anna, game, "olga") for _ in range(12)]
    assert [a.status_code for a in answers[:3]] == [201] * 3
    for refused in answers[3:]:
        body = assert_problem(refused, 429, "invitee_invited_enough")
        assert "olga cannot be sent another invitation by email today" in body["detail"]
        assert 23 * 3600 < int(refused["Retry-After"]) <= 24 * 3600 + 1
    assert len(invitations_to(outsider)) == settings.SUBSTITUTE_INVITE_EMAILS_PER_DAY == 3
    assert SubstituteInvite.objects.count() == 3  # the refused ones made no link either

    # A day later, olga may be invited again.
    with clock.frozen_at(at + DAY + HOUR):
        assert invite(anna, game, "olga").status_code == 201
    assert len(invitations_to(outsider)) == 4


def test_an_inviter_makes_at_most_so_many_invitations_a_day(make_player, settings):
    settings.SUBSTITUTE_INVITES_PER_DAY = 4
    anna, _boris, game = bot_plays_boris(make_player, settings)
    for name in ("cleo", "dora", "emil", "fedir"):
        make_player(name)
    at = clock.now()
    with clock.frozen_at(at):
        made = [invite(anna, game, "cleo"), invite(anna, game, "dora"), invite(anna, game)]
        made.append(invite(anna, game, "emil"))
        assert [m.status_code for m in made] == [201] * 4
        body = assert_problem(invite(anna, game), 429, "too_many_invites")
        assert "at most 4 substitute invitations a day" in body["detail"]
        assert_problem(invite(anna, game, "fedir"), 429, "too_many_invites")
    assert not Notification.objects.filter(recipient__username="fedir").exists()
    with clock.frozen_at(at + DAY + HOUR):
        assert invite(anna, game, "fedir").status_code == 201


def test_the_games_free_text_name_is_never_in_an_invitations_subject(make_player, settings):
    anna, _boris, game = bot_plays_boris(make_player, settings)
    game.name = "URGENT: your account is locked, log in at evil.example"
    game.save(update_fields=["name"])
    cleo = make_player("cleo")
    assert invite(anna, game, "cleo").status_code == 201
    [email] = invitations_to(cleo)
    assert email.subject == "Khôra: an invitation to take over a seat in a game"
    assert "evil.example" not in email.subject
    assert "<title>An invitation to take over a seat in a game</title>" in email.body_html


def test_one_unsubscribe_stops_invitations_and_nothing_else(make_player, settings):
    anna, _boris, game = bot_plays_boris(make_player, settings)
    cleo = make_player("cleo")
    assert invite(anna, game, "cleo").status_code == 201
    [email] = invitations_to(cleo)
    footer = email.body_text.split("Stop invitations to take over a seat in someone else's game:")
    link = footer[1].split()[0]
    one_click = Client(enforce_csrf_checks=True).post(
        link.removeprefix(settings.SITE_URL),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert one_click.status_code == 200
    assert preferences_get(cleo.user)["invitations"] == "off"
    assert {preferences_get(cleo.user)[f] for f in ("your_turn", "game_started")} == {"immediately"}

    # The next invitation is made (the link is the inviter's to pass on), but not emailed.
    assert invite(anna, game, "cleo").status_code == 201
    assert len(invitations_to(cleo)) == 1
    assert cleo.get("/api/v1/me/preferences/").json()["invitations"] == "off"
