"""Logging and monitoring: the log format and level, the token and thresholds of /metrics and
/health/deep/, and error reports (Sentry or GlitchTip). Imported last: error reports start
once every other setting is read."""

import os

from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.env import env_int
from operations.logs import logging_config

# Logs go to stderr (journald under systemd): plain text, or one JSON object a line with the
# request's or task's id, user, game and duration (operations/logs.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT") or "text"
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} is neither text nor json.")
LOGGING = logging_config(LOG_FORMAT, os.environ.get("LOG_LEVEL", "INFO"))
# A Celery worker or beat replaces the root logger's handlers with its own text format unless
# told not to: with JSON logs they keep this configuration, as every other process does.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT != "json"

# Operations (operations/, docs/operations.md): the token /metrics and /health/deep/ ask for
# (unset: both answer 404), and the deep check's thresholds.
MONITORING_TOKEN = os.environ.get("MONITORING_TOKEN", "")
HEALTH_WORKER_TIMEOUT_SECONDS = env_int("HEALTH_WORKER_TIMEOUT_SECONDS", 1)
HEALTH_TICK_MAX_SECONDS = env_int("HEALTH_TICK_MAX_SECONDS", 180)
HEALTH_EMAIL_DUE_MAX_SECONDS = env_int("HEALTH_EMAIL_DUE_MAX_SECONDS", 300)
HEALTH_WEBHOOK_BACKLOG_MAX = env_int("HEALTH_WEBHOOK_BACKLOG_MAX", 500)
HEALTH_ADVANCE_OVERDUE_SECONDS = env_int("HEALTH_ADVANCE_OVERDUE_SECONDS", 60)
if min(HEALTH_WORKER_TIMEOUT_SECONDS, HEALTH_TICK_MAX_SECONDS, HEALTH_ADVANCE_OVERDUE_SECONDS) < 1:
    raise ImproperlyConfigured(
        "HEALTH_WORKER_TIMEOUT_SECONDS, HEALTH_TICK_MAX_SECONDS and "
        "HEALTH_ADVANCE_OVERDUE_SECONDS must be at least 1."
    )
# Error reports (Sentry or GlitchTip) only when a DSN is set; nothing is sent without one.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", "")
if SENTRY_DSN:
    from operations.errors import start as start_error_reports

    start_error_reports(SENTRY_DSN, SENTRY_ENVIRONMENT)
