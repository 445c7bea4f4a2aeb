"""Table talk on the game page: shown beside the history, posted with or without htmx, brought
by the table's own poll, safe against markup in messages, muting and rate limits."""

from __future__ import annotations

import re

import pytest

from chat.models import ChatMessage
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    ann, ben = make_user("ann"), make_user("ben")
    game = start_game([ann, ben], seats=3)
    return game, client_for(ann), client_for(ben)


def page(client, game, **extra):
    return client.get(f"/games/{game.public_id}/", **extra)


def say(client, game, text, **extra):
    return client.post(f"/games/{game.public_id}/chat/", {"text": text}, **extra)


def test_a_plain_post_shows_on_both_pages(table):
    game, ann, ben = table
    response = say(ann, game, "Hello, Ben!")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/#chat"
    body = page(ben, game).content.decode()
    assert 'id="chat"' in body and "Hello, Ben!" in body
    assert "Say something to the table" in body


def test_htmx_post_answers_the_chat_section(table):
    game, ann, _ = table
    response = say(ann, game, "via htmx", **HX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.startswith('<section id="chat"') and "via htmx" in body
    assert "<textarea" in body and "via htmx</textarea>" not in body  # the draft is cleared


def test_new_messages_ride_on_the_tables_poll(table):
    game, ann, ben = table
    first = page(ben, game, **HX)
    etag = first["ETag"]
    assert page(ben, game, HTTP_IF_NONE_MATCH=etag, **HX).status_code == 204
    api_etag = ben.get(f"/api/v1/games/{game.public_id}/")["ETag"]
    say(ann, game, "news at the table")
    polled = page(ben, game, HTTP_IF_NONE_MATCH=etag, **HX)
    assert polled.status_code == 200
    body = polled.content.decode()
    # The table, and the messages out of band (the form with a draft is left alone).
    assert 'id="chat-messages" hx-swap-oob="true"' in body and "news at the table" in body
    assert "<textarea" not in body
    # The API's ETag of the game is not the chat's business.
    again = ben.get(f"/api/v1/games/{game.public_id}/", HTTP_IF_NONE_MATCH=api_etag)
    assert again.status_code == 304


XSS = [
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    '" onmouseover="alert(1)',
    "javascript:alert(1)",
    "<a href='javascript:alert(1)'>click</a>",
    'https://example.org/"><script>alert(1)</script>',
]


@pytest.mark.parametrize("attack", XSS)
def test_markup_in_messages_is_text(table, attack):
    game, ann, ben = table
    say(ann, game, attack)
    body = page(ben, game).content.decode()
    chat = body[body.index('id="chat-messages"') :]
    assert "<script>alert" not in chat
    assert "onerror=" not in chat.replace("onerror=&quot;", "")
    assert 'href="javascript' not in chat.lower() and "href='javascript" not in chat.lower()
    assert not re.search(r"<[^>]+\son\w+=", chat)  # no event handler attribute anywhere


def test_links_are_made_clickable_safely(table):
    game, ann, ben = table
    say(ann, game, "Rules: https://example.org/rules?a=1&b=2. And javascript:alert(1)")
    body = page(ben, game).content.decode()
    link = (
        '<a href="https://example.org/rules?a=1&amp;b=2" '
        'rel="nofollow noopener noreferrer ugc" target="_blank">'
    )
    assert link in body
    assert "javascript:alert(1)" in body and 'href="javascript' not in body


def test_delete_hide_and_mute_from_the_page(table):
    game, ann, ben = table  # ann created the game
    say(ben, game, "ben says hi")
    say(ann, game, "ann answers")
    bens, anns = ChatMessage.objects.order_by("id")
    assert ben.post(f"/games/{game.public_id}/chat/{anns.pk}/delete/").status_code == 302
    ChatMessage.objects.get(pk=anns.pk, deleted_at=None)  # not ben's to delete
    ann.post(f"/games/{game.public_id}/chat/{anns.pk}/delete/")
    assert "deleted by its author" in page(ben, game).content.decode()
    ann.post(f"/games/{game.public_id}/chat/{bens.pk}/hide/")
    body = page(ben, game).content.decode()
    assert "ben says hi" not in body and "hidden by the game's creator or staff" in body
    say(ben, game, "still here")
    ann.post(f"/games/{game.public_id}/chat/mute/", {"player": "ben", "muted": "1"})
    assert "still here" not in page(ann, game).content.decode()
    assert "still here" in page(ben, game).content.decode()
    ann.post(f"/games/{game.public_id}/chat/mute/", {"player": "ben", "muted": "0"})
    assert "still here" in page(ann, game).content.decode()


def test_rate_limit_says_so_on_the_page(table, settings):
    game, ann, _ = table
    settings.CHAT_MESSAGES_PER_MINUTE = 1
    say(ann, game, "first")
    refused = say(ann, game, "second", **HX)
    body = refused.content.decode()
    assert "You are sending messages too fast" in body
    assert "second</textarea>" in body  # the draft is kept
    follow = say(ann, game, "third", follow=True).content.decode()
    assert "You are sending messages too fast" in follow


def test_spectators_and_private_games_on_the_page(table):
    game, ann, _ = table
    eve = client_for(make_user("eve"))
    say(ann, game, "players talk")
    say(eve, game, "spectator advice")
    assert "spectator advice" not in page(ann, game).content.decode()
    spectator_view = page(eve, game).content.decode()
    assert "players talk" in spectator_view and "spectator advice" in spectator_view
    assert "Say something to the other spectators" in spectator_view
    anonymous = page(client_for(), game).content.decode()
    assert "players talk" in anonymous and "Log in to talk at the table" in anonymous


def test_empty_and_long_messages_get_a_message(table):
    game, ann, _ = table
    assert "The message is empty" in say(ann, game, "  ", **HX).content.decode()
    assert "at most 1000 characters" in say(ann, game, "x" * 1001, **HX).content.decode()
    assert not ChatMessage.objects.exists()
