"""The production layout, whole, from deploy/: every process started from its systemd unit's
ExecStart line (tests/integration/layout.py says what is adapted), Debian's nginx in front
with deploy/nginx/, PostgreSQL, Redis and an SMTP sink (issue 43).

Two players play one game through it: alice over HTTP through nginx (the API), bob only by
replying to the emails he gets (SMTP to the mail receiver), while a browser-like client follows
the game's stream through nginx. Meanwhile every process is restarted once, in turn (SIGTERM as
systemd stops it, start, wait until it is ready). Then the health probes and /metrics are
scraped through nginx. Nothing may be lost (each accepted decision is in the log, each reply
was processed, the stream got every entry once, in order) and no client may see a 5xx.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import secrets
import smtplib
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path

from django.conf import settings

from common import clock
from games.models import Game, GameEvent, Heartbeat
from mailplay.models import InboundMessage
from tests.integration import layout
from tests.integration.conftest import _free_port, database_url, wait_for
from tests.integration.servers import Proxy
from tests.integration.test_play_by_email import Mailbox
from tests.integration.test_stream_restarts import EventSource

TOKEN = secrets.token_urlsafe(24)
# The longest the play may take, restarts included: a guard against a hang, not a pace (the
# restarts take about 35 s here; the other half of the suite may share the machine's cores).
PLAY_SECONDS = 120


def get(port: int, path: str, token: str | None = None, method: str = "GET", body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None:
        headers |= {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
        body = json.dumps(body)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def ready_on(port: int):
    def ready(unit) -> bool:
        try:
            return get(port, "/health/ready/")[0] == 200
        except OSError:
            return False

    return ready


class Layout:
    def __init__(self, tmp: Path, nginx: str, smtp_port: int):
        (tmp / "run" / "metrics").mkdir(parents=True)
        (tmp / "state").mkdir()
        self.ports = {"mail": _free_port()}
        web, streams = [_free_port(), _free_port()], [_free_port(), _free_port()]
        self.proxy = Proxy(nginx, tmp / "nginx", web, streams)
        base = {
            **os.environ,  # CACHE_KEY_PREFIX of this run: the same channels
            "DJANGO_SETTINGS_MODULE": "khora_site.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_HTTPS_ONLY": "false",  # nginx listens on plain http here
            "DJANGO_TRUSTED_PROXIES": "1",
            "SITE_URL": f"http://127.0.0.1:{self.proxy.port}",
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "LOG_FORMAT": "json",
            "MONITORING_TOKEN": TOKEN,
            # Players here answer within a second: no "your turn" held for active players,
            # and no cap on one sender's replies an hour.
            "NOTIFY_ACTIVE_MINUTES": "0",
            "MAILPLAY_MAX_MESSAGES_PER_SENDER": "100000",
        }
        self.units: list[layout.Unit] = []

        def add(label: str, name: str, instance: str, ready) -> None:
            argv, env = layout.adapted(name, instance, tmp, self.ports)
            self.units.append(layout.Unit(label, argv, base | env, tmp / f"{label}.log", ready))

        for port in web:
            add(f"web@{port}", "khora-web@.service", str(port), ready_on(port))
        for port in streams:
            add(f"streams@{port}", "khora-streams@.service", str(port), ready_on(port))
        for queue in ("games", "email", "webhooks"):
            add(f"worker-{queue}", f"khora-worker-{queue}.service", "", layout.logged("ready."))
        add("beat", "khora-beat.service", "", layout.logged("beat: Starting"))
        add("mail", "khora-mail.service", "", layout.logged("Receiving replies"))
        self.web, self.streams = web, streams
        self.timeline: list[str] = []
        self.began = time.monotonic()

    def note(self, text: str) -> None:
        self.timeline.append(f"{time.monotonic() - self.began:6.1f} s  {text}")

    def start(self) -> None:
        self.proxy.check()
        for unit in self.units:
            unit.start()
        for unit in self.units:
            self.note(f"{unit.label} ready ({unit.wait_ready():.1f} s)")
        self.proxy.start()

    def restart_each(self, stop: threading.Event) -> None:
        """Every process once, as `systemctl restart` would, while play goes on: in two
        waves, each taking at most one process of a kind (one web, one stream process), so
        the other instance of its kind serves meanwhile; the processes of a wave are stopped
        together."""
        by_label = {unit.label: unit for unit in self.units}
        web, streams = self.web, self.streams
        waves = [
            [f"web@{web[0]}", f"streams@{streams[0]}", "worker-games", "worker-webhooks", "beat"],
            [f"web@{web[1]}", f"streams@{streams[1]}", "worker-email", "mail"],
        ]
        for wave in waves:
            if stop.is_set():
                return
            units = [by_label[label] for label in wave]
            with ThreadPoolExecutor(len(units)) as pool:
                stopped = list(pool.map(layout.Unit.stop, units))
            for unit in units:
                unit.start()
            for unit, took in zip(units, stopped, strict=True):
                self.note(f"{unit.label} restarted (stopped in {took:.1f} s, "
                          f"ready in {unit.wait_ready():.1f} s)")  # fmt: skip
            stop.wait(0.5)

    def report(self) -> str:
        parts = ["timeline:", *self.timeline]
        for unit in self.units:
            parts += [f"--- {unit.label} ---", unit.log_path.read_text(errors="replace")[-3000:]]
        parts += ["--- nginx error.log ---", self.proxy.read("error.log")[-3000:]]
        return "\n".join(parts)

    def close(self) -> None:
        self.proxy.stop()
        for unit in self.units:
            unit.kill()


def json_lines(path: Path) -> list[dict]:
    """The JSON log lines of a process (its banner, printed by Celery, is not one)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.startswith("{")]


class Inbox(Mailbox):
    """Bob's mail client (Mailbox: he answers the newest email that asks him something) and his
    relay, which retries the same message (its Message-ID) while the receiver restarts, as any
    MTA queues and tries again."""

    def send(self, question, answer: str, quoted: str) -> None:
        reply = EmailMessage()
        reply["From"] = self.address
        reply["To"] = str(question["Reply-To"])
        reply["Subject"] = f"Re: {' '.join(str(question['Subject']).split())}"
        reply["Message-ID"] = make_msgid(domain="player.example")
        reply["In-Reply-To"] = question["Message-ID"]
        body = "\n".join(f"> {line}" for line in quoted.splitlines())
        reply.set_content(f"{answer}\n\nOn Monday, Khôra wrote:\n{body}\n")
        recipient = parseaddr(str(question["Reply-To"]))[1]
        self.sent.append(reply["Message-ID"])
        deadline = time.monotonic() + 30
        while True:
            try:
                with smtplib.SMTP("127.0.0.1", self.port, timeout=10) as client:
                    client.send_message(reply, from_addr=self.address, to_addrs=[recipient])
                return
            except (OSError, smtplib.SMTPException):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)


def test_the_whole_layout_plays_through_a_rolling_restart_of_every_process(
    real_parts, nginx_binary, make_player, smtp, tmp_path
):
    from khora_site.celery import app

    app.control.purge()
    alice, bob = make_player("alice"), make_player("bob")
    # The site was running before this deploy: its last minute tick was a moment ago.
    Heartbeat.objects.update_or_create(name="tick", defaults={"at": clock.now()})
    site = Layout(tmp_path, nginx_binary, smtp.port)
    stop = threading.Event()
    restarter = threading.Thread(target=site.restart_each, args=(stop,), daemon=True)
    browser = None
    try:
        site.start()
        port = site.proxy.port
        status, body = get(
            port, "/api/v1/games/", alice.token, "POST", {"game": "khora", "seats": 2}
        )
        assert status == 201, body
        public_id = json.loads(body)["id"]
        status, body = get(port, f"/api/v1/games/{public_id}/join/", bob.token, "POST", {})
        assert status == 200, body
        game = Game.objects.get(public_id=public_id)
        browser = EventSource("alice", port, f"/api/v1/games/{public_id}/stream/?after=0",
                              {"Authorization": f"Bearer {alice.token}"})  # fmt: skip
        browser.start()
        restarter.start()
        box = Inbox(bob.user.email, smtp, site.ports["mail"], random.Random(43))
        rng = random.Random(43)
        accepted: list[int] = []
        decided = 0
        statuses: list[int] = []
        deadline = time.monotonic() + PLAY_SECONDS
        while time.monotonic() < deadline and (restarter.is_alive() or len(accepted) < 10):
            acted = box.reply_to_newest_question()
            status, body = get(port, f"/api/v1/games/{public_id}/prompt/", alice.token)
            statuses.append(status)
            prompt = json.loads(body).get("prompt") if status == 200 else None
            if prompt:
                choice = {"prompt": prompt["id"], "option": rng.choice(prompt["options"])["id"]}
                status, body = get(port, f"/api/v1/games/{public_id}/decisions/", alice.token,
                                   "POST", choice)  # fmt: skip
                statuses.append(status)
                if status == 200:
                    decided += 1
                    accepted += [d["seq"] for d in json.loads(body)["accepted"]]
                acted = True
            if not acted:  # waiting on bob's email, or on the server: as a person would
                time.sleep(0.3)
        assert not restarter.is_alive(), "the rolling restart did not end in time\n" + site.report()
        assert len(accepted) >= 5 and box.sent, f"little play: {accepted}, {box.sent}"
        assert all(s < 500 for s in statuses), statuses

        # Nothing lost: alice's decisions are in the log, bob's replies were all processed.
        logged = set(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
        assert set(accepted) <= logged
        wait_for(lambda: InboundMessage.objects.filter(status="done").count() == len(box.sent))
        applied = InboundMessage.objects.filter(outcome="applied").count()
        stored = set(InboundMessage.objects.values_list("message_id", flat=True))
        assert applied >= 1 and stored == set(box.sent)
        last = Game.objects.get(pk=game.pk).last_seq
        wait_for(lambda: browser.last_entry >= last or browser.stopped, timeout=20)
        assert browser.failure is None, browser.summary()
        # Every entry of the log once, in order, across both stream processes' restarts.
        assert browser.entries[:last] == list(range(1, last + 1)), browser.summary()

        # The probes and the metrics, through nginx.
        assert get(port, "/health/live/")[0] == 200
        assert get(port, "/health/ready/")[0] == 200
        for stream_port in site.streams:  # each stream process, on its own port
            status, body = get(stream_port, "/health/ready/")
            assert status == 200 and json.loads(body)["process"] == "streams", body
        status, body = get(port, "/health/deep/", TOKEN)
        assert status == 200, body
        assert get(port, "/metrics")[0] == 401

        def scraped() -> str:
            status, body = get(port, "/metrics", TOKEN)
            assert status == 200
            return body.decode()

        # Every process writes to the one multiprocess directory, and one scrape adds them up:
        # the web instances' requests (those before their restart too), the workers' tasks,
        # the stream processes' open streams (alice's browser, reconnected after both).
        wait_for(lambda: re.search(r"^khora_open_streams 1\.0$", scraped(), re.MULTILINE))
        text = scraped()
        assert re.search(
            r'^khora_http_requests_total\{method="POST",status="200",view="game-decisions"\} '
            rf"{decided}\.0$", text, re.MULTILINE,
        ), text  # fmt: skip
        assert re.search(r'^khora_tasks_total\{outcome="success",task="mailplay\.', text, re.M)
        assert 'khora_celery_queue_length{queue="webhooks"}' in text

        # LOG_FORMAT=json: a line per request (web) and per task (workers), with its ids.
        lines = {unit.label: json_lines(unit.log_path) for unit in site.units}
        requests = [ln for label in lines if label.startswith("web@") for ln in lines[label]]
        assert any(
            ln["logger"] == "khora.request" and ln.get("game_id") == public_id
            and ln.get("user_id") == alice.user.pk and len(ln["request_id"]) == 32
            for ln in requests
        )  # fmt: skip
        assert any(
            ln["logger"] == "khora.task" and ln.get("game_id") == game.pk
            for ln in lines["worker-games"]
        ), lines["worker-games"][-20:]
    finally:
        stop.set()
        if restarter.is_alive():
            restarter.join(timeout=120)
        if browser is not None:
            browser.close()
        site.close()
    assert all(unit.starts == 2 for unit in site.units), site.report()
    served = site.proxy.statuses()
    assert served and not [line for status, line in served if status.startswith("5")], (
        site.report() + "\n" + site.proxy.read("access.log")[-5000:]
    )
    print("\n" + "\n".join(site.timeline))
