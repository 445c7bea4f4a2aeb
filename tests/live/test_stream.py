"""The game's event stream: every entry once, in order, redacted, across reconnections."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient
from rest_framework.test import APIClient

from games.models import Game
from live.hub import HUB
from tests.live.sse import StreamReader, parse
from tests.players import assert_problem, start_game, url


@pytest.fixture(autouse=True)
def quick_heartbeat(settings):
    settings.STREAM_HEARTBEAT_SECONDS = 0.05


def play_one(players, game) -> None:
    """Whoever is asked first answers with the default."""
    for player in players:
        prompt = player.get(url(game, "prompt")).json()["prompt"]
        if prompt is not None:
            response = player.post(
                url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
            )
            assert response.status_code == 200, response.content
            return
    raise AssertionError("nobody is asked")


def last_seq(game) -> int:
    return Game.objects.values_list("last_seq", flat=True).get(pk=game.pk)


def caught_up(game):
    target = last_seq(game)
    return lambda events: any(e.id == target for e in events) or target == 0


def open_stream(player, game, last_event_id: int | None = None, **query) -> StreamReader:
    extra = {"HTTP_LAST_EVENT_ID": str(last_event_id)} if last_event_id is not None else {}
    return StreamReader(player.client.get(url(game, "stream"), query, **extra))


def test_a_client_cut_off_three_times_gets_every_entry_once_in_order_redacted(make_player):
    alice, bob, carol = players = [make_player(name) for name in ("alice", "bob", "carol")]
    game = start_game(players)
    stream = open_stream(alice, game, after=0)
    received = stream.read_until(caught_up(game))
    for cut in range(3):
        for _ in range(8):
            play_one(players, game)
        # The connection drops in the middle of what the server wrote: the client got the
        # first whole event of the chunk only, then reconnects from the last id it saw.
        chunk = stream.read()
        received += parse(chunk)[:1]
        stream.close()
        resume_from = max(e.id for e in received if e.id is not None)
        assert resume_from < last_seq(game), f"cut {cut} dropped nothing: not a real test"
        stream = open_stream(alice, game, last_event_id=resume_from)
        received += stream.read_until(caught_up(game))
    stream.close()
    assert HUB.open_streams() == 0  # every hung-up stream left the hub

    entries = [e for e in received if e.event == "entry"]
    assert [e.id for e in entries] == list(range(1, last_seq(game) + 1))
    assert all(e.id == e.data["seq"] for e in entries)
    log = alice.client.get(url(game, "log"), {"limit": 500}).json()["events"]
    assert [e.data for e in entries] == log  # the log's own redaction and narration
    bobs_log = bob.client.get(url(game, "log"), {"limit": 500}).json()["events"]
    assert log != bobs_log  # what alice got really is redacted for her
    prompts = [e for e in received if e.event == "prompt"]
    assert prompts and prompts[-1].data["prompt"] == alice.get(url(game, "prompt")).json()["prompt"]
    assert carol  # seated, playing her part through play_one


def test_without_a_start_the_stream_sends_what_comes_next(make_player):
    _alice, bob = players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    before = last_seq(game)
    stream = open_stream(bob, game)
    first = parse(stream.read())
    assert [e.event for e in first] == ["prompt"]  # no old entries, bob's prompt
    play_one(players, game)
    events = stream.read_until(caught_up(game))
    assert min(e.id for e in events if e.event == "entry") == before + 1
    stream.close()


def test_a_spectator_stream_has_entries_but_no_prompts(make_player, anonymous):
    players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    response = anonymous.get(url(game, "stream"), {"after": 0})
    stream = StreamReader(response)
    events = stream.read_until(caught_up(game))
    assert {e.event for e in events} == {"entry"}
    stream.close()


def test_heartbeats_keep_an_idle_stream_open(make_player):
    players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    stream = open_stream(players[0], game)
    stream.read()
    assert stream.read() == b": heartbeat\n\n"
    stream.close()


def test_a_stream_is_refused_like_a_read(make_player, anonymous):
    alice = make_player("alice")
    game = start_game([alice, make_player("bob")])
    assert_problem(anonymous.get("/api/v1/games/nosuchgame000000/stream/"), 404, "game_not_found")
    anonymous.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert_problem(anonymous.get(url(game, "stream")), 401, "authentication_failed")
    accept = {"HTTP_ACCEPT": "text/event-stream"}
    response = alice.client.get(url(game, "stream"), HTTP_LAST_EVENT_ID="x1", **accept)
    assert_problem(response, 400, "invalid_input")
    response = alice.client.get(url(game, "stream"), {"after": last_seq(game) + 1}, **accept)
    assert_problem(response, 422, "invalid_seq")
    assert HUB.open_streams() == 0


def test_the_player_stream_tells_prompts_of_all_my_games(make_player, anonymous):
    alice, bob = players = [make_player("alice"), make_player("bob")]
    first, second = start_game(players), start_game(players)
    assert_problem(anonymous.get("/api/v1/me/stream/"), 401, "not_authenticated")
    stream = StreamReader(bob.client.get("/api/v1/me/stream/"))
    initial = parse(stream.read())
    asked = {e.data["game"] for e in initial if e.event == "prompt"}
    assert asked == {g.public_id for g in (first, second)}  # both start with a sealed pick
    play_one([bob], second)  # bob answers: his prompt in that game changes
    events = stream.read_until(lambda evs: any(e.data["game"] == second.public_id for e in evs))
    told = [e for e in events if e.event == "prompt"]
    expected = bob.get(url(second, "prompt")).json()["prompt"]
    assert told[-1].data == {"game": second.public_id, "prompt": expected}
    stream.close()
    assert alice


def test_under_asgi_the_stream_is_a_coroutine_woken_by_the_commit(make_player):
    """The ASGI server's path: the body is an async iterator on the event loop (no thread
    held while idle), woken by the notice a commit made in another thread."""
    alice, _bob = players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    started_at = last_seq(game)

    async def follow() -> list:
        client = AsyncClient(headers={"Authorization": f"Bearer {alice.token}"})
        response = await client.get(url(game, "stream"), {"after": 0})
        assert response.is_async and response["Content-Type"] == "text/event-stream"
        chunks = aiter(response.streaming_content)
        events = parse(await anext(chunks))
        assert [e.id for e in events if e.event == "entry"][-1] == started_at
        await sync_to_async(play_one, thread_sensitive=False)(players, game)
        target = await sync_to_async(last_seq, thread_sensitive=False)(game)
        while not any(e.id == target for e in events):
            events += parse(await asyncio.wait_for(anext(chunks), 5))
        await chunks.aclose()
        return events

    events = async_to_sync(follow)()
    entries = [e for e in events if e.event == "entry"]
    assert [e.id for e in entries] == list(range(1, last_seq(game) + 1))
    assert HUB.open_streams() == 0


def test_readers_of_one_view_share_one_read_and_each_seat_keeps_its_own(make_player, monkeypatch):
    from games import selectors

    players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    spectators = [
        StreamReader(APIClient().get(url(game, "stream"), REMOTE_ADDR=f"203.0.113.{n}"))
        for n in range(20)
    ]
    seated = {p.user.username: open_stream(p, game) for p in players}
    for stream in [*spectators, *seated.values()]:
        stream.read()
    reads = []
    real_game_log = selectors.game_log

    def counted(game, user, after, limit, lang="en", **kwargs):
        reads.append(kwargs.get("viewer"))
        return real_game_log(game, user, after, limit, lang, **kwargs)

    monkeypatch.setattr(selectors, "game_log", counted)
    before = last_seq(game)
    play_one(players, game)
    received = {n: s.read_until(caught_up(game)) for n, s in enumerate(spectators)}
    for name, stream in seated.items():
        received[name] = stream.read_until(caught_up(game))
    spectator_reads = [viewer for viewer in reads if viewer is None]
    # One read for twenty spectators (a few if the notices reached them apart, via Redis).
    assert 1 <= len(spectator_reads) <= 4, reads
    assert sorted(v for v in reads if v is not None) == [0, 1]  # each seat read for itself
    entries = {n: [e.raw for e in events if e.event == "entry"] for n, events in received.items()}
    assert all(entries[n] == entries[0] for n in range(20))
    for player in players:
        log = player.get(url(game, "log") + f"?after={before}").json()["events"]
        mine = [e.data for e in received[player.user.username] if e.event == "entry"]
        assert mine == log  # their own view, not the spectators'
    for stream in [*spectators, *seated.values()]:
        stream.close()


def test_under_asgi_spectators_share_the_read_and_skip_the_pool(make_player, monkeypatch):
    """A game's spectators on the event loop: one read for all of them, and those that find it
    made take their events on the loop itself, without a trip through the read pool."""
    from games import selectors
    from live import streams

    players = [make_player("alice"), make_player("bob")]
    game = start_game(players)
    reads, pooled = [], []
    real_game_log, real_step = selectors.game_log, streams._step_in_pool
    monkeypatch.setattr(
        selectors, "game_log", lambda *a, **k: reads.append(1) or real_game_log(*a, **k)
    )
    monkeypatch.setattr(streams, "_step_in_pool", lambda *a: pooled.append(1) or real_step(*a))

    async def follow() -> list[list]:
        clients = [AsyncClient(REMOTE_ADDR=f"203.0.113.{n}") for n in range(6)]
        responses = [await client.get(url(game, "stream")) for client in clients]
        streams_ = [aiter(response.streaming_content) for response in responses]
        for chunks in streams_:
            await anext(chunks)
        reads.clear()
        pooled.clear()
        await sync_to_async(play_one, thread_sensitive=False)(players, game)
        target = await sync_to_async(last_seq, thread_sensitive=False)(game)
        received = []
        for chunks in streams_:
            events: list = []
            while not any(e.id == target for e in events):
                events += parse(await asyncio.wait_for(anext(chunks), 5))
            received.append(events)
            await chunks.aclose()
        return received

    received = async_to_sync(follow)()
    assert all([e.raw for e in events] == [e.raw for e in received[0]] for events in received)
    assert len(reads) <= 3, reads  # one a notice (a decision may make two or three)
    assert len(pooled) < 6, pooled  # most spectators never went to the pool
