"""The log (redacted until the game ends) and past states of finished games."""

import random

from games import services
from games.models import Game
from games.selectors import game_get
from games.write.state_store import engine_game, load_state
from tests.players import assert_problem, start_game, url


def finish_by_random_play(game: Game, players) -> Game:
    """Play the humans' prompts with a seeded generator until the game ends."""
    rng = random.Random(3)
    rules = engine_game(game)
    by_seat = {seat.position: seat.user for seat in game.seats.exclude(user=None)}
    while True:
        game = game_get(game.public_id)
        if game.status == Game.Status.FINISHED:
            return game
        pending = rules.pending(load_state(game))
        seat, prompt = sorted(pending.items())[0]
        services.decisions_submit(
            public_id=game.public_id,
            user=by_seat[seat],
            decisions=[services.DecisionInput(prompt.id, rng.choice(prompt.options).id)],
        )


def dealt_hands(game: Game) -> list[list[str]]:
    deal = game.events.get(type="chance", payload__kind="deal")
    return deal.payload["hands"]


def test_the_log_hides_other_hands_and_sealed_choices(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    hands = dealt_hands(game)

    events = bob.get(url(game, "log")).json()["events"]
    deal = next(e for e in events if e["data"].get("kind") == "deal")
    assert deal["data"]["hands"] == [{"cards": 5}, hands[1]]
    pick = next(e for e in events if e["type"] == "decision")
    assert pick["data"]["hidden"] is True and "option" not in pick["data"]

    mine = alice.get(url(game, "log")).json()["events"]
    assert next(e for e in mine if e["type"] == "decision")["data"]["option"] == prompt["default"]


def test_spectators_get_public_events_only(make_player, anonymous):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    body = anonymous.get(url(game, "log")).content.decode()
    for hand in dealt_hands(game):
        for card in hand:
            assert f'"{card}"' not in body


def test_the_log_pages_with_after_and_limit(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=3)
    last = Game.objects.get(pk=game.pk).last_seq
    page = alice.get(url(game, "log") + "?after=1&limit=2").json()
    assert [e["seq"] for e in page["events"]] == [2, 3]
    assert page["next_after"] == 3 and page["last_seq"] == last
    rest = alice.get(url(game, "log") + f"?after={last}").json()
    assert rest["events"] == [] and rest["next_after"] is None
    assert_problem(alice.get(url(game, "log") + "?after=-1"), 400, "invalid_input")


def test_a_finished_game_shows_everything_and_any_past_state(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = finish_by_random_play(start_game([alice, bob]), [alice, bob])
    detail = bob.get(url(game)).json()
    assert detail["status"] == "finished"
    assert detail["scores"]["final"] is True
    assert sorted(s for g in detail["scores"]["ranking"] for s in g["seats"]) == [0, 1]

    events = bob.get(url(game, "log") + "?limit=500").json()["events"]
    deal = next(e for e in events if e["data"].get("kind") == "deal")
    assert deal["data"]["hands"] == dealt_hands(game)
    assert all("hidden" not in e["data"] for e in events)

    at_deal = deal["seq"]
    past = bob.get(url(game, "state") + f"?at={at_deal}&seat=0").json()
    assert past["at"] == at_deal and past["seat"] == 0
    assert [c["id"] for c in past["view"]["players"][0]["draft_hand"]] == dealt_hands(game)[0]
    mine = bob.get(url(game, "state") + "?at=0").json()
    assert mine["seat"] == 1 and mine["view"]["players"][0]["city"] is None
    final = bob.get(url(game, "state") + f"?at={detail['last_seq']}").json()
    assert final["view"] == detail["view"]


def test_past_states_wait_for_the_end_and_stay_inside_the_log(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    assert_problem(alice.get(url(game, "state") + "?at=1"), 409, "game_not_finished")
    assert_problem(alice.get(url(game, "state")), 400, "invalid_input")
    finished = finish_by_random_play(game, [alice])
    assert_problem(alice.get(url(finished, "state") + "?at=99999"), 422, "invalid_seq")
    assert_problem(alice.get(url(finished, "state") + "?at=1&seat=7"), 422, "invalid_seat")
