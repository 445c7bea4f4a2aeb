"""The emails' and play by email's Ukrainian catalogs are complete and compiled, and a Ukrainian
email of every kind has no English word of its own left (the game's texts come from the engine,
in Ukrainian)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from accounts.models import Profile
from games.absences.notices import game_context
from notifications import emails
from notifications.kinds import KINDS, REMINDER_NAME, Kind
from tests.games.absences.test_emails import CONTEXTS as ABSENCE_CONTEXTS
from tests.notifications.conftest import over_context, turn_context

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = [
    "notifications",
    "mailplay",
    "chat",
]  # the web's own: tests/web/test_i18n_and_polling.py
ENGLISH = re.compile(r"\b(the|you|your|game|hours?|to|of|and|in|by|is|answer|points?|stop)\b", re.I)


@pytest.mark.parametrize("app", CATALOGS)
def test_the_catalog_is_complete_and_its_compiled_form_matches(tmp_path, app):
    path = ROOT / app / "locale/uk/LC_MESSAGES/django.po"
    po = polib.pofile(str(path))
    assert po.percent_translated() == 100, [e.msgid for e in po.untranslated_entries()]
    assert not po.fuzzy_entries()
    rebuilt = tmp_path / "django.mo"
    po.save_as_mofile(str(rebuilt))
    assert rebuilt.read_bytes() == path.with_suffix(".mo").read_bytes(), (
        "run: python manage.py buildtranslations --fill"
    )


def _ukrainian(context: dict) -> dict:
    # What the games side hands over for a Ukrainian player: the engine's texts in Ukrainian.
    return {
        **context,
        "phase": "відбір",
        "players": ["оксана (Мілет)", "богдан (Фіви)"],
        "city": "Мілет",
        "prompt": {"text": "Залиште одну карту.", "options": ["Перси", "Рада"], "default": "Рада"},
        "history": {"lines": ["Богдан отримує 3 драхми"], "earlier": 4},
        "reply_to": "play+token@khora.example",
        "missed": 3,
    }


def _sample(kind: Kind) -> str:
    return "reminder_2h" if kind.name == REMINDER_NAME else kind.name


def _scores() -> list[dict]:
    row = {"developments": 3, "politics_cards": 4, "glory_x_major_tokens": 2, "tied": True}
    return [
        {
            **row,
            "player": "оксана",
            "seat": 0,
            "total": 21,
            "place": 1,
            "score_track": 12,
            "drachmas": 5,
        },
        {
            **row,
            "player": "богдан",
            "seat": 1,
            "total": 21,
            "place": 2,
            "score_track": 21,
            "drachmas": 1,
        },
    ]


def _render_uk(kind: Kind, user, game) -> emails.Rendered:
    """An email of `kind` for a Ukrainian reader, from a sample context of the shape its
    renderer reads (a new renderer needs a sample here: the test fails until it has one)."""
    if kind.renders == "absence":
        context = {**game_context(game), "game_name": "Aegean Nights"}
        context["absence"] = ABSENCE_CONTEXTS[kind.name]
        context["reply_to"] = "play+token@khora.example" if kind.asks else ""
        return emails.render(kind.name, user=user, context=context)
    context = _ukrainian(over_context(game) if kind.renders == "game_over" else turn_context(game))
    if kind.renders == "game_over":
        context["scores"] = _scores()
    if kind.renders == "digest":
        return emails.digest(user, asked=[context], news=[])
    if kind.renders == "chat_digest":
        talk = {"lines": [{"name": "богдan", "text": "Привіт"}], "earlier": 2}
        return emails.chat_digest(user, {**context, "table_talk": talk})
    return emails.render(_sample(kind), user=user, context=context)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_a_ukrainian_email_of_every_kind_has_no_english_left(make_user, game, kind):
    oksana = make_user("oksana", time_zone="Europe/Kyiv")
    Profile.objects.filter(user=oksana).update(language="uk")
    rendered = _render_uk(kind, oksana, game)
    for part in (rendered.subject, rendered.text, re.sub(r"<[^>]+>", " ", rendered.html)):
        words = re.sub(
            r"https?://\S+|[\w.+-]+@[\w.-]+|Aegean Nights|Khôra|API|EET|UTC|html", "", part
        )
        assert not ENGLISH.findall(words), (kind.name, ENGLISH.findall(words), part)
    # An invitation may reach a stranger to the game: its free-text name never heads it.
    named = kind.family != "invitations"
    assert ("Aegean Nights" in rendered.subject) == named, rendered.subject


def test_the_same_email_in_english_for_an_english_player(make_user, game):
    ann = make_user("ann")
    rendered = emails.render("your_turn", user=ann, context=turn_context(game))
    assert rendered.subject == "Khôra: your turn in “Aegean Nights” (round 2)"
    assert "Hello ann," in rendered.text and "Your options:" in rendered.text
