"""Every 4xx is application/problem+json with a stable code; bad input never reaches a 500."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from tests.players import assert_problem, start_game, url


def test_malformed_json_is_a_problem(make_player):
    alice = make_player("alice")
    response = alice.client.post("/api/v1/games/", "{not json", content_type="application/json")
    assert_problem(response, 400, "malformed_json")


def test_a_form_body_is_an_unsupported_media_type(make_player):
    alice = make_player("alice")
    response = alice.client.post("/api/v1/games/", {"seats": 2})
    assert_problem(response, 415, "unsupported_media_type")


def test_a_wrong_method_is_a_problem(make_player):
    response = make_player("alice").client.delete("/api/v1/games/")
    assert_problem(response, 405, "method_not_allowed")


def test_an_unknown_address_is_a_problem_that_suggests_the_slash(anonymous):
    body = assert_problem(anonymous.get("/api/v1/games"), 404, "not_found")
    assert "/api/v1/games/" in body["detail"]
    assert_problem(anonymous.post("/api/v1/nowhere/"), 404, "not_found")


def test_a_missing_token_names_the_header_to_send(anonymous):
    body = assert_problem(anonymous.get("/api/v1/games/"), 401, "not_authenticated")
    assert "Bearer" in body["detail"]


def test_a_bad_token_is_refused(anonymous):
    anonymous.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert_problem(anonymous.get("/api/v1/games/"), 401, "authentication_failed")


def test_invalid_input_lists_the_errors_per_field(make_player):
    body = assert_problem(
        make_player("alice").post("/api/v1/games/", {"seats": "many", "step_hours": 0}),
        400,
        "invalid_input",
    )
    assert set(body["errors"]) == {"seats", "step_hours"}
    assert "seats" in body["detail"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def test_no_decision_body_causes_a_500_or_a_half_written_game(make_player):
    alice = make_player("alice")
    game = start_game([alice], seats=2)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        body=st.dictionaries(st.sampled_from(["prompt", "option", "decisions", "x"]), json_values)
    )
    def submit(body):
        before = Game.objects.get(pk=game.pk).last_seq
        response = alice.post(url(game, "decisions"), body)
        assert response.status_code < 500, response.content
        if response.status_code >= 400:
            assert response["Content-Type"] == "application/problem+json"
            assert Game.objects.get(pk=game.pk).last_seq == before
        assert game.events.count() == Game.objects.get(pk=game.pk).last_seq

    submit()


def test_no_create_body_causes_a_500(make_player):
    alice = make_player("alice")

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        body=st.dictionaries(
            st.sampled_from(["game", "seats", "options", "step_hours"]), json_values
        )
    )
    def create(body):
        response = alice.post("/api/v1/games/", body)
        assert response.status_code < 500, response.content
        if response.status_code >= 400:
            assert response["Content-Type"] == "application/problem+json"

    create()
