"""The client's types and operations against the schema the server serves: a component or an
operation that changes on one side and not the other fails here, not in a user's program.

Every TypedDict of khora_client.types has exactly its component's properties, the same ones
required, and each member's type is the property's (nullable or not, the same component, list,
dict, str, int, float, bool; Any for a property the schema leaves untyped); each Literal has its
enumeration's values. The operations table (khora_client.operations) has every operation of
the schema, with its method and path.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import pytest
from khora_client import GameOver, PromptEvent, StreamEnded
from khora_client.operations import OPERATIONS
from khora_client.types import COMPONENTS

# Components the client types as a plain str or not at all, and why.
UNTYPED = {
    "CodeEnum": "problem codes: ApiError.code is a str, so a newer server's codes type-check",
    "KindEnum": "prompt kinds: Prompt.kind is a str, for the same reason",
    "TimeZoneEnum": "hundreds of IANA names: a str",
    "NullEnum": "null, part of a nullable member",
    "DecisionsRequest": "oneOf the single and the batch body, both typed",
}
AS_STR = {"CodeEnum", "KindEnum", "TimeZoneEnum"}
SCALARS = {"string": str, "integer": int, "number": float, "boolean": bool}


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    """The schema /api/v1/schema/ serves, as a client parses it (JSON types)."""
    from drf_spectacular.generators import SchemaGenerator

    served = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(served, default=str))


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[1]


def _is_null(alternative: dict) -> bool:
    return (
        alternative.get("type") == "null" or _ref_name(alternative.get("$ref", "/")) == "NullEnum"
    )


def _alternatives(prop: dict) -> tuple[list[dict], bool]:
    """The non-null schemas a property allows, and whether it allows null (OpenAPI 3.0's
    `nullable`, 3.1's `type: [..., "null"]` or a oneOf with null)."""
    nullable = bool(prop.get("nullable"))
    if isinstance(prop.get("type"), list):
        kinds = [kind for kind in prop["type"] if kind != "null"]
        nullable = nullable or "null" in prop["type"]
        return [{**prop, "type": kind} for kind in kinds], nullable
    for key in ("oneOf", "anyOf", "allOf"):
        if key in prop:
            choices = [choice for choice in prop[key] if not _is_null(choice)]
            return choices, nullable or len(choices) < len(prop[key])
    return [prop], nullable


def _split(hint: Any) -> tuple[list[Any], bool]:
    if get_origin(hint) in (Union, types.UnionType):
        args = [arg for arg in get_args(hint) if arg is not type(None)]
        return args, len(args) < len(get_args(hint))
    return [hint], False


def conforms(hint: Any, prop: dict) -> str | None:
    """None when `hint` is the type of `prop`, else why not."""
    if not prop or set(prop) <= {"description", "default"}:
        return None if hint is Any else f"{hint} for an untyped property (Any expected)"
    alternatives, nullable = _alternatives(prop)
    inners, optional = _split(hint)
    if optional != nullable:
        return f"{hint}: nullable is {nullable} in the schema"
    if len(inners) != len(alternatives):
        return f"{hint}: {len(alternatives)} alternatives in the schema"
    unmatched = [
        alternative
        for alternative in alternatives
        if all(_one(inner, alternative) is not None for inner in inners)
    ]
    return f"{hint} is not {unmatched}" if unmatched else None


def _one(inner: Any, expected: dict) -> str | None:
    if "$ref" in expected:
        name = _ref_name(expected["$ref"])
        wanted = str if name in AS_STR else COMPONENTS.get(name)
        return None if inner == wanted else f"{inner} is not {name} ({wanted})"
    kind = expected.get("type")
    if kind in SCALARS:
        if "enum" in expected and get_origin(inner) is Literal:
            same = set(get_args(inner)) == set(expected["enum"]) - {None}
            return None if same else f"{inner}: the values are {expected['enum']}"
        return None if inner is SCALARS[kind] else f"{inner} is not {kind}"
    if kind == "array":
        if get_origin(inner) is not list:
            return f"{inner} is not a list"
        return conforms(get_args(inner)[0], expected.get("items") or {})
    if kind == "object":
        if get_origin(inner) is not dict or get_args(inner)[0] is not str:
            return f"{inner} is not dict[str, ...]"
        values = expected.get("additionalProperties")
        return conforms(get_args(inner)[1], values if isinstance(values, dict) else {})
    return f"a schema this test does not know: {expected}"


def test_every_component_is_typed_or_left_out_for_a_reason(schema):
    components = set(schema["components"]["schemas"])
    assert set(COMPONENTS) - components == set(), "types of components the server dropped"
    assert components - set(COMPONENTS) - set(UNTYPED) == set(), (
        "components the client has no type for: add them to khora_client.types"
    )


@pytest.mark.parametrize("name", sorted(COMPONENTS))
def test_the_type_matches_its_component(schema, name):
    component = schema["components"]["schemas"][name]
    typed = COMPONENTS[name]
    if "enum" in component:
        assert set(get_args(typed)) == set(component["enum"]), name
        return
    properties = component["properties"]
    hints = typing.get_type_hints(typed)
    assert set(hints) == set(properties), f"{typed.__name__} has other members than {name}"
    assert typed.__required_keys__ == set(component.get("required", [])), (
        f"{typed.__name__}'s required members are not {name}'s"
    )
    wrong = {key: why for key, prop in properties.items() if (why := conforms(hints[key], prop))}
    assert not wrong, f"{typed.__name__} differs from {name}: {wrong}"


def test_the_operations_are_the_schema_s(schema):
    served = {
        operation["operationId"]: (method.upper(), path)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    }
    ours = {op.id: (op.method, f"/api/v1/{op.path}") for op in OPERATIONS.values()}
    assert ours == served


@pytest.mark.parametrize(
    "event,component",
    [(PromptEvent, "StreamPromptEvent"), (GameOver, "StreamGameOverEvent"),
     (StreamEnded("r", "d"), "StreamEndEvent")],
)  # fmt: skip
def test_the_stream_events_carry_their_data_s_members(schema, event, component):
    members = set(schema["components"]["schemas"][component]["properties"])
    if dataclasses.is_dataclass(event):
        assert {field.name for field in dataclasses.fields(event)} == members
    else:
        assert members <= set(vars(event))


def test_the_drift_check_sees_a_difference():
    """conforms() itself: a wrong member is reported, not waved through."""
    assert conforms(int, {"type": "string"})
    assert conforms(str, {"type": ["string", "null"]})
    assert conforms(list[int], {"type": "array", "items": {"type": "string"}})
    assert conforms(COMPONENTS["PromptOutput"], {"$ref": "#/components/schemas/OptionOutput"})
    assert conforms(int | str, {"oneOf": [{"type": "integer"}, {"type": "boolean"}]})
    assert conforms(str | None, {"type": ["string", "null"]}) is None
