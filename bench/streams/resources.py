"""What a process uses (resident memory, CPU time), and where a phase's CPU time went: to the
server measured, the bench's gunicorn workers, the bench database's PostgreSQL backends, this
process, or other work on the machine."""

from __future__ import annotations

import os
import time

from bench.harness import cpu_seconds, cpu_used

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


def process_figures(pid: int) -> tuple[float, float]:
    """(resident MB, CPU seconds so far) of a process."""
    with open(f"/proc/{pid}/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime
    return resident_pages * PAGE / 2**20, cpu


class CpuMeter:
    """CPU seconds used since the meter was (re)started by the uvicorn server, the benchmark's
    gunicorn workers, the PostgreSQL backends of the benchmark's database, this process (the
    stream client and the committer), and the whole machine (every core, /proc/stat): on 2
    shared cores they take turns, so this says what a phase's time went to, and how much went
    to other work on the machine ("others")."""

    def __init__(self, server_pid: int, database: str, gunicorn_port: int | None = None):
        self.server_pid = server_pid
        self.database = database
        self.gunicorn = f"--bind 127.0.0.1:{gunicorn_port}" if gunicorn_port else None
        self.start()

    def _now(self) -> dict:
        return {
            "uvicorn": process_figures(self.server_pid)[1],
            "gunicorn": cpu_seconds(command_has=self.gunicorn) if self.gunicorn else {},
            "postgres": cpu_seconds(command_has=f" {self.database} "),
            "bench": time.process_time(),
            "machine": machine_busy_seconds(),
        }

    def start(self) -> None:
        self._before = self._now()
        self._began = time.perf_counter()

    def read(self) -> dict[str, float]:
        after = self._now()
        used = {
            "uvicorn": after["uvicorn"] - self._before["uvicorn"],
            "gunicorn": cpu_used(self._before["gunicorn"], after["gunicorn"]),
            "postgres": cpu_used(self._before["postgres"], after["postgres"]),
            "bench": after["bench"] - self._before["bench"],
            "machine": after["machine"] - self._before["machine"],
        }
        used["others"] = used["machine"] - sum(
            used[name] for name in ("uvicorn", "gunicorn", "postgres", "bench")
        )
        used["wall"] = time.perf_counter() - self._began
        return {name: round(seconds, 2) for name, seconds in used.items()}


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine has spent not idle since boot (/proc/stat)."""
    with open("/proc/stat") as stat:
        fields = [int(n) for n in stat.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICKS  # user … softirq, steal; not guest (in user)
