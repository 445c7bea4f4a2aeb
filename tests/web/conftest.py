"""Fixtures for the web pages: players with sessions, games built and played by services."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from games import selectors, services
from games.models import Game

User = get_user_model()
PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(username: str, staff: bool = False, language: str = "en"):
    user = User.objects.create_user(
        username=username, email=f"{username}@example.com", password=PASSWORD
    )
    user.is_staff = staff
    user.save()
    Profile.objects.create(user=user, language=language)
    return user


def client_for(user=None, csrf_checks: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf_checks)
    if user is not None:
        client.force_login(user)
    return client


def start_game(users, seats: int | None = None, **options) -> Game:
    creator, *others = users
    game = services.game_create(
        creator=creator,
        game_type="khora",
        seats=seats or len(users),
        options=options,
        step_hours=48,
        name="Test table",
    )
    for user in others:
        services.game_join(public_id=game.public_id, user=user)
    game.refresh_from_db()
    if game.status == Game.Status.LOBBY:
        services.game_start(public_id=game.public_id, user=creator, fill_with_bots=True)
        game.refresh_from_db()
    return game


def play(game: Game, users, until, rng: random.Random | None = None, limit: int = 2000) -> Game:
    """Answer every human prompt with a random option until `until(game)` holds."""
    rng = rng or random.Random(7)
    for _ in range(limit):
        game.refresh_from_db()
        if until(game) or game.status != Game.Status.ACTIVE:
            return game
        for user in users:
            prompt = selectors.game_prompt(game, user)
            if prompt is not None:
                option = rng.choice(prompt["options"])["id"]
                services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[services.DecisionInput(prompt=prompt["id"], option=option)],
                )
    raise AssertionError("the game did not reach the wanted point")


def in_round(number: int):
    def reached(game: Game) -> bool:
        detail = selectors.game_detail(game, game.creator)
        return (detail["round"] or 0) >= number and detail["prompt"] is not None

    return reached


def finished(game: Game) -> bool:
    return game.status == Game.Status.FINISHED
