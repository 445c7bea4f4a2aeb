"""The log is the truth: snapshots are a cache, steps carry deadlines from the settable clock."""

from datetime import UTC, datetime, timedelta

from django.core.cache import cache

from common import clock
from games.models import Game, GameStep, StateCheckpoint, StateSnapshot
from games.write import state_store
from games.write.state_store import engine_game, load_state
from tests.players import start_game, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def test_deleting_the_snapshot_changes_no_response(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    before = [alice.get(url(game)).content, bob.get(url(game)).content]
    StateSnapshot.objects.all().delete()
    assert [alice.get(url(game)).content, bob.get(url(game)).content] == before


def test_a_stale_or_foreign_snapshot_is_ignored(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    rules = engine_game(game)
    expected = rules.view(load_state(game), 0)
    StateSnapshot.objects.update(data=b"not a pickle")
    assert rules.view(load_state(game), 0) == expected
    StateSnapshot.objects.update(rules_version="khora-0")
    assert rules.view(load_state(game), 0) == expected


def test_the_log_has_no_gaps_and_replays_to_the_cached_state(make_player):
    alice = make_player("alice")
    game = Game.objects.get(pk=start_game([alice], seats=4).pk)
    seqs = list(game.events.values_list("seq", flat=True))
    assert seqs == list(range(1, game.last_seq + 1))
    snapshot = StateSnapshot.objects.get(game=game)
    assert snapshot.seq == game.last_seq
    cached = load_state(game)
    StateSnapshot.objects.all().delete()
    rules = engine_game(game)
    assert rules.view(load_state(game), None) == rules.view(cached, None)


def test_chance_is_sampled_by_the_server_and_logged_without_seeds(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    chance = list(game.events.filter(type="chance").values_list("payload", flat=True))
    assert [payload["kind"] for payload in chance] == ["cities", "deal"]
    for payload in chance:
        assert not {"seed", "rng", "deck", "order"} & set(payload)


def test_a_new_step_gets_a_deadline_of_step_hours_from_now(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = start_game([alice, bob])
    step = GameStep.objects.get(game=game, closed_at=None)
    assert step.seats == [0, 1]
    assert step.opened_at == NOON and step.deadline == NOON + timedelta(hours=48)
    assert alice.get(url(game, "prompt")).json()["prompt"]["deadline"] == "2030-01-03T12:00:00Z"

    later = NOON + timedelta(hours=5)
    with clock.frozen_at(later):
        for player in (alice, bob):
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            player.post(
                url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
            )
            if player is alice:  # bob still owes his pick: same step, same deadline
                assert GameStep.objects.filter(game=game, closed_at=None).count() == 1
                assert bob.get(url(game)).json()["submitted"] == [0]
    steps = list(GameStep.objects.filter(game=game).order_by("number"))
    assert [s.closed_at for s in steps] == [later, None]
    assert steps[1].deadline == later + timedelta(hours=48)
    assert alice.get(url(game)).json()["deadline"] == "2030-01-03T17:00:00Z"


def test_past_states_caught_up_from_the_cache_equal_a_replay_from_the_setup(make_player):
    alice = make_player("alice")
    game = Game.objects.get(pk=start_game([alice], seats=4).pk)
    rules = engine_game(game)
    last = game.last_seq
    assert last > 3
    cache.clear()
    from_setup = {seq: rules.view(load_state(game, upto=seq), None) for seq in (last - 2, last)}
    assert cache.get(state_store._past_key(game, last)) is None  # a plain load keeps nothing
    load_state(game, upto=last - 2, reuse_past=True)  # kept; the next one is caught up from it
    assert rules.view(load_state(game, upto=last, reuse_past=True), None) == from_setup[last]
    assert (
        rules.view(load_state(game, upto=last - 2, reuse_past=True), None) == from_setup[last - 2]
    )


def test_a_past_state_the_cache_lacks_is_replayed_from_a_checkpoint_not_the_setup(
    make_player, monkeypatch
):
    alice = make_player("alice")
    game = start_game([alice], seats=4)
    while game.last_seq < 2 * state_store.CHECKPOINT_EVERY + 10:
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
        game.refresh_from_db()
    checkpoints = list(StateCheckpoint.objects.filter(game=game).values_list("seq", flat=True))
    # One per multiple of CHECKPOINT_EVERY crossed, at the write that crossed it.
    assert len(checkpoints) == game.last_seq // state_store.CHECKPOINT_EVERY
    assert all(seq >= state_store.CHECKPOINT_EVERY for seq in checkpoints)
    rules = engine_game(game)
    upto = game.last_seq - 3
    while upto in checkpoints:  # a state that is a checkpoint itself needs no replay at all
        upto -= 1
    cache.clear()
    with_checkpoints = rules.view(load_state(game, upto=upto, reuse_past=True), 1)

    replayed = []
    real_replay = state_store.engine.replay

    def counting_replay(rules, seats, options, events, onto=None):
        events = list(events)
        replayed.append(len(events))
        return real_replay(rules, seats, options, events, onto=onto)

    monkeypatch.setattr(state_store.engine, "replay", counting_replay)
    cache.clear()
    load_state(game, upto=upto, reuse_past=True)
    # From the newest checkpoint at or before `upto`: a checkpoint is kept at the write that
    # crossed a multiple of CHECKPOINT_EVERY, and a write holds every event up to the next
    # human prompt (bots' answers, chance), so the gap is CHECKPOINT_EVERY and one write at most.
    newest = max(seq for seq in checkpoints if seq <= upto)
    between = game.events.filter(seq__gt=newest, seq__lte=upto).exclude(type="notice")
    assert replayed and replayed[-1] == between.count()
    from_setup = game.events.filter(seq__lte=upto).exclude(type="notice").count()
    assert replayed[-1] <= from_setup - state_store.CHECKPOINT_EVERY
    StateCheckpoint.objects.all().delete()  # only a cache: the same state from the setup
    cache.clear()
    assert rules.view(load_state(game, upto=upto, reuse_past=True), 1) == with_checkpoints
    assert replayed[-1] == from_setup


def test_an_unreadable_or_foreign_checkpoint_is_ignored(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)
    rules = engine_game(game)
    StateCheckpoint.objects.create(
        game=game, seq=1, rules_version=rules.rules_version, data=b"not a pickle"
    )
    expected = rules.view(load_state(game, upto=game.last_seq), 0)
    cache.clear()
    StateSnapshot.objects.all().delete()
    assert rules.view(load_state(game, upto=game.last_seq, reuse_past=True), 0) == expected
    assert rules.view(load_state(game), 0) == expected
