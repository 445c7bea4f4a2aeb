"""One run of the multi-host harness (issue 50): the site on its hosts (hosts_site.py), the
clients' load (hosts_load.py), the faults in turn, then the invariants and the figures.

The faults, in this order, while the load goes on: web1 stopped a while (the decisions per
second with one web host) and started; worker1 killed outright (link down, SIGKILL, its network
stack gone) in the middle of a game's advance, and booted again; the idle games' deadlines made
due; web2, each stream host and each worker host restarted; the link between stream1 and Redis
cut; beat restarted.

Used by tests/integration/test_multi_host.py (small) and bench/multi_host.py (full size).
"""

from __future__ import annotations

import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from tests.integration.hosts_load import SmtpSink, create_games
from tests.integration.hosts_site import Site, Tuning

# How long a game may wait after its worker host died, past the later of its task's
# redelivery and the end of the dead host's database session: slack for a busy machine.
REDELIVERY_SLACK = 10.0
# How long after the last fault healed a game may still be due an advance: the sweep's.
SWEEP_SLACK = 10.0
# How long the advance worker1 dies in holds its game's row before writing (_hold_advances).
HOLD_SECONDS = 1.0


@dataclass
class Sizes:
    games: int = 12
    settle: float = 6.0  # load before the first fault (the two-web-hosts window)
    one_web: float = 8.0  # web1 kept down this long (the one-web-host window)
    dead: float = 8.0  # worker1 kept dead this long
    cut: float = 10.0  # stream1's link to Redis cut this long
    after: float = 5.0  # load after the last fault
    # False: only the worker host's death (the planted fault's run needs no more).
    every_fault: bool = True


@dataclass
class Result:
    violations: list[str] = field(default_factory=list)
    figures: dict[str, float | int | str] = field(default_factory=dict)
    timeline: list[str] = field(default_factory=list)
    report: str = ""


def run(tmp: Path, nginx: str, sizes: Sizes, tuning: Tuning | None = None) -> Result:
    tuning = tuning or Tuning()
    site = Site(tmp, nginx, tuning)
    sink = SmtpSink(site.network.client_address)
    players, readers = [], []
    result = Result()
    try:
        smtp_port = sink.start()
        site.start_database()
        tokens = site.setup_players(2 * sizes.games, smtp_port)
        site.start_servers(smtp_port)
        address = site.network.address("lb")
        players, readers = create_games(address, tokens, sizes.games, seed=50)
        paused: set[str] = set()
        for player in players:
            player.paused = paused
        for client in [*players, *readers]:
            client.start()
        _faults(site, sizes, tuning, result, players)
        time.sleep(sizes.after)
        for player in players:
            player.stop.set()
        for player in players:
            player.join(timeout=60)
        _settle(site, readers, tuning, result)
        _check(site, sink, players, readers, result)
    finally:
        for reader in readers:
            reader.close()
        result.timeline = site.timeline
        result.report = site.report()
        site.close()
        sink.stop()
    return result


def _decisions(players) -> list[float]:
    return sorted(when for player in players for when, _, _ in player.accepted)


def _rate(players, began: float, ended: float) -> float:
    count = sum(1 for when in _decisions(players) if began <= when < ended)
    return count / (ended - began) if ended > began else 0.0


def _faults(site: Site, sizes: Sizes, tuning: Tuning, result: Result, players) -> None:
    figures = result.figures
    began = time.time()
    time.sleep(sizes.settle)
    site.calm = (began, time.time())
    if not sizes.every_fault:
        _kill_a_worker_host(site, sizes, tuning, result, players)
        site.healed_at = time.monotonic()
        return
    figures["decisions_per_second_two_web_hosts"] = round(_rate(players, began, time.time()), 2)
    # Rolling restart of the web hosts; web1 stays down a while: one web host serves alone.
    site.processes["web1/web"].stop()
    site.note("web1 stopped (one web host serves)")
    alone = time.time()
    time.sleep(sizes.one_web)
    figures["decisions_per_second_one_web_host"] = round(_rate(players, alone, time.time()), 2)
    site.processes["web1/web"].start()
    site.processes["web1/web"].wait_ready()
    site.note("web1 back")
    # Early, while every game is surely still being played (a small run's games may end
    # before the last fault): a worker host dies mid-advance.
    _kill_a_worker_host(site, sizes, tuning, result, players)
    idle = sorted({player.public_id for player in players if player.idle})
    result.figures["deadlines_made_due"] = _make_deadlines_due(site, idle)
    site.note(f"{result.figures['deadlines_made_due']} deadlines made due")
    # The rest in two waves, each taking at most one host of a kind, the kinds at once.
    site.restart_together([["web2/web"], ["stream1/streams"], ["worker1/games", "worker1/email"]])
    site.restart_together([["stream2/streams"], ["worker2/games", "worker2/email"]])
    site.network.cut("stream1", "redis")
    site.note("stream1's link to Redis cut")
    time.sleep(sizes.cut)
    site.network.heal("stream1", "redis")
    site.note("stream1's link to Redis back")
    site.restart(["beat/beat"])
    site.healed_at = time.monotonic()


def _advancing(site: Site, label: str) -> list[int]:
    """Games due an advance whose row a transaction of that process holds (its connections
    are named after it: PGAPPNAME; pgrowlocks lists the rows locked and by whom)."""
    return [game for (game,) in _sql(site, """
        SELECT g.id FROM pgrowlocks('games_game') r JOIN games_game g ON g.ctid = r.locked_row
        WHERE g.needs_advance AND EXISTS (SELECT 1 FROM pg_stat_activity a
            WHERE a.application_name = %s AND a.pid = ANY(r.pids))""", (label,))]  # fmt: skip


def _hold_advances(site: Site, label: str, seconds: float) -> None:
    """Until `harness_hold` is emptied, a transaction of that process that writes a game's
    move sleeps `seconds` before it, holding the game's row: the harness's kill, a few
    milliseconds after it sees the row held (and the host's crash takes more), then surely
    lands inside the advance, not after its commit (the advances of a `standard` bot take
    milliseconds). A trigger in the harness's own database; the server knows nothing of it,
    and is emptied, not dropped: dropping it would wait for the dead host's session."""
    _sql(site, """
        CREATE TABLE IF NOT EXISTS harness_hold (label text, seconds float);
        CREATE OR REPLACE FUNCTION harness_hold() RETURNS trigger AS $$
        DECLARE pause float;
        BEGIN
            SELECT h.seconds INTO pause FROM harness_hold h
                WHERE h.label = current_setting('application_name');
            IF pause IS NOT NULL AND NEW.last_seq <> OLD.last_seq THEN
                PERFORM pg_sleep(pause);
            END IF;
            RETURN NEW;
        END $$ LANGUAGE plpgsql;
        CREATE OR REPLACE TRIGGER harness_hold BEFORE UPDATE ON games_game
            FOR EACH ROW EXECUTE FUNCTION harness_hold();""")  # fmt: skip
    _sql(site, "INSERT INTO harness_hold VALUES (%s, %s)", (label, seconds))


def _sql(site: Site, query: str, params=()) -> list[tuple]:
    with psycopg.connect(site.database_url, autocommit=True) as connection:
        cursor = connection.execute(query, params)
        return cursor.fetchall() if cursor.description is not None else []


def _make_deadlines_due(site: Site, public_ids: list[str]) -> int:
    """The open steps of the games with an idle player: their deadline a minute ago (as if
    the hour had passed). Each must be taken by exactly one expiry."""
    rows = _sql(site, """
        UPDATE games_gamestep SET deadline = now() - interval '1 minute'
        WHERE closed_at IS NULL AND expired_at IS NULL AND game_id IN (
            SELECT id FROM games_game WHERE status = 'active' AND public_id = ANY(%s))
        RETURNING id, game_id""", (public_ids,))  # fmt: skip
    site.due_steps = rows
    return len(rows)


def _kill_a_worker_host(site: Site, sizes: Sizes, tuning: Tuning, result: Result, players) -> None:
    """worker1 dies in the middle of a game's advance (its games worker holds that game's row
    in an open transaction); how long that game, and every other game due then, waits.
    Its players keep away from that game meanwhile: their next decision would ask for a new
    advance (games.services samples the chance due first, and the commit enqueues), and the
    game would move on whether or not the task the dead host held came back."""
    deadline = time.monotonic() + 30
    names = _sql(site, "SELECT DISTINCT application_name FROM pg_stat_activity")
    result.figures["database_clients"] = ", ".join(sorted(n for (n,) in names if n))
    _hold_advances(site, "worker1/games", HOLD_SECONDS)
    while not (held := _advancing(site, "worker1/games")) and time.monotonic() < deadline:
        time.sleep(0.002)
    public_ids = dict(_sql(site, "SELECT id, public_id FROM games_game WHERE id = ANY(%s)",
                           (held,)))  # fmt: skip
    paused = players[0].paused if players else set()
    paused.update(str(public_ids[game]) for game in held if game in public_ids)
    site.kill_host("worker1")
    killed = time.monotonic()
    _sql(site, "DELETE FROM harness_hold")
    due = dict(_sql(site, "SELECT id, last_seq FROM games_game WHERE needs_advance"))
    waits: dict[int, float] = {}
    # The host boots again after `dead` seconds, in a thread: the waits go on being measured.
    failed: list[BaseException] = []

    def revive() -> None:
        try:
            site.revive_host("worker1")
        except BaseException as error:  # re-raised below, in the run's thread
            failed.append(error)

    reviver = threading.Timer(sizes.dead, revive)
    reviver.start()
    # The task comes back after the visibility timeout; the game's row is free once
    # PostgreSQL has ended the dead host's session.
    redelivered = tuning.visibility_timeout + tuning.restore_interval
    bound = max(redelivered, tuning.idle_in_transaction_seconds) + REDELIVERY_SLACK
    while len(waits) < len(due) and time.monotonic() - killed < max(60, bound + 30):
        now = dict(_sql(site, "SELECT id, last_seq FROM games_game WHERE id = ANY(%s)",
                        (list(due),)))  # fmt: skip
        for game_id, seq in now.items():
            if game_id not in waits and seq > due[game_id]:
                waits[game_id] = time.monotonic() - killed
        time.sleep(0.1)
    reviver.join()
    paused.clear()
    if failed:
        raise failed[0]
    result.figures["advances_held_by_the_dead_host"] = len(held)
    result.figures["wait_of_the_game_whose_advance_died_s"] = round(
        max((waits.get(game, -1.0) for game in held), default=0.0), 2
    )
    longest = max(waits.values(), default=0.0)
    result.figures["games_due_at_kill"] = len(due)
    result.figures["longest_wait_after_worker_host_died_s"] = round(longest, 2)
    stuck = sorted(set(due) - set(waits))
    if stuck or longest > bound:
        result.violations.append(
            f"games due when worker1 died waited {longest:.1f} s (bound {bound:.0f} s: "
            f"redelivery, the dead session's end); never moved on: {stuck}"
        )


def _settle(site: Site, readers, tuning: Tuning, result: Result) -> None:
    """After the last fault: no game stays due longer than the sweep allows; the outbox drains;
    the streams catch up."""
    bound = tuning.stuck_seconds + tuning.sweep_seconds + SWEEP_SLACK
    deadline = site.healed_at + bound
    while _sql(site, "SELECT id FROM games_game WHERE needs_advance AND status = 'active'"):
        if time.monotonic() > deadline:
            due = _sql(site, "SELECT id, updated_at FROM games_game WHERE needs_advance")
            result.violations.append(f"games still due {bound:.0f} s after the faults: {due}")
            break
        time.sleep(0.2)
    until = time.monotonic() + 60
    while time.monotonic() < until and _sql(
        site, "SELECT 1 FROM notifications_notification WHERE status = 'pending'"
    ):
        time.sleep(0.5)
    last = dict(_sql(site, "SELECT public_id, last_seq FROM games_game"))
    until = time.monotonic() + 30
    while time.monotonic() < until and any(
        r.last_entry < last[r.public_id] and not r.stopped for r in readers
    ):
        time.sleep(0.2)


def _check(site: Site, sink: SmtpSink, players, readers, result: Result) -> None:
    violations, figures = result.violations, result.figures
    # Every accepted decision in the log once, and nothing a player did not send.
    accepted = [(game, seq) for p in players for _, game, seq in p.accepted]
    logged = {
        (public_id, seq)
        for public_id, seq in _sql(
            site,
            """
            SELECT g.public_id, e.seq FROM games_gameevent e JOIN games_game g ON g.id = e.game_id
            WHERE e.actor = 'player'""",
        )
    }
    if len(set(accepted)) != len(accepted):
        violations.append("a decision was accepted twice (the same seq in two responses)")
    if set(accepted) != logged:
        violations.append(
            f"accepted decisions and the log differ: accepted not logged "
            f"{sorted(set(accepted) - logged)[:10]}, logged not accepted "
            f"{sorted(logged - set(accepted))[:10]}"
        )
    figures["decisions_accepted"] = len(accepted)
    # No client saw a 5xx it could not retry with its Idempotency-Key.
    statuses = [s for p in players for s in p.api.statuses]
    figures["requests"] = len(statuses)
    figures["retried_5xx_or_network"] = sum(1 for s in statuses if s == 0 or s >= 500)
    for player in players:
        violations += [f"{player.name}: failed for good: {u}" for u in player.api.unretried]
        if player.failure:
            violations.append(f"{player.name} crashed: {player.failure}")
    # Every deadline fired once: each step made due expired, and each expiry wrote one run
    # of defaults (a second expiry of one step would be a second run).
    due = getattr(site, "due_steps", [])
    steps = [step for step, _ in due]
    if due:
        expired = _sql(site, "SELECT id FROM games_gamestep WHERE id = ANY(%s) AND "
                       "expired_at IS NOT NULL", (steps,))  # fmt: skip
        if len(expired) != len(steps):
            violations.append(
                f"deadlines that never fired: {sorted(set(steps) - {e for (e,) in expired})}"
            )
    for game_id in {game for _, game in due}:
        seqs = [s for s, in _sql(site, "SELECT seq FROM games_gameevent WHERE game_id = %s AND "
                                 "actor = 'deadline' ORDER BY seq", (game_id,))]  # fmt: skip
        runs = sum(1 for i, s in enumerate(seqs) if i == 0 or seqs[i - 1] != s - 1)
        fired = _sql(site, "SELECT count(*) FROM games_gamestep WHERE game_id = %s AND "
                     "expired_at IS NOT NULL", (game_id,))[0][0]  # fmt: skip
        if runs != fired:
            violations.append(f"game {game_id}: {fired} deadlines expired, {runs} runs of defaults")
    figures["deadlines_fired"] = _sql(
        site, "SELECT count(*) FROM games_gamestep WHERE expired_at IS NOT NULL"
    )[0][0]
    # Every stream reader got every entry once, in order.
    last = dict(_sql(site, "SELECT public_id, last_seq FROM games_game"))
    created = {
        (public_id, seq): at.timestamp()
        for public_id, seq, at in _sql(
            site,
            """
            SELECT g.public_id, e.seq, e.created_at FROM games_gameevent e
            JOIN games_game g ON g.id = e.game_id""",
        )
    }
    latencies = []
    for reader in readers:
        if reader.failure is not None or reader.mismatched:
            violations.append(f"stream {reader.summary()} {reader.mismatched[:3]}")
        expected = list(range(1, last[reader.public_id] + 1))
        got = reader.entries[: len(expected)]
        if got != expected and reader.done != "game over":
            violations.append(f"stream of {reader.public_id} got {got[-5:]}… not 1..{expected[-1:]}"
                              f" ({reader.summary()})")  # fmt: skip
        latencies += [
            (created[(reader.public_id, seq)], at - created[(reader.public_id, seq)])
            for seq, at in reader.received_at.items()
            if (reader.public_id, seq) in created
        ]
    figures["stream_reconnections"] = sum(max(0, r.connections - 1) for r in readers)
    # From the entry's commit (its created_at) to a reader on the clients' host: before the
    # first fault, and over the whole run (reconnections and the cut included).
    calm_from, calm_until = site.calm
    for name, window in [
        ("before_faults", [lat for at, lat in latencies if calm_from <= at < calm_until]),
        ("whole_run", [lat for _, lat in latencies]),
    ]:
        if window:
            window.sort()
            figures[f"stream_latency_{name}_median_ms"] = round(1000 * statistics.median(window))
            figures[f"stream_latency_{name}_p95_ms"] = round(1000 * window[int(0.95 * len(window))])
    # Every owed email sent once.
    rows = _sql(site, "SELECT uuid::text, status FROM notifications_notification")
    sent = [str(u) for u, status in rows if status == "sent"]
    pending = [u for u, status in rows if status in ("pending", "failed")]
    received = [message_id.strip("<>").split("@")[0] for message_id, _ in sink.received]
    figures["emails_sent"] = len(received)
    if pending:
        violations.append(f"{len(pending)} emails owed and not sent")
    twice = sorted({m for m in received if received.count(m) > 1})
    if twice:
        violations.append(f"emails received twice: {twice[:5]}")
    if set(received) != set(sent):
        violations.append(
            f"emails marked sent but not received {sorted(set(sent) - set(received))[:5]}, "
            f"received but not marked sent {sorted(set(received) - set(sent))[:5]}"
        )
    # nginx's view: what it answered.
    access = site.access_log()
    figures["lb_requests"] = len(access)
    figures["lb_5xx"] = sum(1 for line in access if line.startswith("5"))
