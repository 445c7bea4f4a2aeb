"""drf-spectacular post-processing of the OpenAPI schema."""

from __future__ import annotations

# Request bodies refuse members they do not know (khora_site.inputs.StrictInput, and the
# preferences PATCH), so the schema says so and generated clients and fuzzers agree with it.
STRICT_REQUEST_SUFFIX = "Request"


def close_request_objects(result: dict, generator, request, public: bool) -> dict:
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith(STRICT_REQUEST_SUFFIX) and "properties" in component:
            component["additionalProperties"] = False
    return result
