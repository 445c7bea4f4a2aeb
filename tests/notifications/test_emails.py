"""Every kind of email: its subject, text and HTML say the right things, with the right headers."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.core import mail

from accounts.login_links import target_of
from notifications import services
from notifications.models import Notification
from notifications.tokens import read_unsubscribe_token
from tests.notifications.conftest import SITE, over_context, turn_context


def send(user, game, kind, context, step="7"):
    row = services.notify(user=user, game=game, step=step, kind=kind, context=context)
    assert row is not None
    assert services.send_due() == 1
    return row, mail.outbox[-1]


def html_of(message) -> str:
    (html, mimetype), *_ = message.alternatives
    assert mimetype == "text/html"
    return html


def assert_opens_game(body: str, game) -> None:
    """The game is linked by a login link (signed, single use) that opens the game's page."""
    links = re.findall(rf"{SITE}/login/link/[^\s\"<]+/", body)
    # The game, and the footer's settings page: both opened logged in.
    assert links and {target_of(link) for link in links} == {
        f"/games/{game.public_id}/",
        "/preferences/",
    }


def assert_footer_links_work(user, message, scope):
    text, html = message.body, html_of(message)
    links = re.findall(rf"{SITE}/notifications/unsubscribe/([^/\s\"]+)/", text)
    targets = {read_unsubscribe_token(token) for token in links}
    assert targets == {(user.pk, scope), (user.pk, "all")}
    for token in links:
        assert token in html
    for footer in (text.split("\n--\n")[-1], html.split("<hr")[-1]):
        settings_links = re.findall(rf"{SITE}/login/link/[^\s\"<]+/", footer)
        assert {target_of(link) for link in settings_links} == {"/preferences/"}


def test_your_turn_says_what_is_asked_the_deadline_and_both_links(make_user, game):
    alice = make_user("alice", time_zone="Europe/Paris")
    _, message = send(alice, game, "your_turn", turn_context(game))
    assert message.to == ["alice@example.com"]
    assert message.subject == "Khôra: your turn in “Aegean Nights” (round 2)"
    for body in (message.body, html_of(message)):
        assert "Choose the politics card you keep from this hand." in body
        assert "Keep Diolkos" in body and "Keep Gardens" in body
        assert "Tuesday 4 March 2025 at 14:00 CET (Europe/Paris)" in body
        assert_opens_game(body, game)
        assert f"{SITE}/api/v1/games/{game.public_id}/prompt/" in body
        assert "round 2" in body and "draft phase" in body
    assert "Keep Lyceum (the default)" in message.body
    assert "the default is played for you: Keep Lyceum" in message.body
    assert_footer_links_work(alice, message, "your_turn")


@pytest.mark.parametrize(
    ("time_zone", "shown"),
    [
        ("UTC", "Tuesday 4 March 2025 at 13:00 UTC"),
        ("America/New_York", "Tuesday 4 March 2025 at 08:00 EST (America/New_York)"),
        ("Asia/Kolkata", "Tuesday 4 March 2025 at 18:30 IST (Asia/Kolkata)"),
        ("Pacific/Auckland", "Wednesday 5 March 2025 at 02:00 NZDT (Pacific/Auckland)"),
        (None, "Tuesday 4 March 2025 at 13:00 UTC"),  # no profile at all
    ],
)
def test_the_deadline_reads_in_the_recipients_time_zone(make_user, game, time_zone, shown):
    player = make_user("player", time_zone=time_zone)
    _, message = send(player, game, "your_turn", turn_context(game))
    assert shown in message.body and shown in html_of(message)


def test_a_summer_deadline_reads_in_summer_time(make_user, game):
    paris = make_user("paris", time_zone="Europe/Paris")
    context = turn_context(game, deadline=datetime(2025, 7, 1, 6, 30, tzinfo=UTC))
    _, message = send(paris, game, "your_turn", context)
    assert "Tuesday 1 July 2025 at 08:30 CEST (Europe/Paris)" in message.body


def test_a_step_without_deadline_says_so(make_user, game):
    alice = make_user("alice")
    _, message = send(alice, game, "your_turn", turn_context(game, deadline=None))
    assert "This step has no deadline." in message.body


@pytest.mark.parametrize(
    ("kind", "hours"), [("reminder_24h", "24 hours"), ("reminder_1h", "1 hour")]
)
def test_a_reminder_says_how_long_is_left_and_repeats_the_question(make_user, game, kind, hours):
    alice = make_user("alice", time_zone="Europe/Paris")
    _, message = send(alice, game, kind, turn_context(game))
    assert message.subject == f"Khôra: {hours} left to answer in “Aegean Nights”"
    for body in (message.body, html_of(message)):
        assert f"about {hours} remain" in body
        assert "Choose the politics card you keep from this hand." in body
        assert "Tuesday 4 March 2025 at 14:00 CET (Europe/Paris)" in body
        assert f"{SITE}/api/v1/games/{game.public_id}/prompt/" in body
    assert_footer_links_work(alice, message, "reminder")


def test_game_started_names_the_players_and_links_the_game(make_user, game):
    alice = make_user("alice")
    context = turn_context(game)
    _, message = send(alice, game, "game_started", context, step="start")
    assert message.subject == "Khôra: “Aegean Nights” has started"
    for body in (message.body, html_of(message)):
        assert "alice, bob, bot" in body
        assert_opens_game(body, game)
        assert "Tuesday 4 March 2025 at 13:00 UTC" in body
    assert_footer_links_work(alice, message, "game_started")


def test_game_over_lists_the_final_scores_by_place_and_marks_the_recipient(make_user, game):
    alice = make_user("alice")
    _, message = send(alice, game, "game_over", over_context(game), step="end")
    assert message.subject == "Khôra: “Aegean Nights” is over: you placed 2 of 3"
    assert "  1. bob: 71 points\n  2. alice (you): 64 points\n  3. bot: 58 points" in message.body
    html = html_of(message)
    assert html.index("bob") < html.index("alice (you)") < html.index(">bot<")
    assert "<td>64</td>" in html.replace(
        ' style="text-align: right; padding: 0.2em 0; vertical-align: top;"', ""
    )
    assert_footer_links_work(alice, message, "game_over")


def test_game_over_for_someone_not_in_the_scores_has_no_place_in_the_subject(make_user, game):
    carol = make_user("carol")
    _, message = send(carol, game, "game_over", over_context(game), step="end")
    assert message.subject == "Khôra: “Aegean Nights” is over"


def test_every_email_has_a_stable_message_id_and_one_click_unsubscribe_headers(make_user, game):
    alice = make_user("alice")
    row, message = send(alice, game, "your_turn", turn_context(game))
    headers = message.message()
    assert headers["Message-ID"] == f"<{row.uuid}@khora.example>"
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = headers["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{SITE}/notifications/unsubscribe/") and unsubscribe[-1] == ">"
    token = unsubscribe.rsplit("/", 2)[-2]
    assert read_unsubscribe_token(token) == (alice.pk, "your_turn")
    assert headers["Auto-Submitted"] == "auto-generated"
    assert "text/plain" in headers.as_string() and "text/html" in headers.as_string()


def test_html_escapes_what_the_context_carries_and_text_keeps_it_as_is(make_user, game):
    alice = make_user("alice")
    prompt = {"text": "Pay <3> drachmas & more?", "options": ["Yes <b>", "No"], "default": "No"}
    _, message = send(alice, game, "your_turn", turn_context(game, prompt=prompt))
    assert "Pay <3> drachmas & more?" in message.body and "Yes <b>" in message.body
    html = html_of(message)
    assert "Pay &lt;3&gt; drachmas &amp; more?" in html and "Yes &lt;b&gt;" in html
    assert "<b>" not in html


def test_the_email_is_frozen_as_of_its_cause(make_user, game):
    alice = make_user("alice")
    row = services.notify(
        user=alice, game=game, step="7", kind="your_turn", context=turn_context(game)
    )
    alice.profile.time_zone = "Asia/Tokyo"
    alice.profile.save()
    services.send_due()
    assert mail.outbox[0].body == Notification.objects.get(pk=row.pk).body_text
    assert "13:00 UTC" in mail.outbox[0].body


def test_an_unknown_kind_is_refused_loudly(make_user, game):
    with pytest.raises(ValueError, match="reminder_<N>h"):
        services.notify(user=make_user("alice"), game=game, step="1", kind="reminder", context={})
