"""`pip install ./clients/python` gives the package with its types (py.typed), its own version
and the example bot as the `khora-random-bot` command."""

from __future__ import annotations

import os
import subprocess
import sys

from khora_client import __version__

from tests.client.installed import install_client


def test_the_installed_client_has_its_version_its_types_and_its_command(tmp_path):
    site = install_client(tmp_path)
    assert (site / "khora_client" / "py.typed").exists()
    metadata = (site / f"khora_client-{__version__}.dist-info" / "METADATA").read_text()
    assert "Name: khora-client" in metadata and f"Version: {__version__}" in metadata
    assert "Requires-Dist" not in metadata  # the standard library only
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("KHORA_TOKEN", None)
    imported = subprocess.run(
        [sys.executable, "-c", "import khora_client; print(khora_client.__file__)"],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert imported.stdout.startswith(str(site))
    command = site / "bin" / "khora-random-bot"
    helped = subprocess.run([command, "--help"], env=env, capture_output=True, text=True)
    assert helped.returncode == 0 and "--games" in helped.stdout
    refused = subprocess.run([command, "--server", "http://x"], env=env, capture_output=True,
                             text=True)  # fmt: skip
    assert refused.returncode == 2 and "no token" in refused.stderr
