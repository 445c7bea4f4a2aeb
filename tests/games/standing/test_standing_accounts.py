"""A standing answer speaks for its player only while their account is open: a deactivated
account's rules answer nothing (its seat is defaulted and then played by a bot, as any
absent player's), and answer again if the account is opened again."""

from __future__ import annotations

from games import services
from games.models import Game, Seat
from games.selectors import game_prompt
from games.standing.models import StandingUse
from tests.players import start_game

STANDING = "/api/v1/me/standing-answers/"
EVERY_TILE = {"kind": "dice_plan", "params": {"tiles": [6, 5, 4, 3, 2, 1, 0], "max_citizens": 0}}


def _defaults_until_alice_places_a_die(game, players) -> None:
    """Both seats answer with their defaults (as a deadline would) until alice is asked to
    place a die; the services, not the API: a deactivated account has no API."""
    for _ in range(300):
        seat = Seat.objects.get(game=game, position=0)
        if (
            seat.pending_prompt
            and game_prompt(Game.objects.get(pk=game.pk), players[0].user)["kind"] == "assign_die"
        ):
            return
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
        assert moved, "nobody asked, yet nothing answered"
    raise AssertionError("alice was never asked to place a die")


def test_a_deactivated_accounts_dice_plan_places_nothing(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    assert alice.post(STANDING, EVERY_TILE).status_code == 201  # copied onto the game
    game = start_game([alice, bob])
    alice.user.is_active = False
    alice.user.save()

    _defaults_until_alice_places_a_die(game, [alice, bob])
    assert not StandingUse.objects.filter(game=game).exists()


def test_the_same_plan_places_the_dice_of_an_open_account(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    assert alice.post(STANDING, EVERY_TILE).status_code == 201
    game = start_game([alice, bob])

    for _ in range(300):
        if StandingUse.objects.filter(game=game).exists():
            break
        for player in (alice, bob):
            asked = game_prompt(Game.objects.get(pk=game.pk), player.user)
            if asked is not None:
                services.decisions_submit(
                    public_id=game.public_id,
                    user=player.user,
                    decisions=[services.DecisionInput(asked["id"], asked["default"])],
                )
    assert StandingUse.objects.filter(game=game, option__startswith="tile:").exists()
