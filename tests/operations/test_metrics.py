"""/metrics: what the processes count, what the scrape reads, and the multiprocess files."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from django.test import Client
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

from common import clock
from games import selectors
from notifications.models import Notification
from tests.players import start_game, url

ROOT = Path(__file__).resolve().parents[2]


def scrape(monitoring) -> str:
    response = Client().get("/metrics", **monitoring)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=0.0.4")
    return response.content.decode()


def value(text: str, sample: str) -> float:
    for line in text.splitlines():
        if line.startswith(sample + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_requests_decisions_and_the_outbox_are_in_the_scrape(monitoring, make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    before = scrape(monitoring)
    accepted = 'khora_decisions_total{code="",outcome="accepted"}'
    prompt = next(
        p for p in (selectors.game_prompt(game, u.user) for u in (alice, bob)) if p is not None
    )
    player = alice if selectors.game_prompt(game, alice.user) else bob
    choice = {"prompt": prompt["id"], "option": prompt["options"][0]["id"]}
    assert player.post(url(game, "decisions"), choice).status_code == 200
    again = player.post(url(game, "decisions"), choice)  # answered already: refused
    assert again.status_code == 409
    refused = f'khora_decisions_total{{code="{again.json()["code"]}",outcome="refused"}}'
    Notification.objects.create(
        recipient=alice.user, game=game, step="s", kind="your_turn", subject="s", body_text="t",
        body_html="h", next_attempt_at=clock.now() - timedelta(seconds=90),
    )  # fmt: skip
    after = scrape(monitoring)
    assert value(after, accepted) == value(before, accepted) + 1
    assert value(after, refused) == value(before, refused) + 1
    requests = 'khora_http_requests_total{method="POST",status="200",view="game-decisions"}'
    assert value(after, requests) >= 1
    assert value(after, 'khora_outbox_due{kind="your_turn"}') >= 1
    assert value(after, 'khora_outbox_oldest_due_seconds{kind="your_turn"}') >= 90
    assert 'khora_emails{status="pending"}' in after


# A process that counts (a web or stream process, a worker) has Django set up.
CHILD = """
import os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
django.setup()
from operations.metrics import OPEN_STREAMS, REQUESTS, process_exited
REQUESTS.labels("game-detail", "GET", "200").inc(int(sys.argv[1]))
OPEN_STREAMS.set(int(sys.argv[1]))
if sys.argv[2] == "exit":
    process_exited(os.getpid())
print(os.getpid())
"""

# gunicorn's master marks a worker gone; it never sets Django up.
MASTER = """
import sys
from types import SimpleNamespace
from operations.gunicorn_hooks import child_exit
child_exit(None, SimpleNamespace(pid=int(sys.argv[1])))
assert not any(name.startswith(("django", "operations.metrics")) for name in sys.modules)
"""


def test_processes_add_up_in_the_multiprocess_directory_and_a_gone_one_stops_counting_streams(
    tmp_path,
):
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    pids = {}
    for count, ending in ((3, "stay"), (4, "exit"), (5, "stay")):
        pids[count] = subprocess.run(
            [sys.executable, "-c", CHILD, str(count), ending], env=env, cwd=ROOT, check=True,
            timeout=60, capture_output=True, text=True,
        ).stdout.split()[-1]  # fmt: skip
    master = {key: value for key, value in env.items() if key != "DJANGO_SETTINGS_MODULE"}
    subprocess.run(
        [sys.executable, "-c", MASTER, pids[5]], env=master, cwd=ROOT, check=True, timeout=60
    )
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(tmp_path))
    text = generate_latest(registry).decode()
    assert (
        value(text, 'khora_http_requests_total{method="GET",status="200",view="game-detail"}') == 12
    )
    # livesum: only the process that neither said it exited nor was marked gone by gunicorn's
    # master still counts its streams.
    assert value(text, "khora_open_streams") == 3
