"""Settings come from the environment: embedded defaults, real parts on request, loud errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'db': settings.DATABASES['default']['ENGINE'], "
    "'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL, "
    "'email': settings.EMAIL_BACKEND, 'debug': settings.DEBUG, "
    "'celery_broker': __import__('khora_site').celery_app.conf.broker_url}))"
)
SETTINGS_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "LOCAL_MAILBOX",
)


def probe(**env):
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARS}
    clean["DJANGO_SETTINGS_MODULE"] = "khora_site.settings"
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return result


def test_nothing_set_runs_embedded():
    result = probe()
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["db"] == "django.db.backends.sqlite3"
    assert found["eager"] is True and found["broker"] == "memory://"
    assert found["email"] == "localmail.backend.EmailBackend"  # kept in the local mailbox
    assert found["debug"] is True


def test_the_local_mailbox_is_never_on_in_production():
    production = {"DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "x" * 50}
    result = probe(**production)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["email"] == "django.core.mail.backends.console.EmailBackend"
    refused = probe(**production, LOCAL_MAILBOX="true")
    assert refused.returncode != 0
    assert "LOCAL_MAILBOX" in refused.stderr
    with_smtp = probe(EMAIL_HOST="mail.example.org")
    assert json.loads(with_smtp.stdout)["email"] == "django.core.mail.backends.smtp.EmailBackend"


def test_database_and_redis_urls_switch_to_the_real_parts():
    result = probe(
        DATABASE_URL="postgres://u@db.example:5432/khora", REDIS_URL="redis://cache.example:6379/0"
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["db"] == "django.db.backends.postgresql"
    assert found["eager"] is False
    assert found["broker"] == found["celery_broker"] == "redis://cache.example:6379/0"


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DJANGO_DEBUG": "maybe"}, "is not a boolean"),
        ({"DJANGO_DEBUG": "false"}, "Set DJANGO_SECRET_KEY"),
        ({"DATABASE_URL": "mysql://u@h/db"}, "PostgreSQL or SQLite"),
    ],
)
def test_nonsense_fails_loudly_at_start_up(env, message):
    result = probe(**env)
    assert result.returncode != 0
    assert message in result.stderr
