"""drf-spectacular post-processing of the OpenAPI schema (OpenAPI 3.1, SPECTACULAR_SETTINGS).

What a view's extend_schema() cannot say alone is said here once for every app: request bodies
closed, the headers each kind of response carries, enum members that generated clients can
name, and the components no operation's body references (stream events, webhook payloads).
"""

from __future__ import annotations

import re

from django.utils.module_loading import import_string
from drf_spectacular.plumbing import build_mocked_view
from drf_spectacular.utils import extend_schema

# Request bodies refuse members they do not know (common.inputs.StrictInput, and the
# preferences PATCH), so the schema says so and generated clients and fuzzers agree with it.
STRICT_REQUEST_SUFFIX = "Request"

# Payloads sent outside any JSON response body (a stream's `data:` lines, a webhook's POST):
# no operation's body references them, so they are added to components/schemas here, by
# name, for generated clients and for the descriptions and x-stream-events that point at them.
NAMED_PAYLOADS = [
    "live.schema.StreamPromptEvent",
    "live.schema.StreamGameOverEvent",
    "live.schema.StreamEndEvent",
    "webhooks.serializers.WebhookPayload",
    # A game's view is one of the games' (games.api.schema_types.GAME_VIEW, a oneOf).
    "games.api.schema_types.GameViewOutput",
    "games.api.schema_types.KhlorViewOutput",
]
# Request bodies reached only through a schema given as it is: each game's options
# (games.api.setup.OPTIONS_INPUTS, `options` of games_create, an anyOf); a dict's values.
NAMED_REQUESTS = ["games.api.setup.OPTIONS_INPUTS"]


def add_named_payloads(result: dict, generator, request, public: bool) -> dict:
    """Runs first, so that the enum hook names the new components' enums like the others."""
    view = build_mocked_view("GET", "/", extend_schema(), generator.registry)
    for path in NAMED_PAYLOADS:
        view.schema.resolve_serializer(import_string(path), "response")
    for path in NAMED_REQUESTS:
        named = import_string(path)
        for serializer in named.values() if isinstance(named, dict) else [named]:
            view.schema.resolve_serializer(serializer, "request")
    built = generator.registry.build({}).get("schemas", {})
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in built.items():
        schemas.setdefault(name, schema)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


def close_request_objects(result: dict, generator, request, public: bool) -> dict:
    components = result.get("components", {}).get("schemas", {})
    for name, component in components.items():
        if name.endswith(STRICT_REQUEST_SUFFIX) and "properties" in component:
            component["additionalProperties"] = False
            for member in component["properties"].values():
                _no_nul(member)
    # A body with required members (or a choice of bodies) must be sent at all.
    for item in result.get("paths", {}).values():
        for operation in item.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if not body:
                continue
            for content in body.get("content", {}).values():
                ref = content.get("schema", {}).get("$ref", "")
                component = components.get(ref.rsplit("/", 1)[-1], {})
                if component.get("required") or component.get("oneOf"):
                    body["required"] = True
    return result


def open_callbacks(result: dict, generator, request, public: bool) -> dict:
    """A webhook delivery to your URL carries no token of ours (`security: []`): you verify
    its Standard Webhooks signature headers instead."""
    for item in result.get("paths", {}).values():
        for operation in item.values():
            callbacks = operation.get("callbacks", {}) if isinstance(operation, dict) else {}
            for callback in callbacks.values():
                for path_item in callback.values():
                    for delivery in path_item.values():
                        delivery["security"] = []
    return result


def _no_nul(member: dict) -> None:
    """Text members refuse the NUL character (DRF does; PostgreSQL cannot store it)."""
    if member.get("type") == "string" and not ({"enum", "pattern", "format"} & set(member)):
        member["pattern"] = "^[^\\x00]*$"
    elif member.get("type") == "array" and isinstance(member.get("items"), dict):
        _no_nul(member["items"])


def name_enum_members(result: dict, generator, request, public: bool) -> dict:
    """Generators name an enum's members after its values with the punctuation dropped, so
    "GMT+0", "GMT-0" and "GMT0" (or "Etc/GMT+1" and "Etc/GMT-1") would be one name: the
    default openapi-python-client refuses such an enum, others silently keep one member.
    Where two values would collide, `x-enum-varnames` names every member distinctly."""
    for schema in result.get("components", {}).get("schemas", {}).values():
        values = schema.get("enum")
        if not values or not all(isinstance(value, str) for value in values):
            continue
        bare = {re.sub(r"[^A-Za-z0-9]", "", value).upper() for value in values}
        if len(bare) < len(values):
            schema["x-enum-varnames"] = _member_names(values)
    return result


def _member_names(values: list[str]) -> list[str]:
    names: list[str] = []
    for value in values:
        name = value.replace("+", "_PLUS_")
        name = re.sub(r"-(?=[0-9])", "_MINUS_", name)
        name = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").upper() or "EMPTY"
        if name[0].isdigit():
            name = f"VALUE_{name}"
        base, number = name, 2
        while name in names:  # what the signs above do not tell apart
            name, number = f"{base}_{number}", number + 1
        names.append(name)
    return names
