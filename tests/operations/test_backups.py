"""manage.py backup, then restore --verify: every game's log replays to its stored states."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import selectors, services
from games.models import Game, GameEvent
from operations import verifying
from tests.players import start_game


def play(game: Game, players, decisions: int) -> None:
    for _ in range(decisions):
        for player in players:
            prompt = selectors.game_prompt(Game.objects.get(pk=game.pk), player.user)
            if prompt is not None:
                services.decisions_submit(
                    public_id=game.public_id,
                    user=player.user,
                    decisions=[services.DecisionInput(prompt["id"], prompt["options"][0]["id"])],
                )
                break


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=out)
    return out.getvalue()


@pytest.fixture
def games(make_player):
    players = [make_player("alice"), make_player("bob")]
    made = [start_game(players) for _ in range(2)]
    for game in made:
        play(game, players, 4)
    return made


def test_backup_then_drop_then_restore_verify_brings_every_game_back(games, tmp_path):
    said = run("backup", str(tmp_path))
    [made] = list(tmp_path.iterdir())
    manifest = json.loads((made / "manifest.json").read_text())
    assert manifest["database"] == connection.vendor and manifest["games"] == 2
    assert "DJANGO_SECRET_KEY is not in it" in said
    events = GameEvent.objects.count()
    Game.objects.all().delete()  # the disaster
    assert GameEvent.objects.count() == 0

    said = run("restore", str(made), "--verify", "--yes")
    assert GameEvent.objects.count() == events == manifest["events"]
    assert "2 games" in said and ", 0 mismatches." in said
    verdict = verifying.verify_all()
    assert verdict.compared >= 2 and verdict.events == events and verdict.ok


def test_verify_finds_a_log_that_no_longer_leads_to_its_snapshot(games):
    game = games[0]
    changed = game.events.filter(seat__isnull=False).order_by("seq").first()
    assert changed is not None
    # One decision's payload altered: the replay from the log no longer meets the snapshot.
    option = changed.payload
    GameEvent.objects.filter(pk=changed.pk).update(payload={**option, "option": "nonsense"})
    with pytest.raises(CommandError, match="do not replay"):
        run("restore", "unused", "--verify-only")
    verdict = verifying.verify_all()
    assert [line.split(":")[0] for line in verdict.mismatches] == [game.public_id]


def test_restore_refuses_what_is_not_a_backup(db, tmp_path):
    with pytest.raises(CommandError, match="is not a backup"):
        run("restore", str(tmp_path), "--yes")


@pytest.mark.postgres
def test_the_round_trip_on_postgresql_uses_pg_dump_and_pg_restore(games, tmp_path):
    run("backup", str(tmp_path))
    [made] = list(tmp_path.iterdir())
    assert (made / "database.pgdump").read_bytes()[:5] == b"PGDMP"
    Game.objects.all().delete()
    said = run("restore", str(made), "--verify", "--yes")
    assert ", 0 mismatches." in said and Game.objects.count() == 2
