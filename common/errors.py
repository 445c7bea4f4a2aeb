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


# HTTP status for each refusal code of the engine's IllegalDecision.
ENGINE_CODE_STATUS = {
    # 422: the request matches the schema but the rules refuse it (400 is for requests that do
    # not match the schema).
    "invalid_setup": 422,
    "illegal_option": 422,
    "stale_prompt": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "waiting_for_chance": 409,
    "nothing_to_revise": 409,
}


def engine_code_status(code: str) -> int:
    return ENGINE_CODE_STATUS.get(code, 409)
