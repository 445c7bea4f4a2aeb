"""`bash bin/run` on a fresh database (issue 20): a few lines of setup, then, last, the address
and each demo player's log-in link; nothing before them looks like an email or a warning; the
link logs in. Runs the script itself, embedded (no DATABASE_URL, REDIS_URL or mail server)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMBEDDED_ONLY = ("DATABASE_URL", "REDIS_URL", "EMAIL_HOST", "EMAIL_BACKEND", "LOCAL_MAILBOX")
LOOKS_LIKE_EMAIL = re.compile(
    r"^(Subject|From|To|Reply-To|Content-Type|MIME-Version|Message-ID):|unsubscribe", re.I | re.M
)
LOOKS_LIKE_A_WARNING = re.compile(r"warn|error|traceback|no hostname|deprecat", re.I)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_bin_run_ends_with_the_address_and_the_log_in_links(tmp_path):
    port = _free_port()
    env = {key: value for key, value in os.environ.items() if key not in EMBEDDED_ONLY}
    env.update(
        PORT=str(port),
        SQLITE_PATH=str(tmp_path / "fresh.sqlite3"),
        KHORA_RUN_DIR=str(tmp_path / "var"),
        PYTHONUNBUFFERED="1",
    )
    run = subprocess.Popen(
        ["bash", "bin/run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its server and ticker are stopped with it
    )
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            line = run.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith("Stop with Ctrl-C."):
                break
        output = "\n".join(lines)
        assert lines and lines[-1] == "Stop with Ctrl-C.", output
        address = f"http://127.0.0.1:{port}/"
        running = next(i for i, text in enumerate(lines) if text.startswith("Khôra is running"))
        assert lines[running] == f"Khôra is running at {address}"
        tail = "\n".join(lines[running:])
        links = re.findall(rf"{re.escape(address)}login/link/\S+", tail)
        assert len(links) == 2 and "Log in as alice" in tail and "Log in as bob" in tail, tail
        assert f"{address}mailbox/" in tail
        before = "\n".join(lines[:running])
        assert len(lines[:running]) <= 8, before  # the setup in a few lines
        assert not LOOKS_LIKE_EMAIL.search(before), before
        assert not LOOKS_LIKE_A_WARNING.search(output), output

        # The printed link logs alice in: its page asks to confirm, the POST opens her game.
        jar = CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        page = browser.open(links[0], timeout=30).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        request = urllib.request.Request(
            links[0],
            data=f"csrfmiddlewaretoken={token}".encode(),
            headers={"Referer": links[0], "Origin": address.rstrip("/")},
        )
        game_page = browser.open(request, timeout=30)
        assert re.search(r"/games/[\w-]+/$", game_page.geturl()), game_page.geturl()
        assert "Log out (alice)" in game_page.read().decode()
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        try:
            run.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
