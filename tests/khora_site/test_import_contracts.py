"""The import contracts catch an import across rooms (issue 45).

`lint-imports` runs on a copy of the site's packages in which a few imports that break the
rules are planted, one per contract that guards rooms; each contract must fail and name the
planted import. (An import-linter contract that names a module wrongly, or a layer left out,
would pass everything: this proves they bite.)
"""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]

# (module in the copy, the line planted in it, the contract that must break, what it reports)
PLANTED = [
    (
        "web/planted_import.py",
        "from games.absences import waiting\n",
        "Other apps use games only through its public surface",
        "web.planted_import -> games.absences.waiting",
    ),
    (
        "games/write/enqueue.py",
        "from games.workers import tasks\n",
        "The rooms of games",
        "games.write.enqueue -> games.workers.tasks",
    ),
    (
        "games/absences/owing.py",
        "from games.absences import pauses\n",
        "The rooms of games",
        "games.absences.owing -> games.absences.pauses",
    ),
    (
        "games/standing/applying.py",
        "from games.write import writer\n",
        "The rooms of games",
        "games.standing.applying -> games.write.writer",
    ),
    (
        "notifications/sending.py",
        "from notifications import composing\n",
        "The rooms of notifications",
        "notifications.sending -> notifications.composing",
    ),
    (
        "engine/khora/phases/dice.py",
        "from engine.khora import preview\n",
        "The rooms of the engine's Khôra",
        "engine.khora.phases.dice -> engine.khora.preview",
    ),
]


def copy_of_the_site(into: Path) -> None:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            into / package,
            ignore=shutil.ignore_patterns("__pycache__", "locale", "templates", "static", "*.mo"),
        )
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=where,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_contracts_keep_the_site_and_break_on_each_planted_import(tmp_path):
    copy_of_the_site(tmp_path)
    kept = lint_imports(tmp_path)
    assert kept.returncode == 0, kept.stdout + kept.stderr

    for path, line, _contract, _reported in PLANTED:
        with (tmp_path / path).open("a") as module:
            module.write(line)
    broken = lint_imports(tmp_path)
    report = broken.stdout
    assert broken.returncode == 1, report + broken.stderr
    for _path, _line, contract, reported in PLANTED:
        assert f"{contract} BROKEN" in report.replace("\n", " "), contract
        assert reported in report, reported
