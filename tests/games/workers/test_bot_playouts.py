"""The log says how hard a `strong` bot thought: the playouts behind each of its decisions
(issue 51), counted, not timed, and readable through the API."""

from __future__ import annotations

from games import services
from games.models import Game, GameEvent, Seat
from games.write.writer import GameWriter
from tests.players import url


def _alice_decides(game: Game) -> None:
    prompt = Seat.objects.get(game=game, position=0).pending_prompt
    writer = GameWriter(Game.objects.get(pk=game.pk))
    option = writer.rules.pending(writer.state)[0].default
    services.decisions_submit(
        public_id=game.public_id,
        user=game.creator,
        decisions=[services.DecisionInput(prompt, option)],
    )


def test_each_strong_decision_in_the_log_has_its_playouts(make_player, settings):
    settings.GAME_STRONG_BOT_PLAYOUTS = 2  # a real search, kept short
    settings.GAME_STRONG_BOT_SECONDS = 30.0  # a ceiling it never reaches
    alice = make_player("alice")
    game = services.game_create(
        creator=alice.user, game_type="khora", seats=2, options={}, step_hours=48, bots=["strong"]
    )  # eager tasks: the advance (and the bot's search) runs as a worker would
    searched = GameEvent.objects.filter(game=game, seat=1, type="decision", payload__playouts=2)
    for _ in range(12):
        if searched.exists():
            break
        _alice_decides(game)
    assert searched.exists(), "the bot never had a choice to search"
    moves = GameEvent.objects.filter(game=game, seat=1, type="decision")
    # 2 when it had a choice, 0 when the prompt had one option (nothing to search).
    assert {m.payload["playouts"] for m in moves} <= {0, 2}
    body = alice.get(url(game, "log")).json()  # checked against the served schema
    entries = [e for e in body["events"] if e["type"] == "decision" and e["seat"] == 1]
    assert entries and all(e["data"]["bot"] == "strong" for e in entries)
    assert 2 in {e["data"]["playouts"] for e in entries}
