"""CORS for browser-based third-party clients: only the origins a setting lists (issue 13, D9)."""

from rest_framework.test import APIClient

CLIENT = "https://client.example"


def preflight(client, path="/api/v1/games/"):
    return client.options(
        path,
        HTTP_ORIGIN=CLIENT,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type, idempotency-key",
    )


def test_no_origin_is_allowed_by_default(db):
    response = APIClient().get("/api/v1/games/", HTTP_ORIGIN=CLIENT)
    assert "Access-Control-Allow-Origin" not in response
    assert "Access-Control-Allow-Origin" not in preflight(APIClient())


def test_a_listed_origin_may_call_the_api_with_a_token(make_player, settings):
    settings.CORS_ALLOWED_ORIGINS = [CLIENT]
    answer = preflight(APIClient())
    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == CLIENT
    allowed = answer["Access-Control-Allow-Headers"].lower()
    assert {"authorization", "content-type", "idempotency-key"} <= set(allowed.split(", "))
    alice = make_player("alice")
    response = alice.client.get("/api/v1/games/", HTTP_ORIGIN=CLIENT)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == CLIENT
    assert "etag" in response["Access-Control-Expose-Headers"].lower()
    assert "Access-Control-Allow-Credentials" not in response


def test_other_origins_and_pages_outside_the_api_get_no_cors(db, settings):
    settings.CORS_ALLOWED_ORIGINS = [CLIENT]
    other = APIClient().get("/api/v1/games/", HTTP_ORIGIN="https://evil.example")
    assert "Access-Control-Allow-Origin" not in other
    admin = APIClient().get("/admin/login/", HTTP_ORIGIN=CLIENT)
    assert "Access-Control-Allow-Origin" not in admin
