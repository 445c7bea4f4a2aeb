"""The site on several hosts at full size (issue 50), on demand:

    sudo .venv/bin/python -m bench.multi_host [--games 100] [--cut 30] [--ack-early]
        [--idle-in-transaction 10]

Builds the hosts with network namespaces (root, iproute2, nginx, PostgreSQL's server binaries
and redis-server needed; nothing of the machine's own PostgreSQL or Redis is used), plays
`--games` games (a third two players, a third a player and a bot, a third a player who never
answers and a bot) with a stream following each, and meanwhile restarts each web, stream and
worker host in turn, kills a worker host outright and brings it back, cuts a stream host's
link to Redis for `--cut` seconds and restarts beat (tests/integration/hosts_run.py). Prints
the timeline, the figures and any broken invariant (exit status 1 then); writes
bench/results/multi_host.json. `--ack-early` plants the fault the invariants must catch;
`--idle-in-transaction 0` runs PostgreSQL without the timeout docs/operations.md asks for.
tests/integration/test_multi_host.py runs the same at CI size.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--cut", type=float, default=30.0, help="seconds stream1 loses Redis")
    parser.add_argument("--settle", type=float, default=20.0)
    parser.add_argument("--one-web", type=float, default=20.0, help="seconds web1 stays down")
    parser.add_argument("--dead", type=float, default=15.0, help="seconds worker1 stays dead")
    parser.add_argument("--ack-early", action="store_true", help="plant the fault")
    parser.add_argument(
        "--idle-in-transaction", type=int, default=10,
        help="PostgreSQL's idle_in_transaction_session_timeout, seconds (0: its default, never)",
    )  # fmt: skip
    parser.add_argument(
        "--only-kill", action="store_true", help="no fault but the worker host's death"
    )
    parser.add_argument("--keep", action="store_true", help="keep the logs' directory")
    options = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")
    import django

    django.setup()  # the clients reuse the integration tests' EventSource
    from tests.integration.hosts import netns_unavailable
    from tests.integration.hosts_run import Sizes, run
    from tests.integration.hosts_site import Tuning

    reason = netns_unavailable()
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if reason or nginx is None:
        print(f"cannot run: {reason or 'needs nginx'}", file=sys.stderr)
        return 2
    sizes = Sizes(games=options.games, settle=options.settle, one_web=options.one_web,
                  dead=options.dead, cut=options.cut, after=10.0,
                  every_fault=not options.only_kill)  # fmt: skip
    tuning = Tuning(
        ack_early=options.ack_early,
        stuck_seconds=40 if options.ack_early else 8,
        idle_in_transaction_seconds=options.idle_in_transaction,
    )
    directory = Path(tempfile.mkdtemp(prefix="multi-host-"))
    began = time.monotonic()
    result = run(directory, nginx, sizes, tuning)
    print("\n".join(result.timeline))
    for name, value in result.figures.items():
        print(f"{name:45} {value}")
    print("violations:" if result.violations else "every invariant held")
    for violation in result.violations:
        print(f"  {violation}")
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    (out / "multi_host.json").write_text(json.dumps({
        "sizes": vars(sizes), "ack_early": options.ack_early, "figures": result.figures,
        "violations": result.violations, "timeline": result.timeline,
        "wall_seconds": round(time.monotonic() - began, 1),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
    }, indent=2))  # fmt: skip
    if options.keep:
        print(f"logs: {directory}")
    else:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if result.violations else 0


if __name__ == "__main__":
    sys.exit(main())
