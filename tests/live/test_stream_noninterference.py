"""Non-interference on the stream: two games differing only in bob's hidden data (his dealt
card, his sealed draft pick) give alice's and a spectator's streams identical bytes.

Carol is left out on purpose: the draft passes bob's remaining cards to her, so his pick
rightly changes what she is dealt (tests/games/api/test_noninterference.py watches alice too)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from common import clock
from games.models import Game
from games.write import chance
from tests.games.api.test_noninterference import MOMENT, SAME_ID, seeded_chance
from tests.live.sse import StreamReader, parse
from tests.players import start_game

STREAM = f"/api/v1/games/{SAME_ID}/stream/"


@pytest.fixture(autouse=True)
def quick_heartbeat(settings):
    settings.STREAM_HEARTBEAT_SECONDS = 0.05


def drain(stream: StreamReader, upto: int) -> bytes:
    """Everything the stream sent until it reached entry `upto`, heartbeats left out."""
    sent = b""
    for _ in range(200):
        sent += stream.read().replace(b": heartbeat\n\n", b"")
        if any(event.id == upto for event in parse(sent)):
            return sent
    raise AssertionError(f"the stream never reached {upto}")


def play_world(monkeypatch, make_player, variant: bool) -> dict[str, bytes]:
    monkeypatch.setattr(chance, "sample", seeded_chance(give_bob_another_card=variant))
    with clock.frozen_at(MOMENT):
        alice, bob, carol = (make_player(name) for name in ("alice", "bob", "carol"))
        game = start_game([alice, bob, carol])
        Game.objects.filter(pk=game.pk).update(public_id=SAME_ID)
        watchers = {
            player.user.username: StreamReader(player.client.get(STREAM, {"after": 0}))
            for player in (alice, carol, bob)
        }
        watchers["spectator"] = StreamReader(APIClient().get(STREAM, {"after": 0}))
        for player, pick in ((bob, 1 if variant else 0), (carol, 0), (alice, 0)):
            prompt = player.get(f"/api/v1/games/{SAME_ID}/prompt/").json()["prompt"]
            option = prompt["options"][pick]["id"]
            player.post(
                f"/api/v1/games/{SAME_ID}/decisions/", {"prompt": prompt["id"], "option": option}
            )
        upto = Game.objects.get(public_id=SAME_ID).last_seq
        sent = {name: drain(stream, upto) for name, stream in watchers.items()}
        for stream in watchers.values():
            stream.close()
    Game.objects.all().delete()
    get_user_model().objects.all().delete()
    return sent


def normalised(sent: bytes) -> bytes:
    # Times are frozen already; no id but the seqs, which the two games share.
    return re.sub(rb'"created_at":"[^"]*"', b'"created_at":"T"', sent)


def test_other_seats_streams_are_byte_identical(monkeypatch, make_player):
    plain = play_world(monkeypatch, make_player, variant=False)
    varied = play_world(monkeypatch, make_player, variant=True)
    for name in ("alice", "spectator"):
        assert normalised(plain[name]) == normalised(varied[name]), f"{name}'s stream differs"
    # Guard: the two games really differ for bob (his card and pick) and carol (his pass).
    assert plain["bob"] != varied["bob"]
    assert plain["carol"] != varied["carol"]
