"""The database: SQLite embedded, PostgreSQL from DATABASE_URL, and the time limits of the
web and stream processes' queries."""

import os

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.base import BASE_DIR
from khora_site.settings.env import env_int

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Health checks: a connection kept across a PostgreSQL restart is replaced, not failed on.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
    if DATABASES["default"]["ENGINE"] not in (
        "django.db.backends.postgresql",
        "django.db.backends.sqlite3",
    ):
        raise ImproperlyConfigured("DATABASE_URL must name a PostgreSQL or SQLite database.")
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite ignores SELECT ... FOR UPDATE; taking the write lock at BEGIN keeps one writer per
    # game (runserver is threaded) instead of failing one of two racing writers.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The web and stream processes wait at most this long for a lock, and run a statement at most
# this long (khora_site/database.py); past either, 503 database_busy. Workers are not bounded.
DATABASE_REQUEST_LOCK_TIMEOUT_MS = env_int("DATABASE_REQUEST_LOCK_TIMEOUT_MS", 3000)
DATABASE_REQUEST_STATEMENT_TIMEOUT_MS = env_int("DATABASE_REQUEST_STATEMENT_TIMEOUT_MS", 10000)
