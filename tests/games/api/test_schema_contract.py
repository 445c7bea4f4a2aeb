"""The served schema says what the server does, so generated clients work (issue 13, D7)."""

import pathlib
import re

import pytest
import yaml
from rest_framework.test import APIClient

from common.problems import PROBLEM_CODES
from games.api.schema_types import PROMPT_KINDS

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture
def schema(db):
    return yaml.safe_load(APIClient().get("/api/v1/schema/").content)


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def component(schema, ref_or_schema):
    """The component a member names: by $ref, through an allOf wrapper (a $ref with a
    description), or as the first choice of a nullable one (OpenAPI 3.1: oneOf with null)."""
    wrapped = ref_or_schema.get("allOf") or ref_or_schema.get("oneOf") or [{}]
    ref = ref_or_schema.get("$ref") or wrapped[0].get("$ref")
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else ref_or_schema


def test_the_game_list_is_documented_as_the_cursor_page_it_returns(schema):
    operation = schema["paths"]["/api/v1/games/"]["get"]
    page = component(schema, operation["responses"]["200"]["content"]["application/json"]["schema"])
    assert set(page["properties"]) == {"next", "previous", "results"}
    assert "cursor" in {parameter["name"] for parameter in operation["parameters"]}


def test_request_bodies_refuse_unknown_members_and_say_so(schema, make_player):
    for name, body in schema["components"]["schemas"].items():
        if name.endswith("Request") and "properties" in body:
            assert body.get("additionalProperties") is False, name
    response = make_player("alice").post("/api/v1/games/", {"seats": 2, "colour": "red"})
    assert response.status_code == 400 and "colour" in response.json()["errors"]


def test_game_options_are_typed(schema):
    options = schema["components"]["schemas"]["GameOptionsInputRequest"]
    assert options["additionalProperties"] is False
    assert set(options["properties"]) == {"city_selection", "cities"}
    cities = options["properties"]["cities"]
    assert "athens" in component(schema, cities["items"])["enum"]


def test_the_time_zone_of_the_preferences_is_an_enum(schema):
    body = schema["components"]["schemas"]["PatchedPreferencesInputRequest"]
    time_zone = component(schema, body["properties"]["time_zone"])
    assert "Europe/Paris" in time_zone["enum"]


def test_decisions_are_one_decision_or_a_non_empty_batch(schema):
    operation = schema["paths"]["/api/v1/games/{public_id}/decisions/"]["post"]
    body = component(schema, operation["requestBody"]["content"]["application/json"]["schema"])
    single, batch = (component(schema, choice) for choice in body["oneOf"])
    assert set(single["required"]) == {"prompt", "option"}
    assert batch["properties"]["decisions"]["minItems"] == 1
    assert batch["required"] == ["decisions"]


def test_the_password_policy_is_documented(schema):
    password = schema["components"]["schemas"]["AccountCreateInputRequest"]["properties"][
        "password"
    ]
    assert password["minLength"] == 8
    assert "common" in password["description"]


def test_views_option_data_and_log_entries_are_typed(schema):
    schemas = schema["components"]["schemas"]
    detail_view = component(schema, schemas["GameDetailOutput"]["properties"]["view"])
    assert {"players", "phase", "round"} <= set(detail_view["properties"])
    option_data = component(schema, schemas["OptionOutput"]["properties"]["data"])
    assert {"card", "tile", "track"} <= set(option_data["properties"])
    entry_data = component(schema, schemas["LogEntryOutput"]["properties"]["data"])
    assert "kind" in entry_data["required"]


def test_prompt_kinds_and_problem_codes_are_enums(schema):
    schemas = schema["components"]["schemas"]
    kind = component(schema, schemas["PromptOutput"]["properties"]["kind"])
    assert kind["enum"] == PROMPT_KINDS and "draft_pick" in kind["enum"]
    code = component(schema, schemas["ProblemOutput"]["properties"]["code"])
    assert code["enum"] == PROBLEM_CODES


def test_every_problem_code_raised_anywhere_is_in_the_enum():
    raised = set()
    for folder in (
        "engine",
        "games",
        "accounts",
        "notifications",
        "khora_site",
        "chat",
        "common",
        "matchmaking",
    ):
        for source in (ROOT / folder).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            raised |= set(re.findall(r'(?:DomainError|IllegalDecision)\(\s*"([a-z_]+)"', text))
    assert raised and raised <= set(PROBLEM_CODES), sorted(raised - set(PROBLEM_CODES))


def test_every_operation_has_a_summary_and_an_example(schema):
    for path, method, operation in operations(schema):
        assert operation.get("summary"), (method, path)
        contents = [
            *operation.get("requestBody", {}).get("content", {}).values(),
            *(
                content
                for response in operation["responses"].values()
                for content in response.get("content", {}).values()
            ),
        ]
        has_example = any("examples" in content for content in contents) or any(
            "examples" in parameter or "example" in parameter
            for parameter in operation.get("parameters", [])
        )
        if path.endswith(("/schema/",)):
            continue
        assert has_example, (method, path)


def test_a_bad_authorization_header_is_documented_wherever_it_can_come(schema):
    for path, method, operation in operations(schema):
        if operation.get("security") and path not in ("/api/v1/accounts/", "/api/v1/auth/token/"):
            assert "401" in operation["responses"], (method, path)


@pytest.mark.parametrize(
    "body,field",
    [
        ({"seats": "2"}, "seats"),  # a string where the schema says integer
        ({"seats": 2, "step_hours": 24.5}, "step_hours"),
        ({"seats": True}, "seats"),
        ({"seats": 2, "options": {"city_selection": 1}}, "options"),
    ],
)
def test_values_of_another_json_type_are_refused_not_coerced(make_player, body, field):
    response = make_player("alice").post("/api/v1/games/", body)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_an_integer_may_be_written_with_a_zero_fraction(make_player):
    """The schema is OpenAPI 3.1, whose JSON Schema counts 24.0 as the integer 24."""
    response = make_player("alice").post("/api/v1/games/", {"seats": 2.0, "step_hours": 24.0})
    assert response.status_code == 201, response.content
    assert (response.json()["num_seats"], response.json()["step_hours"]) == (2, 24)


def test_a_number_is_not_a_username(db):
    body = {"username": 0, "email": "zero@example.com", "password": "a long passphrase"}
    response = APIClient().post("/api/v1/accounts/", body, format="json")
    assert response.status_code == 400 and "username" in response.json()["errors"]


def test_an_empty_query_value_is_refused_not_read_as_absent(make_player):
    response = make_player("alice").get("/api/v1/games/?filter=")
    assert response.status_code == 400 and "filter" in response.json()["errors"]
