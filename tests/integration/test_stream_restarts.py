"""A rolling restart of the stream processes behind the shipped nginx configuration (issue 39).

Debian's nginx runs deploy/nginx/khora-locations.conf unchanged, with the shipped upstreams
(deploy/nginx/khora-upstreams.conf, the test's ports put in), in front of two uvicorn processes
started as docs/operations.md starts them. Clients that behave as a browser's EventSource
(WHATWG HTML, "Server-sent events") follow games through it while this process keeps
committing decisions; each uvicorn is restarted in turn (SIGTERM, wait for it to exit, start it
again, wait until it accepts connections), and browsers open more streams while it is down.

No client may ever get anything but 200 text/event-stream (an EventSource that does closes for
good: the bug), and every client must receive every entry of its game exactly once, in order.
"""

from __future__ import annotations

import codecs
import contextlib
import http.client
import json
import os
import random
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from games import selectors, services
from games.models import Game
from tests.integration.conftest import _free_port, missing
from tests.integration.servers import (
    DEPLOY,
    GRACEFUL_SECONDS,
    Proxy,
    StreamProcess,
    established,
)
from tests.players import start_game

# EventSource's reconnection time before the stream sets one ("a user-agent-defined value,
# probably in the region of a few seconds"); the streams set 3 s with `retry:`.
INITIAL_RECONNECTION_SECONDS = 3.0
# A stream writes at least every STREAM_HEARTBEAT_SECONDS (15 s); nothing for this long is a
# hang, reported as such rather than waited out.
READ_TIMEOUT = 45.0
ADDRESS_LIMIT = 20


# -- the browser ---------------------------------------------------------------------------------


class EventSource(threading.Thread):
    """A browser's EventSource (WHATWG HTML, 9.2 "Server-sent events") following one URL through
    the proxy, in a thread, recording what it is given.

    As the standard says: the event stream is parsed line by line and an event dispatched at
    each blank line (an event cut off by the end of the connection is discarded); `retry:` sets
    the reconnection time; `id:` sets the last event ID, which events without one leave as it
    is (as browsers do, the ID carries over into a new connection until an `id:` changes
    it). When the connection ends the client waits the reconnection time and connects
    again, sending Last-Event-ID; a network error also reconnects. A response other than 200
    with Content-Type text/event-stream "fails the connection": the EventSource closes for
    good, and the page's stream is over (recorded in `failure`). A 204 stops it the same way;
    here that counts as done, not as a failure. The page closes it (`close()`) after
    `game_over`, or when the test is done."""

    def __init__(self, name: str, port: int, path: str, headers: dict[str, str] | None = None):
        super().__init__(name=f"eventsource-{name}", daemon=True)
        self.label = name
        self.port = port
        self.path = path
        self.host = "127.0.0.1"  # the proxy's address (tests/integration/hosts_load.py sets it)
        self.headers = headers or {}
        self.reconnection_time = INITIAL_RECONNECTION_SECONDS
        self.last_event_id = ""
        self.events: list[tuple[str, str, str]] = []  # (type, data, lastEventId)
        self.entries: list[int] = []  # the seq of each `entry`, in the order received
        self.mismatched: list[str] = []  # entries whose id was not their seq
        self.connections = 0  # 200 responses
        self.network_errors: list[str] = []
        self.ends: list[str] = []  # how each connection that had opened ended
        self.failure: str | None = None
        self.done = ""  # why it stopped, once it has
        self._closed = threading.Event()
        self._connection: http.client.HTTPConnection | None = None
        self._lock = threading.Lock()

    # The page's side.

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            connection = self._connection
        if connection is not None and connection.sock is not None:
            with contextlib.suppress(OSError):
                connection.sock.shutdown(socket.SHUT_RDWR)

    @property
    def last_entry(self) -> int:
        return self.entries[-1] if self.entries else 0

    @property
    def stopped(self) -> bool:
        return bool(self.done) or self.failure is not None or not self.is_alive()

    def summary(self) -> str:
        return (
            f"{self.label}: {self.connections} connection(s), {len(self.entries)} entries "
            f"(last {self.last_entry}), failure={self.failure!r}, done={self.done!r}, "
            f"ends={self.ends}, network errors={self.network_errors}"
        )

    # The user agent's side.

    def run(self) -> None:
        try:
            self._run()
        except Exception as error:  # a bug of this test's client: never a silent pass
            self.failure = f"the test's EventSource crashed: {error!r}"
            raise

    def _run(self) -> None:
        first = True
        while not self._closed.is_set():
            if not first and self._closed.wait(self.reconnection_time):
                break
            first = False
            headers = {"Accept": "text/event-stream", "Cache-Control": "no-cache", **self.headers}
            if self.last_event_id:
                headers["Last-Event-ID"] = self.last_event_id
            connection = http.client.HTTPConnection(self.host, self.port, timeout=READ_TIMEOUT)
            with self._lock:
                self._connection = connection
            try:
                connection.request("GET", self.path, headers=headers)
                response = connection.getresponse()
            except (OSError, http.client.HTTPException) as error:
                if not self._closed.is_set():
                    self.network_errors.append(repr(error))  # reestablish the connection
                connection.close()
                continue
            content_type = response.getheader("Content-Type", "")
            if response.status == 204:
                self.done = "204"
                connection.close()
                return
            if response.status != 200 or content_type.split(";")[0].strip() != "text/event-stream":
                body = response.read(2000).decode(errors="replace")
                self.failure = f"{response.status} {content_type}: {body}"
                connection.close()
                return
            self.connections += 1
            self.ends.append(self._read(response))
            connection.close()
            if self.done:
                return
        self.done = self.done or "closed by the page"

    def _read(self, response: http.client.HTTPResponse) -> str:
        """Parse the stream until the connection ends; returns how it ended."""
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        data: list[str] = []
        event_type = ""
        id_buffer = self.last_event_id
        first_chunk = True
        while not self._closed.is_set():
            try:
                chunk = response.read1(65536)
            except http.client.IncompleteRead:
                return "cut (no final chunk)"
            except (OSError, http.client.HTTPException) as error:
                return f"cut ({error!r})"
            if not chunk:
                return "ended"
            text = decoder.decode(chunk)
            if first_chunk and text.startswith("\ufeff"):
                text = text[1:]
            first_chunk = False
            pending += text
            # Lines end with CRLF, LF or CR; a CR last may be half of a CRLF still to come.
            *lines, pending = re.split(r"\r\n|\n|\r(?!$)", pending)
            for line in lines:
                if line == "":
                    self.last_event_id = id_buffer
                    if data:
                        self._dispatch(event_type or "message", "\n".join(data))
                        if self.done:
                            return "closed by the page"
                    data, event_type = [], ""
                    continue
                if line.startswith(":"):
                    continue
                field, colon, value = line.partition(":")
                if colon and value.startswith(" "):
                    value = value[1:]
                if field == "event":
                    event_type = value
                elif field == "data":
                    data.append(value)
                elif field == "id" and "\0" not in value:
                    id_buffer = value
                elif field == "retry" and value.isascii() and value.isdigit():
                    self.reconnection_time = int(value) / 1000
        return "closed by the page"

    def _dispatch(self, event_type: str, data: str) -> None:
        self.events.append((event_type, data, self.last_event_id))
        if event_type == "entry":
            seq = json.loads(data)["seq"]
            if str(seq) != self.last_event_id:
                self.mismatched.append(f"seq {seq} came with id {self.last_event_id!r}")
            self.entries.append(seq)
        elif event_type == "game_over" and "/games/" in self.path:
            self.done = "game over"  # the page closes its EventSource


# -- the games -----------------------------------------------------------------------------------


def last_seq(game: Game) -> int:
    return Game.objects.values_list("last_seq", flat=True).get(pk=game.pk)


class Table:
    """Decisions committed in this process, through the services, in games taken in turn: each
    commit publishes its notice to Redis, where both stream processes hear it."""

    def __init__(self, games: list[Game], users: list, seed: int):
        self.games = games
        self.users = users
        self.rng = random.Random(seed)
        self.turn = 0
        self.commits = 0

    def play_one(self) -> bool:
        """One decision in the next game that asks for one; False once every game has ended."""
        for _ in range(len(self.games)):
            game = Game.objects.get(pk=self.games[self.turn % len(self.games)].pk)
            self.turn += 1
            if game.status != Game.Status.ACTIVE:
                continue
            for user in self.users:
                prompt = selectors.game_prompt(game, user)
                if prompt is None:
                    continue
                option = self.rng.choice(prompt["options"])["id"]
                services.decisions_submit(
                    public_id=game.public_id,
                    user=user,
                    decisions=[services.DecisionInput(prompt=prompt["id"], option=option)],
                )
                self.commits += 1
                return True
        return False


# -- the test ------------------------------------------------------------------------------------


class Site:
    """The processes and the browsers, with everything they logged for a failure's message."""

    def __init__(self, tmp_path: Path, nginx: str):
        # Every browser here is one address (127.0.0.1): a limit just above their number
        # fails the test if a restarted process's streams kept their places (live.limits).
        limits = {"STREAM_LIMIT_PER_ADDRESS": str(ADDRESS_LIMIT)}
        self.servers = [
            StreamProcess(name, _free_port(), tmp_path / f"uvicorn-{name}.log", limits)
            for name in "AB"
        ]
        self.proxy = Proxy(nginx, tmp_path / "nginx", _free_port(), [s.port for s in self.servers])
        self.browsers: list[EventSource] = []
        self.timeline: list[str] = []
        self.began = time.monotonic()
        self.closed = False
        self.restarter: threading.Thread | None = None

    def note(self, text: str) -> None:
        self.timeline.append(f"{time.monotonic() - self.began:6.2f} s  {text}")

    def open(self, name: str, path: str, headers: dict[str, str] | None = None) -> EventSource:
        browser = EventSource(name, self.proxy.port, path, headers)
        self.browsers.append(browser)
        browser.start()
        return browser

    def wait(self, predicate: Callable[[], bool], what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.closed:
                raise RuntimeError(f"the test ended while waiting until {what}")
            if time.monotonic() > deadline:
                pytest.fail(f"timed out after {timeout} s waiting until {what}\n{self.report()}")
            time.sleep(0.05)

    def report(self) -> str:
        parts = ["timeline:", *self.timeline, "browsers:", *(b.summary() for b in self.browsers)]
        for server in self.servers:
            parts += [f"--- uvicorn {server.name} (port {server.port}) ---", server.log()[-6000:]]
        parts += ["--- nginx error.log ---", self.proxy.read("error.log")[-6000:]]
        parts += ["--- nginx access.log ---", self.proxy.read("access.log")[-6000:]]
        return "\n".join(parts)

    def close(self) -> None:
        self.closed = True
        if self.restarter is not None:  # it starts no process once closed
            self.restarter.join(timeout=GRACEFUL_SECONDS + 60)
        for browser in self.browsers:
            browser.close()
        for browser in self.browsers:
            browser.join(timeout=10)
        self.proxy.stop()
        for server in self.servers:
            server.kill()


def test_a_rolling_restart_of_the_stream_processes_shows_no_client_a_502_and_loses_nothing(
    real_parts, nginx_binary, make_player, tasks_in_this_process, tmp_path
):
    if not Path("/proc/net/tcp").exists():
        missing("reads the open connections from Linux's /proc/net/tcp")
    alice, bob = make_player("alice"), make_player("bob")
    games = [start_game([alice, bob]) for _ in range(3)]
    table = Table(games, [alice.user, bob.user], seed=39)
    for _ in range(6):  # every game has a log to start from
        table.play_one()

    site = Site(tmp_path, nginx_binary)
    try:
        site.proxy.check()
        for server in site.servers:
            server.start()
        for server in site.servers:
            took = server.wait_until_accepting()
            site.note(f"uvicorn {server.name} accepts connections ({took:.1f} s)")
        site.proxy.start()

        # Each game followed by both its players (their views differ: redaction, prompts) and by
        # a spectator, every one from the start of the log as a page asks (`?after=0`; on a
        # reconnection the browser's Last-Event-ID takes precedence); and alice's own stream.
        followers: dict[str, list[EventSource]] = {}
        for number, game in enumerate(games):
            path = f"/api/v1/games/{game.public_id}/stream/?after=0"
            followers[game.public_id] = [
                site.open(f"game{number}-{player.user.username}", path,
                          {"Authorization": f"Bearer {player.token}"})
                for player in (alice, bob)
            ] + [site.open(f"game{number}-spectator", path)]  # fmt: skip
        me = site.open("alice-me", "/api/v1/me/stream/", {"Authorization": f"Bearer {alice.token}"})
        site.wait(
            lambda: all(b.connections or b.stopped for b in site.browsers),
            "every browser has its stream open",
        )
        site.note("every browser follows its stream")

        restarts: list[BaseException] = []

        def roll() -> None:
            try:
                for server in site.servers:
                    if site.closed:
                        return
                    site.wait(
                        lambda server=server: established(server.port) > 0,
                        f"uvicorn {server.name} holds streams to be cut",
                    )
                    held = established(server.port)
                    site.note(f"SIGTERM to uvicorn {server.name}, holding {held} stream(s)")
                    took = server.terminate()
                    site.note(f"uvicorn {server.name} exited ({took:.1f} s after SIGTERM)")
                    # Browsers open games while it is down: least_conn tries the empty process
                    # first, it refuses, and nginx passes each request to the live one.
                    late = [
                        site.open(
                            f"game{n}-late-{server.name}",
                            f"/api/v1/games/{g.public_id}/stream/?after=0",
                        )
                        for n, g in enumerate(games)
                    ]
                    for n, browser in enumerate(late):
                        followers[games[n].public_id].append(browser)
                    site.wait(
                        lambda late=late: all(b.connections or b.stopped for b in late),
                        f"the browsers opened while uvicorn {server.name} was down are served",
                    )
                    if site.closed:
                        return
                    server.start()
                    took = server.wait_until_accepting()
                    site.note(f"uvicorn {server.name} accepts connections again ({took:.1f} s)")
            except BaseException as error:
                restarts.append(error)

        restarter = site.restarter = threading.Thread(target=roll, name="rolling-restart")
        restarter.start()
        while restarter.is_alive():
            if not table.play_one():
                break
            time.sleep(0.03)
        restarter.join(timeout=120)
        if restarts:
            if isinstance(restarts[0], pytest.fail.Exception):
                raise restarts[0]
            pytest.fail(f"the rolling restart failed: {restarts[0]!r}\n{site.report()}")
        assert not restarter.is_alive(), f"the restarts never finished\n{site.report()}"
        site.note(f"both restarted; {table.commits} decisions committed so far")
        # Both new processes serve what comes next.
        more_until = time.monotonic() + 1.5
        while time.monotonic() < more_until and table.play_one():
            time.sleep(0.03)
        site.note(f"{table.commits} decisions committed in all")

        targets = {game.public_id: last_seq(game) for game in games}

        def caught_up() -> bool:
            return all(
                browser.stopped or browser.last_entry >= targets[public_id]
                for public_id, browsers in followers.items()
                for browser in browsers
            )

        site.wait(caught_up, "every browser has every entry", timeout=40)
        site.note("every browser has caught up")
        site.close()
        report = site.report()

        failures = [b.summary() for b in site.browsers if b.failure is not None]
        assert not failures, "a browser's EventSource failed for good:\n" + report
        assert me.connections >= 1 and me.failure is None
        for public_id, browsers in followers.items():
            expected = list(range(1, targets[public_id] + 1))
            for browser in browsers:
                assert browser.entries == expected, (
                    f"{browser.label} did not get entries 1..{targets[public_id]} once each, "
                    f"in order: got {browser.entries}\n{report}"
                )
                assert not browser.mismatched, f"{browser.label}: {browser.mismatched}\n{report}"
        reconnected = [b for b in site.browsers if b.connections > 1]
        assert reconnected, f"no stream was cut by the restarts: not a real test\n{report}"

        statuses = site.proxy.statuses()
        assert statuses, f"nginx logged no request\n{report}"
        not_ok = [line for status, line in statuses if status != "200"]
        assert not not_ok, "nginx answered a browser other than 200:\n" + report
        passed_on = [line for _status, line in statuses if ", " in line.split("upstream=")[1]]
        assert passed_on, (
            "no request found a stream process down and was passed to the other: the restarts "
            f"did not test nginx's failover\n{report}"
        )
        print(f"\n{report.split('browsers:')[0]}")
        print(f"{len(reconnected)} of {len(site.browsers)} browsers reconnected; "
              f"{len(passed_on)} request(s) passed on to the live process; "
              f"{table.commits} decisions")  # fmt: skip
    finally:
        site.close()


def test_the_shipped_site_passes_nginx_t(nginx_binary, tmp_path):
    """deploy/nginx/ installed as khora.conf says (the three files in khora/ beside nginx.conf,
    the site linked from sites-enabled/), with a throwaway certificate in place of the real
    one's paths: nginx -t accepts it."""
    if shutil.which("openssl") is None:
        missing("needs openssl to make a throwaway certificate")
    if os.geteuid() != 0:
        missing("binds ports 80 and 443 as nginx -t does: run as root (as .ci/run does)")
    try:
        socket.socket(socket.AF_INET6, socket.SOCK_STREAM).close()
    except OSError:
        missing("needs IPv6, as the site listens on [::] too")
    etc = tmp_path / "etc"
    (etc / "khora").mkdir(parents=True)
    (etc / "sites-enabled").mkdir()
    certificate, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=khora.example.org",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    site = (DEPLOY / "khora.conf").read_text()
    for real, throwaway in [
        ("/etc/letsencrypt/live/khora.example.org/fullchain.pem", certificate),
        ("/etc/letsencrypt/live/khora.example.org/privkey.pem", key),
    ]:
        assert site.count(real) == 1, f"khora.conf no longer names {real}: update this test"
        site = site.replace(real, str(throwaway))
    (etc / "khora" / "khora.conf").write_text(site)
    for name in ("khora-upstreams.conf", "khora-locations.conf"):
        (etc / "khora" / name).write_text((DEPLOY / name).read_text())
    (etc / "sites-enabled" / "khora.conf").symlink_to(etc / "khora" / "khora.conf")
    temp = " ".join(
        f"{kind}_temp_path {tmp_path}/{kind}_temp;"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (etc / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ {temp} include sites-enabled/*; }}\n"
    )
    tested = subprocess.run(
        [nginx_binary, "-t", "-p", str(tmp_path), "-c", str(etc / "nginx.conf"),
         "-e", str(tmp_path / "error.log")],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert tested.returncode == 0, f"nginx -t refused deploy/nginx/:\n{tested.stderr}"
