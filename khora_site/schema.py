"""drf-spectacular post-processing of the OpenAPI schema."""

from __future__ import annotations

# Request bodies refuse members they do not know (common.inputs.StrictInput, and the
# preferences PATCH), so the schema says so and generated clients and fuzzers agree with it.
STRICT_REQUEST_SUFFIX = "Request"


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


def _no_nul(member: dict) -> None:
    """Text members refuse the NUL character (DRF does; PostgreSQL cannot store it)."""
    if member.get("type") == "string" and not ({"enum", "pattern", "format"} & set(member)):
        member["pattern"] = "^[^\\x00]*$"
    elif member.get("type") == "array" and isinstance(member.get("items"), dict):
        _no_nul(member["items"])
