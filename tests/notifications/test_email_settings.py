"""Email and notification settings come from the environment; nonsense stops start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMES = (
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "DEFAULT_FROM_EMAIL",
    "NOTIFY_REMINDER_HOURS",
    "NOTIFY_MAX_ATTEMPTS",
    "NOTIFY_RETRY_SECONDS",
    "NOTIFY_DIGEST_HOUR",
)
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    f"print(json.dumps({{name: getattr(settings, name) for name in {NAMES!r}}}))"
)


def probe(**env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in NAMES}
    clean["DJANGO_SETTINGS_MODULE"] = "khora_site.settings"
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def settings_with(**env) -> dict:
    result = probe(**env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_without_a_mail_server_email_stays_in_the_local_mailbox_with_the_default_ladder():
    found = settings_with()  # the embedded default (DEBUG on): kept for /mailbox/
    assert found["EMAIL_BACKEND"] == "localmail.backend.EmailBackend"
    assert found["NOTIFY_REMINDER_HOURS"] == [24, 2]
    assert found["NOTIFY_DIGEST_HOUR"] == 8
    assert found["NOTIFY_MAX_ATTEMPTS"] >= 1


def test_a_mail_server_switches_to_smtp_with_its_credentials():
    found = settings_with(
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="587",
        EMAIL_HOST_USER="khora",
        EMAIL_HOST_PASSWORD="from-the-environment",
        EMAIL_USE_TLS="true",
        DEFAULT_FROM_EMAIL="Khôra <turns@example.org>",
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("smtp.example.org", 587)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == (
        "khora",
        "from-the-environment",
    )
    assert found["EMAIL_USE_TLS"] is True
    assert found["DEFAULT_FROM_EMAIL"] == "Khôra <turns@example.org>"


def test_email_backend_overrides_the_choice():
    found = settings_with(
        EMAIL_HOST="smtp.example.org",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.locmem.EmailBackend"


def test_the_reminder_ladder_is_read_largest_first_without_repeats():
    assert settings_with(NOTIFY_REMINDER_HOURS="2, 48,12,2")["NOTIFY_REMINDER_HOURS"] == [48, 12, 2]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"NOTIFY_REMINDER_HOURS": "24,soon"}, "comma-separated integers"),
        ({"NOTIFY_REMINDER_HOURS": "24,0"}, "at least 1"),
        ({"NOTIFY_DIGEST_HOUR": "24"}, "not an hour"),
        ({"NOTIFY_MAX_ATTEMPTS": "0"}, "at least 1"),
        ({"EMAIL_USE_TLS": "perhaps"}, "is not a boolean"),
        ({"EMAIL_PORT": "smtp"}, "is not an integer"),
    ],
)
def test_nonsense_stops_start_up(env, message):
    result = probe(**env)
    assert result.returncode != 0
    assert message in result.stderr
