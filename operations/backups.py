"""A backup is a directory: the database's dump and a manifest of what it holds.

PostgreSQL is dumped with pg_dump (custom format: compressed, restorable object by object)
and restored with pg_restore; SQLite is copied with its online backup API, a consistent copy
while the server writes. Neither holds DJANGO_SECRET_KEY (it signs every answer link and
login link in players' mailboxes): keep the environment file apart, the manifest only carries
the key's fingerprint, so a restore can say whether links sent before still work.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections

from games.models import Game, GameEvent

DUMP = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
MANIFEST = "manifest.json"


def key_fingerprint() -> str:
    return hashlib.sha256(settings.SECRET_KEY.encode()).hexdigest()[:16]


def _database() -> dict[str, Any]:
    return settings.DATABASES["default"]


def _vendor() -> str:
    return connections["default"].vendor


def _pg_env() -> dict[str, str]:
    db = _database()
    env = {**os.environ}
    for variable, key in (
        ("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER"), ("PGPASSWORD", "PASSWORD"),
    ):  # fmt: skip
        if db.get(key):
            env[variable] = str(db[key])
    return env


def _sqlite() -> sqlite3.Connection:
    """The site's own connection to its SQLite database (a test's may be in memory)."""
    connection = connections["default"]
    connection.ensure_connection()
    return connection.connection


def counts() -> dict[str, int]:
    return {"games": Game.objects.count(), "events": GameEvent.objects.count()}


def backup(into: Path) -> Path:
    """Write a new backup directory under `into`; returns its path."""
    vendor = _vendor()
    if vendor not in DUMP:
        raise ValueError(f"no backup for a {vendor} database")
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = into / f"khora-{stamp}"
    target.mkdir(parents=True)
    dump = target / DUMP[vendor]
    if vendor == "postgresql":
        subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", "--no-privileges",
             f"--file={dump}", str(_database()["NAME"])],
            env=_pg_env(), check=True, capture_output=True, text=True,
        )  # fmt: skip
    else:
        with closing(sqlite3.connect(dump)) as copy:
            _sqlite().backup(copy)
    manifest = {
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": vendor,
        "dump": dump.name,
        "bytes": dump.stat().st_size,
        "secret_key_fingerprint": key_fingerprint(),
        "site_url": settings.SITE_URL,
        **counts(),
    }
    (target / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return target


def read_manifest(source: Path) -> dict[str, Any]:
    return json.loads((source / MANIFEST).read_text())


def restore(source: Path) -> dict[str, Any]:
    """Replace this site's database with the backup in `source`; returns its manifest."""
    manifest = read_manifest(source)
    vendor = _vendor()
    if manifest["database"] != vendor:
        raise ValueError(f"a {manifest['database']} backup cannot be restored into {vendor}")
    dump = source / manifest["dump"]
    if vendor == "postgresql":
        for connection in connections.all():
            connection.close()  # pg_restore drops the tables they would hold open
        subprocess.run(
            ["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
             "--single-transaction", "--exit-on-error",
             f"--dbname={_database()['NAME']}", str(dump)],
            env=_pg_env(), check=True, capture_output=True, text=True,
        )  # fmt: skip
    else:
        with closing(sqlite3.connect(dump)) as copy:
            copy.backup(_sqlite())
    return manifest
