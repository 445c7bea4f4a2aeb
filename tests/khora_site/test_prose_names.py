"""The prose names what exists: every backticked module, path or dotted name in docs/*.md and
README.md resolves to a file, a folder or an importable module (and its attribute), so a move
that leaves a stale name behind fails here instead of misleading the next reader."""

from __future__ import annotations

import ast
import importlib
import io
import re
import subprocess
import tokenize
from functools import cache
from pathlib import Path

import pytest
from django.urls import get_resolver

from khora_site.celery import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
TICKED = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"[\w.-]*/[\w./-]*|[\w-]+\.(?:py|md|ya?ml|json|toml|lock|conf|txt|html|po|sh)")
# Backticked words that look like names but are not the repository's: JSON fields of payloads,
# names in examples and files a running server writes. Each says what it is.
NOT_NAMES = {
    "db.sqlite3": "the development database, created by migrate, never committed",
    "var/": "bin/run's output folder, git-ignored",
    "staticfiles/": "collectstatic's output on a server",
    "artifacts/screenshots/": "written by the browser tests, git-ignored",
    "manifest.json": "written into each backup by operations' backup command",
    "khora.example.org": "an example host",
}
# Dotted words that name a field of a value or an event, not a module: the engine's state,
# an option's params, an event's payload, webhook events (`game.over`), loggers (`khora.task`).
NOT_NAME_PREFIXES = ("state.", "params.", "player.", "prompt.", "data.", "game.", "khora.")


def _is_name(token: str) -> bool:
    if token in NOT_NAMES or token.startswith(("/", "http", "~", "$", "-", *NOT_NAME_PREFIXES)):
        return False  # URLs of the API, shell words
    if re.fullmatch(r"[\d./]+|\d+/\w+", token):
        return False  # address ranges (10.0.0.0/8), rates (10/hour)
    return bool(DOTTED.fullmatch(token) or PATH.fullmatch(token))


def ticked_names() -> list[tuple[str, str]]:
    found = set()
    for doc in DOCS:
        for match in TICKED.finditer(doc.read_text(encoding="utf-8")):
            token = match.group(1).strip()
            if _is_name(token):
                found.add((doc.relative_to(ROOT).as_posix(), token))
    return sorted(found)


@cache
def tracked() -> tuple[str, ...]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    if listed:
        return tuple(listed)
    return tuple(  # not a git checkout: the files as they lie
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*")
        if path.is_file() and ".venv" not in path.parts and "node_modules" not in path.parts
    )


@cache
def folders() -> frozenset[str]:
    return frozenset(str(Path(path).parent.as_posix()) + "/" for path in tracked()) | frozenset(
        parent.as_posix() + "/" for path in tracked() for parent in Path(path).parents
    )


@cache
def modules() -> tuple[str, ...]:
    return tuple(
        path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for path in tracked()
        if path.endswith(".py")
    )


@cache
def classes() -> dict[str, list[str]]:
    """Class name: the modules defining it."""
    found: dict[str, list[str]] = {}
    for module in modules():
        if module.startswith(("tests.", "bench.")) or ".migrations." in module:
            continue
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(module)
    return found


# Entry points act on being imported (the stream server's marks this process as a stream
# process and changes the database settings), so they are read, never imported, here.
ENTRY_POINTS = ("khora_site.asgi", "khora_site.wsgi", "manage")


def _has(module: str, attributes: list[str]) -> bool:
    if module in ENTRY_POINTS or (not attributes and module in modules()):
        if not attributes:
            return module in modules()
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        defined = {
            getattr(node, "name", None) or getattr(getattr(node, "targets", [None])[0], "id", None)
            for node in ast.parse(source).body
        }
        return attributes[0] in defined
    try:
        thing = importlib.import_module(module)
    except ImportError:
        return False
    for name in attributes:
        if not hasattr(thing, name):
            # An attribute may name a submodule not imported by its package.
            try:
                thing = importlib.import_module(f"{thing.__name__}.{name}")
            except (ImportError, AttributeError):
                return False
            continue
        thing = getattr(thing, name)
    return True


@cache
def routes() -> tuple[str, ...]:
    """Every URL of the site, its parameters as `{}` (docs/api.md names them by their tail)."""

    def walk(patterns, prefix: str):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                yield from walk(pattern.url_patterns, route)
            else:
                yield re.sub(r"<[^>]+>", "{}", route)

    return tuple(walk(get_resolver().url_patterns, ""))


@cache
def task_names() -> frozenset[str]:
    app.loader.import_default_modules()
    return frozenset(app.tasks)


def resolves(token: str) -> bool:
    if token in task_names() or any(name.startswith(token + ".") for name in task_names()):
        return True  # a Celery task's name, or the prefix of some (`games.tasks`)
    if "/" in token or PATH.fullmatch(token):
        name = token.rstrip("/")
        paths = [path for path in tracked() if path == name or path.endswith("/" + name)]
        dirs = [d for d in folders() if d == name + "/" or d.endswith("/" + name + "/")]
        in_url = token.endswith("/") and any(
            route == token or route.endswith("/" + token) or f"/{token}" in route
            for route in routes()
        )
        return bool(paths or dirs or in_url)
    parts = token.split(".")
    if parts[0][:1].isupper():  # Class.attribute: a class of the repository
        return any(_has(module, parts) for module in classes().get(parts[0], []))
    for cut in range(len(parts), 0, -1):
        head, rest = ".".join(parts[:cut]), parts[cut:]
        # The repository's modules by their full name or their tail, as the docs of one app
        # or package name them ("dice.lowest_roller" in docs/engine.md); or an installed one.
        owners = [m for m in modules() if m == head or m.endswith("." + head)] or [head]
        if any(_has(module, rest) for module in owners):
            return True
        if cut == 1 and _has(f"{head}.models", rest):  # an app's model: `mailplay.InboundMessage`
            return True
    return False


@pytest.mark.parametrize(("doc", "token"), ticked_names())
def test_every_backticked_name_in_the_docs_resolves(doc, token):
    assert resolves(token), f"{doc}: `{token}` names no file, folder or module of the repository"


# In the code's comments and docstrings: dotted names that start with a package of the
# repository (`games.workers.advancing`), which a move leaves stale as easily as the docs.
PACKAGES = ("accounts", "bots", "chat", "common", "engine", "games", "khora_site", "live")
PACKAGES += ("localmail", "mailplay", "notifications", "operations", "ratings", "web", "webhooks")
IN_CODE = re.compile(r"(?<![\w./-])(?:{})(?:\.[A-Za-z_]\w*)+".format("|".join(PACKAGES)))


def named_in_code() -> list[tuple[str, str]]:
    found = set()
    for path in tracked():
        if not path.endswith(".py") or path.startswith("tests/") or "/migrations/" in path:
            continue
        source = (ROOT / path).read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            text = token.string
            if token.type == tokenize.COMMENT or (
                token.type == tokenize.STRING and text.lstrip("rbuRBU").startswith(('"""', "'''"))
            ):
                found.update((path, name.rstrip(".")) for name in IN_CODE.findall(text))
    return sorted(found)


def test_every_module_named_in_the_code_comments_resolves():
    stale = [f"{path}: {name}" for path, name in named_in_code() if not resolves(name)]
    assert not stale, stale


def test_a_stale_name_is_caught():
    assert resolves("games.write.writer.write_notice") and resolves("deploy/nginx/")
    assert not resolves("games.absences.no_such_module") and not resolves("games/nowhere.py")
    assert not resolves("GameWriter.no_such_method")
