"""What the client raises: every error is a KhoraError."""

from __future__ import annotations

from typing import Any, cast

from khora_client.types import Problem


class KhoraError(Exception):
    """Anything the client raises on purpose."""


class ApiError(KhoraError):
    """The server (or a proxy in front of it) refused the request, and trying again would not
    help or did not: `status`, `code` (stable, e.g. "stale_prompt"; "http_502" when the body
    was no problem+json, as a proxy's error page is not) and the problem's `body`."""

    def __init__(self, status: int, body: dict[str, Any], retry_after: float | None = None):
        self.status = status
        self.body = body
        code = body.get("code")
        self.code = code if isinstance(code, str) else f"http_{status}"
        detail = body.get("detail")
        self.detail = detail if isinstance(detail, str) else ""
        self.retry_after = retry_after
        super().__init__(f"{status} {self.code}: {self.detail}".rstrip(": "))

    @property
    def problem(self) -> Problem:
        """The body as the schema's ProblemOutput (the members it has depend on the code)."""
        return cast(Problem, self.body)


class ConnectionFailed(KhoraError):
    """No answer came from the server, and the request was not (or could no longer be) tried
    again: the server was down for longer than the retry policy waits, or the request may have
    been applied and was not safe to send twice. `__cause__` is the last network error."""


class StreamEnded(KhoraError):
    """The server ended a stream because its credential stopped holding (`reason`:
    token_revoked, token_expired, logged_out, session_expired, account_disabled): get a new
    token before following again. With the old one a reconnect would be refused 401."""

    def __init__(self, reason: str, detail: str):
        self.reason = reason
        self.detail = detail
        super().__init__(f"the stream ended: {reason}: {detail}")
