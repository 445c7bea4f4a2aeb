"""The admin lists the outbox read-only, without bodies, and lets staff edit preferences."""

from __future__ import annotations

from django.test import Client

from notifications import services
from tests.notifications.conftest import turn_context


def test_the_outbox_is_listed_read_only_and_never_shows_a_players_options(make_user, game):
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    row = services.notify(
        user=make_user("alice"), game=game, step="3", kind="your_turn", context=turn_context(game)
    )
    client = Client()
    client.force_login(admin)
    listing = client.get("/admin/notifications/notification/")
    assert listing.status_code == 200 and row.subject in listing.content.decode()
    page = client.get(f"/admin/notifications/notification/{row.pk}/change/").content.decode()
    assert row.subject in page and "your_turn" in page
    assert "Keep Diolkos" not in page  # alice's options are hers alone
    assert client.get("/admin/notifications/notification/add/").status_code == 403
    assert client.post(f"/admin/notifications/notification/{row.pk}/delete/").status_code == 403
    assert client.get("/admin/notifications/notificationpreference/").status_code == 200
