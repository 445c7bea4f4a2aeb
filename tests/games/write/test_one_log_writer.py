"""The game's log has one writer: only games.write.writer builds GameEvent rows (a decision,
an advance and a notice of a holiday, a pause, a nudge or a substitute alike), so every seq
is taken in one place."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
WRITER = "games/write/writer.py"


def _writes_the_log(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id == "GameEvent"
    if isinstance(func, ast.Attribute) and func.attr in ("create", "bulk_create", "get_or_create"):
        owner = ast.unparse(func.value)
        return owner in ("GameEvent.objects",) or owner.endswith(".events")
    return False


def writers() -> set[str]:
    found = set()
    packages = [p.parent for p in ROOT.glob("*/__init__.py")]  # the repository's, no .venv
    for path in (path for package in packages for path in package.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("tests/", "bench/")) or "/migrations/" in relative:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(_writes_the_log(node) for node in ast.walk(tree)):
            found.add(relative)
    return found


def test_only_the_writer_builds_rows_of_the_game_log():
    assert writers() == {WRITER}


def test_the_check_sees_a_second_writer():
    planted = ast.parse("GameEvent.objects.create(game=game, seq=1)\ngame.events.create(seq=2)")
    assert sum(_writes_the_log(node) for node in ast.walk(planted)) == 2
