"""Games advanced by a real Celery worker through Redis, on PostgreSQL, emails over SMTP."""

import random
import time
from collections import Counter

from games.models import Game, GameEvent, GameStep, PendingAsk
from notifications.models import Notification
from tests.integration.conftest import wait_for
from tests.players import start_game, url


def _subject(message) -> str:
    return " ".join(str(message["Subject"]).split())  # undo header folding


def _play_to_the_end(players, game, rng) -> list[float]:
    """Play with random options; return how long the game waited on the server (nobody to
    ask: chance to sample, the bot to play) after each answer that left it so."""
    waits: list[float] = []

    def advanced():
        return not Game.objects.get(pk=game.pk).needs_advance

    def someone_is_asked():
        finished = Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        return finished or any(p.get(url(game, "prompt")).json()["prompt"] for p in players)

    while Game.objects.get(pk=game.pk).status != Game.Status.FINISHED:
        wait_for(someone_is_asked, timeout=20)
        for player in rng.sample(players, len(players)):
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                option = rng.choice(prompt["options"])["id"]
                response = player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": option}
                )
                assert response.status_code == 200, response.content
                if response.json()["advancing"]:
                    answered = time.monotonic()
                    wait_for(advanced, timeout=20, interval=0.01)
                    waits.append(time.monotonic() - answered)
    return waits


def test_bots_play_a_whole_game_through_the_api_the_worker_advances_it_and_mail_arrives(
    make_player, start_worker, smtp, settings
):
    # These players answer within milliseconds: held "your turn" emails (for players active in
    # the last minutes; tests/mailplay/test_fewer_emails.py) would not go out during the test.
    settings.NOTIFY_ACTIVE_MINUTES = 0
    start_worker(NOTIFY_ACTIVE_MINUTES="0")
    players = [make_player(name) for name in ("alice", "bob", "carol", "dave")]
    game = start_game(players)
    waits = _play_to_the_end(players, game, random.Random(5))
    print(
        f"\nwaits on the server (real worker, {len(waits)} advances): "
        f"longest {max(waits):.2f} s, mean {sum(waits) / len(waits):.3f} s"
    )
    assert max(waits) <= 5.0, "under normal operation no game waits on the server over 5 s"

    game.refresh_from_db()
    assert not game.needs_advance
    seqs = list(GameEvent.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, game.last_seq + 1))
    scores = players[0].get(url(game)).json()["scores"]
    assert scores["final"] and len(scores["totals"]) == 4

    # The email worker writes "your turn" from the pending asks; a prompt these instant
    # players answered before it was sent is not sent (superseded). Everything else goes out.
    wait_for(lambda: not PendingAsk.objects.filter(game=game).exists(), timeout=30)
    written = Notification.objects.filter(game=game)
    done = {Notification.Status.SENT, Notification.Status.SUPERSEDED}
    wait_for(lambda: set(written.values_list("status", flat=True)) <= done, timeout=30)
    sent = written.filter(status=Notification.Status.SENT)
    # The sink has the last message a moment before its sender commits "sent".
    wait_for(lambda: len(smtp.messages) == sent.count(), timeout=10)
    assert not written.exclude(kind="your_turn").filter(status="superseded").exists()
    ids = [message["Message-ID"] for message in smtp.messages]
    assert len(set(ids)) == len(ids), "each email is delivered once"

    by_recipient = Counter(message["To"] for message in smtp.messages)
    assert set(by_recipient) == {f"{p.user.username}@example.com" for p in players}
    started = [m for m in smtp.messages if "has started" in _subject(m)]
    assert len(started) == 4
    for message in started:
        text = message.get_body(("plain",)).get_content()
        assert f"/api/v1/games/{game.public_id}/prompt/" in text
        assert str(message["List-Unsubscribe"]).strip().startswith("<http")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert message.get_body(("html",)) is not None
    # Subjects name the game (unnamed here: after its creator), never only its id.
    over = [m for m in smtp.messages if f"“{game.creator.username}'s game” is over" in _subject(m)]
    assert len(over) == 4
    for message in over:
        text = message.get_body(("plain",)).get_content()
        assert all(str(total) in text for total in scores["totals"])
        assert text.count("VP on the score track + ") == 4  # each score with its breakdown

    rounds = {str(s.number): s.key.split(".")[0] for s in GameStep.objects.filter(game=game)}
    per_round = Counter(
        (row.recipient.username, rounds[row.step.split("/")[0]])
        for row in written.filter(kind="your_turn")
    )
    counts = list(per_round.values())
    print(
        f"\nyour-turn emails per player and round (4 players, real worker): "
        f"mean {sum(counts) / len(counts):.1f}, max {max(counts)}"
    )
