"""The queue through its services: matching as soon as a table completes, the terms that must
agree, mutes, leaving, several queues, expiry by the minute tick, and the game's start notices."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chat.models import ChatMute
from common import clock
from common.errors import DomainError
from games import events
from games.models import Game
from matchmaking import rematch, services
from matchmaking.models import QueueEntry
from notifications.models import Notification
from ratings.models import Rating
from tests.players import start_game

TERMS = {"step_hours": 24, "language": "en"}


def tick() -> None:
    """What games' minute tick tells the apps above it once its own work is done."""
    events.emit(events.Ticked())


def join(player, players: int | None = 2, **terms) -> QueueEntry:
    return services.entry_join(user=player.user, players=players, **(TERMS | terms))


def test_two_players_form_a_started_game_and_both_are_told(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    first = join(ann)
    assert first.status == "waiting" and first.game is None
    second = join(ben)
    assert second.status == "matched"
    game = second.game
    first.refresh_from_db()
    assert first.status == "matched" and first.game == game
    assert game.status == Game.Status.ACTIVE and game.step_hours == 24 and game.num_seats == 2
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["ann", "ben"]
    # games' own "game started" email, to each of them
    started = Notification.objects.filter(game=game, kind="game_started")
    assert sorted(started.values_list("recipient__username", flat=True)) == ["ann", "ben"]


def test_terms_must_agree_and_any_number_matches_a_given_one(make_player):
    ann, ben, cat, dan = (make_player(name) for name in ("ann", "ben", "cat", "dan"))
    join(ann, players=3)
    assert join(ben, players=2).status == "waiting"  # 2 seats vs 3
    assert join(cat, players=3, step_hours=48).status == "waiting"  # another step length
    assert join(dan, players=3, language="uk").status == "waiting"  # another language
    eve = make_player("eve")
    assert join(eve, players=None).status == "matched"  # any: with ben, 2 seats at once
    assert QueueEntry.objects.get(user=ben.user).status == "matched"
    fay = make_player("fay")
    assert join(fay, players=None).status == "waiting"  # ann (3) still needs a third
    gus = make_player("gus")
    game = join(gus, players=3).game
    assert game is not None and game.num_seats == 3
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["ann", "fay", "gus"]


def test_nobody_is_matched_with_someone_they_muted_either_way(make_player):
    ann, ben, cat = make_player("ann"), make_player("ben"), make_player("cat")
    earlier = start_game([ann, ben])
    ChatMute.objects.create(game=earlier, user=ben.user, muted=ann.user)
    join(ann)
    assert join(ben).status == "waiting"  # ben muted ann: not at one table
    assert join(cat).status == "matched"  # the oldest compatible entry: ann
    game = QueueEntry.objects.get(user=cat.user).game
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["ann", "cat"]
    assert QueueEntry.objects.get(user=ben.user).status == "waiting"


def test_rating_bands_hold_both_ways(make_player):
    ann, ben, cat = make_player("ann"), make_player("ben"), make_player("cat")
    Rating.objects.create(user=ann.user, game_type="khora", mu=40, sigma=2)  # shows 34
    join(ann, rating_band=10)
    assert join(ben).status == "waiting"  # ben shows 0: outside ann's band
    Rating.objects.create(user=cat.user, game_type="khora", mu=35, sigma=1)  # shows 32
    assert join(cat, rating_band=5).status == "matched"


def test_several_queues_leaving_and_limits(make_player, settings):
    settings.MATCHMAKING_MAX_ENTRIES = 2
    ann, ben = make_player("ann"), make_player("ben")
    two = join(ann, players=2)
    four = join(ann, players=4)
    with pytest.raises(DomainError) as same:
        join(ann, players=4)
    assert same.value.code == "already_waiting" and same.value.status == 409
    with pytest.raises(DomainError) as many:
        join(ann, players=3)
    assert many.value.code == "too_many_entries"
    services.entry_leave(user=ann.user, entry_id=two.pk)
    assert QueueEntry.objects.get(pk=two.pk).status == "left"
    with pytest.raises(DomainError) as again:
        services.entry_leave(user=ann.user, entry_id=two.pk)
    assert again.value.code == "entry_not_waiting"
    with pytest.raises(DomainError) as theirs:
        services.entry_leave(user=ben.user, entry_id=four.pk)  # not ben's
    assert theirs.value.code == "entry_not_found" and theirs.value.status == 404
    assert join(ben, players=2).status == "waiting"  # ann left the 2-seat queue
    game = join(ben, players=4).game
    assert game is None  # ann's 4-seat entry waits for two more
    assert QueueEntry.objects.filter(user=ann.user, status="waiting").count() == 1


def test_a_player_is_never_matched_with_themselves(make_player):
    ann = make_player("ann")
    join(ann, players=2)
    assert join(ann, players=None).status == "waiting"


def test_a_deactivated_account_is_never_matched_and_its_entry_ends_at_the_tick(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    entry = join(ann)
    ann.user.is_active = False
    ann.user.save()
    assert join(ben).status == "waiting"  # not seated with someone who can no longer play
    tick()
    assert QueueEntry.objects.get(pk=entry.pk).status == "left"
    assert not Game.objects.exists()


def test_entries_expire_at_the_minute_tick(make_player, settings):
    settings.MATCHMAKING_ENTRY_HOURS = 2
    ann, ben = make_player("ann"), make_player("ben")
    now = clock.now()
    with clock.frozen_at(now):
        entry = join(ann)
    assert entry.expires_at == now + timedelta(hours=2)
    with clock.frozen_at(now + timedelta(hours=1)):
        tick()
        assert QueueEntry.objects.get(pk=entry.pk).status == "waiting"
    with clock.frozen_at(now + timedelta(hours=2, seconds=1)):
        # Past its time, an entry is not matched even before the tick marks it.
        assert join(ben).status == "waiting"
        tick()
    assert QueueEntry.objects.get(pk=entry.pk).status == "expired"


def test_a_rematch_offer_expires_at_the_tick_and_can_be_asked_again(make_player, settings):
    settings.MATCHMAKING_ENTRY_HOURS = 1
    ann, ben = make_player("ann"), make_player("ben")
    old = start_game([ann, ben])
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    now = clock.now()
    with clock.frozen_at(now):
        asked = rematch.rematch_accept(public_id=old.public_id, user=ann.user)
    assert asked["status"] == "open" and asked["you_accepted"]
    with clock.frozen_at(now + timedelta(hours=1, seconds=1)):
        tick()
        state = rematch.rematch_state(public_id=old.public_id, user=ben.user)
        assert state["status"] == "expired" and not any(p["accepted"] for p in state["players"])
        # Ben's click now proposes anew: ann's old acceptance no longer counts.
        again = rematch.rematch_accept(public_id=old.public_id, user=ben.user)
    assert again["status"] == "open" and again["new_game"] is None
    assert [p["accepted"] for p in again["players"]] == [False, True]
