"""A standing answer speaks for its player only while their account is open: a deactivated
account's rules answer nothing (its seat is defaulted and then played by a bot, as any
absent player's), and answer again if the account is opened again."""

from __future__ import annotations

from games import services
from games.models import Game
from games.selectors import game_prompt
from games.standing.models import StandingUse
from tests.players import start_game

STANDING = "/api/v1/me/standing-answers/"
EVERY_TILE = {"kind": "dice_plan", "params": {"tiles": [6, 5, 4, 3, 2, 1, 0], "max_citizens": 0}}


def _answer_defaults(game, players) -> bool:
    """Each seat asked answers its default (as a deadline would), through the services, not
    the API: a deactivated account has no API. True if anyone was asked."""
    moved = False
    for player in players:
        asked = game_prompt(Game.objects.get(pk=game.pk), player.user)
        if asked is not None:
            services.decisions_submit(
                public_id=game.public_id,
                user=player.user,
                decisions=[services.DecisionInput(asked["id"], asked["default"])],
            )
            moved = True
    return moved


def _alice_places_a_die(game, alice) -> bool:
    asked = game_prompt(Game.objects.get(pk=game.pk), alice.user)
    return asked is not None and asked["kind"] == "assign_die"


def test_a_deactivated_accounts_dice_plan_places_nothing(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    assert alice.post(STANDING, EVERY_TILE).status_code == 201  # copied onto the game
    game = start_game([alice, bob])
    alice.user.is_active = False
    alice.user.save()

    for _ in range(300):
        if _alice_places_a_die(game, alice):
            break
        assert _answer_defaults(game, [alice, bob]), "nobody asked, yet nothing answered"
    else:
        raise AssertionError("alice was never asked to place a die")
    assert not StandingUse.objects.filter(game=game).exists()


def test_the_same_plan_places_the_dice_of_an_open_account(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    assert alice.post(STANDING, EVERY_TILE).status_code == 201
    game = start_game([alice, bob])

    for _ in range(300):
        if StandingUse.objects.filter(game=game).exists():
            break
        _answer_defaults(game, [alice, bob])
    assert StandingUse.objects.filter(game=game, option__startswith="tile:").exists()
