"""The `citizens` rule (paying for the revealed tiles, philosophy tokens into citizens): applied,
re-checked and cancelled on a stand-in writer, strict in the API, and on the real write path
answered as it is asked (an open prompt: the tiles, dice, citizens and tokens are public)."""

from types import SimpleNamespace

from games.models import GameEvent
from games.standing import services
from games.standing.models import StandingUse
from notifications.models import Notification
from tests.games.standing.test_standing_kinds import Writer, prompt, table, turns
from tests.games.standing.test_standing_play import _play_defaults_until
from tests.players import assert_problem, start_game, url

__all__ = ["table"]  # the fixture, shared with test_standing_kinds

STANDING = "/api/v1/me/standing-answers/"


def _citizens_writer(game, unpaid, dice, citizens, philosophy, pid="p0-30"):
    """The prompt as phases.dice.AdjustCitizens asks it: `unpaid` tiles on `dice`."""
    shortfall = {tile: tile - die for tile, die in zip(unpaid, dice, strict=True)}
    options = [
        (f"pay:{t}", {"tile": t}) if citizens >= s else (f"aside:{t}", {"tile": t})
        for t, s in shortfall.items()
    ]
    if philosophy:
        options.append(("philosophy", {"philosophy": -1, "citizens": 3}))
    if not unpaid:
        options.append(("done", {}))
    writer = Writer(game, {0: prompt(0, "adjust_citizens", options, pid=pid)})
    seat = SimpleNamespace(
        unpaid=list(unpaid),
        dice=list(dice),
        assignment=list(unpaid),
        citizens=citizens,
        philosophy=philosophy,
    )
    writer.state = SimpleNamespace(players=[seat, None])
    return writer


def _answers(game, pid="p0-30", **seat):
    writer = _citizens_writer(game, pid=pid, **seat)
    answered = turns(game).answer_open(writer)
    return writer.decided[0][2] if answered else None


def test_the_citizens_rule_pays_highest_first_and_spends_tokens_only_when_short(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice, public_id=game.public_id, kind="citizens", params={"keep_philosophy": 1}
    )
    # Nothing owed: done, the tokens kept (the prompt's default for "done" too).
    assert _answers(game, unpaid=[], dice=[], citizens=0, philosophy=3) == "done"
    # Enough citizens for both tiles (owing 1 and 2): the highest tile first, no token spent.
    assert _answers(game, unpaid=[3, 5], dice=[2, 3], citizens=3, philosophy=3) == "pay:5"
    # Short (owing 4 with 2): a token into citizens, as it has more than the one it keeps.
    assert _answers(game, unpaid=[4, 5], dice=[2, 3], citizens=2, philosophy=2) == "philosophy"
    # Re-checked against the tokens: down to the one it keeps, the highest tile it can pay.
    assert _answers(game, unpaid=[4, 5], dice=[2, 3], citizens=2, philosophy=1) == "pay:5"
    # Nothing payable and no token to spend: the tiles are set aside, the highest named first.
    assert _answers(game, unpaid=[4, 5], dice=[1, 1], citizens=0, philosophy=0) == "aside:5"
    rule.refresh_from_db()
    assert rule.active and rule.uses == 5 and not rule.cancel_reason

    # Cancelled by its player: the next payment is theirs again.
    services.standing_cancel(user=alice, answer_id=rule.pk)
    assert _answers(game, pid="p0-31", unpaid=[], dice=[], citizens=0, philosophy=3) is None


def test_the_api_takes_the_citizens_rule_strictly_and_no_answer_ahead_for_it(make_player):
    alice = make_player("alice")
    good = {"kind": "citizens", "params": {"keep_philosophy": 0}}
    assert alice.post(STANDING, good).status_code == 201
    for body in (
        {"kind": "citizens", "params": {"keep_philosophy": "1"}},  # a string
        {"kind": "citizens", "params": {"keep_philosophy": True}},
        {"kind": "citizens", "params": {"keep_philosophy": 1, "tokens": 2}},  # unknown member
    ):
        assert_problem(alice.post(STANDING, body), 400, "invalid_input")
    for body in (
        {"kind": "citizens", "params": {"keep_philosophy": -1}},
        {"kind": "citizens", "params": {"keep_philosophy": 21}},
        {"kind": "citizens", "params": {}},
        {"kind": "citizens", "params": {"keep_philosophy": 1, "max_citizens": 2}},
        # Its options are tiles of a roll not yet made: no answer given ahead.
        {"kind": "ahead", "params": {"prompt_kind": "adjust_citizens", "option": "done"}},
    ):
        assert_problem(alice.post(STANDING, body), 422, "invalid_standing_answer")


def test_on_the_real_write_path_the_payment_is_answered_as_asked_in_the_open(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    # Philosophy on the first roll (tiles 0 and 1 are free on any die), so she has a token
    # when the next round's tiles are revealed, and is asked what to do with it.
    plan = {"kind": "dice_plan", "params": {"tiles": [0, 1], "max_citizens": 0}}
    assert alice.post(STANDING, plan).status_code == 201
    rule = {"kind": "citizens", "params": {"keep_philosophy": 0}}
    assert alice.post(STANDING, rule).status_code == 201
    game = start_game([alice, bob])

    def paid():
        return StandingUse.objects.filter(game=game, answer__kind="citizens").exists()

    _play_defaults_until([alice, bob], game, paid)
    use = StandingUse.objects.get(game=game, answer__kind="citizens")
    assert use.option == "done"  # nothing owed on free tiles: the token kept
    entry = GameEvent.objects.get(game=game, seq=use.seq)
    assert entry.seat == 0 and not entry.auto and entry.actor == "player"
    # Answered in the change that asked it: she was never told it was her turn for it.
    assert not Notification.objects.filter(recipient=alice.user, prompt=use.prompt).exists()
    now = alice.get(url(game, "prompt")).json()["prompt"]
    assert now is None or now["kind"] != "adjust_citizens"
    # Bob reads it as an answer by hand: the player's, with no word of a rule.
    seen = bob.get(url(game, "log") + f"?after={use.seq - 1}&limit=1").json()["events"][0]
    assert seen["seq"] == use.seq and seen["actor"]["kind"] == "player"
    assert "standing" not in str(seen)
    hers = bob.get(url(game)).json()["view"]["players"][0]
    assert hers["philosophy_tokens"] >= 1  # kept, and public as before
