"""The server's one source of "now", so tests (and later the deadline worker) can set it."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from django.utils import timezone

_frozen: datetime | None = None


def now() -> datetime:
    return _frozen if _frozen is not None else timezone.now()


@contextmanager
def frozen_at(moment: datetime) -> Iterator[None]:
    """Make `now()` return `moment` inside the block."""
    global _frozen
    previous, _frozen = _frozen, moment
    try:
        yield
    finally:
        _frozen = previous
