"""The emails' and play by email's Ukrainian catalogs are complete and compiled, and a Ukrainian
email of every kind has no English word of its own left (the game's texts come from the engine,
in Ukrainian)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from accounts.models import Profile
from notifications import emails
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


@pytest.mark.parametrize(
    "kind", ["game_started", "your_turn", "reminder_2h", "reminder_1h", "bot_playing", "game_over"]
)
def test_a_ukrainian_email_of_every_kind_has_no_english_left(make_user, game, kind):
    oksana = make_user("oksana", time_zone="Europe/Kyiv")
    Profile.objects.filter(user=oksana).update(language="uk")
    context = _ukrainian(over_context(game) if kind == "game_over" else turn_context(game))
    if kind == "game_over":
        context["scores"] = [
            {
                "player": "оксана",
                "seat": 0,
                "total": 21,
                "place": 1,
                "score_track": 12,
                "developments": 3,
                "politics_cards": 4,
                "glory_x_major_tokens": 2,
                "tied": True,
                "drachmas": 5,
            },
            {
                "player": "богдан",
                "seat": 1,
                "total": 21,
                "place": 2,
                "score_track": 21,
                "developments": 0,
                "politics_cards": 0,
                "glory_x_major_tokens": 0,
                "tied": True,
                "drachmas": 1,
            },
        ]
    rendered = emails.render(kind, user=oksana, context=context)
    for part in (rendered.subject, rendered.text, re.sub(r"<[^>]+>", " ", rendered.html)):
        words = re.sub(
            r"https?://\S+|[\w.+-]+@[\w.-]+|Aegean Nights|Khôra|API|EET|UTC|html", "", part
        )
        assert not ENGLISH.findall(words), (kind, ENGLISH.findall(words), part)
    assert "Aegean Nights" in rendered.subject


def test_the_same_email_in_english_for_an_english_player(make_user, game):
    ann = make_user("ann")
    rendered = emails.render("your_turn", user=ann, context=turn_context(game))
    assert rendered.subject == "Khôra: your turn in “Aegean Nights” (round 2)"
    assert "Hello ann," in rendered.text and "Your options:" in rendered.text
