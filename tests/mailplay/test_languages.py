"""Play by email speaks the player's language: our answers to their replies and the pages
their answer links open, whoever's browser opens them."""

from __future__ import annotations

import re

from django.core import mail
from django.test import Client
from django.utils import translation

from accounts.models import Profile
from games.models import GameEvent
from mailplay import services
from mailplay.replies import problem_text
from tests.mailplay.conftest import latest_email, reply
from tests.players import start_game, url

LINK = re.compile(r"https://khora\.example(/mail/answer/[^/\s]+/)")
NUMBERED = re.compile(r"^  \d+\. (.+?)(?: \(типовий вибір\))?$", re.MULTILINE)
# Words of our own English chrome; none may be left in Ukrainian.
ENGLISH = re.compile(
    r"\b(the|you|your|game|to|of|and|in|by|is|answer|reply|number|options?|played|nothing|"
    r"open|stop|confirm|choice|link|question)\b",
    re.I,
)


def _no_english(text: str) -> list[str]:
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"https?://\S+|[\w.+-]+@[\w.-]+|Khôra|API|EET|UTC|Europe/Kyiv", "", text)
    return ENGLISH.findall(text)


# What the pages and emails call her unnamed game with one bot (games.naming), in Ukrainian.
CALLED = "oksana проти 1 бота, "


def _ukrainian_game(make_player):
    oksana, bob = make_player("oksana"), make_player("bob")
    Profile.objects.filter(user=oksana.user).update(language="uk", time_zone="Europe/Kyiv")
    game = start_game([oksana, bob], seats=3)
    return oksana, bob, game


def _deliver(text: str, to: str, sender: str = "oksana@example.com") -> None:
    services.inbound_store(raw=reply(to=to, sender=sender, text=text), via="smtp", envelope_to=to)


def test_a_ukrainian_players_unknown_number_is_answered_in_ukrainian_with_the_options(
    make_player,
):
    oksana, _, game = _ukrainian_game(make_player)
    to = latest_email(oksana.user).reply_to
    prompt = oksana.get(url(game, "prompt")).json()["prompt"]  # her profile's language
    labels = [option["label"] for option in prompt["options"]]

    mail.outbox.clear()
    _deliver("99", to)
    _deliver("Який кращий?", to)

    assert GameEvent.objects.filter(game=game, seat=0, type="decision").count() == 0
    out_of_range, no_number = mail.outbox
    print("\n" + out_of_range.subject + "\n\n" + out_of_range.body)
    assert "Варіанта 99 немає, тож нічого не зіграно." in out_of_range.body
    assert f"Надішліть у відповідь номер від 1 до {len(labels)}." in out_of_range.body
    assert "У вашій відповіді немає номера варіанта, тож нічого не зіграно." in no_number.body
    for answer in (out_of_range, no_number):
        # The options in her language, each card with its price and needs as on the page.
        listed = NUMBERED.findall(answer.body)
        assert len(listed) == len(labels)
        for shown, label in zip(listed, labels, strict=True):
            assert shown.startswith(label) and ("др." in shown or "безкоштовно" in shown)
        assert prompt["text"] in answer.body
        assert f"Ось що вас питають зараз у грі «{CALLED}" in answer.body
        assert answer.reply_to == [to]
        for part in (answer.body, answer.alternatives[0][0]):
            assert not _no_english(part), (_no_english(part), part)


def test_a_ukrainian_players_accepted_and_stale_replies_are_answered_in_ukrainian(make_player):
    oksana, _, game = _ukrainian_game(make_player)
    to = latest_email(oksana.user).reply_to
    label = oksana.get(url(game, "prompt")).json()["prompt"]["options"][1]["label"]

    mail.outbox.clear()
    _deliver("2", to)
    _deliver("1", to)  # the same, answered prompt again: stale

    taken, stale = mail.outbox
    print("\n" + taken.body + "\n" + stale.body)
    assert f"Прийнято: 2. {label}" in taken.body
    assert f"Зараз у грі «{CALLED}" in taken.body
    assert "» від вас нічого не потрібно (гра чекає на: bob)." in taken.body
    assert "Ми напишемо, коли буде ваш хід." in taken.body
    assert "Ваша відповідь стосувалася питання, яке вже закрите" in stale.body
    for answer in (taken, stale):
        for part in (answer.body, answer.alternatives[0][0]):
            assert not _no_english(part), (_no_english(part), part)
    assert GameEvent.objects.filter(game=game, seat=0, type="decision").count() == 1


def test_the_confirmation_page_speaks_the_links_players_language(make_player):
    oksana, bob, game = _ukrainian_game(make_player)
    links = LINK.findall(latest_email(oksana.user).body_text)
    option = oksana.get(url(game, "prompt")).json()["prompt"]["options"][0]

    # Opened by a browser that asks for English: the page is still hers, in Ukrainian.
    page = Client().get(links[0], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    print("\n" + page)
    assert '<html lang="uk">' in page
    assert "Підтвердьте відповідь" in page and "Зіграти цей вибір" in page
    assert f"Гра «<strong>{CALLED}" in page and "гравець <strong>oksana</strong>." in page
    assert option["label"] in page
    assert not _no_english(page), _no_english(page)

    # The same link once answered: why nothing was played, and what is asked now, in Ukrainian.
    taken = Client().post(links[0])
    assert taken.status_code == 200 and "Відповідь прийнято" in taken.content.decode()
    assert not _no_english(taken.content.decode()), _no_english(taken.content.decode())
    bob_prompt = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": bob_prompt["id"], "option": bob_prompt["default"]})
    stale = Client().get(links[0]).content.decode()
    current = oksana.get(url(game, "prompt")).json()["prompt"]
    assert "Це питання вже закрите" in stale and "Що вас питають зараз" in stale
    assert current["text"] in stale
    assert not _no_english(stale), _no_english(stale)


def test_an_english_players_page_stays_english_and_a_broken_link_follows_the_browser(
    make_player,
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob], seats=3)
    link = LINK.findall(latest_email(alice.user).body_text)[0]
    page = Client().get(link, HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert '<html lang="en">' in page and "Confirm your answer" in page
    assert "The game “<strong>alice vs 1 bot, " in page and "player <strong>alice</strong>." in page
    assert game.public_id not in page  # named, not by its id

    broken = Client().get("/mail/answer/not-a-token/", HTTP_ACCEPT_LANGUAGE="uk")
    assert broken.status_code == 404
    assert "Це посилання не працює" in broken.content.decode()


def test_every_reason_a_reply_is_refused_reads_in_ukrainian():
    cases = [
        ("stale", {}),
        ("no_number", {"count": 5}),
        ("bad_number", {"number": 9, "count": 5}),
        ("bad_next_number", {"number": 9, "count": 4}),
        ("refused", {"number": 2, "code": "stale_prompt", "message": "The prompt moved on."}),
        ("refused", {"number": 2, "code": "illegal_option", "message": "Not an option."}),
        ("refusal", {"code": "not_your_turn", "message": "Nothing is asked of you."}),
        ("refusal", {"code": "game_over", "message": "The game is over."}),
    ]
    with translation.override("uk"):
        texts = [problem_text(problem, values) for problem, values in cases]
    for text in texts:
        assert text and not _no_english(text), text
    assert texts[4] == "Варіант 2 не вдалося зіграти. Це питання вже закрите."


def test_a_reply_without_a_subject_is_answered_under_the_games_name(make_player):
    oksana, _, _ = _ukrainian_game(make_player)
    to = latest_email(oksana.user).reply_to
    mail.outbox.clear()
    raw = reply(to=to, sender="oksana@example.com", text="1", subject="")
    services.inbound_store(raw=raw, via="smtp", envelope_to=to)
    (answer,) = mail.outbox
    assert answer.subject.startswith(f"Khôra: ваша відповідь у грі «{CALLED}")
    assert answer.subject.endswith("»")
