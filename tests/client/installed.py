"""The client as a user installs it (`pip install ./clients/python`), into a folder of its own:
for the tests that run its command, and the integration test's bots."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"


def install_client(folder: Path) -> Path:
    """Installs a copy of clients/python into `folder` / "site" (a build writes beside its
    sources, so never into the checkout); returns that folder, for PYTHONPATH. Offline: no
    index, and the build uses this environment's setuptools."""
    source = folder / "source"
    shutil.copytree(
        CLIENT, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    site = folder / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-build-isolation", "--no-deps", "--no-index", "--target", str(site), str(source)],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return site
