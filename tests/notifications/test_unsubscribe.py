"""Unsubscribe links: GET only asks, POST turns off, one-click works without CSRF or login."""

from __future__ import annotations

import pytest
from django.core import mail, signing
from django.test import Client

from notifications import services
from notifications.models import NotificationPreference
from notifications.selectors import preferences_get
from notifications.tokens import SALT, unsubscribe_token, unsubscribe_url
from tests.notifications.conftest import SITE, turn_context

FAMILIES = ("your_turn", "reminder", "game_started", "game_over")


def path_of(user, scope: str) -> str:
    return unsubscribe_url(user.pk, scope).removeprefix(SITE)


def deliveries(user) -> dict[str, str]:
    current = preferences_get(user)
    return {family: current[family] for family in FAMILIES}


@pytest.fixture
def client():
    # As a mail provider or a logged-out browser: CSRF enforced, no session.
    return Client(enforce_csrf_checks=True)


def test_opening_the_link_asks_and_changes_nothing(make_user, client):
    alice = make_user("alice")
    response = client.get(path_of(alice, "your_turn"))
    assert response.status_code == 200
    page = response.content.decode()
    assert '<form method="post">' in page and "<button" in page
    assert "emails saying it is your turn" in page and "Nothing has changed yet" in page
    assert not NotificationPreference.objects.filter(user=alice).exists()
    assert deliveries(alice)["your_turn"] == "immediately"


def test_pressing_the_button_turns_that_kind_off_only(make_user, client):
    alice = make_user("alice")
    response = client.post(path_of(alice, "your_turn"))
    assert response.status_code == 200
    assert "We will no longer send emails saying it is your turn" in response.content.decode()
    assert deliveries(alice) == {
        "your_turn": "off",
        "reminder": "immediately",
        "game_started": "immediately",
        "game_over": "immediately",
    }


def test_one_click_post_from_a_mail_provider_works_without_csrf_or_login(make_user, client):
    alice = make_user("alice")
    response = client.post(
        path_of(alice, "reminder"),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert deliveries(alice)["reminder"] == "off"
    assert client.post(path_of(alice, "reminder")).status_code == 200  # twice is harmless


def test_the_link_in_a_real_emails_header_stops_that_kind_of_email(make_user, game, client):
    alice = make_user("alice")
    services.notify(user=alice, game=game, step="1", kind="reminder_2h", context=turn_context(game))
    services.send_due()
    header = mail.outbox[0].message()["List-Unsubscribe"]
    response = client.post(
        header.strip("<>").removeprefix(SITE),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    context = turn_context(game)
    assert (
        services.notify(user=alice, game=game, step="2", kind="reminder_2h", context=context)
        is None
    )
    assert services.notify(user=alice, game=game, step="2", kind="your_turn", context=context)


def test_all_turns_every_kind_off(make_user, client):
    alice = make_user("alice", reminder="digest")
    client.post(path_of(alice, "all"))
    assert set(deliveries(alice).values()) == {"off"}


def test_the_digest_link_turns_off_what_went_to_the_digest_and_nothing_else(make_user, client):
    alice = make_user("alice", reminder="digest", game_over="digest")
    client.post(path_of(alice, "digest"))
    assert deliveries(alice) == {
        "your_turn": "immediately",
        "reminder": "off",
        "game_started": "immediately",
        "game_over": "off",
    }


@pytest.mark.parametrize(
    "bad_token",
    [
        "not-a-token",
        "tampered",
        "other-salt",
        "other-user",
        "unknown-scope",
    ],
)
def test_a_bad_or_altered_link_is_a_400_page_and_changes_nothing(make_user, client, bad_token):
    alice = make_user("alice")
    good = unsubscribe_token(alice.pk, "all")
    token = {
        "not-a-token": "not-a-token",
        "tampered": good[:-2] + ("AA" if not good.endswith("AA") else "BB"),
        "other-salt": signing.Signer(salt="something else").sign_object([alice.pk, "all"]),
        "other-user": signing.Signer(salt=SALT)
        .sign_object([alice.pk, "all"])
        .replace(
            signing.b64_encode(f'[{alice.pk},"all"]'.encode()).decode(),
            signing.b64_encode(f'[{alice.pk + 1},"all"]'.encode()).decode(),
        ),
        "unknown-scope": signing.Signer(salt=SALT).sign_object([alice.pk, "everything"]),
    }[bad_token]
    for response in (
        client.get(f"/notifications/unsubscribe/{token}/"),
        client.post(f"/notifications/unsubscribe/{token}/"),
    ):
        assert response.status_code == 400
        assert "This link is not valid" in response.content.decode()
    assert not NotificationPreference.objects.filter(user=alice).exists()


def test_a_link_for_a_deleted_account_is_not_valid(make_user, client):
    ghost = make_user("ghost")
    path = path_of(ghost, "all")
    ghost.delete()
    assert client.post(path).status_code == 400


def test_the_token_names_nothing_readable_but_the_user_id_and_scope(make_user):
    alice = make_user("alice")
    token = unsubscribe_token(alice.pk, "all")
    assert "alice" not in token and "example.com" not in token
    assert unsubscribe_token(alice.pk, "all") == token  # the same link in every email
