"""Khlor keeps the engine's contract: refusals with stable codes, strict logs, one view for all,
and it is not a game the server hosts yet."""

import json
import random

import pytest

import engine
from engine import IllegalDecision, InvalidEvent
from engine.khlor import game
from tests.engine.khlor.table import dealt


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, None),
        (5, None),
        ("3", None),
        (3, {"board": "coloured"}),
        (3, {"board": ["plain"]}),
        (3, {"solo": True}),
        (3, "plain"),
    ],
)
def test_a_bad_setup_is_refused(players, options):
    with pytest.raises(IllegalDecision) as refused:
        game.new_game(players, options)
    assert refused.value.code == "invalid_setup"


def test_decisions_are_refused_with_the_engines_codes():
    state = game.new_game(3)
    with pytest.raises(IllegalDecision) as refused:
        game.decide(state, 0, "t1-place", "x")
    assert refused.value.code == "waiting_for_chance" and game.pending(state) == {}
    state = dealt(3)
    prompt = game.pending(state)[0]
    cases = [
        ((1, prompt.id, prompt.default), "not_your_turn"),
        ((0, "t9-place", prompt.default), "stale_prompt"),
        ((0, prompt.id, "I~:A1.B1.C1:D1"), "illegal_option"),
    ]
    for arguments, code in cases:
        with pytest.raises(IllegalDecision) as refused:
            game.decide(state, *arguments)
        assert refused.value.code == code
    assert refused.value.details["legal_options"] == [o.id for o in prompt.options]
    with pytest.raises(IllegalDecision) as refused:
        game.sample_chance(state, random.Random(0))
    assert refused.value.code == "no_chance_needed"


def test_a_finished_game_refuses_everything():
    state = dealt(2)
    while not game.is_over(state):
        seat, prompt = next(iter(game.pending(state).items()))
        state = game.apply(state, game.decide(state, seat, prompt.id, prompt.default))
    with pytest.raises(IllegalDecision) as refused:
        game.decide(state, 0, "t1-place", "x")
    assert refused.value.code == "game_over"
    with pytest.raises(InvalidEvent):
        game.apply(state, engine.Event("decision", {"prompt": "t1-place", "option": "x"}, 0))
    assert game.scores(state)["final"] is True


def test_a_log_entry_that_does_not_fit_is_refused():
    fresh = game.new_game(2)
    deal = game.sample_chance(fresh, random.Random(1))
    state = game.apply(fresh, deal)
    prompt = game.pending(state)[0]
    ahead = {prompt.options[0].id.split(":")[0]}
    stranger = next(
        option_id
        for option_id in ("I:A1.B1.C1:D1", "O:B1.A2.B2:A1", "T:B1.C1.B2:A1", "S:A1.B2.C2:B1")
        if option_id.split(":")[0] not in ahead | {o.id.split(":")[0] for o in prompt.options}
    )
    bad = [
        (
            fresh,
            engine.Event("decision", {"prompt": "t1-place", "option": "x"}, 0),
            "waiting_for_chance",
        ),
        (state, deal, "unexpected_chance"),
        (
            state,
            engine.Event("decision", {"prompt": prompt.id, "option": stranger}, 0),
            "illegal_option",
        ),
        (
            state,
            engine.Event("decision", {"prompt": prompt.id, "option": ["x"]}, 0),
            "illegal_option",
        ),
        (
            state,
            engine.Event("decision", {"prompt": prompt.id, "option": prompt.default}, 1),
            "stale_prompt",
        ),
        (state, engine.Event("vote", {}, 0), "malformed_event"),
    ]
    for before, event, code in bad:
        with pytest.raises(InvalidEvent) as refused:
            game.apply(before, event)
        assert refused.value.code == code


def test_apply_leaves_the_state_before_untouched():
    state = dealt(3)
    before = json.dumps(game.view(state, None), sort_keys=True)
    prompt = game.pending(state)[0]
    game.apply(state, game.decide(state, 0, prompt.id, prompt.options[-1].id))
    assert json.dumps(game.view(state, None), sort_keys=True) == before


def test_every_viewer_sees_the_same_table_and_every_event_whole():
    state = dealt(4)
    views = [game.view(state, seat) for seat in (None, 0, 1, 2, 3)]
    assert all({**v, "viewer": None} == {**views[0], "viewer": None} for v in views)
    json.dumps(views[0])  # JSON-ready
    assert views[0]["ahead"] == state.circle[:2] and views[0]["seat_to_play"] == 0
    event = game.sample_chance(game.new_game(2), random.Random(0))
    assert game.redact(event, 1) == event.to_dict()


def test_khlor_is_a_game_the_server_hosts():
    assert engine.get_game("khlor") is game
    assert engine.get_game("khora").name == "khora"
    assert engine.game_types() == ["khlor", "khora"]
    with pytest.raises(KeyError, match="known games: khlor, khora"):
        engine.get_game("chess")


def test_the_playout_path_offers_what_the_prompts_offer():
    state = dealt(3, seed=4)
    while not game.is_over(state):
        pending = game.pending(state)
        choices = game.choices(state)
        assert sorted(pending) == game.deciding(state) == sorted(choices)
        seat = game.deciding(state)[0]
        assert [o.id for o in choices[seat].options] == [o.id for o in pending[seat].options]
        assert choices[seat].prompt == pending[seat].id
        state = game.advance(
            state, game.take(state, seat, choices[seat], choices[seat].options[-1])
        )


def test_nothing_is_sealed_so_nothing_is_revised_and_every_prompt_has_its_own_step_key():
    state = dealt(2)
    with pytest.raises(IllegalDecision) as refused:
        game.revise(state, 0)
    assert refused.value.code == "nothing_to_revise"
    keys = set()
    while not game.is_over(state) and len(keys) < 10:
        key = game.step_key(state)
        assert key not in keys and game.prompt_dict(state, state.seat, "uk")["id"] == key
        assert game.prompt_dict(state, 1 - state.seat) is None and game.left_out(state, 0) == ()
        keys.add(key)
        state = game.apply(
            state, game.decide(state, state.seat, key, game.pending(state)[state.seat].default)
        )


def test_the_engine_reads_no_clock_file_or_random_generator_of_its_own():
    """Only type checking may name `random` (the caller's generator's type)."""
    import ast
    from pathlib import Path

    forbidden = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "secrets", "uuid"}
    root = Path(engine.__file__).parent / "khlor"
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        checking = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        ]
        hidden = {id(inner) for node in checking for inner in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in hidden or not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            assert not {name.split(".")[0] for name in names} & forbidden, (path.name, names)


def test_a_pinned_game_replays_to_the_same_end():
    """A log recorded by this engine must keep replaying to the same table and scores: a change
    of the rules or of the log's format that breaks stored games fails here."""
    from pathlib import Path

    golden = json.loads((Path(__file__).parent / "golden_3p.json").read_text(encoding="utf-8"))
    setup, final = golden["setup"], golden["final"]
    state = engine.replay(game, setup["num_players"], setup["options"], golden["events"])
    assert game.is_over(state)
    scores = game.scores(state)
    assert scores["totals"] == final["totals"] and scores["ranking"] == final["ranking"]
    assert state.bonus == final["bonus"] and state.caught == final["caught"]
    assert state.eggs == final["eggs"]
    kinds = {raw["data"].get("kind") for raw in golden["events"]}
    assert {"deal", "place", "remove", "lay", "extra"} <= kinds
