"""The sealed simultaneous prompts' rules: `dice_plan` (the dice's tiles) and `draft_order`
(the draft's picks), applied, re-checked and cancelled on a stand-in writer, and on the real
write path answered as they are asked, with nothing new for the other seat to see."""

from types import SimpleNamespace

from games.models import GameEvent
from games.standing import kinds, services
from games.standing.models import StandingUse
from notifications.models import Notification
from tests.games.standing.test_standing_kinds import Writer, prompt, table, turns
from tests.games.standing.test_standing_play import _play_defaults_until
from tests.players import assert_problem, start_game, url

__all__ = ["table"]  # the fixture, shared with test_standing_kinds

TILE_OPTIONS = [(f"tile:{t}", {"tile": t}) for t in range(7)]
STANDING = "/api/v1/me/standing-answers/"


def _dice_writer(game, dice, citizens=3, assignment=(), pid="p0-20"):
    options = [o for o in TILE_OPTIONS if o[1]["tile"] not in assignment]
    writer = Writer(game, {0: prompt(0, "assign_die", options, pid=pid)})
    seat = SimpleNamespace(dice=list(dice), assignment=list(assignment), citizens=citizens)
    writer.state = SimpleNamespace(players=[seat, None])
    return writer


def test_the_dice_plan_takes_its_tiles_in_order_within_its_citizens_highest_die_highest_tile():
    # Politics (5) goes on the 6; Military (4) would then cost 2 citizens on the 2, over the
    # budget of 1, so the next, Trade (3), takes the 2 for one citizen.
    assert kinds.dice_plan_tiles([5, 4, 3, 2], [2, 6], budget=1) == {1: 5, 0: 3}
    assert kinds.dice_plan_tiles([6, 5], [1, 1], budget=0) is None
    assert kinds.dice_plan_tiles([6, 5, 4, 3, 2, 1, 0], [1, 1], budget=0) == {0: 1, 1: 0}
    assert kinds.dice_plan_tiles([4, 3], [3, 3], budget=1) == {0: 4, 1: 3}


def test_dice_plan_is_applied_die_by_die_and_re_checked_against_each_roll(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice,
        public_id=game.public_id,
        kind="dice_plan",
        params={"tiles": [4, 3, 1], "max_citizens": 1},
    )
    writer = _dice_writer(game, dice=[3, 5])
    assert turns(game).answer_open(writer)
    assert writer.decided == [(0, "p0-20", "tile:3")]  # die 0 (a 3): Trade; the 5 on Military
    second = _dice_writer(game, dice=[3, 5], assignment=[3], pid="p0-21")
    assert turns(game).answer_open(second)
    assert second.decided == [(0, "p0-21", "tile:4")]
    rule.refresh_from_db()
    assert rule.active and rule.uses == 2

    # Another roll, too low for its tiles within one citizen (and the citizens it has): not
    # answered, never another tile in their place; the rule stands.
    low = _dice_writer(game, dice=[1, 1], citizens=5, pid="p0-22")
    assert not turns(game).answer_open(low) and low.decided == []
    poor = _dice_writer(game, dice=[2, 2], citizens=0, pid="p0-23")
    assert not turns(game).answer_open(poor) and poor.decided == []
    # The player placed the first die otherwise: the rest of the assignment is theirs.
    theirs = _dice_writer(game, dice=[3, 5], assignment=[0], pid="p0-24")
    assert not turns(game).answer_open(theirs)
    rule.refresh_from_db()
    assert rule.active and rule.uses == 2


def test_dice_plan_is_cancelled_when_a_third_die_outnumbers_its_tiles(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice,
        public_id=game.public_id,
        kind="dice_plan",
        params={"tiles": [4, 3], "max_citizens": 6},
    )
    writer = _dice_writer(game, dice=[6, 6, 6])
    assert not turns(game).answer_open(writer) and writer.decided == []
    rule.refresh_from_db()
    assert not rule.active and rule.cancel_reason == "too_few_tiles"
    assert rule.cancelled_seq == game.last_seq and not rule.dismissed  # the player is told


def test_draft_order_takes_the_first_listed_card_in_the_hand_else_the_default(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice,
        public_id=game.public_id,
        kind="draft_order",
        params={"cards": ["diolkos", "austerity"]},
    )
    hand = [("card:gold_reserve", {}), ("card:austerity", {}), ("card:diolkos", {})]
    writer = Writer(game, {0: prompt(0, "draft_pick", hand)})
    assert turns(game).answer_open(writer)
    assert writer.decided == [(0, "p0-9", "card:diolkos")]
    # Re-checked against the next hand: neither listed card is in it, so the default, as the
    # rule says (an answer every time: its timing tells nothing of the hand).
    other = [("card:gold_reserve", {}), ("card:founding", {})]
    writer = Writer(game, {0: prompt(0, "draft_pick", other, pid="p0-10")})
    assert turns(game).answer_open(writer)
    assert writer.decided == [(0, "p0-10", "card:gold_reserve")]
    rule.refresh_from_db()
    assert rule.active and rule.uses == 2

    # Cancelled by its player: the next pick is theirs again.
    services.standing_cancel(user=alice, answer_id=rule.pk)
    writer = Writer(game, {0: prompt(0, "draft_pick", hand, pid="p0-11")})
    assert not turns(game).answer_open(writer)


def test_the_api_takes_the_new_kinds_strictly(make_player):
    alice = make_player("alice")
    good = {"kind": "dice_plan", "params": {"tiles": [4, 3, 2], "max_citizens": 1}}
    assert alice.post(STANDING, good).status_code == 201
    draft = {"kind": "draft_order", "params": {"cards": ["diolkos"]}}
    assert alice.post(STANDING, draft).status_code == 201
    for body in (
        {"kind": "dice_plan", "params": {"tiles": ["4"], "max_citizens": 1}},  # a string
        {"kind": "dice_plan", "params": {"tiles": list(range(8)), "max_citizens": 1}},
        {"kind": "draft_order", "params": {"cards": "diolkos"}},
    ):
        assert_problem(alice.post(STANDING, body), 400, "invalid_input")
    for body in (
        {"kind": "dice_plan", "params": {"tiles": [4, 4], "max_citizens": 1}},
        {"kind": "dice_plan", "params": {"tiles": [7], "max_citizens": 1}},
        {"kind": "dice_plan", "params": {"tiles": [], "max_citizens": 1}},
        {"kind": "dice_plan", "params": {"tiles": [1], "max_citizens": 21}},
        {"kind": "dice_plan", "params": {"tiles": [1]}},
        {"kind": "draft_order", "params": {"cards": ["no_such_card"]}},
        {"kind": "draft_order", "params": {"cards": []}},
        {"kind": "draft_order", "params": {"cards": ["diolkos", "diolkos"]}},
    ):
        assert_problem(alice.post(STANDING, body), 422, "invalid_standing_answer")


def test_on_the_real_write_path_the_draft_is_answered_as_asked_and_bob_sees_no_more(
    make_player,
):
    alice, bob = make_player("alice"), make_player("bob")
    draft = {"kind": "draft_order", "params": {"cards": ["diolkos", "austerity"]}}
    assert alice.post(STANDING, draft).status_code == 201  # a default: copied at the start
    game = start_game([alice, bob])

    # Alice's first pick was made in the change that asked it: she owes nothing, bob does.
    assert alice.get(url(game, "prompt")).json()["prompt"] is None
    use = StandingUse.objects.get(game=game)
    entry = GameEvent.objects.get(game=game, seq=use.seq)
    assert entry.seat == 0 and not entry.auto and entry.actor == "player"
    assert not Notification.objects.filter(recipient=alice.user, prompt=use.prompt).exists()
    # Bob reads that entry as he reads any secret pick of hers: the card is not in it.
    card = use.option.partition(":")[2]
    seen = bob.get(url(game, "log") + f"?after={use.seq - 1}&limit=1").json()["events"][0]
    assert seen["seq"] == use.seq and seen["actor"]["kind"] == "player"
    assert card not in str(seen) and "standing" not in str(seen)
    mine = alice.get(url(game, "log") + f"?after={use.seq - 1}&limit=1").json()["events"][0]
    assert card in str(mine)  # her own view has it, as for a pick by hand
    # Her seat in bob's view: how many picks, never which.
    hers = bob.get(url(game)).json()["view"]["players"][0]
    assert hers["draft_picks_count"] == 1 and card not in str(hers)


def test_on_the_real_write_path_the_dice_are_placed_as_asked_and_stay_sealed(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    plan = {"kind": "dice_plan", "params": {"tiles": [6, 5, 4, 3, 2, 1, 0], "max_citizens": 0}}
    assert alice.post(STANDING, plan).status_code == 201  # every tile: it fits every roll
    game = start_game([alice, bob])

    def placed():
        return StandingUse.objects.filter(game=game).count() >= 2  # both of her dice

    _play_defaults_until([alice, bob], game, placed)
    uses = list(StandingUse.objects.filter(game=game).order_by("seq"))
    assert [u.option.startswith("tile:") for u in uses] == [True, True]
    for use in uses:
        entry = GameEvent.objects.get(game=game, seq=use.seq)
        assert entry.seat == 0 and not entry.auto and entry.actor == "player"
        assert not Notification.objects.filter(recipient=alice.user, prompt=use.prompt).exists()
    # Bob still owes his dice: her tiles are sealed in his view, as if placed by hand.
    assert bob.get(url(game, "prompt")).json()["prompt"]["kind"] == "assign_die"
    seen = bob.get(url(game, "log") + f"?after={uses[0].seq - 1}&limit=2").json()["events"]
    assert [e["seq"] for e in seen] == [u.seq for u in uses]
    assert all(e["data"]["hidden"] and "option" not in e["data"] for e in seen), seen
    assert all("standing" not in str(e) and e["actor"]["kind"] == "player" for e in seen)
    mine = alice.get(url(game, "log") + f"?after={uses[0].seq - 1}&limit=2").json()["events"]
    assert [e["data"]["option"] for e in mine] == [u.option for u in uses]  # hers, as by hand
    hers = bob.get(url(game)).json()["view"]["players"][0]
    assert hers["tiles_assigned"] == 2 and hers["tiles"] is None  # how many, never which


def test_a_choice_taken_back_is_the_players_to_make_again_not_the_rules(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    draft = {"kind": "draft_order", "params": {"cards": ["diolkos", "austerity"]}}
    assert alice.post(STANDING, draft).status_code == 201
    game = start_game([alice, bob])
    picked = StandingUse.objects.get(game=game)  # her first pick, made as it was asked
    body = alice.post(url(game, "revise")).json()
    assert body["revised"] == "draft_pick" and body["prompt"]["kind"] == "draft_pick"
    assert StandingUse.objects.filter(game=game).count() == 1  # the rule did not pick again
    again = alice.get(url(game, "prompt")).json()["prompt"]
    assert again["id"] == body["prompt"]["id"] and again["id"] != picked.prompt
    # Bob's pick leaves it hers (checked when it was asked, not at every write); once she
    # has picked, the round closes and her next pick, asked anew, is the rule's again.
    pick = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": pick["id"], "option": pick["default"]})
    assert alice.get(url(game, "prompt")).json()["prompt"]["id"] == again["id"]
    assert StandingUse.objects.filter(game=game).count() == 1
    alice.post(url(game, "decisions"), {"prompt": again["id"], "option": again["default"]})
    uses = list(StandingUse.objects.filter(game=game).order_by("seq"))
    assert len(uses) == 2 and uses[1].prompt not in (picked.prompt, again["id"])
