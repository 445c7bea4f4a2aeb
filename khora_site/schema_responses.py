"""The headers and the refusals every operation of a kind has, declared on each of them.

Each rule follows from what an operation already declares, so a view cannot forget one: a 429
or 503 carries Retry-After (common.problems sets it on each), an operation that may answer 304
tags its 200 and its 304 with an ETag and reads If-None-Match (common.conditional), one that
takes an Idempotency-Key says when its answer is a replay (Idempotent-Replayed), and one that
reads a body may refuse it as too large (413) or not JSON (415), as common.problems does; and
every operation may answer 503 while the database is down or busy (common.outages).
"""

from __future__ import annotations

HEADERS = {
    "RetryAfter": {
        "description": "Whole seconds to wait before trying again.",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    },
    "ETag": {
        "description": "The version of this answer: send it back as If-None-Match to get 304 "
        "while nothing changed.",
        "required": True,
        "schema": {"type": "string", "pattern": '^(W/)?"[!#-~]*"$'},
    },
    "IdempotentReplayed": {
        "description": "Present, with the value true, when this is the stored answer to an "
        "earlier request with the same Idempotency-Key (nothing was done again).",
        "required": False,
        "schema": {"type": "string", "enum": ["true"]},
    },
}
HEADER_NAMES = {
    "RetryAfter": "Retry-After",
    "ETag": "ETag",
    "IdempotentReplayed": "Idempotent-Replayed",
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "description": "The ETag of an answer you hold: 304 Not Modified (no body) if it is "
    "still current.",
    "schema": {"type": "string"},
}


BODY_REFUSALS = {
    "413": "The body is larger than the server reads (too_large).",
    "415": "The body is not JSON (unsupported_media_type).",
}


OUTAGE = (
    "A part the server needs is down or busy (database_unavailable, database_busy); nothing was "
    "changed: try again after Retry-After."
)


def declare_responses(result: dict, generator, request, public: bool) -> dict:
    result.setdefault("components", {})["headers"] = {
        name: dict(header) for name, header in HEADERS.items()
    }
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and "responses" in operation:
                _declare(operation)
    return result


def _declare(operation: dict) -> None:
    responses = operation["responses"]
    parameters = operation.get("parameters", [])
    if "requestBody" in operation:
        problem = {"schema": {"$ref": "#/components/schemas/ProblemOutput"}}
        for status, description in BODY_REFUSALS.items():
            responses.setdefault(
                status,
                {"description": description, "content": {"application/problem+json": problem}},
            )
    # Any operation reads the database, so any may find it down, busy past the request's lock
    # bound, or read-only (common/outages.py).
    responses.setdefault(
        "503",
        {
            "description": OUTAGE,
            "content": {
                "application/problem+json": {
                    "schema": {"$ref": "#/components/schemas/ProblemOutput"}
                }
            },
        },
    )
    for status in ("429", "503"):
        if status in responses:
            _add(responses[status], "RetryAfter")
    if "304" in responses:
        _add(responses["304"], "ETag")
        _add(responses["200"], "ETag")
        if not any(parameter.get("name") == "If-None-Match" for parameter in parameters):
            operation["parameters"] = [*parameters, IF_NONE_MATCH]
    if any(parameter.get("name") == "Idempotency-Key" for parameter in parameters):
        for status, response in responses.items():
            if status.startswith("2"):
                _add(response, "IdempotentReplayed")


def _add(response: dict, header: str) -> None:
    reference = {"$ref": f"#/components/headers/{header}"}
    response.setdefault("headers", {})[HEADER_NAMES[header]] = reference
