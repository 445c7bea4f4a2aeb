"""Issue 28 with the real parts: no game waits on mail whatever the worker layout, and a sweep
that waited in the queue longer than its period still rescues a game."""

from __future__ import annotations

import re
import time
from datetime import timedelta

from django.conf import settings

from common import clock
from games.models import Game
from games.workers import tasks
from notifications.models import Notification
from tests.integration.conftest import wait_for
from tests.integration.test_reliability import HungSmtpServer, _wait_for_the_advance
from tests.players import start_game, url


def test_workers_serving_both_queues_keep_games_moving_while_smtp_hangs(make_player, start_worker):
    hung = HungSmtpServer()
    try:
        # The small site's layout: every worker serves games and email. A short pause makes
        # the hung server catch a worker again and again during the game.
        for _ in range(2):
            start_worker(EMAIL_PORT=str(hung.port), NOTIFY_PAUSE_SECONDS="3")
        alice, bob = make_player("alice"), make_player("bob")
        game = start_game([alice, bob], seats=3)
        waits = [_wait_for_the_advance(game)]
        for _ in range(8):  # draft picks and beyond: each pair of answers needs the bot
            for player in (alice, bob):
                prompt = player.get(url(game, "prompt")).json()["prompt"]
                if prompt is None:
                    continue
                response = player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
                )
                assert response.status_code == 200, response.content
            waits.append(_wait_for_the_advance(game))
            time.sleep(0.5)  # let the email tasks of this round reach the hung server
        print(f"\nSMTP hung, 2 workers on both queues: longest wait {max(waits):.2f} s")
        assert max(waits) < 2.0, waits
        assert Notification.objects.filter(game=game, attempts__gt=0).exists(), "it was tried"
        assert not Notification.objects.filter(status=Notification.Status.SENT).exists()
    finally:
        hung.close()


def test_a_sweep_delivered_later_than_its_period_still_rescues_a_lost_advance(
    make_player, start_worker
):
    from khora_site.celery import app

    worker = start_worker(queues="email")  # nothing takes game tasks yet
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    app.control.purge()  # Redis lost the advance
    Game.objects.filter(pk=game.pk).update(updated_at=clock.now() - timedelta(minutes=1))
    assert Game.objects.get(pk=game.pk).needs_advance

    # The beat sends the sweep with its own options; the workers are behind for longer than
    # a sweep period (right after a fault), so it is taken late.
    tasks.sweep.apply_async(**settings.CELERY_BEAT_SCHEDULE["sweep"]["options"])
    time.sleep(settings.GAME_SWEEP_SECONDS + 1)
    app.control.add_consumer("celery", reply=True)
    wait_for(lambda: not Game.objects.get(pk=game.pk).needs_advance, timeout=15)
    assert re.search(r"Task games\.tasks\.sweep\[[^\]]+\] succeeded", worker.log())
