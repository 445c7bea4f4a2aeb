"""Every endpoint × every role: the expected status, and no secret the role may not see.

The table below is the specification; tests are generated from it, and
`test_every_api_route_and_method_is_in_the_table` fails when a new endpoint is not added.

The world: game G has alice (seat 0, creator, whose turn it is), bob (seat 1, who has made his
sealed draft pick) and a bot (seat 2, also picked). Dave plays another game; Sam is staff.
Nobody may see a hand or a sealed pick that is not their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from common import clock
from games.models import Game
from tests.players import PASSWORD, start_game

ROLES = ("seated", "other_seated", "other_game", "anonymous", "staff")
USERNAMES = {"seated": "alice", "other_seated": "bob", "other_game": "dave", "staff": "sam"}
OWN_SEAT = {"seated": 0, "other_seated": 1}


@dataclass
class World:
    game: Game
    clients: dict[str, APIClient]
    hands: list[list[str]]
    alice_prompt: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Case:
    route: str
    method: str
    path: str
    expected: dict[str, int]
    body: Callable[[World, str], dict] | None = None
    secret_free: bool = True  # check that no hidden card of another seat appears
    passes_hands: bool = False  # a success ends the draft step: hands move one seat on


def everyone(status: int, anonymous: int | None = None) -> dict[str, int]:
    return {role: status for role in ROLES} | {"anonymous": anonymous or status}


def alice_decision(world: World, role: str) -> dict:
    return {"prompt": world.alice_prompt["id"], "option": world.alice_prompt["default"]}


def new_account(world: World, role: str) -> dict:
    return {"username": f"new-{role}", "email": f"{role}@example.com", "password": PASSWORD}


def own_credentials(world: World, role: str) -> dict:
    return {"username": USERNAMES.get(role, "nobody"), "password": PASSWORD}


TABLE = [
    Case("games", "get", "/api/v1/games/", everyone(200, anonymous=401)),
    Case(
        "games",
        "post",
        "/api/v1/games/",
        everyone(201, anonymous=401),
        body=lambda world, role: {"game": "khora", "seats": 2},
    ),
    Case("game-detail", "get", "/api/v1/games/{id}/", everyone(200)),
    Case("game-join", "post", "/api/v1/games/{id}/join/", everyone(409, anonymous=401)),
    Case("game-leave", "post", "/api/v1/games/{id}/leave/", everyone(409, anonymous=401)),
    Case("game-start", "post", "/api/v1/games/{id}/start/", everyone(409, anonymous=401)),
    Case("game-prompt", "get", "/api/v1/games/{id}/prompt/", everyone(200)),
    Case(
        "game-decisions",
        "post",
        "/api/v1/games/{id}/decisions/",
        {"seated": 200, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
        body=alice_decision,
        passes_hands=True,
    ),
    Case(
        "game-revise",
        "post",
        "/api/v1/games/{id}/revise/",  # bob has picked and waits on alice: he may take it back
        {"seated": 409, "other_seated": 200, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case("game-log", "get", "/api/v1/games/{id}/log/", everyone(200)),
    Case("game-history", "get", "/api/v1/games/{id}/history/", everyone(200)),
    Case("game-state", "get", "/api/v1/games/{id}/state/?at=1", everyone(409)),
    Case("accounts", "post", "/api/v1/accounts/", everyone(201), body=new_account),
    Case(
        "token",
        "post",
        "/api/v1/auth/token/",
        everyone(201, anonymous=401),
        body=own_credentials,
    ),
    Case("token-revoke", "post", "/api/v1/auth/token/revoke/", everyone(200, anonymous=401)),
    Case(
        "token-revoke-all", "post", "/api/v1/auth/token/revoke-all/", everyone(200, anonymous=401)
    ),
    Case("me-preferences", "get", "/api/v1/me/preferences/", everyone(200, anonymous=401)),
    Case(
        "me-preferences",
        "patch",
        "/api/v1/me/preferences/",
        everyone(200, anonymous=401),
        body=lambda world, role: {"reminder": "digest", "time_zone": "Europe/Paris"},
    ),
    Case("game-chat", "get", "/api/v1/games/{id}/chat/", everyone(200)),
    Case(
        "game-chat",
        "post",
        "/api/v1/games/{id}/chat/",  # players in their channel, the others in the spectators'
        everyone(201, anonymous=401),
        body=lambda world, role: {"text": f"hello from {role}"},
    ),
    Case(
        "game-chat-message",
        "delete",
        "/api/v1/games/{id}/chat/{message_id}/",  # no such message
        everyone(404, anonymous=401),
    ),
    Case(
        "game-chat-hide",
        "post",
        "/api/v1/games/{id}/chat/{message_id}/hide/",
        everyone(404, anonymous=401),
    ),
    Case(
        "game-chat-mute",
        "post",
        "/api/v1/games/{id}/chat/mutes/",
        everyone(200, anonymous=401) | {"other_seated": 422},  # bob cannot mute himself
        body=lambda world, role: {"player": "bob"},
    ),
    # Player pages and leaderboards: reads open to anyone (finished games only: none here;
    # their 404s are in tests/ratings/test_player_api.py).
    Case("player", "get", "/api/v1/players/{username}/", everyone(200)),
    Case("ratings-leaderboard", "get", "/api/v1/ratings/{game_type}/leaderboard/", everyone(200)),
    # The matchmaking queue (anyone signed in waits for themselves) and rematches (the game's
    # players, once it is finished: G is not).
    Case("matchmaking-entries", "get", "/api/v1/matchmaking/entries/", everyone(200, 401)),
    Case(
        "matchmaking-entries",
        "post",
        "/api/v1/matchmaking/entries/",
        everyone(201, anonymous=401),
        body=lambda world, role: {"players": 4, "step_hours": 72, "language": "uk"},
    ),
    Case(
        "matchmaking-entry",
        "delete",
        "/api/v1/matchmaking/entries/{entry_id}/",
        everyone(404, anonymous=401),
    ),
    *(
        Case(
            "game-rematch",
            method,
            "/api/v1/games/{id}/rematch/",
            {"seated": 409, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
        )
        for method in ("get", "post")
    ),
    Case("me-chat", "get", "/api/v1/me/chat/", everyone(200, anonymous=401)),
    Case(
        "me-chat",
        "patch",
        "/api/v1/me/chat/",
        everyone(200, anonymous=401),
        body=lambda world, role: {"digest": True},
    ),
    # A stream's bytes are checked for redaction in test_stream*.py (it never ends here).
    Case("game-stream", "get", "/api/v1/games/{id}/stream/", everyone(200), secret_free=False),
    Case("me-stream", "get", "/api/v1/me/stream/", everyone(200, 401), secret_free=False),
    Case("me-webhooks", "get", "/api/v1/me/webhooks/", everyone(200, anonymous=401)),
    Case(
        "me-webhooks",
        "post",
        "/api/v1/me/webhooks/",
        everyone(201, anonymous=401),
        body=lambda world, role: {
            "url": "https://93.184.216.34/hook",
            "event_types": ["game.over"],
        },
    ),
    Case(
        "me-webhook", "delete", "/api/v1/me/webhooks/{endpoint_id}/", everyone(404, anonymous=401)
    ),
    Case(
        "me-webhook-enable",
        "post",
        "/api/v1/me/webhooks/{endpoint_id}/enable/",
        everyone(404, anonymous=401),
    ),
    Case(
        "me-webhook-secret-rotate",
        "post",
        "/api/v1/me/webhooks/{endpoint_id}/secret/rotate/",
        everyone(404, anonymous=401),
    ),
    Case(
        "me-webhook-deliveries",
        "get",
        "/api/v1/me/webhooks/{endpoint_id}/deliveries/",
        everyone(404, anonymous=401),
    ),
    # Web Push (webpush/): the test settings have no VAPID key, so a subscription is refused
    # with 409 (its refusals and its sends are tested in tests/webpush/).
    Case("me-push", "get", "/api/v1/me/push/", everyone(200, anonymous=401)),
    Case(
        "me-push",
        "patch",
        "/api/v1/me/push/",
        everyone(200, anonymous=401),
        body=lambda world, role: {"game_over": False},
    ),
    Case(
        "me-push-devices",
        "post",
        "/api/v1/me/push/devices/",
        everyone(409, anonymous=401),
        body=lambda world, role: {
            "endpoint": "https://93.184.216.34/push/1",
            "keys": {"p256dh": "B" + "A" * 86, "auth": "A" * 22},
        },
    ),
    Case(
        "me-push-device",
        "delete",
        "/api/v1/me/push/devices/{device_id}/",
        everyone(404, anonymous=401),
    ),
    # Standing answers (games/standing/): each reads only their own rules (none, for someone
    # not seated) and only the seated set them.
    Case(
        "game-standing-answers",
        "get",
        "/api/v1/games/{id}/standing-answers/",
        everyone(200, anonymous=401),
    ),
    Case(
        "game-standing-answers",
        "post",
        "/api/v1/games/{id}/standing-answers/",
        {"seated": 201, "other_seated": 201, "other_game": 403, "anonymous": 401, "staff": 403},
        body=lambda world, role: {"kind": "explore"},
    ),
    Case("me-standing-answers", "get", "/api/v1/me/standing-answers/", everyone(200, 401)),
    Case(
        "me-standing-answers",
        "post",
        "/api/v1/me/standing-answers/",
        everyone(201, anonymous=401),
        body=lambda world, role: {"kind": "achievement", "params": {"reward": "glory"}},
    ),
    Case(
        "me-standing-answer",
        "delete",
        "/api/v1/me/standing-answers/{answer_id}/",
        everyone(404, anonymous=401),
    ),
    # Long games among people (absences/): holidays, pauses, nudges, substitutes.
    Case("me-holidays", "get", "/api/v1/me/holidays/", everyone(200, anonymous=401)),
    Case(
        "me-holidays",
        "post",
        "/api/v1/me/holidays/",
        everyone(201, anonymous=401),
        body=lambda world, role: {
            "starts_at": (clock.now() + timedelta(days=3)).isoformat(),
            "ends_at": (clock.now() + timedelta(days=5)).isoformat(),
        },
    ),
    Case(
        "me-holidays",
        "patch",
        "/api/v1/me/holidays/",
        everyone(200, anonymous=401),
        body=lambda world, role: {"automatic": False},
    ),
    Case("me-holiday", "delete", "/api/v1/me/holidays/{absence_id}/", everyone(404, anonymous=401)),
    Case("game-pause", "get", "/api/v1/games/{id}/pause/", everyone(200, anonymous=401)),
    Case(
        "game-pause",
        "post",
        "/api/v1/games/{id}/pause/",
        {"seated": 201, "other_seated": 201, "other_game": 403, "anonymous": 401, "staff": 403},
        body=lambda world, role: {"days": 2},
    ),
    Case(
        "game-pause-accept",
        "post",
        "/api/v1/games/{id}/pause/accept/",  # nothing proposed
        {"seated": 409, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case(
        "game-pause-decline",
        "post",
        "/api/v1/games/{id}/pause/decline/",
        {"seated": 409, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case(
        "game-nudge",
        "post",
        "/api/v1/games/{id}/nudge/",  # alice owes her pick: bob may nudge her, she may not
        {"seated": 422, "other_seated": 201, "other_game": 403, "anonymous": 401, "staff": 403},
        body=lambda world, role: {"seat": 0},
    ),
    Case(
        "game-seat-substitute",
        "post",
        "/api/v1/games/{id}/seats/{position}/substitute/",  # seat 2: a bot's, not a player's
        {"seated": 409, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case(
        "game-seat-substitute-leave",
        "post",
        "/api/v1/games/{id}/seats/{position}/substitute/leave/",
        everyone(403, anonymous=401),
    ),
    Case(
        "game-substitute-accept",
        "post",
        "/api/v1/games/{id}/substitute/accept/",
        everyone(404, anonymous=401),
        body=lambda world, role: {"token": "unknown"},
    ),
    Case("game-votes", "get", "/api/v1/games/{id}/votes/", everyone(200, anonymous=401)),
    Case(
        "game-seat-vote",
        "post",
        "/api/v1/games/{id}/seats/{position}/vote/",  # seat 2: a bot's, not a player's
        {"seated": 422, "other_seated": 422, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case(
        "game-take-back",
        "post",
        "/api/v1/games/{id}/take-back/",  # no bot plays alice's or bob's seat
        {"seated": 409, "other_seated": 409, "other_game": 403, "anonymous": 401, "staff": 403},
    ),
    Case("schema", "get", "/api/v1/schema/", everyone(200), secret_free=False),
    Case("docs", "get", "/api/v1/docs/", everyone(200), secret_free=False),
    Case("redoc", "get", "/api/v1/redoc/", everyone(200), secret_free=False),
]


@pytest.fixture
def world(make_player) -> World:
    alice, bob = make_player("alice"), make_player("bob")
    dave, sam = make_player("dave"), make_player("sam", staff=True)
    game = start_game([alice, bob], seats=3)
    start_game([dave], seats=2)
    bob_prompt = bob.get(f"/api/v1/games/{game.public_id}/prompt/").json()["prompt"]
    bob.post(
        f"/api/v1/games/{game.public_id}/decisions/",
        {"prompt": bob_prompt["id"], "option": bob_prompt["options"][2]["id"]},
    )
    deal = game.events.get(type="chance", payload__kind="deal")
    clients = {
        "seated": alice.client,
        "other_seated": bob.client,
        "other_game": dave.client,
        "anonymous": APIClient(),
        "staff": sam.client,
    }
    world = World(game=game, clients=clients, hands=deal.payload["hands"])
    world.alice_prompt = alice.get(f"/api/v1/games/{game.public_id}/prompt/").json()["prompt"]
    return world


def hidden_from(world: World, role: str, passed: bool) -> list[str]:
    """Every dealt card the role has never held.

    Once hands are passed, seat 0 holds what is left of seat 2's hand, so only the cards
    dealt to seat 1 stay hidden from her.
    """
    own = OWN_SEAT.get(role)
    held = {own, 2} if passed and own == 0 else {own}
    return [card for seat, hand in enumerate(world.hands) if seat not in held for card in hand]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", TABLE, ids=lambda case: f"{case.method}-{case.route}")
def test_endpoint_for_role(world, case, role):
    client = world.clients[role]
    path = (
        case.path.replace("{id}", world.game.public_id)
        .replace("{message_id}", "999999")
        .replace("{endpoint_id}", "999999")
        .replace("{absence_id}", "999999")
        .replace("{device_id}", "999999")
        .replace("{entry_id}", "999999")
        .replace("{answer_id}", "999999")
        .replace("{position}", "2")  # the bot's seat: no substitute for it
        .replace("{username}", "alice")
        .replace("{game_type}", "khora")
    )
    body = case.body(world, role) if case.body else {}
    if case.method == "get":
        response = client.get(path)
    else:
        response = getattr(client, case.method)(path, body, format="json")
    assert response.status_code == case.expected[role], response.content
    if response.status_code >= 400:
        assert response["Content-Type"] == "application/problem+json"
    if case.secret_free and not response.streaming:
        text = response.content.decode()
        passed = case.passes_hands and response.status_code < 400
        for card in hidden_from(world, role, passed):
            assert f'"{card}"' not in text and f"card:{card}" not in text, (card, text)


def test_the_seated_player_does_see_their_own_hand(world):
    text = world.clients["seated"].get(f"/api/v1/games/{world.game.public_id}/").content.decode()
    assert all(f'"{card}"' in text for card in world.hands[0])


def api_routes() -> set[tuple[str, str]]:
    """(route name, method) of every named endpoint under /api/v1/."""
    routes = set()

    def walk(patterns, prefix):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name and prefix.startswith("api/v1/"):
                view = pattern.callback.view_class
                for method in ("get", "post", "put", "patch", "delete"):
                    if hasattr(view, method):
                        routes.add((pattern.name, method))

    walk(get_resolver().url_patterns, "")
    return routes


def test_every_api_route_and_method_is_in_the_table():
    assert api_routes() == {(case.route, case.method) for case in TABLE}
