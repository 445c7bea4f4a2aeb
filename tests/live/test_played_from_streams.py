"""Four clients play a whole 4-player game from `me/stream/` alone, each in a thread of its own
against the live test server, as third-party bots do: every prompt they are sent can be
answered (no 409 of any kind), and each learns the end from the stream (issue 40)."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from collections import Counter
from urllib.parse import urlsplit

import pytest

from games.models import Game
from live.limits import LEASES
from tests.players import start_game

# The live server serves the streams and the decisions at once from several threads: on SQLite
# they would share the test's one in-memory connection, so this runs on PostgreSQL (and fails
# rather than skips under CI=true).
pytestmark = pytest.mark.postgres


class StreamPlayer(threading.Thread):
    """Follows me/stream/ and answers each new prompt id with a random option, once."""

    def __init__(self, address: tuple[str, int], token: str, seed: int):
        super().__init__(daemon=True)
        self.address = address
        self.headers = {"Authorization": f"Bearer {token}"}
        self.rng = random.Random(seed)
        self.answered: set[str] = set()
        self.statuses: Counter[int] = Counter()
        self.refusals: list[str] = []
        self.prompts_seen = 0
        self.over = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._follow()
        except BaseException as error:  # reported by the test
            self.error = error

    def _follow(self) -> None:
        stream = http.client.HTTPConnection(*self.address, timeout=30)
        stream.request("GET", "/api/v1/me/stream/", headers=self.headers)
        response = stream.getresponse()
        assert response.status == 200, response.read()
        event, data = "", ""
        while not self.over.is_set():
            line = response.readline().decode()
            if not line:
                raise AssertionError("the stream ended before the game did")
            line = line.rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: ") :]
            elif line.startswith("data: "):
                data = line[len("data: ") :]
            elif line == "" and event:
                self._on(event, json.loads(data))
                event, data = "", ""
        stream.close()

    def _on(self, event: str, data: dict) -> None:
        if event == "game_over":
            self.over.set()
        elif event == "prompt" and data["prompt"] is not None:
            prompt = data["prompt"]
            self.prompts_seen += 1
            if prompt["id"] in self.answered:
                return  # the same prompt again (its deadline or previews changed)
            self.answered.add(prompt["id"])
            option = self.rng.choice(prompt["options"])["id"]
            self._decide(data["game"], prompt["id"], option)

    def _decide(self, game: str, prompt: str, option: str) -> None:
        connection = http.client.HTTPConnection(*self.address, timeout=30)
        body = json.dumps({"prompt": prompt, "option": option})
        headers = {
            **self.headers,
            "Content-Type": "application/json",
            "Idempotency-Key": str(uuid.uuid4()),
        }
        connection.request("POST", f"/api/v1/games/{game}/decisions/", body, headers)
        response = connection.getresponse()
        answer = response.read()
        self.statuses[response.status] += 1
        if response.status != 200:
            self.refusals.append(f"{prompt} {option}: {response.status} {answer[:300]!r}")
        connection.close()


def test_four_clients_play_a_whole_game_from_their_player_streams_with_no_409(
    make_player, live_server, settings
):
    settings.STREAM_HEARTBEAT_SECONDS = 1
    people = [make_player(name) for name in ("ann", "ben", "cat", "dan")]
    game = start_game(people)
    split = urlsplit(live_server.url)
    clients = [
        StreamPlayer((split.hostname, split.port), person.token, seed)
        for seed, person in enumerate(people)
    ]
    for client in clients:
        client.start()
    for client in clients:
        client.over.wait(240)
        client.join(5)
    report = {c.name: (c.error, dict(c.statuses), c.refusals[:3]) for c in clients}
    assert all(client.error is None for client in clients), report
    assert all(client.over.is_set() for client in clients), report
    statuses = sum((client.statuses for client in clients), Counter())
    assert set(statuses) == {200}, report  # no 409: stale_prompt, not_your_turn, ...
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    decisions = game.events.filter(type="decision").count()
    assert decisions == statuses[200] > 100  # every decision came from a stream's prompt
    # The server notices a client that hung up at its next write (a heartbeat).
    deadline = time.monotonic() + 5 * settings.STREAM_HEARTBEAT_SECONDS
    while LEASES.held() and time.monotonic() < deadline:
        time.sleep(0.1)
