"""Reading the environment: the helpers every settings module reads its variables with.

Nonsense values fail loudly at start-up (ImproperlyConfigured) rather than falling back.
"""

import os

from django.core.exceptions import ImproperlyConfigured


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use true or false.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# Throttle rates (security.py): "<requests>/<second|minute|hour|day>", or "off" (None).
def env_rate(name: str, default: str) -> str | None:
    raw = os.environ.get(name) or default
    if raw.strip().lower() == "off":
        return None
    number, _, period = raw.partition("/")
    if not number.strip().isdigit() or period.strip()[:1] not in ("s", "m", "h", "d"):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a rate like 10/hour, or off.")
    return raw.strip()
