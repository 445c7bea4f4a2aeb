"""Non-interference: changing only another player's hidden data leaves my responses unchanged.

Two worlds are played with the same public history. In the second, bob is dealt a different
card and makes a different sealed draft pick. Alice's game detail, prompt and log must be
byte-identical (bodies and ETags) at every point, through the end of the draft step.
"""

import random
from datetime import UTC, datetime

from django.contrib.auth import get_user_model

import engine
from common import clock
from games.models import Game
from games.write import chance
from tests.players import start_game

SAME_ID = "same-public-id-0001"
MOMENT = datetime(2030, 5, 1, 9, 30, tzinfo=UTC)


def seeded_chance(give_bob_another_card: bool):
    rng = random.Random(11)

    def sample(rules, state) -> engine.Event:
        event = rules.sample_chance(state, rng)
        if give_bob_another_card and event.data["kind"] == "deal":
            hands = [list(hand) for hand in event.data["hands"]]
            dealt = {card for hand in hands for card in hand}
            hands[1][0] = next(card for card in sorted(state.deck_unseen) if card not in dealt)
            event = engine.Event(event.type, {**event.data, "hands": hands}, seat=event.seat)
        return event

    return sample


def alice_sees(alice, game) -> list[tuple[bytes, str]]:
    base = f"/api/v1/games/{game.public_id}/"
    responses = [alice.get(base + suffix) for suffix in ("", "prompt/", "log/")]
    return [(response.content, response["ETag"]) for response in responses]


def play_world(monkeypatch, make_player, variant: bool) -> list:
    monkeypatch.setattr(chance, "sample", seeded_chance(give_bob_another_card=variant))
    seen = []
    with clock.frozen_at(MOMENT):
        alice, bob, carol = (make_player(name) for name in ("alice", "bob", "carol"))
        game = start_game([alice, bob, carol])
        Game.objects.filter(pk=game.pk).update(public_id=SAME_ID)
        game.public_id = SAME_ID
        seen.append(alice_sees(alice, game))
        for player, pick in ((bob, 1 if variant else 0), (carol, 0)):
            prompt = player.get(f"/api/v1/games/{SAME_ID}/prompt/").json()["prompt"]
            option = prompt["options"][pick]["id"]
            player.post(
                f"/api/v1/games/{SAME_ID}/decisions/", {"prompt": prompt["id"], "option": option}
            )
            seen.append(alice_sees(alice, game))
        prompt = alice.get(f"/api/v1/games/{SAME_ID}/prompt/").json()["prompt"]
        alice.post(
            f"/api/v1/games/{SAME_ID}/decisions/",
            {"prompt": prompt["id"], "option": prompt["default"]},
        )
        seen.append(alice_sees(alice, game))
    Game.objects.all().delete()
    get_user_model().objects.all().delete()
    return seen


def test_another_players_hidden_data_never_changes_my_responses(monkeypatch, make_player):
    plain = play_world(monkeypatch, make_player, variant=False)
    varied = play_world(monkeypatch, make_player, variant=True)
    assert len(plain) == 4
    for step, (mine, other) in enumerate(zip(plain, varied, strict=True)):
        assert mine == other, f"alice's responses differ after step {step}"


def test_the_two_worlds_do_differ_for_bob(monkeypatch, make_player):
    """Guards the test above: the variant really changes bob's hidden data."""
    hands = []
    for variant in (False, True):
        monkeypatch.setattr(chance, "sample", seeded_chance(give_bob_another_card=variant))
        players = [make_player(f"{name}{variant:d}") for name in ("alice", "bob", "carol")]
        game = start_game(players)
        hands.append(game.events.get(payload__kind="deal").payload["hands"])
    assert hands[0][0] == hands[1][0] and hands[0][2] == hands[1][2]
    assert hands[0][1] != hands[1][1]
