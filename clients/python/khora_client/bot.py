"""Bots: a policy (a function from a prompt to an option id) played in every game of an
account, from the player's stream (`me/stream/`), without polling.

    from khora_client import KhoraClient, run_bot
    client = KhoraClient("https://khora.example.org", token)
    run_bot(client, lambda prompt: prompt["default"])

The bot answers each prompt once (the stream sends a prompt again on every connection), sends
every decision with an Idempotency-Key reused by its retries (so a server that dies mid-request
applies it once), and answers the next prompt a decision's answer carries at once instead of
waiting for the stream to tell it. Through a restart of the web or the stream servers it waits
and goes on; when it reconnects it asks each game it was playing whether that game ended while
it was away, as the player's stream does not repeat the ends it missed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from khora_client.client import KhoraClient
from khora_client.errors import ApiError, KhoraError
from khora_client.streams import Connected, GameOver, PromptEvent
from khora_client.types import Prompt

log = logging.getLogger("khora_client.bot")

Policy = Callable[[Prompt], str]

# Refusals that mean the game moved on without this answer (a deadline took the default, the
# prompt changed, the game ended): the stream brings what comes next.
MOVED_ON = frozenset({"stale_prompt", "not_your_turn", "game_not_active", "game_over"})
OVER = frozenset({"finished", "abandoned", "crashed"})


class PolicyError(KhoraError):
    """The policy chose something that is not an option of the prompt."""


@dataclass
class BotReport:
    """What a bot did: the games it saw end (id → status) and the decisions it made."""

    finished: dict[str, str] = field(default_factory=dict)
    decisions: int = 0
    refused: int = 0  # answers the game had moved past (see MOVED_ON)


class Bot:
    """The state of a running bot; `run_bot` is the usual way to make and run one."""

    def __init__(self, client: KhoraClient, policy: Policy):
        self.client = client
        self.policy = policy
        self.report = BotReport()
        self.answered: dict[str, set[str]] = {}  # game id → prompt ids answered there

    def run(self, games: int | None = None, stop: threading.Event | None = None) -> BotReport:
        """Play until `games` games have ended (None: for ever), `stop` is set, or the stream
        ends for good (StreamEnded: the token no longer holds)."""
        if self._done(games, stop):
            return self.report
        for event in self.client.my_stream():
            if isinstance(event, Connected) and event.reconnected:
                self._catch_up()
            elif isinstance(event, PromptEvent) and event.prompt is not None:
                self.answer(event.game, event.prompt)
            elif isinstance(event, GameOver):
                self._ended(event.game, event.status)
            if self._done(games, stop):
                break
        return self.report

    def answer(self, game_id: str, prompt: Prompt | None) -> None:
        """Answer this prompt unless it was answered already, then each next one the answers
        carry."""
        if game_id in self.report.finished:  # a prompt sent before its game's end
            return
        answered = self.answered.setdefault(game_id, set())
        while prompt is not None and prompt["id"] not in answered:
            option = self.policy(prompt)
            if option not in {choice["id"] for choice in prompt["options"]}:
                raise PolicyError(f"{option!r} is not an option of {game_id} {prompt['id']}")
            answered.add(prompt["id"])
            try:
                result = self.client.decide(game_id, prompt["id"], option)
            except ApiError as refused:
                if refused.code not in MOVED_ON:
                    raise
                self.report.refused += 1
                log.info("%s: %s was not needed: %s", game_id, prompt["id"], refused.code)
                return
            self.report.decisions += 1
            log.debug("%s: %s -> %s", game_id, prompt["id"], option)
            prompt = result["prompt"]

    def _ended(self, game_id: str, status: str) -> None:
        if game_id not in self.report.finished:
            self.report.finished[game_id] = status
            log.info("%s: the game is over (%s)", game_id, status)
        self.answered.pop(game_id, None)

    def _catch_up(self) -> None:
        """After a reconnection: the games that ended while the stream was cut off."""
        for game_id in list(self.answered):
            status = self.client.game(game_id)["status"]
            if status in OVER:
                self._ended(game_id, status)

    def _done(self, games: int | None, stop: threading.Event | None) -> bool:
        if stop is not None and stop.is_set():
            return True
        return games is not None and len(self.report.finished) >= games


def run_bot(
    client: KhoraClient,
    policy: Policy,
    *,
    games: int | None = None,
    stop: threading.Event | None = None,
) -> BotReport:
    """Answer every prompt of every game the client's account plays with `policy(prompt)`
    (an option id of the prompt), until `games` of them have ended (None: for ever) or `stop`
    is set (checked between events, and at least every heartbeat: 15 s)."""
    return Bot(client, policy).run(games, stop)


def play_game(client: KhoraClient, game_id: str, policy: Policy) -> str:
    """Answer every prompt of yours in one game, following its own stream, until it ends;
    returns its final status."""
    bot = Bot(client, policy)
    for event in client.stream(game_id, after=None):
        if isinstance(event, PromptEvent):
            bot.answer(game_id, event.prompt)
        elif isinstance(event, GameOver):
            return event.status
    return client.game(game_id)["status"]  # 204 on a reconnection: it ended meanwhile
