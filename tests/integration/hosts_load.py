"""The clients of the multi-host harness, on their own host (the root namespace): players who
answer their prompts through the load balancer, browser-like streams following every game, an
SMTP sink for the site's email. Each records what the invariants need (hosts_run.py)."""

from __future__ import annotations

import http.client
import json
import logging
import random
import socket
import threading
import time
import uuid
from collections.abc import Callable

from aiosmtpd.controller import Controller

from tests.integration.test_stream_restarts import EventSource

# A request that found no server (a connection error, a 502/503/504 from nginx or the site) is
# sent again with its Idempotency-Key, as the API's clients are told to: this many times, this
# far apart. One that never succeeds is a violation.
RETRIES = 40
RETRY_PAUSE = 0.5
logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's line per connection


class SmtpSink:
    """An SMTP server on the clients' host: each message's Message-ID and recipient."""

    def __init__(self, address: str):
        self.received: list[tuple[str, str]] = []
        with socket.socket() as probe:
            probe.bind((address, 0))
            self.port = probe.getsockname()[1]
        self.controller = Controller(self, hostname=address, port=self.port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's hook name
        from email import message_from_bytes, policy

        message = message_from_bytes(envelope.content, policy=policy.default)
        self.received.append((str(message["Message-ID"]), str(message["To"])))
        return "250 OK"

    def start(self) -> int:
        self.controller.start()
        return self.port

    def stop(self) -> None:
        self.controller.stop()


class Api:
    def __init__(self, address: str, token: str):
        self.address = address
        self.token = token
        self.statuses: list[int] = []  # every answer, retried ones included
        self.unretried: list[str] = []  # requests that failed for good
        # While this says so, a failed request waits before its retry (Player.paused).
        self.hold_retries: Callable[[], bool] = lambda: False

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        headers = {"Authorization": f"Bearer {self.token}"}
        data = None
        if body is not None:  # one key for the request and all its retries
            headers |= {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
            data = json.dumps(body)
        last = ""
        for _ in range(RETRIES):
            connection = http.client.HTTPConnection(self.address, 80, timeout=30)
            try:
                connection.request(method, path, body=data, headers=headers)
                response = connection.getresponse()
                status, raw = response.status, response.read()
            except (OSError, http.client.HTTPException) as error:
                last = repr(error)
                self.statuses.append(0)
                self._pause_before_retry()
                continue
            finally:
                connection.close()
            self.statuses.append(status)
            if status >= 500:
                last = f"{status} {raw[:300]!r}"
                self._pause_before_retry()
                continue
            return status, json.loads(raw) if raw else {}
        self.unretried.append(f"{method} {path}: {last}")
        return 0, {}

    def _pause_before_retry(self) -> None:
        time.sleep(RETRY_PAUSE)
        while self.hold_retries():
            time.sleep(0.1)


class Player(threading.Thread):
    """One seat's player: reads the game's prompt and answers it at random, again and again,
    until told to stop; when the game is over, starts another against a bot, followed by a
    stream of its own (added to `readers`), so the load lasts. `idle` players never answer
    (their deadlines are made to pass)."""

    def __init__(self, name: str, api: Api, public_id: str, seed: int, idle: bool = False,
                 readers: list | None = None):  # fmt: skip
        super().__init__(name=f"player-{name}", daemon=True)
        self.api = api
        self.public_id = public_id
        self.rng = random.Random(seed)
        self.idle = idle
        self.readers = readers if readers is not None else []
        self.stop = threading.Event()
        # (when, game, seq) of each accepted decision
        self.accepted: list[tuple[float, str, int]] = []
        self.failure: str | None = None
        # Games the harness keeps players away from for a while (public ids, shared by all
        # players): a decision would ask for a new advance and hide what it measures.
        self.paused: set[str] = set()
        # A decision refused while its game is paused (503: the row the dead host's session
        # held) is retried, with its Idempotency-Key, only once the pause ends.
        api.hold_retries = lambda: self.public_id in self.paused

    def run(self) -> None:
        waited = 0
        try:
            while not self.stop.is_set() and not self.idle:
                if self._play_one():
                    waited = 0
                    continue
                waited += 1
                if waited % 10 == 0 and self._over():
                    self._next_game()
                self.stop.wait(0.3)  # waiting on the others, or on the server
        except Exception as error:  # a bug of the client: never a silent pass
            self.failure = repr(error)
            raise

    def _over(self) -> bool:
        status, body = self.api.call("GET", f"/api/v1/games/{self.public_id}/")
        return status == 200 and body.get("status") == "finished"

    def _next_game(self) -> None:
        body = {"game": "khora", "seats": 2, "step_hours": 1, "bots": ["standard"]}
        status, game = self.api.call("POST", "/api/v1/games/", body)
        if status != 201:
            raise RuntimeError(f"a new game was refused: {status} {game}")
        self.public_id = game["id"]
        reader = Reader(self.name, self.api.address, self.public_id, self.api.token)
        self.readers.append(reader)
        reader.start()

    def _play_one(self) -> bool:
        if self.public_id in self.paused:
            return False
        base = f"/api/v1/games/{self.public_id}"
        status, body = self.api.call("GET", f"{base}/prompt/")
        prompt = body.get("prompt") if status == 200 else None
        if not prompt:
            return False
        choice = {"prompt": prompt["id"], "option": self.rng.choice(prompt["options"])["id"]}
        status, body = self.api.call("POST", f"{base}/decisions/", choice)
        if status == 200:
            now = time.time()
            self.accepted += [(now, self.public_id, item["seq"]) for item in body["accepted"]]
        return status == 200


class Reader(EventSource):
    """A browser following one game's stream through the load balancer; when each entry came."""

    def __init__(self, name: str, address: str, public_id: str, token: str):
        super().__init__(name, 80, f"/api/v1/games/{public_id}/stream/?after=0",
                         {"Authorization": f"Bearer {token}"})  # fmt: skip
        self.host = address
        self.public_id = public_id
        self.received_at: dict[int, float] = {}

    def _dispatch(self, event_type: str, data: str) -> None:
        super()._dispatch(event_type, data)
        if event_type == "entry":
            self.received_at.setdefault(json.loads(data)["seq"], time.time())


def create_games(address: str, tokens: dict[str, str], games: int, seed: int):
    """`games` games through the API: in turn two players, a player and a bot, and a player
    who never answers and a bot (a game its deadlines move on). Returns (players, readers)."""
    names = iter(tokens)
    players, readers = [], []
    for number in range(games):
        kind = ("two players", "player and bot", "idle and bot")[number % 3]
        creator = next(names)
        api = Api(address, tokens[creator])
        body = {"game": "khora", "seats": 2, "step_hours": 1}
        if kind != "two players":
            body["bots"] = ["standard"]
        status, game = api.call("POST", "/api/v1/games/", body)
        assert status == 201, (status, game)
        public_id = game["id"]
        seated = [(creator, api)]
        if kind == "two players":
            other = next(names)
            other_api = Api(address, tokens[other])
            status, joined = other_api.call("POST", f"/api/v1/games/{public_id}/join/", {})
            assert status == 200, (status, joined)
            seated.append((other, other_api))
        for name, seat_api in seated:
            players.append(Player(name, seat_api, public_id, seed + len(players),
                                  idle=kind == "idle and bot", readers=readers))  # fmt: skip
        readers.append(Reader(creator, address, public_id, tokens[creator]))
    return players, readers
