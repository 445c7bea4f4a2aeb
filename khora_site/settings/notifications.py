"""Notifications: the reminder ladder, retries and pauses of sending, the digest, and what an
email tells."""

from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.env import env_int, env_list
from khora_site.settings.mail import EMAIL_TIMEOUT

# Notifications: the reminder ladder (hours before a deadline), retries and the digest.
try:
    NOTIFY_REMINDER_HOURS = sorted(
        {int(hours) for hours in env_list("NOTIFY_REMINDER_HOURS", ["24", "2"])}, reverse=True
    )
except ValueError:
    raise ImproperlyConfigured("NOTIFY_REMINDER_HOURS must be comma-separated integers.") from None
if not NOTIFY_REMINDER_HOURS or NOTIFY_REMINDER_HOURS[-1] < 1:
    raise ImproperlyConfigured("NOTIFY_REMINDER_HOURS must list whole hours of at least 1.")
NOTIFY_MAX_ATTEMPTS = env_int("NOTIFY_MAX_ATTEMPTS", 6)
NOTIFY_RETRY_SECONDS = env_int("NOTIFY_RETRY_SECONDS", 60)  # doubles after every failure
NOTIFY_DIGEST_HOUR = env_int("NOTIFY_DIGEST_HOUR", 8)  # the default local hour of the digest
NOTIFY_PAUSE_SECONDS = env_int("NOTIFY_PAUSE_SECONDS", 60)  # no sends after the server hung
# A drain task stops claiming after this long and hands the rest to a new task, so a worker
# that also serves games takes their tasks in between.
NOTIFY_SEND_BUDGET_SECONDS = env_int("NOTIFY_SEND_BUDGET_SECONDS", 2)
if min(NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_SECONDS, NOTIFY_SEND_BUDGET_SECONDS, EMAIL_TIMEOUT) < 1:
    raise ImproperlyConfigured(
        "NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_SECONDS, NOTIFY_SEND_BUDGET_SECONDS and "
        "EMAIL_TIMEOUT must be at least 1."
    )
if NOTIFY_PAUSE_SECONDS < 0:
    raise ImproperlyConfigured("NOTIFY_PAUSE_SECONDS must be 0 (no pause) or more.")
if not 0 <= NOTIFY_DIGEST_HOUR <= 23:
    raise ImproperlyConfigured(f"NOTIFY_DIGEST_HOUR={NOTIFY_DIGEST_HOUR} is not an hour (0-23).")

# A player who answered this recently is at the table: their "your turn" email waits this
# long and is dropped if they answer first (0: never hold).
NOTIFY_ACTIVE_MINUTES = env_int("NOTIFY_ACTIVE_MINUTES", 5)
# An email that asks something tells at most this many lines of what happened since the
# player last looked (the newest), then "and N more".
NOTIFY_HISTORY_LINES = env_int("NOTIFY_HISTORY_LINES", 12)
