"""One client opens hundreds of streams of one game on a real stream process (uvicorn,
PostgreSQL, Redis): past its address's limit it is refused with 429 and Retry-After, the
players from other addresses keep following the game, and no log shows a 500, a traceback or a
database connection error (issue 39)."""

from __future__ import annotations

import asyncio
import re

from django.db import connection

from tests.integration.conftest import _free_port
from tests.integration.servers import StreamProcess
from tests.players import start_game

FLOOD = 300
LIMIT = 48  # STREAM_LIMIT_PER_ADDRESS's default
FLOODER = "203.0.113.66"
TROUBLE = re.compile(r"Traceback|ERROR|OperationalError|too many clients|\b500\b")


async def _open(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict, object]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n{head}\r\n".encode())
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), 30)
    fields = {}
    while (line := await asyncio.wait_for(reader.readline(), 30)) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        fields[name.strip().lower()] = value.strip()
    status = int(status_line.split()[1])
    if status != 200:
        writer.close()
        return status, fields, None
    return status, fields, (reader, writer)


async def _flood(port: int, path: str) -> list[tuple[int, dict, object]]:
    headers = {"X-Forwarded-For": FLOODER, "Accept": "text/event-stream"}
    return await asyncio.gather(*(_open(port, path, headers) for _ in range(FLOOD)))


async def _read_until(reader, needle: bytes, seconds: float) -> bytes:
    seen = b""
    async with asyncio.timeout(seconds):
        while needle not in seen:
            chunk = await reader.read(65536)
            if not chunk:
                break
            seen += chunk
    return seen


def _connections_to_test_database() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_a_flood_from_one_address_is_refused_and_hurts_nobody_else(
    real_parts, tasks_in_this_process, make_player, tmp_path
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    stream = StreamProcess(
        "streams", _free_port(), tmp_path / "uvicorn.log", {"DJANGO_TRUSTED_PROXIES": "1"}
    )
    stream.start()
    stream.wait_until_accepting()
    path = f"/api/v1/games/{game.public_id}/stream/"
    baseline = _connections_to_test_database()
    peak = [baseline]
    loop = asyncio.new_event_loop()
    try:
        flood = loop.run_until_complete(_flood(stream.port, path))
        peak.append(_connections_to_test_database())
        statuses = [status for status, _fields, _open_stream in flood]
        refused = [fields for status, fields, _open_stream in flood if status == 429]
        assert statuses.count(200) == LIMIT, sorted(set(statuses))
        assert len(refused) == FLOOD - LIMIT, sorted(set(statuses))
        assert all(int(fields["retry-after"]) > 0 for fields in refused)
        assert all(fields["content-type"] == "application/problem+json" for fields in refused)

        # The players, each from an address of their own, still follow the game at once.
        players = []
        for n, player in enumerate((alice, bob)):
            headers = {
                "X-Forwarded-For": f"198.51.100.{n + 1}",
                "Authorization": f"Bearer {player.token}",
            }
            status, _fields, opened = loop.run_until_complete(_open(stream.port, path, headers))
            assert status == 200
            players.append(opened)
        target = game.last_seq
        prompt = alice.get(f"/api/v1/games/{game.public_id}/prompt/").json()["prompt"]
        answer = {"prompt": prompt["id"], "option": prompt["default"]}
        assert alice.post(f"/api/v1/games/{game.public_id}/decisions/", answer).status_code == 200
        for reader, _writer in players:
            seen = loop.run_until_complete(_read_until(reader, f"id: {target + 1}\n".encode(), 10))
            assert f"id: {target + 1}\n".encode() in seen
        # The flood's own streams were told too, and they cost no database connection each.
        first_reader, _writer = next(opened for _s, _f, opened in flood if opened)
        loop.run_until_complete(_read_until(first_reader, f"id: {target + 1}\n".encode(), 10))
        peak.append(_connections_to_test_database())
    finally:
        for _status, _fields, opened in flood if "flood" in locals() else ():
            if opened:
                opened[1].close()
        loop.close()
        stream.kill()
    assert max(peak) - baseline <= 8, peak  # the read pool's few, not one per stream
    trouble = [line for line in stream.log().splitlines() if TROUBLE.search(line)]
    assert not trouble, "\n".join(trouble[:20])
