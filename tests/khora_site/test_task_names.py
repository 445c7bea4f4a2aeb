"""Every Celery task is named by its module path, so a name read in a log, a metric or a
queue leads to its code; the few that are not are listed in docs/operations.md with theirs."""

from __future__ import annotations

import importlib
import re
from fnmatch import fnmatch
from pathlib import Path

from khora_site.celery import app

ROOT = Path(__file__).resolve().parents[2]
# A row of the docs' table: | `games.tasks.tick` | `games.workers.tasks` |
LISTED = re.compile(r"^\s*\|\s*`([\w.]+)`\s*\|\s*`([\w.]+)`\s*\|", re.M)


def registered() -> dict[str, str]:
    """Task name: the module path of its function, for every task of the repository."""
    app.loader.import_default_modules()
    for path in ROOT.glob("*/**/tasks.py"):  # tasks modules autodiscovery may not reach
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] not in ("bench", "tests", ".venv"):
            importlib.import_module(".".join(parts))
    return {
        name: f"{task.run.__module__}.{task.run.__name__}"
        for name, task in app.tasks.items()
        if not name.startswith("celery.")
    }


def documented() -> dict[str, str]:
    """The table under "Task name | Module" in docs/operations.md."""
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    table = text.split("| Task name | Module |", 1)[1].split("\n\n", 1)[0]
    return dict(LISTED.findall(table))


def test_every_task_is_named_by_its_module_path_or_listed_in_the_docs():
    listed = documented()
    tasks = registered()
    assert len(tasks) >= 15
    for name, path in tasks.items():
        if name == path:
            continue
        assert listed.get(name) == path.rsplit(".", 1)[0], (
            f"task {name!r} is {path}: name it by its module, or list it in docs/operations.md"
        )
    assert not set(listed) - set(tasks), "docs/operations.md lists tasks that do not exist"


def test_every_route_and_beat_entry_names_a_task_that_exists(settings):
    tasks = registered()
    for pattern in settings.CELERY_TASK_ROUTES:
        assert any(fnmatch(name, pattern) for name in tasks), f"route {pattern!r} takes no task"
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in tasks, entry["task"]
