"""A slow bot thinks outside the game's lock and transaction; the lock is held only to write
its answer, and only while the game has not moved since it was read (games.write.thinking)."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.db import connection, transaction

from bots import levels
from bots.strong import StrongBot
from games import services
from games.models import Game, GameEvent, Seat
from games.workers import advancing
from games.write import thinking
from games.write.writer import GameWriter
from tests.integration.conftest import database_url
from tests.players import start_game


class FakeSlow:
    """A slow level that answers at once: it records where it was asked, and picks the first
    option when asked a prompt for the first time, the last one when asked it again."""

    level = "strong"
    slow = True

    def __init__(self, while_thinking=None):
        self.asked: list[tuple[str, bool]] = []  # (prompt id, inside a transaction)
        self.answers: list[str] = []
        self.while_thinking = while_thinking

    def decide(self, knowledge, prompt, budget, rng):
        again = any(asked == prompt.id for asked, _ in self.asked)
        self.asked.append((prompt.id, connection.in_atomic_block))
        if self.while_thinking is not None:
            self.while_thinking(prompt)
        self.answers.append(prompt.options[-1 if again else 0].id)
        return self.answers[-1]


class Spy:
    """A real level, recording whether it was asked inside a transaction."""

    def __init__(self, bot):
        self.bot, self.level, self.slow = bot, bot.level, bot.slow
        self.in_transaction: list[bool] = []

    def decide(self, knowledge, prompt, budget, rng):
        self.in_transaction.append(connection.in_atomic_block)
        return self.bot.decide(knowledge, prompt, budget, rng)


@pytest.fixture
def enqueued(monkeypatch):
    """Advance tasks asked for, not run: each test drives the advance itself."""
    asked: list[int] = []
    monkeypatch.setattr("games.write.writer.enqueue_advance", lambda game: asked.append(game.pk))
    return asked


def _bot_game(make_player) -> Game:
    """alice and a strong bot, started: its setup's chance is due (the advance not run)."""
    alice = make_player("alice")
    return services.game_create(
        creator=alice.user, game_type="khora", seats=2, options={}, step_hours=48, bots=["strong"]
    )


def _locked_round(game_id: int, thought=None) -> tuple[bool, list[int]]:
    """One locked round of the advance: (a slow bot is due next, the seqs written)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        writer = GameWriter(game)
        before = game.last_seq
        slow_due = writer.run_automatic(thought)
        if writer.appended():
            writer.commit(enqueue=not slow_due)
    return slow_due, list(range(before + 1, Game.objects.get(pk=game_id).last_seq + 1))


def _alice_decides(game: Game) -> None:
    prompt = Seat.objects.get(game=game, position=0).pending_prompt
    writer = GameWriter(Game.objects.get(pk=game.pk))
    option = writer.rules.pending(writer.state)[0].default
    services.decisions_submit(
        public_id=game.public_id,
        user=game.creator,
        decisions=[services.DecisionInput(prompt, option)],
    )


def _bot_moves(game: Game, prompt_id: str) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game=game, seat=1, payload__prompt=prompt_id))


def test_a_thought_is_written_only_while_the_game_has_not_moved(make_player, monkeypatch, enqueued):
    bot = FakeSlow()
    monkeypatch.setitem(levels.LEVELS, "strong", bot)
    game = _bot_game(make_player)
    assert thinking.think_ahead(game.pk) is None  # chance first: nothing slow to think about
    slow_due, written = _locked_round(game.pk)  # the setup's chance, under the lock
    assert slow_due and written and not bot.asked  # the slow bot was not asked under the lock

    stale = thinking.think_ahead(game.pk)
    assert stale is not None and (stale.seat, stale.level) == (1, "strong")
    assert bot.asked == [(stale.prompt_id, False)]  # asked outside any transaction
    _alice_decides(game)  # the game moves on while the bot thinks (a draft: both are asked)
    writer = GameWriter(Game.objects.get(pk=game.pk))
    assert writer.rules.pending(writer.state)[1].id == stale.prompt_id  # still open, legal

    slow_due, written = _locked_round(game.pk, stale)
    assert slow_due and written == []  # dropped, and not thought again under the lock
    assert _bot_moves(game, stale.prompt_id) == []
    assert len(bot.asked) == 1

    fresh = thinking.think_ahead(game.pk)
    assert fresh is not None and fresh.prompt_id == stale.prompt_id and fresh.seq > stale.seq
    assert fresh.option != stale.option  # the fake's second answer: which one is written shows
    _locked_round(game.pk, fresh)
    [move] = _bot_moves(game, fresh.prompt_id)
    assert (move.payload["option"], move.payload["bot"], move.auto) == (
        fresh.option,
        "strong",
        False,
    )


def test_a_bot_playing_for_an_absent_player_thinks_outside_the_lock_and_is_logged_auto(
    make_player, monkeypatch, settings, enqueued
):
    settings.GAME_LADDER_BOT_LEVEL = "strong"
    bot = FakeSlow()
    monkeypatch.setitem(levels.LEVELS, "strong", bot)
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    Seat.objects.filter(game=game, position=1).update(autoplay=True)
    assert advancing.game_advance(game.pk)  # the setup's chance; bob's bot waits on alice
    assert not bot.asked
    _alice_decides(game)
    assert advancing.game_advance(game.pk)
    assert bot.asked and not any(inside for _, inside in bot.asked)
    moves = GameEvent.objects.filter(game=game, seat=1, type="decision")
    assert moves and {(m.payload["bot"], m.auto) for m in moves} == {("strong", True)}
    assert enqueued == [game.pk] * 2  # by the start and alice's move; none by the advances


def test_the_advance_loops_without_enqueuing_itself_until_a_person_is_asked(
    make_player, monkeypatch, enqueued
):
    bot = FakeSlow()
    monkeypatch.setitem(levels.LEVELS, "strong", bot)
    game = _bot_game(make_player)
    for _ in range(8):
        game.refresh_from_db()
        # by the start, then by alice's move when bots are due next
        assert enqueued == ([game.pk] if game.needs_advance else [])
        enqueued.clear()
        advancing.game_advance(game.pk)
        game.refresh_from_db()
        assert not game.needs_advance and Seat.objects.get(game=game, position=0).pending_prompt
        assert enqueued == []  # each advance ran on to alice's prompt by itself
        _alice_decides(game)
    assert len(bot.asked) >= 5 and not any(inside for _, inside in bot.asked)
    moves = GameEvent.objects.filter(game=game, seat=1, type="decision")
    prompts = [m.payload["prompt"] for m in moves]
    assert len(prompts) == len(set(prompts)) == len(bot.asked)  # each thought written once


def test_fast_bots_still_answer_under_the_lock_in_one_commit(make_player, monkeypatch, enqueued):
    standard = Spy(levels.LEVELS["standard"])
    monkeypatch.setitem(levels.LEVELS, "standard", standard)
    commits = []
    real_commit = GameWriter.commit
    monkeypatch.setattr(
        GameWriter, "commit", lambda self, *a, **k: commits.append(1) or real_commit(self, *a, **k)
    )
    alice = make_player("alice")
    game = services.game_create(
        creator=alice.user,
        game_type="khora",
        seats=3,
        options={},
        step_hours=48,
        bots=["standard", "standard"],
    )
    for _ in range(4):
        commits.clear()
        assert thinking.think_ahead(game.pk) is None  # nothing slow to think about
        assert advancing.game_advance(game.pk)
        assert commits == [1]
        _alice_decides(game)
    assert standard.in_transaction and all(standard.in_transaction)


@pytest.mark.slow
def test_a_game_with_a_strong_bot_plays_to_its_end_through_the_worker(
    make_player, monkeypatch, settings
):
    settings.GAME_STRONG_BOT_SECONDS = 0.002  # the real search, with time for hardly a playout
    strong = Spy(StrongBot())
    monkeypatch.setitem(levels.LEVELS, "strong", strong)
    game = _bot_game(make_player)  # eager tasks: the advance runs as a worker would
    while Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE:
        _alice_decides(game)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    moves = GameEvent.objects.filter(game=game, seat=1, type="decision")
    prompts = [m.payload["prompt"] for m in moves]
    assert len(prompts) == len(set(prompts)) and {m.payload["bot"] for m in moves} == {"strong"}
    assert len(strong.in_transaction) >= len(prompts) and not any(strong.in_transaction)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_lock_is_free_while_a_slow_bot_thinks_and_a_player_decides_meanwhile(
    make_player, monkeypatch, enqueued
):
    seen: dict[str, list] = {"lock_free": [], "decided": []}

    def meanwhile(prompt):
        with psycopg.connect(database_url(), autocommit=False) as other:
            try:  # another connection takes the game's lock at once, or fails
                other.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE NOWAIT", [game.pk])
                seen["lock_free"].append(True)
            except psycopg.errors.LockNotAvailable:
                seen["lock_free"].append(False)
            other.rollback()
        if not seen["decided"]:  # alice decides in her own request while the bot thinks
            player = threading.Thread(target=_decide_in_thread, args=(game, seen["decided"]))
            player.start()
            player.join(timeout=10)

    bot = FakeSlow(while_thinking=meanwhile)
    monkeypatch.setitem(levels.LEVELS, "strong", bot)
    game = _bot_game(make_player)
    assert advancing.game_advance(game.pk)
    assert seen["decided"] == ["ok"]  # she did not wait for the bot
    assert seen["lock_free"] and all(seen["lock_free"])
    first = bot.asked[0][0]
    assert [asked for asked, _ in bot.asked[:2]] == [first, first]  # stale, so thought again
    [move] = _bot_moves(game, first)  # written once: the second thought's answer
    assert move.payload["option"] == bot.answers[1] != bot.answers[0]
    assert GameEvent.objects.filter(game=game, seat=0, type="decision").count() == 1
    assert Seat.objects.get(game=game, position=0).pending_prompt  # alice is asked again


def _decide_in_thread(game: Game, outcome: list) -> None:
    try:
        _alice_decides(game)
        outcome.append("ok")
    finally:
        connection.close()
