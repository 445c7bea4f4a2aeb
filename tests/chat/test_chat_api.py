"""GET/POST /api/v1/games/{id}/chat/: posting, paging, deleting, hiding, muting, limits,
spectators apart from players, private games, idempotent posting, and a game untouched."""

from __future__ import annotations

import uuid

import pytest

from chat.models import ChatMessage
from games import services
from games.models import Game, GameEvent
from tests.players import assert_problem, start_game, url


@pytest.fixture
def table(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    game = start_game([ann, ben], seats=3)
    return game, ann, ben


def say(player, game, text, **extra):
    return player.post(url(game, "chat"), {"text": text}, **extra)


def texts(player, game, **query):
    response = player.client.get(url(game, "chat"), query)
    assert response.status_code == 200, response.content
    return [m["text"] for m in response.json()["messages"]]


def test_players_post_and_read(table):
    game, ann, ben = table
    response = say(ann, game, "  Good luck, all!  ")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["text"] == "Good luck, all!"
    assert body["author"] == "ann" and body["seat"] == 0 and body["channel"] == "players"
    assert body["yours"] is True
    assert say(ben, game, "And to you.").status_code == 201
    assert texts(ben, game) == ["Good luck, all!", "And to you."]
    page = ben.get(url(game, "chat")).json()
    assert page["can_post"] is True and page["channel"] == "players"
    assert [m["yours"] for m in page["messages"]] == [False, True]


def test_paging_with_after(table):
    game, ann, _ = table
    for n in range(5):
        assert say(ann, game, f"message {n}").status_code == 201
    first = ann.client.get(url(game, "chat"), {"limit": 2}).json()
    assert [m["text"] for m in first["messages"]] == ["message 0", "message 1"]
    second = ann.client.get(url(game, "chat"), {"limit": 2, "after": first["next_after"]}).json()
    assert [m["text"] for m in second["messages"]] == ["message 2", "message 3"]
    last = ann.client.get(url(game, "chat"), {"limit": 2, "after": second["next_after"]}).json()
    assert [m["text"] for m in last["messages"]] == ["message 4"]
    assert last["next_after"] is None
    assert_problem(ann.client.get(url(game, "chat"), {"limit": 0}), 400, "invalid_input")
    assert_problem(ann.client.get(url(game, "chat"), {"after": "x"}), 400, "invalid_input")


def test_etag_and_304(table):
    game, ann, _ = table
    say(ann, game, "hello")
    first = ann.get(url(game, "chat"))
    again = ann.client.get(url(game, "chat"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    say(ann, game, "more")
    assert ann.client.get(url(game, "chat"), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_chat_never_touches_the_game(table):
    game, ann, ben = table
    before = ann.get(url(game))
    events = GameEvent.objects.filter(game=game).count()
    stamp = Game.objects.get(pk=game.pk).updated_at
    say(ann, game, "Nothing changes for the game")
    say(ben, game, "Indeed")
    after = ann.client.get(url(game), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 304
    assert GameEvent.objects.filter(game=game).count() == events
    assert Game.objects.get(pk=game.pk).updated_at == stamp


def test_limits_on_text(table, settings):
    game, ann, _ = table
    assert_problem(say(ann, game, "   "), 422, "empty_message")
    assert say(ann, game, "x" * 1000).status_code == 201
    body = assert_problem(say(ann, game, "x" * 1001), 422, "message_too_long")
    assert body["max_chars"] == 1000
    assert_problem(say(ann, game, "a\x07bell"), 422, "invalid_text")
    assert_problem(ann.post(url(game, "chat"), {"text": 5}), 400, "invalid_input")
    assert_problem(ann.post(url(game, "chat"), {"text": "hi", "to": "x"}), 400, "invalid_input")


def test_lone_surrogate_refused(table):
    game, ann, _ = table
    raw = b'{"text": "broken \\ud800 text"}'
    response = ann.client.post(url(game, "chat"), raw, content_type="application/json")
    assert response.status_code in (400, 422)
    assert response["Content-Type"] == "application/problem+json"
    assert not ChatMessage.objects.exists()


def test_idempotent_posting(table):
    game, ann, _ = table
    key = str(uuid.uuid4())
    first = say(ann, game, "once", HTTP_IDEMPOTENCY_KEY=key)
    again = say(ann, game, "once", HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code == 201 and again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert ChatMessage.objects.count() == 1
    assert_problem(say(ann, game, "other", HTTP_IDEMPOTENCY_KEY=key), 422, "idempotency_key_reused")
    assert_problem(
        say(ann, game, "x", HTTP_IDEMPOTENCY_KEY="short"), 400, "invalid_idempotency_key"
    )
    for blank in ("", "   "):  # never taken for no key (issue 41)
        body = assert_problem(
            say(ann, game, "x", HTTP_IDEMPOTENCY_KEY=blank), 400, "invalid_idempotency_key"
        )
        assert "8 to 255 visible ASCII characters" in body["detail"]
    assert ChatMessage.objects.count() == 1


def test_rate_limits_answer_429(table, settings):
    game, ann, ben = table
    settings.CHAT_MESSAGES_PER_MINUTE = 3
    for n in range(3):
        assert say(ann, game, f"m{n}").status_code == 201
    refused = say(ann, game, "one too many")
    body = assert_problem(refused, 429, "chat_throttled")
    assert 1 <= int(refused["Retry-After"]) <= 60 and body["retry_after"] >= 1
    assert say(ben, game, "ben still talks").status_code == 201  # per player
    key = str(uuid.uuid4())
    settings.CHAT_MESSAGES_PER_MINUTE = 0
    settings.CHAT_MESSAGES_PER_DAY = 4  # ann has said 3
    assert say(ann, game, "m3", HTTP_IDEMPOTENCY_KEY=key).status_code == 201
    assert_problem(say(ann, game, "m4"), 429, "chat_throttled")
    # A retry of a message already written is not a new message: not counted, not refused.
    assert say(ann, game, "m3", HTTP_IDEMPOTENCY_KEY=key).status_code == 200


def test_delete_own_only(table):
    game, ann, ben = table
    mine = say(ann, game, "oops").json()["id"]
    path = f"{url(game, 'chat')}{mine}/"
    assert_problem(ben.client.delete(path), 403, "not_author")
    response = ann.client.delete(path)
    assert response.status_code == 200
    assert response.json()["deleted"] is True and response.json()["text"] is None
    listed = ben.get(url(game, "chat")).json()["messages"]
    assert listed[0]["deleted"] is True and listed[0]["text"] is None
    assert_problem(ann.client.delete(f"{url(game, 'chat')}999999/"), 404, "message_not_found")
    assert_problem(ann.client.delete(f"{url(game, 'chat')}{10**30}/"), 404, "message_not_found")


def test_hide_by_creator_or_staff(table, make_player):
    game, ann, ben = table  # ann created the game
    first = say(ben, game, "rude words").json()["id"]
    second = say(ann, game, "calm down").json()["id"]
    assert_problem(ben.post(f"{url(game, 'chat')}{second}/hide/"), 403, "not_moderator")
    hidden = ann.post(f"{url(game, 'chat')}{first}/hide/")
    assert hidden.status_code == 200 and hidden.json()["hidden"] is True
    staff = make_player("sam", staff=True)
    assert staff.post(f"{url(game, 'chat')}{second}/hide/").status_code == 200
    listed = ben.get(url(game, "chat")).json()["messages"]
    assert [(m["hidden"], m["text"]) for m in listed] == [(True, None), (True, None)]


def test_mute_is_for_oneself(table):
    game, ann, ben = table
    say(ann, game, "from ann")
    say(ben, game, "from ben")
    response = ann.post(url(game, "chat/mutes"), {"player": "ben"})
    assert response.status_code == 200 and response.json() == {"muted": ["ben"]}
    assert texts(ann, game) == ["from ann"]
    assert texts(ben, game) == ["from ann", "from ben"]  # ben is not told, nothing changes
    assert ann.get(url(game, "chat")).json()["muted"] == ["ben"]
    assert_problem(
        ann.post(url(game, "chat/mutes"), {"player": "ann"}), 422, "cannot_mute_yourself"
    )
    assert_problem(ann.post(url(game, "chat/mutes"), {"player": "zed"}), 404, "player_not_found")
    ann.post(url(game, "chat/mutes"), {"player": "ben", "muted": False})
    assert texts(ann, game) == ["from ann", "from ben"]


def test_spectators_have_their_own_channel(table, make_player, anonymous):
    game, ann, _ = table
    eve = make_player("eve")
    say(ann, game, "players' words")
    posted = say(eve, game, "ann should trade")
    assert posted.status_code == 201 and posted.json()["channel"] == "spectators"
    assert posted.json()["seat"] is None
    assert texts(eve, game) == ["players' words", "ann should trade"]
    # No advice to the players during play.
    assert texts(ann, game) == ["players' words"]
    # Anyone may read a public game's talk, and nobody anonymous may write.
    assert anonymous.get(url(game, "chat")).status_code == 200
    assert_problem(
        anonymous.post(url(game, "chat"), {"text": "hi"}, format="json"), 401, "not_authenticated"
    )
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert texts(ann, game) == ["players' words", "ann should trade"]


def test_private_game_talk_is_the_players_only(make_player, anonymous):
    ann, ben, eve = make_player("ann"), make_player("ben"), make_player("eve")
    game = services.game_create(
        creator=ann.user, game_type="khora", seats=2, options={}, step_hours=48, private=True
    )
    services.game_join(public_id=game.public_id, user=ben.user)
    say(ann, game, "just between us")
    assert_problem(eve.get(url(game, "chat")), 403, "chat_private")
    assert_problem(anonymous.get(url(game, "chat")), 403, "chat_private")
    assert_problem(say(eve, game, "let me in"), 403, "chat_private")
    assert texts(ben, game) == ["just between us"]


def test_unknown_game_is_404(make_player):
    ann = make_player("ann")
    assert_problem(ann.get("/api/v1/games/nope/chat/"), 404, "game_not_found")
    assert_problem(ann.post("/api/v1/games/nope/chat/", {"text": "x"}), 404, "game_not_found")
