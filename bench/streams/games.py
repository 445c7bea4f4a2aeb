"""The players, games and decisions whose entries the streams carry, made through the services
in this process as a request and a worker would make them."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from bench.streams.client import Reader

# Client addresses, as the trusted proxy would report them in X-Forwarded-For.
PLAYER_ADDRESSES = ("198.51.100.1", "198.51.100.2")


@dataclass
class Player:
    user: object
    token: str
    address: str


def make_players() -> list[Player]:
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from accounts.models import Profile

    players = []
    for name, address in zip(("ada", "bea"), PLAYER_ADDRESSES, strict=True):
        user = get_user_model().objects.create_user(name, f"{name}@example.com")
        Profile.objects.create(user=user)
        _, token = AuthToken.objects.create(user)
        players.append(Player(user, token, address))
    return players


def make_game(players: list[Player]):
    """A started 2-player game, advanced past its setup's chance."""
    from games import services

    game = services.game_create(
        creator=players[0].user, game_type="khora", seats=2, options={}, step_hours=48
    )
    services.game_join(public_id=game.public_id, user=players[1].user)
    advance(game)
    return game


def advance(game) -> None:
    """What a worker would do: chance (nothing here is a bot) until a player is asked."""
    from games.workers.advancing import game_advance

    for _ in range(10):
        game.refresh_from_db()
        if game.status != "active" or not game.needs_advance:
            return
        game_advance(game.pk)


def open_prompt(game, players: list[Player]):
    """(the player asked, their prompt), or None when the game has ended."""
    from games import selectors

    advance(game)
    if game.status != "active":
        return None
    for player in players:
        prompt = selectors.game_prompt(game, player.user)
        if prompt is not None:
            return player, prompt
    return None


def commit_decision(game, players: list[Player], rng: random.Random):
    """One decision through the services: (its seq, the moment after its commit), or None
    when the game has ended."""
    from django.db import transaction

    from games import services

    asked = open_prompt(game, players)
    if asked is None:
        return None
    player, prompt = asked
    committed: dict[str, float] = {}
    with transaction.atomic():  # ours is the outer commit: this hook runs first
        transaction.on_commit(lambda: committed.setdefault("at", time.time()))
        body = services.decisions_submit(
            public_id=game.public_id,
            user=player.user,
            decisions=[
                services.DecisionInput(
                    prompt=prompt["id"], option=rng.choice(prompt["options"])["id"]
                )
            ],
        ).body
    return body["last_seq"], committed["at"]


def settle(game, reader: Reader, groups: list[str]) -> None:
    """Advance the game as a worker would and wait until every stream has all of it."""
    advance(game)
    for group in groups:
        reader.wait_for(group, game.last_seq)
