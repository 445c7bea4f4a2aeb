"""Waiting in a test for work another thread or process does."""

from __future__ import annotations

import time


def wait_until(condition, timeout: float = 5.0) -> bool:
    """Whether `condition()` came true within `timeout` seconds (looked at every 10 ms)."""
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        if condition():
            return True
        time.sleep(0.01)
    return bool(condition())
