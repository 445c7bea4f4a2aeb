"""Each kind of standing answer applied, re-checked and cancelled, against real engine prompts
on a stand-in writer (the real write path: test_standing_play.py)."""

from types import SimpleNamespace

import pytest

import engine
from common.errors import DomainError
from games.standing import services
from games.standing.applying import StandingTurns
from games.standing.models import StandingAnswer, StandingUse
from tests.players import start_game


class Rules:
    def __init__(self, pending):
        self._pending = pending

    def pending(self, state):
        return self._pending

    def is_over(self, state):
        return False


class Writer:
    """Decides as GameWriter.decide would: checks the option, takes the prompt, logs a seq."""

    def __init__(self, game, pending):
        self.game, self.state = game, None
        self.rules = Rules(dict(pending))
        self.decided: list[tuple[int, str, str]] = []

    def decide(self, position, prompt_id, option, **flags):
        prompt = self.rules._pending.pop(position)
        if prompt.id != prompt_id or option not in {o.id for o in prompt.options}:
            raise engine.IllegalDecision("illegal_option")
        assert not flags, "a standing answer is the player's own decision, never auto"
        self.game.last_seq += 1
        self.decided.append((position, prompt_id, option))
        return self.game.last_seq


def prompt(seat, kind, options, default=None, pid="p0-9"):
    opts = tuple(engine.Option(oid, oid, data) for oid, data in options)
    return engine.Prompt(pid, seat, kind, "?", opts, default or opts[0].id)


PROGRESS = [
    ("advance:economy", {"track": "economy", "drachma": -2}),
    ("advance:culture", {"track": "culture", "drachma": -4}),
    ("done", {}),
]


@pytest.fixture
def table(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    game.refresh_from_db()
    return game, alice.user, bob.user


def turns(game):
    return StandingTurns(game, list(game.seats.order_by("position")))


def test_progress_advances_its_track_within_the_price_and_never_passes_instead(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice,
        public_id=game.public_id,
        kind="progress",
        params={"track": "culture", "max_price": 4},
    )
    writer = Writer(game, {0: prompt(0, "progress", PROGRESS)})
    assert turns(game).answer_open(writer)
    assert writer.decided == [(0, "p0-9", "advance:culture")]
    rule.refresh_from_db()
    assert rule.active and rule.uses == 1 and rule.used_seq == game.last_seq
    assert StandingUse.objects.get(game=game, seq=game.last_seq).answer == rule

    # Too dear now: not answered, and never "done" in its place; the rule stands.
    dear = [("advance:culture", {"track": "culture", "drachma": -5}), ("done", {})]
    writer = Writer(game, {0: prompt(0, "progress", dear, pid="p0-10")})
    assert not turns(game).answer_open(writer)
    assert writer.decided == []
    rule.refresh_from_db()
    assert rule.active


def test_progress_is_cancelled_with_its_reason_once_the_track_is_at_its_top(table, monkeypatch):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice,
        public_id=game.public_id,
        kind="progress",
        params={"track": "culture", "max_price": 9},
    )
    at_top = SimpleNamespace(culture=7)  # the seat's engine state: its track at the top
    monkeypatch.setattr("games.standing.applying._player", lambda *args: at_top)
    writer = Writer(game, {0: prompt(0, "progress", [("done", {})], pid="p0-11")})
    assert not turns(game).answer_open(writer)
    rule.refresh_from_db()
    assert not rule.active and rule.cancel_reason == "track_at_top"
    assert rule.cancelled_seq == game.last_seq and not rule.dismissed  # the player is told


def test_explore_takes_the_free_space_else_skips(table):
    game, alice, _ = table
    services.standing_set(user=alice, public_id=game.public_id, kind="explore", params={})
    options = [("skip", {}), ("space:sparta", {"troops": -2}), ("space:delphi", {"troops": 0})]
    writer = Writer(game, {0: prompt(0, "explore", options, default="space:delphi")})
    assert turns(game).answer_open(writer)
    assert writer.decided[-1][2] == "space:delphi"


def test_achievement_reward_and_an_answer_given_ahead(table):
    game, alice, bob = table
    services.standing_set(
        user=alice, public_id=game.public_id, kind="achievement", params={"reward": "tax"}
    )
    ahead = services.standing_ahead(
        user=bob, public_id=game.public_id, prompt_kind="achievement_reward", option="glory"
    )
    reward = [("tax", {"tax": 1}), ("glory", {"glory": 1})]
    writer = Writer(
        game,
        {
            0: prompt(0, "achievement_reward", reward, pid="p0-3"),
            1: prompt(1, "achievement_reward", reward, pid="p1-3"),
        },
    )
    state = turns(game)
    assert state.answer_open(writer) and state.answer_open(writer)
    assert not state.answer_open(writer)
    assert writer.decided == [(0, "p0-3", "tax"), (1, "p1-3", "glory")]  # seats in order
    ahead.refresh_from_db()
    assert not ahead.active and ahead.uses == 1 and ahead.cancel_reason == ""  # used once

    writer = Writer(game, {1: prompt(1, "achievement_reward", reward, pid="p1-4")})
    assert not turns(game).answer_open(writer), "used: the next one is the player's"


def test_an_answer_given_ahead_that_no_longer_fits_is_cancelled_and_the_player_asked(table):
    game, alice, _ = table
    ahead = services.standing_ahead(
        user=alice, public_id=game.public_id, prompt_kind="explore", option="space:sparta"
    )
    writer = Writer(game, {0: prompt(0, "explore", [("skip", {}), ("space:delphi", {})])})
    assert not turns(game).answer_open(writer)
    assert writer.decided == []  # nothing else in its place
    ahead.refresh_from_db()
    assert not ahead.active and ahead.cancel_reason == "option_missing"


def test_a_rule_never_answers_the_prompt_open_when_it_was_set(table):
    game, alice, _ = table
    seat = game.seats.get(position=0)
    seat.pending_prompt = "p0-5"
    seat.save()
    rule = services.standing_ahead(
        user=alice, public_id=game.public_id, prompt_kind="achievement_reward", option="tax"
    )
    assert rule.skip_prompt == "p0-5" and rule.set_at_seq == game.last_seq
    reward = [("tax", {}), ("glory", {})]
    writer = Writer(game, {0: prompt(0, "achievement_reward", reward, pid="p0-5")})
    assert not turns(game).answer_open(writer)
    writer = Writer(game, {0: prompt(0, "achievement_reward", reward, pid="p0-6")})
    assert turns(game).answer_open(writer)


def test_keep_card_waits_for_the_deadline_and_then_keeps_the_named_card(table):
    game, alice, _ = table
    rule = services.standing_set(
        user=alice, public_id=game.public_id, kind="keep_card", params={"card": "diolkos"}
    )
    cards = [("card:austerity", {"card": "austerity"}), ("card:diolkos", {"card": "diolkos"})]
    keep = prompt(0, "legislation_keep", cards)
    writer = Writer(game, {0: keep})
    state = turns(game)
    assert not state.answer_open(writer), "a secret prompt answered at once would tell"
    assert state.at_deadline(writer, 0, keep)
    assert writer.decided == [(0, "p0-9", "card:diolkos")]
    rule.refresh_from_db()
    assert rule.active and rule.uses == 1

    other = prompt(0, "legislation_keep", cards[:1], pid="p0-10")
    assert not turns(game).at_deadline(Writer(game, {0: other}), 0, other)  # not drawn


def test_a_seat_a_bot_plays_for_its_absent_player_is_left_to_the_bot(table):
    game, alice, _ = table
    services.standing_set(user=alice, public_id=game.public_id, kind="explore", params={})
    game.seats.filter(position=0).update(autoplay=True)
    writer = Writer(game, {0: prompt(0, "explore", [("skip", {})])})
    assert not turns(game).answer_open(writer)


def test_setting_again_replaces_cancelling_stops_and_bad_input_is_refused(table):
    game, alice, bob = table
    first = services.standing_set(
        user=alice, public_id=game.public_id, kind="achievement", params={"reward": "tax"}
    )
    second = services.standing_set(
        user=alice, public_id=game.public_id, kind="achievement", params={"reward": "glory"}
    )
    assert not StandingAnswer.objects.filter(pk=first.pk).exists()  # never used: no row kept
    with pytest.raises(DomainError) as other:
        services.standing_cancel(user=bob, answer_id=second.pk)
    assert other.value.status == 404  # another player's rule is as unknown as none
    ended = services.standing_cancel(user=alice, answer_id=second.pk)
    assert not ended.active and ended.cancel_reason == "cancelled_by_player"
    assert not StandingAnswer.objects.filter(pk=second.pk).exists()
    used = services.standing_set(user=alice, public_id=game.public_id, kind="explore", params={})
    StandingAnswer.objects.filter(pk=used.pk).update(uses=1, used_seq=game.last_seq)
    services.standing_set(user=alice, public_id=game.public_id, kind="explore", params={})
    used.refresh_from_db()  # it answered: kept, ended, with its marks
    assert not used.active and used.cancel_reason == "replaced" and used.dismissed
    for kind, params in [
        ("progress", {"track": "navy", "max_price": 2}),
        ("progress", {"track": "culture", "max_price": True}),
        ("achievement", {"reward": "vp"}),
        ("keep_card", {"card": "nope"}),
        ("ahead", {"prompt_kind": "legislation_keep", "option": "card:x"}),
        ("explore", {"extra": 1}),
        ("teleport", {}),
    ]:
        with pytest.raises(DomainError) as refused:
            services.standing_set(user=alice, public_id=game.public_id, kind=kind, params=params)
        assert refused.value.code == "invalid_standing_answer"


def test_defaults_for_new_games_are_copied_when_a_game_starts(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    services.standing_set(user=alice.user, public_id=None, kind="explore", params={})
    game = start_game([alice, bob])
    rules = StandingAnswer.objects.filter(game=game)
    assert [(r.user_id, r.kind, r.active) for r in rules] == [(alice.user.pk, "explore", True)]
