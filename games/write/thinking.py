"""Thinking outside the game's lock: a slow bot's answer, worked out on the game as read.

A slow bot (`bots.is_slow`: `strong`) thinks for its whole budget each decision
(GAME_STRONG_BOT_PLAYOUTS playouts, at most GAME_STRONG_BOT_SECONDS of wall time). Under the
game's row lock that would hold up every other write to the game as long: a player's move, a
deadline, another worker. So the advance
(games.workers.advancing) thinks first, on the game read without a lock or a transaction,
and then takes the lock only to write: `GameWriter.run_automatic(thought)` writes the answer
if the log has not grown since it was read, and drops it otherwise (the advance thinks
again on the game as it is then). Two workers may think about the same prompt; only the one
that writes first is written, the other's answer is stale.

A reply by email runs the advance inside its own transaction, which already holds the game's
lock (mailplay.services): that advance stops at a slow bot's prompt
(`game_advance(slow_bots=False)`) and leaves it to the advance task asked for on commit.
"""

from __future__ import annotations

from dataclasses import dataclass

import bots
import engine
from games.models import Game
from games.write import bot_turns, chance
from games.write.state_store import engine_game, load_state


@dataclass(frozen=True)
class Thought:
    """A slow bot's answer to one prompt, on the game as it was after event `seq`."""

    game_id: int
    seq: int  # the game's last_seq as read: the answer holds only while it is still the last
    seat: int
    prompt_id: str
    level: str
    option: str
    playouts: int | None = None  # the search behind it, for the log

    def still_valid(self, game: Game) -> bool:
        """Has nothing been appended to the game since the bot read it? (Under the lock.)"""
        return self.game_id == game.pk and self.seq == game.last_seq

    def answers(self, prompt: engine.Prompt, level: str) -> bool:
        return (self.seat, self.prompt_id, self.level) == (prompt.seat, prompt.id, level)


def think_ahead(game_id: int) -> Thought | None:
    """If the game's next automatic step is a slow bot's prompt, that bot's answer, worked out
    with what its seat knows (exactly what the writer would give it); else None (nothing
    due, chance first, a fast bot or a person next). Call it outside any transaction: it
    reads the game without locking it, and a bot's whole budget passes meanwhile."""
    # The snapshot comes with the game row in one statement, so it is never newer than the
    # row; if it is older, the events since are replayed (the state may then be newer than
    # `last_seq`, and the thought is dropped as stale: never wrong, only wasted).
    game = Game.objects.select_related("snapshot").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or not game.needs_advance:
        return None
    rules = engine_game(game)
    state = load_state(game)
    if rules.is_over(state) or rules.needs_chance(state):
        return None
    seats = list(game.seats.select_related("user").order_by("position"))
    turns = bot_turns.BotTurns(game, seats)
    prompts = turns.prompts(rules.pending(state))
    if not prompts:
        return None
    prompt = prompts[0]  # the one the writer would ask first
    level = turns.level(prompt.seat)
    if not bots.is_slow(level, game.game_type):
        return None  # answered at once under the lock, as every fast bot is
    knowledge = bot_turns.knowledge(game, state, prompt.seat, game.last_seq)
    answer = chance.bot_answer(level, knowledge, prompt, game.game_type)
    return Thought(
        game.pk, game.last_seq, prompt.seat, prompt.id, level, answer.option, answer.playouts
    )
