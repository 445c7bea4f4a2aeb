"""Bots outlive the server's restarts (issue 40): the example bot, `khora-random-bot` as `pip
install ./clients/python` installs it, plays through the production layout while the web server
and each stream server are killed outright and started again.

On loopback: gunicorn, two uvicorn stream processes, Debian's nginx in front of them with
deploy/nginx/ (as tests/integration/test_stream_restarts.py runs it), a real Celery worker with
the beat (chance, the server's sweeps), PostgreSQL and Redis. Three bot processes, one account
each, play three 2-seat games against each other, each bot two games, from its player's stream
alone. While they play, gunicorn gets SIGKILL (the bots' requests meet nginx's 502 until it is
back, and a request in flight is lost), then each uvicorn in turn (the bots' streams are cut).
Every game must finish, every bot exit 0 having seen its two games end, and no bot print a
traceback; the bots' and nginx's logs must show that the kills did reach them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.models import Game, GameEvent
from tests.client.installed import install_client
from tests.integration.conftest import _free_port, missing
from tests.integration.servers import Proxy, StreamProcess, WebProcess, established
from tests.players import start_game

PAIRS = [(0, 1), (1, 2), (2, 0)]  # the games' seats: each bot plays two games
DOWN_SECONDS = 2.0  # how long a killed process stays down: requests meet it down
DEADLINE_SECONDS = 150  # the whole run; a hung bot fails the test instead of hanging it


class Bot:
    """`khora-random-bot` as a user runs it: the installed command, its token in KHORA_TOKEN."""

    def __init__(self, number: int, token: str, site: Path, server: str, folder: Path):
        self.name = f"bot{number}"
        self.output = folder / f"{self.name}.out"
        self.errors = folder / f"{self.name}.err"
        env = {**os.environ, "PYTHONPATH": str(site), "KHORA_TOKEN": token}
        self.process = subprocess.Popen(
            [sys.executable, str(site / "bin" / "khora-random-bot"), "--server", server,
             "--games", "2", "--seed", str(number)],
            env=env,
            cwd=folder,  # not the checkout: the installed client is the one imported
            stdout=self.output.open("w"),
            stderr=self.errors.open("w"),
            start_new_session=True,
        )  # fmt: skip

    def log(self) -> str:
        return self.errors.read_text(errors="replace") if self.errors.exists() else ""

    def summary(self) -> str:
        out = self.output.read_text(errors="replace") if self.output.exists() else ""
        return f"--- {self.name} (exit {self.process.poll()}) ---\n{out}{self.log()[-5000:]}"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=10)


class Site:
    def __init__(self, tmp_path: Path, nginx: str):
        self.web = WebProcess(_free_port(), tmp_path / "gunicorn.log")
        self.streams = [
            StreamProcess(name, _free_port(), tmp_path / f"uvicorn-{name}.log") for name in "AB"
        ]
        self.proxy = Proxy(nginx, tmp_path / "nginx", self.web.port, [s.port for s in self.streams])
        self.bots: list[Bot] = []
        self.timeline: list[str] = []
        self.began = time.monotonic()

    def note(self, text: str) -> None:
        self.timeline.append(f"{time.monotonic() - self.began:6.1f} s  {text}")

    def report(self) -> str:
        parts = ["timeline:", *self.timeline, *(bot.summary() for bot in self.bots)]
        for server in (self.web, *self.streams):
            parts += [f"--- {server.name} (port {server.port}) ---", server.log()[-4000:]]
        parts += ["--- nginx error.log ---", self.proxy.read("error.log")[-3000:]]
        return "\n".join(parts)

    def wait(self, predicate, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                pytest.fail(f"timed out after {timeout} s waiting until {what}\n{self.report()}")
            if any(bot.process.poll() not in (None, 0) for bot in self.bots):
                pytest.fail(f"a bot died while waiting until {what}\n{self.report()}")
            time.sleep(0.1)

    def restart(self, server: StreamProcess, games: list[Game]) -> None:
        """SIGKILL, as when a machine dies; down for DOWN_SECONDS; started again."""
        server.kill()
        playing = sum(status(game) == Game.Status.ACTIVE for game in games)
        self.note(f"SIGKILL to {server.name}; {playing} game(s) still playing")
        assert playing, f"every game ended before {server.name} was killed\n{self.report()}"
        time.sleep(DOWN_SECONDS)
        server.start()
        took = server.wait_until_accepting()
        self.note(f"{server.name} accepts connections again ({took:.1f} s)")

    def close(self) -> None:
        for bot in self.bots:
            bot.stop()
        self.proxy.stop()
        for server in (self.web, *self.streams):
            server.kill()


def status(game: Game) -> str:
    return Game.objects.values_list("status", flat=True).get(pk=game.pk)


def progress(games: list[Game]) -> int:
    return sum(Game.objects.filter(pk__in=[g.pk for g in games]).values_list("last_seq", flat=True))


def test_bots_finish_every_game_while_the_web_and_stream_servers_are_killed(
    real_parts, nginx_binary, make_player, start_worker, tmp_path
):
    if not Path("/proc/net/tcp").exists():
        missing("reads the open connections from Linux's /proc/net/tcp")
    site_packages = install_client(tmp_path / "client")
    start_worker(beat=True)
    players = [make_player(f"bot{n}") for n in range(3)]
    games = [start_game([players[a], players[b]]) for a, b in PAIRS]
    site = Site(tmp_path, nginx_binary)
    try:
        site.proxy.check()
        for server in (site.web, *site.streams):
            server.start()
        for server in (site.web, *site.streams):
            server.wait_until_accepting()
        site.proxy.start()
        site.note("gunicorn, two uvicorn and nginx are up")
        url = f"http://127.0.0.1:{site.proxy.port}"
        site.bots = [
            Bot(n, player.token, site_packages, url, tmp_path) for n, player in enumerate(players)
        ]
        started = progress(games)

        # Each kill once the bots are well into their games (decisions keep coming), so that
        # each finds them playing: the web server first, then each stream server holding streams.
        site.wait(lambda: progress(games) >= started + 10, "the bots have made decisions")
        site.restart(site.web, games)
        for server in site.streams:
            mark = progress(games)
            site.wait(lambda mark=mark: progress(games) >= mark + 10, "the bots play on")
            site.wait(lambda server=server: established(server.port) > 0,
                      f"uvicorn {server.name} holds the bots' streams")  # fmt: skip
            site.restart(server, games)

        site.wait(lambda: all(bot.process.poll() is not None for bot in site.bots),
                  "every bot has exited", timeout=DEADLINE_SECONDS)  # fmt: skip
        site.note("every bot has exited")
        report = site.report()

        assert [status(game) for game in games] == [Game.Status.FINISHED] * 3, report
        for bot in site.bots:
            assert bot.process.returncode == 0, f"{bot.name} died\n{report}"
            assert "Traceback" not in bot.log(), f"{bot.name} printed a traceback\n{report}"
            assert "2 games ended" in bot.output.read_text(), report
        # Each decision applied once, although some were sent more than once (a retry after a
        # 502 carries the first try's Idempotency-Key), and none left to a deadline.
        decided = GameEvent.objects.filter(game__in=games, type="decision")
        made = sum(
            int(re.search(r"(\d+) decisions", bot.output.read_text())[1]) for bot in site.bots
        )
        assert made == decided.count() and not decided.filter(auto=True).exists(), report
        logs = "".join(bot.log() for bot in site.bots)
        # The stream kills cut the bots' streams, which went on where they were.
        assert "reconnecting" in logs, f"no bot's stream was cut: not a real test\n{report}"
        # nginx told of the web server down: 502 to requests while it was, or in flight.
        access = site.proxy.read("access.log").splitlines()
        web_502 = [line for line in access if line.startswith("502") and "/stream/" not in line]
        print(f"\n{chr(10).join(site.timeline)}\n{len(web_502)} request(s) met the web server "
              f"down (502); {logs.count('trying again')} retried by the bots, "
              f"{logs.count('reconnecting')} stream reconnection(s)")  # fmt: skip
    finally:
        site.close()
