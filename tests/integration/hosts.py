"""Several hosts on one machine (issue 50): a network namespace per host, each joined by a
veth pair to a bridge in the root namespace, one /24 of 10.213.x.0 per run. The root namespace
is the clients' host (its address on the bridge is .1); every server process runs inside its
host's namespace (`ip netns exec`), bound to that host's address, as it would on a machine of
its own. Needs root and iproute2 (CI runs as root).

Everything is named after a run id (namespaces `kh<id>-<host>`, links `k<id><n>`, the bridge
`kb<id>`), so two runs never meet, and `Network.close()` takes all of it down: the processes
left in each namespace (found with `ip netns pids`, so only ours), the namespaces (their end
of each veth pair with them) and the bridge. It runs at exit too, whatever happened.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import random
import secrets
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.integration.layout import Unit

# Each host's last octet on the run's /24 (the bridge, the clients' host, is .1).
OCTETS = {
    "db": 2,
    "web1": 11,
    "web2": 12,
    "stream1": 21,
    "stream2": 22,
    "worker1": 31,
    "worker2": 32,
    "beat": 40,
    "lb": 50,
}
# A second address of a host, for one service on it: the service's own link can then be cut.
SERVICE_ADDRESSES = {"redis": ("db", 3)}


def ip(*args: str, namespace: str | None = None, check: bool = True) -> str:
    argv = ["ip", *args] if namespace is None else ["ip", "netns", "exec", namespace, "ip", *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return done.stdout


def netns_unavailable() -> str | None:
    """Why this machine cannot build the hosts (None if it can): the programs they run, then
    a probe namespace."""
    if shutil.which("ip") is None:
        return "needs iproute2 (`ip`)"
    if os.geteuid() != 0:
        return "needs root to create network namespaces"
    for program in ("redis-server", "psql", "runuser"):
        if shutil.which(program) is None:
            return f"needs {program}"
    if not list(Path("/usr/lib/postgresql").glob("*/bin/postgres")):
        return "needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin)"
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return "needs the `postgres` OS user (root may not run PostgreSQL)"
    probe = f"khprobe{secrets.token_hex(3)}"
    try:
        ip("netns", "add", probe)
    except RuntimeError as error:
        return f"cannot create a network namespace: {error}"
    ip("netns", "del", probe, check=False)
    return None


@dataclass
class Host:
    name: str
    namespace: str
    address: str
    link: str  # the root namespace's end of its veth pair (the host's end is eth0)


class Network:
    def __init__(self, hosts: list[str]):
        self.run_id = secrets.token_hex(3)
        used = ip("-4", "addr")
        third = random.choice([n for n in range(1, 255) if f"10.213.{n}." not in used])
        self.prefix = f"10.213.{third}"
        self.client_address = f"{self.prefix}.1"
        self.bridge = f"kb{self.run_id}"
        self.hosts: dict[str, Host] = {}
        self._closed = False
        atexit.register(self.close)
        try:
            ip("link", "add", self.bridge, "type", "bridge")
            ip("addr", "add", f"{self.client_address}/24", "dev", self.bridge)
            ip("link", "set", self.bridge, "up")
            for index, name in enumerate(hosts):
                self._add(index, name)
        except BaseException:
            self.close()
            raise

    def _add(self, index: int, name: str) -> None:
        host = Host(
            name=name,
            namespace=f"kh{self.run_id}-{name}",
            address=f"{self.prefix}.{OCTETS[name]}",
            link=f"k{self.run_id}{index}",
        )
        self.hosts[name] = host  # before anything exists, so close() takes what was made
        ip("netns", "add", host.namespace)
        ip("link", "add", host.link, "type", "veth", "peer", "name", "eth0", "netns",
           host.namespace)  # fmt: skip
        ip("link", "set", host.link, "master", self.bridge)
        ip("link", "set", host.link, "up")
        ip("link", "set", "lo", "up", namespace=host.namespace)
        ip("addr", "add", f"{host.address}/24", "dev", "eth0", namespace=host.namespace)
        for _service, (on, octet) in SERVICE_ADDRESSES.items():
            if on == name:
                ip("addr", "add", f"{self.prefix}.{octet}/24", "dev", "eth0",
                   namespace=host.namespace)  # fmt: skip
        ip("link", "set", "eth0", "up", namespace=host.namespace)

    def address(self, name: str) -> str:
        if name in SERVICE_ADDRESSES:
            return f"{self.prefix}.{SERVICE_ADDRESSES[name][1]}"
        return self.hosts[name].address

    def namespace(self, name: str) -> str:
        return self.hosts[name].namespace

    # -- faults ----------------------------------------------------------------------------------

    def link_down(self, name: str) -> None:
        """The host's cable pulled: nothing in or out (its processes see silence, not resets)."""
        ip("link", "set", self.hosts[name].link, "down")

    def link_up(self, name: str) -> None:
        ip("link", "set", self.hosts[name].link, "up")

    def crash(self, name: str) -> None:
        """The machine dies: its link goes down, whatever runs on it gets SIGKILL, and its
        kernel's network state goes with the namespace. (Killing the processes alone is not a
        machine's death: the namespace's TCP stack would still send their connections' FINs
        once the link is back, and PostgreSQL would end their sessions; a dead machine's
        connections just go silent.)"""
        host = self.hosts[name]
        self.link_down(name)
        for pid in ip("netns", "pids", host.namespace, check=False).split():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid), signal.SIGKILL)
        deadline = time.monotonic() + 10
        while ip("netns", "pids", host.namespace, check=False).split():
            if time.monotonic() > deadline:
                raise RuntimeError(f"processes of {name} outlived SIGKILL")
            time.sleep(0.05)
        ip("netns", "del", host.namespace)
        ip("link", "del", host.link, check=False)  # gone with its peer, unless not yet

    def boot(self, name: str) -> None:
        """The machine comes back: a new namespace, its address and link as before."""
        self._add(list(self.hosts).index(name), name)

    def cut(self, name: str, to: str) -> None:
        """Drop every packet `name` sends to the address `to` (a blackhole route on the host):
        its connections there go silent, as a partition between the two machines makes them,
        while the host's other links work. (This machine's kernel has no tc classifiers and
        no iptables, hence a route; Redis has an address of its own on the database host so
        that the cut takes Redis alone.)"""
        ip("route", "add", "blackhole", f"{self.address(to)}/32", namespace=self.namespace(name))

    def heal(self, name: str, to: str) -> None:
        ip("route", "del", "blackhole", f"{self.address(to)}/32", namespace=self.namespace(name))

    # -- cleaning up -----------------------------------------------------------------------------

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for host in self.hosts.values():
            pids = ip("netns", "pids", host.namespace, check=False).split()
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, ValueError):
                    os.kill(int(pid), signal.SIGKILL)
        time.sleep(0.2 if self.hosts else 0)
        for host in self.hosts.values():
            ip("netns", "del", host.namespace, check=False)
            ip("link", "del", host.link, check=False)  # gone with the namespace, unless not
        ip("link", "del", self.bridge, check=False)
        atexit.unregister(self.close)


# -- processes on a host -------------------------------------------------------------------------


class Process(Unit):
    """One server process on a host: started with `ip netns exec` (as `user` when given), in a
    process group of its own (so a kill takes its pool too), its output appended to a log file;
    stopped as systemd stops a unit, killed (SIGKILL to the group) as when a machine dies."""

    def __init__(self, label: str, namespace: str, argv: list[str], env: dict, log: Path,
                 ready, cwd: Path | None = None, user: str | None = None):  # fmt: skip
        super().__init__(label, argv, env, log, ready, cwd=cwd)
        self.namespace = namespace
        self.user = user

    def command(self) -> list[str]:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        return ["ip", "netns", "exec", self.namespace, *prefix, *self.argv]

    def wait_ready(self, timeout: float = 90) -> float:
        return super().wait_ready(timeout)


def postgres_bin() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"))
    if not versions:
        raise RuntimeError("needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin)")
    return versions[-1].parent


def postgres_cluster(directory: Path, network: str) -> list[str]:
    """A new cluster in `directory` (initdb as the `postgres` OS user: root may not run the
    server), trusting the run's network; returns the server's argv (run it as `postgres`)."""
    binaries = postgres_bin()
    directory.mkdir(parents=True)
    shutil.chown(directory, "postgres", "postgres")
    data = directory / "data"
    subprocess.run(
        ["runuser", "-u", "postgres", "--", str(binaries / "initdb"), "-D", str(data),
         "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale", "C"],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    with (data / "pg_hba.conf").open("a") as hba:
        hba.write(f"host all all {network} trust\n")
    return [str(binaries / "postgres"), "-D", str(data), "-k", str(directory),
            # A test's database: durability is not what is proven here (no crash of this host).
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
            "-c", "max_connections=300"]  # fmt: skip
