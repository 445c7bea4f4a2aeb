"""A Khlor game's log and history over the API, as a client reads Khôra's: every line with
the members the schema promises (LineOutput: msg, seat, params, cause, text) and a sentence
in the reader's language, for its players and a spectator alike (nothing in Khlor is secret
once dealt), the server's own notices among them. The engine's lines were once shaped apart
from Khôra's, and Khlor's narration did not know the notices: the log was a 500."""

from __future__ import annotations

from games.api.serializers import LineOutput
from games.models import Game
from games.services import game_create, game_join
from tests.players import url

PROMISED = set(LineOutput().fields) - {"before", "after"}  # those two only when a value moved


def _khlor_played_by_defaults(alice, bob) -> Game:
    game = game_create(creator=alice.user, game_type="khlor", seats=2, options={}, step_hours=48)
    game_join(public_id=game.public_id, user=bob.user)
    # A server's notice in its log (a pause proposed), narrated as in a Khôra game.
    proposed = alice.post(url(game, "pause"), {"days": 2})
    assert proposed.status_code == 201, proposed.content
    for _ in range(200):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        for player in (alice, bob):
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                decided = player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
                )
                assert decided.status_code == 200, decided.content
    raise AssertionError("the Khlor game did not end")


def test_a_khlor_games_log_and_history_read_as_khoras_do(make_player, anonymous):
    alice, bob = make_player("alice"), make_player("bob")
    game = _khlor_played_by_defaults(alice, bob)
    assert game.status == Game.Status.FINISHED
    bob.user.profile.language = "uk"
    bob.user.profile.save()

    for reader in (alice, bob, anonymous):
        log = reader.get(url(game, "log"))
        assert log.status_code == 200, log.content
        lines = [line for event in log.json()["events"] for line in event["lines"]]
        assert lines and all(set(line) >= PROMISED and line["text"] for line in lines)
        history = reader.get(url(game, "history"))
        assert history.status_code == 200, history.content
        assert [line["text"] for line in history.json()["lines"]][:3] == [
            line["text"] for line in lines[:3]
        ]
    for reader in (alice, bob):  # English, Ukrainian
        told = [line for line in reader.get(url(game, "history")).json()["lines"]]
        proposal = next(line for line in told if line["msg"] == "notice")
        assert proposal["params"]["kind"] == "pause_proposed" and proposal["text"]
    said = bob.get(url(game, "history")).json()["lines"]
    english = alice.get(url(game, "history")).json()["lines"]
    assert [line["msg"] for line in said] == [line["msg"] for line in english]
    assert said[-1]["text"] != english[-1]["text"]  # bob reads Ukrainian
