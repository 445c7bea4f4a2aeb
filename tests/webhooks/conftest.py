"""A webhook receiver on loopback that does what each test tells it, and players."""

from __future__ import annotations

import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import OperationalError

from tests.players import *  # noqa: F403  (players, games)

# An answer that never ends: a 200 whose headers then come a byte at a time.
DRIBBLED = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Slowly: " + b"z" * 10_000


class Receiver:
    """Answers with `script` in turn (the last answer repeats); "hang" waits `hang_seconds`;
    "dribble" sends a 200's headers a byte every `dribble_interval` seconds, never ending
    them (as the receiver of issue 41 that held a delivery 24 s)."""

    def __init__(self, script: list):
        self.script = list(script)
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.paths: list[str] = []
        self.arrivals: list[float] = []  # time.monotonic() of each request's arrival
        self.hang_seconds = 3.0
        self.dribble_interval = 0.1
        self.bytes_dribbled = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.arrivals.append(time.monotonic())
                receiver.requests.append((dict(self.headers.items()), body))
                receiver.paths.append(self.path)
                answer = receiver.script.pop(0) if len(receiver.script) > 1 else receiver.script[0]
                if answer == "dribble":
                    self.close_connection = True
                    try:
                        for byte in DRIBBLED:
                            self.wfile.write(bytes([byte]))
                            receiver.bytes_dribbled += 1
                            time.sleep(receiver.dribble_interval)
                    except OSError:  # the sender gave up and closed: what a deadline does
                        pass
                    return
                if answer == "hang":
                    time.sleep(receiver.hang_seconds)
                    answer = 200
                self.send_response(answer)
                if 300 <= answer < 400:
                    self.send_header("Location", f"{receiver.url}elsewhere/")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made = []

    def make(*script) -> Receiver:
        made.append(Receiver(list(script) or [200]))
        return made[-1]

    yield make
    for one in made:
        one.close()
    settle_webhook_threads()


def settle_webhook_threads(seconds: float = 15.0) -> None:
    """Let the delivery threads a test started end before its database is emptied (a
    thread in a transaction would make the flush fail): retries not yet due are cancelled,
    attempts under way end by their deadline."""
    from webhooks.queue import THREAD_PREFIX

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        working = [t for t in threading.enumerate() if t.name.startswith(THREAD_PREFIX)]
        if not working:
            return
        for thread in working:
            if isinstance(thread, threading.Timer):
                thread.cancel()  # no effect on one already running: it is joined
            thread.join(timeout=0.1)


@pytest.fixture
def webhook_settings(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = True  # the receiver is on loopback
    settings.WEBHOOKS_RETRY_SECONDS = [0.05, 0.05, 0.05]
    settings.WEBHOOKS_DEADLINE_SECONDS = 1
    return settings


def wait_for(condition, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
        except OperationalError as error:
            # The SQLite test database (in memory, shared between threads) refuses a read at
            # once while a delivery thread writes, as webhooks.queue._in_thread expects of
            # its own work: not yet, look again.
            if "locked" not in str(error):
                raise
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def written(write, tries: int = 50):
    """A write of the test's own while delivery threads write: the SQLite test database
    refuses it at once when it meets one of theirs (as wait_for's reads): write again."""
    for attempt in range(tries):
        try:
            return write()
        except OperationalError as error:
            if "locked" not in str(error) or attempt == tries - 1:
                raise
            time.sleep(0.02)
    return None


class WorkerPool:
    """The webhooks queue as a Celery worker serves it: one queue, first in first out, and
    `size` workers that each take the next task only once free (prefetch 1, as settings.py
    has it). It takes the place of webhooks.queue.later, whose threads have no limit."""

    def __init__(self, size: int):
        self.tasks: queue.Queue = queue.Queue()
        self.stopping = threading.Event()
        self.workers = [threading.Thread(target=self._work, daemon=True) for _ in range(size)]
        for worker in self.workers:
            worker.start()

    def later(self, task_name: str, args: tuple, delay: float) -> None:
        from webhooks import tasks

        item = (getattr(tasks, task_name), args)
        if delay:
            timer = threading.Timer(delay, self.tasks.put, args=(item,))
            timer.daemon = True  # a retry not yet due is dropped with the pool
            timer.start()
        else:
            self.tasks.put(item)

    def _work(self) -> None:
        from webhooks.queue import _in_thread

        while not self.stopping.is_set():
            try:
                task, args = self.tasks.get(timeout=0.05)
            except queue.Empty:
                continue
            _in_thread(task, args)

    def stop(self) -> None:
        self.stopping.set()
        for worker in self.workers:
            worker.join(timeout=10)


@pytest.fixture
def worker_pool(monkeypatch):
    pools = []

    def make(size: int) -> WorkerPool:
        pools.append(WorkerPool(size))
        monkeypatch.setattr("webhooks.queue.later", pools[-1].later)
        return pools[-1]

    yield make
    for pool in pools:
        pool.stop()
