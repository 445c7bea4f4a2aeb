"""Bots on the server: levels per seat at creation and at the start, the ladder's bot for an
absent player, the level in the log, and clear refusals."""

from __future__ import annotations

from datetime import UTC, datetime

from common import clock
from games.models import Game, GameEvent, GameStep, Seat
from games.workers import tasks
from tests.players import assert_problem, url

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def _create(player, **body):
    return player.post("/api/v1/games/", {"game": "khora", "seats": 3, **body})


def test_a_game_filled_with_bots_at_creation_starts_at_once(make_player):
    alice = make_player("alice")
    response = _create(alice, bots=["standard", "random"])
    assert response.status_code == 201, response.content
    game = Game.objects.get(public_id=response.json()["id"])
    assert game.status == Game.Status.ACTIVE
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    assert [(s.is_bot, s.bot_level) for s in seats] == [
        (False, ""),
        (True, "standard"),
        (True, "random"),
    ]
    listed = [(s["is_bot"], s["bot_level"]) for s in response.json()["seats"]]
    assert listed == [(False, None), (True, "standard"), (True, "random")]
    # The draft waits on alice alone; the bots have picked, and the log names their level.
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    assert prompt["kind"] == "draft_pick"
    answer = alice.post(
        url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
    )
    assert answer.status_code == 200, answer.content
    bot_moves = GameEvent.objects.filter(game=game, type="decision").exclude(seat=0)
    assert {(e.seat, e.payload["bot"], e.auto) for e in bot_moves} == {
        (1, "standard", False),
        (2, "random", False),
    }


def test_a_lobby_with_fewer_bots_waits_for_players(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    response = _create(alice, seats=4, bots=["strong"])
    game = Game.objects.get(public_id=response.json()["id"])
    assert game.status == Game.Status.LOBBY
    bob.post(url(game, "join"))
    started = alice.post(url(game, "start"), {"fill_with_bots": True, "bot_level": "random"})
    assert started.status_code == 200, started.content
    levels = dict(Seat.objects.filter(game=game, is_bot=True).values_list("position", "bot_level"))
    assert levels == {1: "strong", 3: "random"}


def test_bad_bot_requests_get_clear_answers(make_player):
    alice = make_player("alice")
    wrong_level = assert_problem(_create(alice, bots=["genius"]), 400, "invalid_input")
    # It says which levels there are, not only that this one is wrong.
    assert "random, standard, strong" in wrong_level["errors"]["bots"]["0"][0]
    assert_problem(_create(alice, bots="standard"), 400, "invalid_input")
    too_many = assert_problem(_create(alice, bots=["random"] * 3), 422, "too_many_bots")
    assert too_many["max_bots"] == 2
    assert "at most 2 bots beside you" in too_many["detail"]
    too_many = assert_problem(_create(alice, seats=2, bots=["random"] * 2), 422, "too_many_bots")
    assert "at most 1 bot beside you" in too_many["detail"]
    assert not Game.objects.exists()  # nothing half-made
    game = Game.objects.get(public_id=_create(alice).json()["id"])
    refused = alice.post(url(game, "start"), {"fill_with_bots": True, "bot_level": "godlike"})
    body = assert_problem(refused, 400, "invalid_input")
    assert "the levels are random, standard, strong" in body["errors"]["bot_level"][0]
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY


def test_the_ladders_bot_plays_an_absent_seat_at_the_configured_level(make_player, settings):
    settings.GAME_BOT_AFTER_MISSES = 1
    settings.GAME_LADDER_BOT_LEVEL = "standard"
    alice, bob = make_player("alice"), make_player("bob")
    with clock.frozen_at(NOON):
        game = Game.objects.get(public_id=_create(alice, seats=2).json()["id"])
        bob.post(url(game, "join"))
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    deadline = GameStep.objects.get(game=game, closed_at=None).deadline
    with clock.frozen_at(deadline):
        tasks.tick.delay().get()
        assert Seat.objects.get(game=game, position=1).autoplay
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
    bot_moves = GameEvent.objects.filter(game=game, seat=1, type="decision", auto=True)
    assert [e.payload.get("bot") for e in bot_moves].count("standard") >= 1
    # The log's entries, as any seat reads them, say which bot played.
    entries = alice.get(url(game, "log")).json()
    items = entries["events"]
    assert any(
        (item.get("data") or {}).get("bot") == "standard" and item.get("auto") for item in items
    )


def test_the_writer_gives_a_bot_the_log_entries_its_sampler_reads(make_player):
    """The writer reads of the log only the seat's own draws, keeps and discards: they tell the
    sampler the same cards under the deck as the whole log as that seat saw it."""
    from engine.khora import sampling
    from games.models import Game as GameModel
    from games.write import bot_turns
    from games.write.state_store import engine_game, to_engine_event
    from games.write.writer import GameWriter

    alice = make_player("alice")
    game = GameModel.objects.get(
        public_id=_create(alice, seats=4, bots=["random"] * 3).json()["id"]
    )
    rules, checked = engine_game(game), 0
    while True:
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        if prompt is None:
            break
        alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})
        game.refresh_from_db()
        writer = GameWriter(game)
        if not writer.state.deck_bottom:
            continue
        rows = game.events.exclude(type="notice").order_by("seq")
        for seat in range(4):
            whole = [rules.redact(to_engine_event(row), seat) for row in rows]
            expected = sampling.returned_cards(whole, seat)
            assert (
                sampling.returned_cards(bot_turns.seen_log(game, seat, game.last_seq), seat)
                == expected
            )
            checked += bool(expected)
        if checked >= 3:
            break
    assert checked >= 3
