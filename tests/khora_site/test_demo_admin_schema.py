"""The demo command, the admin and the OpenAPI schema."""

import re
from io import StringIO

import yaml
from django.core.management import call_command
from rest_framework.test import APIClient

from games.models import Game, GameEvent
from tests.games.api.test_roles import TABLE
from tests.players import start_game


def test_demo_prints_working_tokens_and_links_to_a_game_with_bots(transactional_db):
    out = StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    tokens = re.findall(r"token: (\w+)", text)
    assert len(tokens) == 2
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert [seat.is_bot for seat in game.seats.order_by("position")] == [False, False, True]
    assert f"/api/v1/games/{game.public_id}/" in text and "/api/v1/docs/" in text
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens[0]}")
    assert client.get(f"/api/v1/games/{game.public_id}/prompt/").json()["prompt"]


def test_demo_can_run_twice(transactional_db):
    call_command("demo", stdout=StringIO())
    call_command("demo", stdout=StringIO(), password="a fixed demo password")
    assert Game.objects.count() == 2
    assert APIClient().login(username="alice", password="a fixed demo password")


def test_the_admin_lists_games_seats_and_events_and_events_are_read_only(make_player):
    alice = make_player("alice", staff=True)
    alice.user.is_superuser = True
    alice.user.save()
    game = start_game([alice, make_player("bob")])
    client = APIClient()
    client.force_login(alice.user)
    for page in ("game", "seat", "gameevent", "gamestep"):
        assert client.get(f"/admin/games/{page}/").status_code == 200
    event = GameEvent.objects.get(game=game, payload__kind="deal")
    page = client.get(f"/admin/games/gameevent/{event.pk}/change/").content.decode()
    assert "&quot;cards&quot;: 5" in page  # hands shown as a spectator sees them
    assert all(card not in page for card in event.payload["hands"][1])
    assert client.get("/admin/games/gameevent/add/").status_code == 403
    assert client.post(f"/admin/games/gameevent/{event.pk}/delete/").status_code == 403


def test_the_schema_describes_every_endpoint_with_its_problems(db):
    schema = yaml.safe_load(APIClient().get("/api/v1/schema/").content)
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    for case in TABLE:
        if case.route in ("schema", "docs", "redoc"):
            continue
        path = case.path.split("?")[0].replace("{id}", "{public_id}")
        operation = paths[path][case.method]
        assert operation["responses"], path
        for code, response in operation["responses"].items():
            if code.startswith("4"):
                content = response["content"]["application/problem+json"]
                assert content["schema"]["$ref"].endswith("/ProblemOutput"), (path, code)
    decide = paths["/api/v1/games/{public_id}/decisions/"]["post"]
    assert {"400", "401", "403", "404", "409", "422"} <= set(decide["responses"])
    assert any(p["name"] == "Idempotency-Key" for p in decide["parameters"])


def test_the_schema_is_valid_and_generates_without_warnings(db, tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))


def test_the_admin_cannot_change_what_the_log_was_replayed_under(make_player):
    alice = make_player("alice", staff=True)
    alice.user.is_superuser = True
    alice.user.save()
    game = start_game([alice], seats=2)
    client = APIClient()
    client.force_login(alice.user)
    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert 'name="step_hours"' in page
    assert 'name="options"' not in page and 'name="status"' not in page
    assert client.get("/admin/games/game/add/").status_code == 403
