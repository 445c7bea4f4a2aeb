"""deploy/systemd/: units systemd accepts, each hardened, every process wanted by the target.
(What they run is proven by tests/integration/test_production_layout.py.)"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNITS = Path(__file__).resolve().parents[2] / "deploy" / "systemd"
SERVICES = sorted(p.name for p in UNITS.glob("*.service"))
LONG_RUNNING = [name for name in SERVICES if name != "khora-backup.service"]


def directives(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    text = re.sub(r"\\\n\s*", " ", (UNITS / name).read_text())
    for line in text.splitlines():
        key, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_systemd_parses_every_unit_without_a_complaint(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but systemd-analyze (Debian's systemd package) is missing")
        pytest.skip("needs systemd-analyze")
    names = []
    for path in UNITS.glob("khora*"):
        if path.suffix in (".service", ".timer", ".target"):
            name = path.name.replace("@.", "@8000.")  # a template is verified as an instance
            shutil.copy(path, tmp_path / name)
            names.append(name)
    result = subprocess.run(
        [analyze, "verify", "--man=no", *names],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    # The one thing this machine lacks is the installed site itself.
    complaints = [
        line
        for line in (result.stdout + result.stderr).splitlines()
        if line and "/srv/khora/.venv/bin/" not in line
    ]
    assert not complaints, "\n".join(complaints)


@pytest.mark.parametrize("name", SERVICES)
def test_every_process_runs_hardened_as_its_own_user(name):
    found = directives(name)
    for key, value in {
        "User": "khora",
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "EnvironmentFile": "/etc/khora/khora.env",
    }.items():
        assert found.get(key) == [value], f"{name}: {key}={found.get(key)}"
    assert "CapabilityBoundingSet" in found


def test_the_target_wants_every_long_running_process_and_restarts_them():
    wants = " ".join(directives("khora.target")["Wants"])
    for name in LONG_RUNNING:
        assert name.replace("@.", "@") in wants or name.replace(".service", "") in wants, name
        assert directives(name)["Restart"] == ["always"], name
    assert directives("khora-streams@.service")["LimitNOFILE"] == ["65536"]
    queues = [
        re.search(r"--queues (\S+)", directives(n)["ExecStart"][0])[1]
        for n in SERVICES
        if n.startswith("khora-worker-")
    ]
    assert sorted(queues) == ["celery", "email", "webhooks"]  # one worker per queue
