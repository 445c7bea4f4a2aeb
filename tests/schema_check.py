"""Every response the tests receive from the API is checked against the schema it serves.

tests/conftest.py wraps Django's test clients (APIClient is one) so that each answer to an
/api/v1/ request is validated by openapi-core, strictly: its status must be declared for the
operation, its content type declared for that status, its body valid for the declared schema
with no member the schema does not declare (responses leave `additionalProperties` open for
clients, so members may be added; the tests hold the server to what it declares), and every
declared required header present and valid. Event streams are checked on their status and
headers only: reading their body would consume what the test reads.

The schema is built once per run, with the generator /api/v1/schema/ answers with
(tests/test_schema_tools.py checks they are the same).
"""

from __future__ import annotations

import functools
import json
import threading
from typing import Any

from django.http import StreamingHttpResponse
from jsonschema.exceptions import ValidationError
from jsonschema_path import SchemaPath
from openapi_core import V31ResponseValidator
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.validation.response import V31ResponseHeadersValidator
from openapi_core.validation.schemas import oas31_schema_validators_factory
from openapi_core.validation.schemas._validators import (
    # openapi-core's strict mode for a schema of our own (pinned by requirements.lock)
    build_forbid_unspecified_additional_properties_validator,
)
from openapi_core.validation.schemas.factories import DialectSchemaValidatorsFactory
from openapi_schema_validator import OAS31Validator
from werkzeug.datastructures import Headers, ImmutableMultiDict

API = "/api/v1/"
# Served beside the API, not described by it (SERVE_INCLUDE_SCHEMA is off).
UNDESCRIBED = ("/api/v1/schema/", "/api/v1/docs/", "/api/v1/redoc/")


class SchemaMismatch(AssertionError):
    """A response the API sent that its schema does not describe."""


@functools.cache
def served_schema() -> dict[str, Any]:
    """The schema as /api/v1/schema/ serves it (JSON types: what a client parses)."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(schema, default=str))


@functools.cache
def _validators() -> tuple[V31ResponseValidator, V31ResponseHeadersValidator, OAS31Validator]:
    spec = SchemaPath.from_dict(served_schema())
    strict = {
        "schema_validators_factory": _StrictFactory(
            OAS31Validator,
            oas31_schema_validators_factory.default_jsonschema_dialect_id,
            oas31_schema_validators_factory.format_checker,
        ),
        # openapi-core reads application/json and application/*+json; a problem is the latter.
        "extra_media_type_deserializers": {"application/problem+json": json.loads},
    }
    problem = {
        "$ref": "#/components/schemas/ProblemOutput",
        "components": served_schema()["components"],
    }
    return (
        V31ResponseValidator(spec, **strict),
        V31ResponseHeadersValidator(spec, **strict),
        OAS31Validator(problem),
    )


@functools.cache
def _strict(validator_class: type) -> type:
    return build_forbid_unspecified_additional_properties_validator(validator_class)


class _StrictFactory(DialectSchemaValidatorsFactory):
    """openapi-core's forbid_unspecified_additional_properties, with the strict validator
    class built once rather than for every schema of every response (a third of the cost)."""

    def get_validator_cls(self, spec, schema):
        return _strict(super().get_validator_cls(spec, schema))


class _Request:
    """What openapi-core needs of the request: which operation answered."""

    host_url = "http://testserver"

    def __init__(self, request):
        self.path = request.path
        self.method = request.method.lower()
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(request.GET.lists()),
            header=Headers(list(request.headers.items())),
            cookie=ImmutableMultiDict(request.COOKIES),
        )
        self.body = None
        self.content_type = ""


class _Response:
    def __init__(self, response):
        self.status_code = response.status_code
        self.headers = Headers(list(response.items()))
        self.content_type = response.get("Content-Type", "")
        streaming = isinstance(response, StreamingHttpResponse) or response.streaming
        self.data = None if streaming else response.content


def check(request, response) -> None:
    """Raises SchemaMismatch when `response` (to `request`, a Django request) is not what the
    schema declares; responses outside the API are not its business."""
    path = request.path
    if not path.startswith(API) or path in UNDESCRIBED or _not_the_api(request, response):
        return
    whole, headers_only, problem = _validators()
    ours, theirs = _Request(request), _Response(response)
    if theirs.data is None:
        errors = list(headers_only.iter_errors(ours, theirs))
        declared = _declared_types(ours, theirs.status_code)
        undeclared = declared is not None and theirs.content_type.split(";")[0] not in declared
        if not errors and undeclared:
            errors.append(ValueError(f"{theirs.content_type} is not one of {declared}"))
    else:
        errors = list(whole.iter_errors(ours, theirs))
    if errors and isinstance(errors[0], PathNotFound | OperationNotFound):
        # No operation here (an unknown address, another method): the answer is a problem.
        errors = _undescribed_answer(theirs, problem)
    if errors:
        if response.streaming:  # the test will not get it to close: give its place back
            response.close()
        raise SchemaMismatch(_explain(request, response, errors))


def _not_the_api(request, response) -> bool:
    """Answers on the API's addresses that are not the API: a CORS preflight (OPTIONS, answered
    by the CORS middleware) and the browsable API's HTML pages, which a browser asking for
    text/html gets instead of JSON (khora_site.renderers)."""
    html = response.get("Content-Type", "").startswith("text/html")
    asked = "text/html" in request.headers.get("Accept", "")
    return request.method == "OPTIONS" or (html and asked)


def _declared_types(request: _Request, status: int) -> list[str] | None:
    for template, item in served_schema()["paths"].items():
        operation = item.get(request.method)
        if operation and _matches(template, request.path):
            responses = operation["responses"]
            response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX", {})
            return list(response.get("content", {}))
    return None


def _matches(template: str, path: str) -> bool:
    parts, wanted = template.strip("/").split("/"), path.strip("/").split("/")
    return len(parts) == len(wanted) and all(
        part == given or part.startswith("{") for part, given in zip(parts, wanted, strict=True)
    )


def _undescribed_answer(response: _Response, problem: OAS31Validator) -> list[Exception]:
    if not response.content_type.startswith("application/problem+json"):
        return [ValueError(f"an undescribed operation answered {response.content_type}")]
    if response.data is None:
        return []
    return list(problem.iter_errors(json.loads(response.data)))


def _explain(request, response, errors: list[Exception]) -> str:
    body = b"(a stream)" if response.streaming else response.content[:300]
    reasons = "\n".join(f"- {_reason(error)}" for error in errors)
    return (
        f"{request.method} {request.get_full_path()} answered {response.status_code} "
        f"{response.get('Content-Type', '')}, which the schema does not describe:\n"
        f"{reasons}\nbody: {body!r}"
    )


def _reason(error: Exception) -> str:
    """The innermost cause, where in the body it is and what the schema wanted (short: the
    validators' own messages quote the whole body)."""
    if isinstance(error, ValidationError):
        # A oneOf's branches, less the `null` one of a nullable member.
        branches = [e for e in error.context or () if e.validator_value != "null"]
        if branches:
            return "; ".join(_reason(branch) for branch in branches)
        return f"at {error.json_path}: {_short(error.message)}"
    inner = getattr(error, "schema_errors", None) or getattr(error, "context", None)
    if not inner and error.__cause__ is not None:
        inner = [error.__cause__]
    if inner:
        return f"{type(error).__name__} " + "; ".join(_reason(cause) for cause in inner)
    return _short(str(error))


def _short(text: str) -> str:
    return text if len(text) <= 300 else f"{text[:200]} ... {text[-100:]}"


@functools.cache
def _event_validators() -> dict[str, Any]:
    """Each stream event's data schema, as the game stream's x-stream-events names it (the
    player stream's events are among them), held to its declared members as responses are."""
    strict = build_forbid_unspecified_additional_properties_validator(OAS31Validator)
    schema = served_schema()
    events = schema["paths"]["/api/v1/games/{public_id}/stream/"]["get"]["x-stream-events"]
    return {
        name: strict(
            {**data, "components": schema["components"]},
            format_checker=OAS31Validator.FORMAT_CHECKER,
        )
        for name, data in events.items()
    }


def check_stream_event(event: str, data: Any) -> None:
    """Raises SchemaMismatch when a stream event's name or data is not what the schema says."""
    validators = _event_validators()
    if event not in validators:
        raise SchemaMismatch(f"a stream sent `{event}`, which x-stream-events does not name")
    errors = list(validators[event].iter_errors(data))
    if errors:
        reasons = "\n".join(f"- {_reason(error)}" for error in errors)
        raise SchemaMismatch(f"a stream's `{event}` event is not what the schema says:\n{reasons}")


# Mismatches seen outside the test's own thread (a request made by a helper thread), which
# cannot fail the test where they happen: tests/conftest.py fails the test with them after.
STRAY: list[str] = []


def check_client_response(response) -> None:
    request = getattr(response, "wsgi_request", None) or getattr(response, "asgi_request", None)
    if request is None:
        return
    try:
        check(request, response)
    except SchemaMismatch as mismatch:
        if threading.current_thread() is not threading.main_thread():
            STRAY.append(str(mismatch))
        raise
