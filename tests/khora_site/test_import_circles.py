"""No import circles inside an app, and no hidden import without its reason (issue 45).

import-linter checks the imports between the apps and between the rooms of one app; a circle
inside one app (a module that needs another which needs it back, however far round) passes
every contract. This check reads every .py under each app with ast, function-level imports
included (they still tie the two modules together, only later), builds the graph of imports
between the app's own modules and reports its strongly connected components: there must be
none but the documented ones in ALLOWED_CIRCLES. An import under `if TYPE_CHECKING:` never
runs: a circle only through such imports is reported, not refused.

An import inside a function ("hidden") must say why on its line or the line above: the
usual reason, dodging a circle, is no longer one.

Run `python -m tests.khora_site.test_import_circles` for the report: the circles and every
hidden import.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "engine", "bots", "common", "games", "accounts", "chat", "ratings", "matchmaking",
    "notifications", "web", "mailplay", "localmail", "live", "webhooks", "webpush",
    "operations", "khora_site",
)  # fmt: skip

# A circle that may stay, each with its reason. A circle only through imports under
# `if TYPE_CHECKING:` (never run) is no circle here; the report lists those apart.
HACKSOFT = (
    "services and tasks (HackSoft's shape): the module hands work to its Celery task after "
    "the commit, and the task calls the module; the import of the tasks is in a function"
)
ALLOWED_CIRCLES: dict[frozenset[str], str] = {
    frozenset({"mailplay.services", "mailplay.tasks"}): HACKSOFT,
    frozenset({"webpush.announcing", "webpush.tasks"}): HACKSOFT,
    frozenset(
        {"webhooks.delivering", "webhooks.queue", "webhooks.recording", "webhooks.tasks"}
    ): HACKSOFT + " (webhooks.queue.later, for recording's and delivering's retries)",
}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (the deepest of ours the statement names)
    line: int
    end_line: int
    block_line: int  # the first line of the run of import statements it stands in
    hidden: bool  # inside a function or a class body, run only when that runs
    type_only: bool  # under `if TYPE_CHECKING:`: never run


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def app_modules(app: str) -> dict[str, Path]:
    return {
        module_name(path): path
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    }


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _resolve(node: ast.ImportFrom, module: str, package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not package:
        base.pop()
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str, path: Path, known: set[str]) -> list[Import]:
    """Every import of one of `known` that the module's source makes, wherever it stands."""
    found: list[Import] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = _resolve(node, module, is_package(path))
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        return [name for name in names if name in known]

    block_start: dict[int, int] = {}  # id of an import statement: where its run of imports starts

    def note_runs(node: ast.AST) -> None:
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if not isinstance(statements, list):
                continue
            start = 0
            previous_was_import = False
            for statement in statements:
                is_import = isinstance(statement, ast.Import | ast.ImportFrom)
                if is_import and not previous_was_import:
                    start = statement.lineno
                if is_import:
                    block_start[id(statement)] = start
                previous_was_import = is_import

    def visit(node: ast.AST, hidden: bool, type_only: bool) -> None:
        note_runs(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in dict.fromkeys(targets(child)):
                    found.append(
                        Import(
                            module,
                            target,
                            child.lineno,
                            child.end_lineno or child.lineno,
                            block_start.get(id(child), child.lineno),
                            hidden,
                            type_only,
                        )
                    )
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                visit(child, True, type_only)
            elif isinstance(child, ast.If) and _type_checking(child.test):
                for statement in child.body:
                    visit(ast.Module(body=[statement], type_ignores=[]), hidden, True)
                for statement in child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]), hidden, type_only)
            else:
                visit(child, hidden, type_only)

    visit(ast.parse(path.read_text(), str(path)), False, False)
    return found


def app_imports(app: str) -> list[Import]:
    modules = app_modules(app)
    known = set(modules)
    return [found for name, path in modules.items() for found in imports_of(name, path, known)]


def circles(edges: list[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    graph: dict[str, list[str]] = {}
    for source, target in edges:
        if source != target:
            graph.setdefault(source, []).append(target)
            graph.setdefault(target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def app_circles(app: str, *, with_type_only: bool = False) -> list[list[str]]:
    return circles(
        [
            (found.source, found.target)
            for found in app_imports(app)
            if with_type_only or not found.type_only
        ]
    )


def hidden_imports(app: str) -> list[Import]:
    return [found for found in app_imports(app) if found.hidden and not found.type_only]


def _explained(found: Import) -> bool:
    """A comment on the import's own lines, or on the line above its run of imports."""
    path = (ROOT / found.source.replace(".", "/")).with_suffix(".py")
    if not path.exists():
        path = ROOT / found.source.replace(".", "/") / "__init__.py"
    text = path.read_text().splitlines()
    window = [text[found.block_line - 2], *text[found.line - 1 : found.end_line]]
    return any("#" in line for line in window)


def all_hidden_imports() -> list[Import]:
    """Every function-level import of another module of the site, by any app."""
    modules = {name: path for app in APPS for name, path in app_modules(app).items()}
    known = set(modules)
    return [
        found
        for name, path in modules.items()
        for found in imports_of(name, path, known)
        if found.hidden and not found.type_only
    ]


def test_no_import_circle_inside_an_app():
    found = {
        app: [circle for circle in app_circles(app) if frozenset(circle) not in ALLOWED_CIRCLES]
        for app in APPS
    }
    assert {app: circles for app, circles in found.items() if circles} == {}


def test_every_hidden_import_says_why():
    unexplained = [
        f"{found.source}:{found.line} -> {found.target}"
        for found in all_hidden_imports()
        if not _explained(found)
    ]
    assert unexplained == []


def test_the_checker_sees_a_circle_through_a_function_level_import(tmp_path):
    (tmp_path / "a.py").write_text("import pkg.b\n")
    (tmp_path / "b.py").write_text("def later():\n    from pkg import a\n")
    (tmp_path / "c.py").write_text("from . import a\n")
    known = {"pkg.a", "pkg.b", "pkg.c"}
    edges = [
        (found.source, found.target)
        for name in sorted(known)
        for found in imports_of(name, tmp_path / f"{name[4:]}.py", known)
    ]
    assert circles(edges) == [["pkg.a", "pkg.b"]]


def report() -> None:
    total = 0
    for app in APPS:
        runtime = app_circles(app)
        for circle in app_circles(app, with_type_only=True):
            total += len(circle)
            kind = "circle" if circle in runtime else "type-only circle"
            allowed = " (allowed)" if frozenset(circle) in ALLOWED_CIRCLES else ""
            print(f"{kind} in {app} ({len(circle)}): {' '.join(circle)}{allowed}")
    print(f"{total} modules in circles")
    hidden = all_hidden_imports()
    for found in hidden:
        mark = "" if _explained(found) else "  (no reason given)"
        print(f"hidden: {found.source}:{found.line} -> {found.target}{mark}")
    print(f"{len(hidden)} hidden imports")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    report()
