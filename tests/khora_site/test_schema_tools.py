"""Strict tools read the schema the server serves: a linter and two client generators with
their default configurations, as client authors run them (issue 40).

The npm tools are pinned in tools/openapi/package.json and installed by .ci/run (`npm ci
--prefix tools/openapi`; locally the same command); openapi-python-client comes with the dev
extra. Without them these tests skip, except under CI=true where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "openapi"
NODE_BIN = TOOLS / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent


def tool(path: Path) -> Path:
    if not path.exists():
        reason = f"{path.name} is not installed: run `npm ci --prefix tools/openapi`"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)
    return path


def run(command: list, cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Path:
    """The schema as the server serves it, dumped by the same generator; generating it with
    any warning (a type drf-spectacular had to guess) fails here."""
    folder = tmp_path_factory.mktemp("schema")
    target = folder / "openapi.yaml"
    run([sys.executable, "manage.py", "spectacular", "--fail-on-warn", "--file", target], ROOT)
    return target


def test_redocly_lint_finds_nothing(served, tmp_path):
    """recommended-strict (every warning an error), less the rules tools/openapi/redocly.yaml
    turns off and the problems its ignore file names, each with its reason."""
    for name in ("redocly.yaml", ".redocly.lint-ignore.yaml"):
        shutil.copy(TOOLS / name, tmp_path / name)
    shutil.copy(served, tmp_path / "openapi.yaml")
    output = run([tool(NODE_BIN / "redocly"), "lint", "openapi.yaml"], tmp_path)
    assert "Your API description is valid" in output, output


def test_openapi_typescript_generates_types_that_compile(served, tmp_path):
    types = tmp_path / "schema.d.ts"
    output = run([tool(NODE_BIN / "openapi-typescript"), served, "--output", types], tmp_path)
    assert not re.search(r"warn|⚠|error", output, re.IGNORECASE), output
    text = types.read_text()
    for name in ("GameDetailOutput", "ProblemOutput", "StreamEndEvent", "WebhookPayload"):
        assert f"{name}: {{" in text, name
    run([tool(NODE_BIN / "tsc"), "--noEmit", "--strict", types], tmp_path)


def test_openapi_python_client_generates_a_package_that_imports(served, tmp_path):
    generator = VENV_BIN / "openapi-python-client"
    if not generator.exists():  # the dev extra brings it
        tool(generator)
    # Its default configuration formats what it writes with ruff, which it finds on PATH.
    path = {"PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    output = run(
        [generator, "generate", "--path", served, "--output-path", "client", "--fail-on-warning"],
        tmp_path,
        env=path,
    )
    assert "Warning" not in output and "ruff is not in PATH" not in output, output
    packages = [p for p in (tmp_path / "client").iterdir() if (p / "__init__.py").exists()]
    assert len(packages) == 1, output
    enums = {
        name: len(component["enum"])
        for name, component in json.loads(_as_json(served))["components"]["schemas"].items()
        if "enum" in component and component.get("type") == "string"
    }
    # Every module imports, and every enum kept each of its members (a generator that names
    # two members alike would keep one: GMT+0 and GMT-0).
    script = f"""
import enum, importlib, json, pkgutil, sys
package = importlib.import_module({packages[0].name!r})
for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(module.name)
models = importlib.import_module(package.__name__ + ".models")
counts = {{name: len(value) for name, value in vars(models).items()
          if isinstance(value, type) and issubclass(value, enum.Enum)}}
print(json.dumps(counts))
"""
    counts = json.loads(run([sys.executable, "-c", script], tmp_path / "client"))
    assert counts.get("TimeZoneEnum") == enums["TimeZoneEnum"]
    shorter = {name: (counts[name], enums[name]) for name in enums if name in counts}
    assert all(got == wanted for got, wanted in shorter.values()), shorter


def _as_json(yaml_file: Path) -> str:
    import yaml

    return json.dumps(yaml.safe_load(yaml_file.read_text()), default=str)
