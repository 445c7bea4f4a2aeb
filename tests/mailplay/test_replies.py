"""Replying to an email with an option's number plays it, once, for the email's player only."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.core import mail

from common import clock
from games.models import Game, GameEvent
from mailplay import services
from mailplay.models import InboundMessage
from notifications.mail_tokens import reply_address
from tests.mailplay.conftest import latest_email, options_of, reply
from tests.players import start_game, url


def _decisions(game, seat) -> int:
    return GameEvent.objects.filter(game=game, seat=seat, type="decision").count()


def _deliver(raw: bytes, to: str) -> InboundMessage | None:
    return services.inbound_store(raw=raw, via="smtp", envelope_from="x@y", envelope_to=to)


def _game(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    return alice, bob, game


def _priced(label: str, card: dict) -> str:
    price = f"{card['cost']} dr." if card["cost"] else "free"
    tokens = ", ".join(f"{n}× {colour}" for colour, n in card["needs"].items() if n)
    return f"{label} ({price}{' · needs ' + tokens if tokens else ''})"


def test_the_game_started_email_numbers_the_options_and_can_be_answered(make_player):
    alice, _, game = _game(make_player)
    email = latest_email(alice.user)
    assert email.kind == "game_started"
    assert email.reply_to.startswith("play+") and email.reply_to.endswith("@khora.example")
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    # Each card as the page shows it in the hand: its price and the tokens it needs.
    view = alice.get(url(game)).json()["view"]
    hand = {card["id"]: card for card in view["players"][0]["draft_hand"]}
    labels = [
        _priced(option["label"], hand[option["data"]["card"]]) for option in prompt["options"]
    ]
    assert options_of(email.body_text) == labels
    default = [o["id"] for o in prompt["options"]].index(prompt["default"])
    assert f"  {default + 1}. {labels[default]} (the default)" in email.body_text
    assert "reply to this email with the number of your choice" in email.body_text
    print("\n" + email.body_text)  # read it as a player would

    mail.outbox.clear()
    _deliver(reply(to=email.reply_to, sender="alice@example.com", text="2"), email.reply_to)

    event = GameEvent.objects.filter(game=game, type="decision").latest("seq")
    assert (event.seat, event.payload["option"]) == (0, prompt["options"][1]["id"])
    (answer,) = mail.outbox
    assert answer.to == ["alice@example.com"]
    assert answer.subject == "Re: Khôra: your turn"
    assert f"Taken: 2. {prompt['options'][1]['label']}" in answer.body
    assert "Nothing is asked of you right now" in answer.body
    assert "(the game waits for bob)" in answer.body
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert "In-Reply-To" in answer.extra_headers
    print(answer.body)


def test_the_same_reply_delivered_twice_is_played_once(make_player):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    raw = reply(to=to, sender="alice@example.com", text="1", message_id="<once@client.example>")
    assert _deliver(raw, to) is not None
    assert _deliver(raw, to) is None
    assert _decisions(game, 0) == 1
    assert InboundMessage.objects.get().outcome == "applied"


def test_quoted_text_and_the_signature_are_not_read(make_player):
    alice, _, game = _game(make_player)
    email = latest_email(alice.user)
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    raw = reply(
        to=email.reply_to,
        sender="Alice <Alice@Example.com>",
        text="3 please\n-- \nAlice, room 12, phone 555 1234",
        quote=email.body_text,
    )
    _deliver(raw, email.reply_to)
    event = GameEvent.objects.filter(game=game, seat=0, type="decision").get()
    assert event.payload["option"] == prompt["options"][2]["id"]


def test_an_html_only_reply_is_read_as_text(make_player):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    html = (
        "<html><body><div dir='ltr'>2</div><div class='gmail_quote'>On Mon wrote:"
        "<blockquote>1. Keep it 4. Or not</blockquote></div></body></html>"
    )
    _deliver(reply(to=to, sender="alice@example.com", text=None, html=html), to)
    prompt_before = GameEvent.objects.filter(game=game, seat=0, type="decision").get()
    assert InboundMessage.objects.get().outcome == "applied"
    assert prompt_before.payload["option"]
    assert "Taken: 2." in mail.outbox[-1].body


def test_no_number_and_a_number_out_of_range_are_answered_with_the_options(make_player):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    count = len(alice.get(url(game, "prompt")).json()["prompt"]["options"])

    mail.outbox.clear()
    _deliver(reply(to=to, sender="alice@example.com", text="Which one is best?"), to)
    _deliver(reply(to=to, sender="alice@example.com", text="99"), to)

    assert _decisions(game, 0) == 0
    no_number, out_of_range = mail.outbox
    assert "We found no option number in your reply" in no_number.body
    assert f"from 1 to {count}" in no_number.body
    assert "99 is not one of the options, so nothing was played" in out_of_range.body
    for answer in (no_number, out_of_range):
        assert len(options_of(answer.body)) == count
        assert answer.reply_to == [to], "the same prompt is still open: the same address"
    assert list(InboundMessage.objects.order_by("id").values_list("outcome", flat=True)) == [
        "no_number",
        "bad_number",
    ]
    print("\n" + out_of_range.body)


def test_a_forged_token_or_a_stranger_gets_no_answer_and_is_logged(make_player, caplog):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    local, domain = to.split("@")
    forged = f"{local[:-3]}{'aaa' if not local.endswith('aaa') else 'bbb'}@{domain}"
    # bob's address with alice's token, and a token bob made up for alice's seat
    bob_as_alice = reply_address(alice.user.pk, game.pk, "p0-1").replace("play+", "play+x")
    mail.outbox.clear()
    with caplog.at_level(logging.WARNING, logger="mailplay.services"):
        _deliver(reply(to=forged, sender="alice@example.com", text="1"), forged)
        _deliver(reply(to=to, sender="bob@example.com", text="1"), to)
        _deliver(reply(to=bob_as_alice, sender="bob@example.com", text="1"), bob_as_alice)

    assert mail.outbox == [], "no backscatter"
    assert _decisions(game, 0) == 0 and _decisions(game, 1) == 0
    outcomes = list(InboundMessage.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == ["refused_token", "refused_sender", "refused_token"]
    assert sum("refused" in record.getMessage() for record in caplog.records) == 3


def test_auto_replies_are_never_answered(make_player):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    mail.outbox.clear()
    raw = reply(
        to=to,
        sender="alice@example.com",
        text="I am away until Monday 3 May.",
        headers={"Auto-Submitted": "auto-replied"},
    )
    _deliver(raw, to)
    assert mail.outbox == [] and _decisions(game, 0) == 0
    assert InboundMessage.objects.get().outcome == "ignored_automatic"


def test_a_reply_to_an_answered_prompt_explains_and_shows_the_current_one(make_player):
    alice, bob, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    _deliver(reply(to=to, sender="alice@example.com", text="1"), to)
    bob_to = latest_email(bob.user).reply_to
    _deliver(reply(to=bob_to, sender="bob@example.com", text="1"), bob_to)
    mail.outbox.clear()

    _deliver(reply(to=to, sender="alice@example.com", text="2"), to)  # the old email again

    assert _decisions(game, 0) == 1
    (answer,) = mail.outbox
    assert "no longer open" in answer.body and "Nothing was played" in answer.body
    current = alice.get(url(game, "prompt")).json()["prompt"]
    if current:
        assert current["text"] in answer.body
        assert answer.reply_to and answer.reply_to != [to]
    print("\n" + answer.body)


def test_a_reply_to_a_finished_game_says_it_is_over(make_player):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    mail.outbox.clear()
    _deliver(reply(to=to, sender="alice@example.com", text="1"), to)
    (answer,) = mail.outbox
    called = f"alice vs 1 bot, {game.created_at.day} "  # as its page calls it (games.naming)
    assert f"The Khôra game “{called}" in answer.body
    assert "is over: nothing more can be decided." in answer.body
    assert InboundMessage.objects.get().outcome == "game_over"


def test_a_huge_message_is_refused_before_it_is_stored(make_player, settings):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    raw = reply(to=to, sender="alice@example.com", text="1\n" + "x" * 2_000_000)
    try:
        _deliver(raw, to)
    except services.MessageTooLarge as refusal:
        assert f"at most {settings.MAILPLAY_MAX_MESSAGE_BYTES}" in str(refusal)
    else:
        raise AssertionError("a 2 MB reply was stored")
    assert not InboundMessage.objects.exists() and _decisions(game, 0) == 0


def test_several_numbers_answer_a_chain_of_own_prompts_in_order(make_player):
    """Placing both dice in one reply: "2 1" answers the first die, then the second."""
    alice, bob, game = _game(make_player)
    # Everyone plays defaults over the API until alice is asked to place a die.
    for _ in range(200):
        prompt = alice.get(url(game, "prompt")).json()["prompt"]
        if prompt and prompt["kind"] == "assign_die":
            break
        for player in (alice, bob):
            asked = player.get(url(game, "prompt")).json()["prompt"]
            if asked:
                player.post(
                    url(game, "decisions"), {"prompt": asked["id"], "option": asked["default"]}
                )
    else:
        raise AssertionError("alice was never asked to place a die")
    to = reply_address(alice.user.pk, game.pk, prompt["id"])
    before = _decisions(game, 0)
    mail.outbox.clear()

    _deliver(reply(to=to, sender="alice@example.com", text="2 1 7"), to)

    events = list(GameEvent.objects.filter(game=game, seat=0, type="decision").order_by("seq"))
    assert len(events) == before + 2
    assert events[-2].payload["prompt"] == prompt["id"]
    assert events[-2].payload["option"] == prompt["options"][1]["id"]
    (answer,) = mail.outbox
    assert answer.body.count("Taken: ") == 2
    assert "Not used: 7" in answer.body or "7 is not one of the options of your next" in (
        answer.body
    )
    print("\n" + answer.body)


def test_a_crash_while_processing_loses_nothing_and_the_sweep_applies_it_once(
    make_player, monkeypatch
):
    alice, _, game = _game(make_player)
    to = latest_email(alice.user).reply_to
    real = services.game_services.decisions_submit

    def crash(**kwargs):
        real(**kwargs)  # the decision is written, then the worker "dies" before the commit
        raise RuntimeError("worker lost")

    monkeypatch.setattr(services.game_services, "decisions_submit", crash)
    mail.outbox.clear()
    _deliver(reply(to=to, sender="alice@example.com", text="1"), to)
    row = InboundMessage.objects.get()
    assert (row.status, row.attempts) == ("pending", 1)
    assert _decisions(game, 0) == 0, "the decision was rolled back with the crash"
    assert mail.outbox == []

    monkeypatch.setattr(services.game_services, "decisions_submit", real)
    with clock.frozen_at(clock.now() + timedelta(minutes=2)):
        assert services.sweep()["processed"] == 1
        assert services.sweep() == {"processed": 0, "answered": 0}
    row.refresh_from_db()
    assert (row.status, row.outcome) == ("done", "applied")
    assert _decisions(game, 0) == 1
    assert len(mail.outbox) == 1


def test_numbers_never_run_on_into_a_step_the_player_has_not_seen(make_player):
    """Alone with bots, each draft pick opens a new step at once: "1 2" plays only the 1."""
    alice = make_player("alice")
    game = start_game([alice], seats=3)
    to = latest_email(alice.user).reply_to
    mail.outbox.clear()

    _deliver(reply(to=to, sender="alice@example.com", text="1 2"), to)

    assert _decisions(game, 0) == 1
    (answer,) = mail.outbox
    assert "Taken: 1." in answer.body and "Not used: 2." in answer.body
    assert "You are asked again" in answer.body, "the next pick is shown, to answer on its own"
