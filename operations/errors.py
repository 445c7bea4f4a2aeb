"""Error reports to Sentry (or GlitchTip, which takes the same SDK) when SENTRY_DSN is set.

Nothing is sent without it: the SDK is not even started. When it is, an event must not carry
what a seat may not see: frames' local variables are not collected at all (an engine state
holds every hand), and any member named like game data (a prompt, options, hands, cards, a
state or a view, an event's payload) is replaced wherever it appears in the event: the
request's body, extra data, contexts, breadcrumbs.
"""

from __future__ import annotations

from typing import Any

HIDDEN = "[hidden]"
GAME_DATA = frozenset(
    {
        "prompt", "prompts", "option", "options", "decisions", "hand", "hands", "cards",
        "state", "view", "views", "payload", "pending", "draft", "picks", "tiles", "deck",
        "events", "data",
    }
)  # fmt: skip


def scrub(value: Any, depth: int = 0) -> Any:
    if depth > 20:
        return HIDDEN
    if isinstance(value, dict):
        return {
            key: HIDDEN if str(key).lower() in GAME_DATA else scrub(item, depth + 1)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        return [scrub(item, depth + 1) for item in value]
    return value


def before_send(event: Any, hint: dict[str, Any]) -> Any:
    request = event.get("request")
    if isinstance(request, dict) and "data" in request:
        request["data"] = scrub(request["data"]) if isinstance(request["data"], dict) else HIDDEN
    for member in ("extra", "contexts"):
        if member in event:
            event[member] = scrub(event[member])
    breadcrumbs = event.get("breadcrumbs")
    if isinstance(breadcrumbs, dict):
        for crumb in breadcrumbs.get("values", []):
            if "data" in crumb:
                crumb["data"] = scrub(crumb["data"])
    return event


def start(dsn: str, environment: str, transport: Any = None) -> None:
    import logging

    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment or None,
        integrations=[
            DjangoIntegration(),
            CeleryIntegration(),
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
        ],
        # No user names or addresses, no request bodies (a decision, a reply by email), no
        # frames' local variables (an engine state holds every hand), no query parameters.
        data_collection={
            "user_info": False,
            "http_bodies": [],
            "stack_frame_variables": False,
            "database_query_data": False,
        },
        traces_sample_rate=0.0,
        before_send=before_send,
        transport=transport,
    )
