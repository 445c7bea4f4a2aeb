"""Refusals raised by services; the API's one exception handler turns them into problem+json."""

from typing import Any


class DomainError(Exception):
    """A request the server refuses, with a stable `code`, an HTTP status and safe details.

    The message says what was wrong and what would be accepted; it must never contain
    information the requester may not see.
    """

    def __init__(
        self, code: str, message: str, status: int = 400, details: dict[str, Any] | None = None
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details or {}
