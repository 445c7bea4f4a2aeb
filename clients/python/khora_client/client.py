"""KhoraClient: every operation of the Khôra turn server's API, with typed results.

Games, lobbies, playing and the streams are here; table talk, pauses, nudges, substitutes,
your settings and webhooks in `khora_client.social` (KhoraClient has both). Each method is one
operation of `khora_client.operations`; what is tried again after a failure, and why that is
safe, is in `khora_client.transport`; how a stream goes on through restarts in
`khora_client.streams`.
"""

from __future__ import annotations

import urllib.parse
import uuid
from collections.abc import Iterable, Iterator
from typing import cast

from khora_client import operations as op
from khora_client.matchmaking import MatchmakingApi
from khora_client.social import SocialApi
from khora_client.standing import StandingApi
from khora_client.streams import StreamEvent, follow
from khora_client.transport import Retry, Transport
from khora_client.types import (
    Account,
    BotLevel,
    Decisions,
    GameCreateInput,
    GameDetail,
    GameOptionsInput,
    GamePage,
    GameStartInput,
    GameSummary,
    GameType,
    History,
    KhlorOptionsInput,
    Language,
    Log,
    LogEntry,
    Prompt,
    PromptEnvelope,
    Revision,
    Revoked,
    State,
    Token,
)
from khora_client.types.inputs import AccountCreateInput, DecisionItem


class KhoraClient(SocialApi, MatchmakingApi, StandingApi):
    """A client of one server, as one account (or anonymous until `login` or `sign_up`).

    `timeout`: seconds a request may take; `stream_timeout`: seconds a stream may stay silent
    before it is taken for hung and made again (the server writes every 15 s); `retry`: how
    failed requests are tried again (khora_client.Retry); `language`: the Accept-Language of
    texts (prompts, narration) when your profile names none. One client may be used from
    several threads: it keeps no connection between requests."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        stream_timeout: float = 45.0,
        retry: Retry | None = None,
        language: str | None = None,
        user_agent: str | None = None,
    ):
        self.transport = Transport(
            base_url,
            token,
            timeout=timeout,
            retry=retry,
            language=language,
            user_agent=user_agent,
        )
        self.stream_timeout = stream_timeout

    @property
    def token(self) -> str | None:
        return self.transport.token

    @token.setter
    def token(self, token: str | None) -> None:
        self.transport.token = token

    # --- accounts and tokens ----------------------------------------------------------------

    def sign_up(
        self,
        username: str,
        email: str,
        password: str,
        *,
        time_zone: str | None = None,
        language: Language | None = None,
    ) -> Account:
        """A new account; the client then uses its first token."""
        body: AccountCreateInput = {"username": username, "email": email, "password": password}
        if time_zone is not None:
            body["time_zone"] = time_zone
        if language is not None:
            body["language"] = language
        account = cast(Account, self.transport.call(op.ACCOUNTS_CREATE, body=body))
        self.token = account["token"]
        return account

    def login(self, username: str, password: str) -> Token:
        """A new token for the account; the client then uses it."""
        body = {"username": username, "password": password}
        token = cast(Token, self.transport.call(op.AUTH_TOKEN_CREATE, body=body))
        self.token = token["token"]
        return token

    def logout(self) -> Revoked:
        """Revoke the token this client uses (its open streams end too)."""
        revoked = cast(Revoked, self.transport.call(op.AUTH_TOKEN_REVOKE, body={}))
        self.token = None
        return revoked

    def logout_everywhere(self) -> Revoked:
        """Revoke every token of the account."""
        revoked = cast(Revoked, self.transport.call(op.AUTH_TOKEN_REVOKE_ALL, body={}))
        self.token = None
        return revoked

    # --- games and lobbies ------------------------------------------------------------------

    def games(self, list_filter: str = "mine") -> list[GameSummary]:
        """Every game of a list: `mine`, `open` (lobbies to join) or `awaiting` (yours that
        wait for you), newest first, all pages."""
        return list(self.iter_games(list_filter))

    def iter_games(self, list_filter: str = "mine") -> Iterator[GameSummary]:
        """The same, a page at a time as you read."""
        cursor: str | None = None
        while True:
            query = {"filter": list_filter, "cursor": cursor}
            page = cast(GamePage, self.transport.call(op.GAMES_LIST, query=query))
            yield from page["results"]
            if not page["next"]:
                return
            # Only the cursor is taken from `next`: a proxy may give the server another host.
            found = urllib.parse.parse_qs(urllib.parse.urlsplit(page["next"]).query)
            cursor = found["cursor"][0]

    def create_game(
        self,
        seats: int,
        *,
        game: GameType | None = None,
        bots: Iterable[BotLevel] = (),
        name: str | None = None,
        private: bool | None = None,
        step_hours: int | None = None,
        options: GameOptionsInput | KhlorOptionsInput | None = None,
    ) -> GameDetail:
        """A lobby with you in seat 0; `bots` (their levels) take seats 1, 2, ..., and a game
        they fill starts at once: `create_game(2, bots=["random"])`. `game`: which game
        ("khora", the server's default, or "khlor"); `options` are that game's."""
        body: GameCreateInput = {"seats": seats}
        if game is not None:
            body["game"] = game
        if bots:
            body["bots"] = list(bots)
        if name is not None:
            body["name"] = name
        if private is not None:
            body["private"] = private
        if step_hours is not None:
            body["step_hours"] = step_hours
        if options is not None:
            body["options"] = options
        return cast(GameDetail, self.transport.call(op.GAMES_CREATE, body=body))

    def game(self, game_id: str) -> GameDetail:
        """Status, seats, round, phase, your view and prompt, the deadline, the scores."""
        return cast(GameDetail, self._game_call(op.GAMES_RETRIEVE, game_id))

    def join(self, game_id: str) -> GameDetail:
        """Take the first free seat of a lobby (a full lobby starts by itself)."""
        return cast(GameDetail, self._game_call(op.GAMES_JOIN, game_id, body={}))

    def leave(self, game_id: str) -> GameDetail:
        """Leave a lobby (its creator leaving abandons it)."""
        return cast(GameDetail, self._game_call(op.GAMES_LEAVE, game_id, body={}))

    def start(
        self, game_id: str, *, fill_with_bots: bool = False, bot_level: BotLevel | None = None
    ) -> GameDetail:
        """Start your lobby; with `fill_with_bots` its empty seats go to bots of `bot_level`
        (the server's default: standard), else empty seats are refused (409 seats_empty)."""
        body: GameStartInput = {"fill_with_bots": fill_with_bots}
        if bot_level is not None:
            body["bot_level"] = bot_level
        return cast(GameDetail, self._game_call(op.GAMES_START, game_id, body=body))

    # --- playing ----------------------------------------------------------------------------

    def prompt(self, game_id: str) -> Prompt | None:
        """What the game asks you now; None when nothing waits for you."""
        return cast(PromptEnvelope, self._game_call(op.GAMES_PROMPT, game_id))["prompt"]

    def decide(
        self, game_id: str, prompt_id: str, option: str, *, idempotency_key: str | None = None
    ) -> Decisions:
        """Answer a prompt with one of its options' ids. Every try of one call sends the same
        Idempotency-Key (a new UUID unless you give one), so the server applies it once however
        often a lost connection makes the client send it."""
        body = {"prompt": prompt_id, "option": option}
        key = idempotency_key or str(uuid.uuid4())
        return cast(Decisions, self._game_call(op.GAMES_DECIDE, game_id, body=body, key=key))

    def decide_many(
        self,
        game_id: str,
        decisions: Iterable[DecisionItem | tuple[str, str]],
        *,
        idempotency_key: str | None = None,
    ) -> Decisions:
        """Several answers, applied in order; a refusal (ApiError) stops at the first refused
        one and lists in its body's `accepted` the ones applied before it."""
        items: list[DecisionItem] = [
            {"prompt": item[0], "option": item[1]} if isinstance(item, tuple) else item
            for item in decisions
        ]
        key = idempotency_key or str(uuid.uuid4())
        body = {"decisions": items}
        return cast(Decisions, self._game_call(op.GAMES_DECIDE, game_id, body=body, key=key))

    def revise(self, game_id: str) -> Revision:
        """Take back your sealed choice (a draft pick, your tiles) while others still choose."""
        return cast(Revision, self._game_call(op.GAMES_REVISE, game_id, body={}))

    def log(self, game_id: str, *, after: int = 0, limit: int | None = None) -> Log:
        """A page of the log after seq `after`, redacted for you until the game ends."""
        query = {"after": after, "limit": limit}
        return cast(Log, self._game_call(op.GAMES_LOG, game_id, query=query))

    def entries(self, game_id: str, *, after: int = 0) -> Iterator[LogEntry]:
        """Every log entry after seq `after`, page after page."""
        while True:
            page = self.log(game_id, after=after)
            yield from page["events"]
            if page["next_after"] is None:
                return
            after = page["next_after"]

    def history(self, game_id: str, *, after: int = 0, limit: int | None = None) -> History:
        """What happened since seq `after`, told to you in words."""
        query = {"after": after, "limit": limit}
        return cast(History, self._game_call(op.GAMES_HISTORY, game_id, query=query))

    def state(self, game_id: str, at: int, *, seat: int | None = None) -> State:
        """A finished game's view after event `at`, from `seat` (default: yours)."""
        query = {"at": at, "seat": seat}
        return cast(State, self._game_call(op.GAMES_STATE, game_id, query=query))

    # --- streams ----------------------------------------------------------------------------

    def stream(
        self, game_id: str, *, after: int | None = 0, give_up_after: float | None = None
    ) -> Iterator[StreamEvent]:
        """The game's events as they happen, until it is over: its log entries after seq
        `after` (None: from now on), your prompt whenever it changes, then GameOver. It goes on
        through restarts by itself (khora_client.streams says how); `give_up_after`: seconds
        without a connection before ConnectionFailed (None: keep trying)."""
        if after is None:  # "from now on" must survive a reconnection: learn where now is
            after = self.log(game_id, limit=1)["last_seq"]
        url = self.transport.url(op.GAMES_STREAM.url_path(public_id=game_id))
        return follow(
            self.transport,
            url,
            after,
            game_stream=True,
            read_timeout=self.stream_timeout,
            retry=self.transport.retry,
            give_up_after=give_up_after,
        )

    def my_stream(self, *, give_up_after: float | None = None) -> Iterator[StreamEvent]:
        """Your prompts in all your games, and their ends, for as long as you read: on every
        (re)connection the prompt of each game waiting for you, then each change."""
        return follow(
            self.transport,
            self.transport.url(op.ME_STREAM.path),
            None,
            game_stream=False,
            read_timeout=self.stream_timeout,
            retry=self.transport.retry,
            give_up_after=give_up_after,
        )
