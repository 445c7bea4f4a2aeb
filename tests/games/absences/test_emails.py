"""The emails of holidays, pauses and nudges, in English and in Ukrainian with no English
word of their own left (as tests/notifications/test_email_catalog.py checks the others)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model

from accounts.models import Profile
from notifications import emails
from notifications.kinds import ABSENCE_KINDS

User = get_user_model()
ENGLISH = re.compile(
    r"\b(the|you|your|game|hours?|to|of|and|in|by|is|answer|days?|away|stop)\b", re.I
)
UNTIL = datetime(2026, 7, 9, 12, 0, tzinfo=UTC)
CONTEXTS = {
    "player_away": {"player": "богдан", "until": UNTIL, "days_left": 5.0, "automatic": False},
    "pause_asked": {"player": "богдан", "days": 3},
    "pause_decided": {"outcome": "started", "days": 3, "pause_ends": UNTIL, "player": ""},
    "nudge": {"player": "богдан", "prompt_text": "Залиште одну карту."},
    "substitute_invite": {
        "player": "богдан",
        "original": "оксана",
        "invite_url": "https://khora.example/games/abc/substitute/k3J9/",
    },
}


def _context(kind: str) -> dict:
    return {
        "game_id": "abc",
        "game_name": "Aegean Nights",
        "game_url": "https://khora.example/games/abc/",
        "players": ["оксана", "богдан"],
        "deadline": None,
        "reply_to": "play+token@khora.example" if kind == "pause_asked" else "",
        "absence": CONTEXTS[kind],
    }


@pytest.fixture
def reader(db):
    def make(name: str, language: str):
        user = User.objects.create_user(username=name, email=f"{name}@example.com")
        Profile.objects.create(user=user, language=language, time_zone="Europe/Kyiv")
        return user

    return make


@pytest.mark.parametrize("kind", ABSENCE_KINDS)  # a new one fails until CONTEXTS has it
def test_a_ukrainian_email_of_each_new_kind_has_no_english_left(reader, kind):
    rendered = emails.render(kind, user=reader("oksana", "uk"), context=_context(kind))
    for part in (rendered.subject, rendered.text, re.sub(r"<[^>]+>", " ", rendered.html)):
        words = re.sub(
            r"https?://\S+|[\w.+-]+@[\w.-]+|Aegean Nights|Khôra|API|EEST|UTC|html|yes|no", "", part
        )
        assert not ENGLISH.findall(words), (kind, ENGLISH.findall(words), part)
    # An invitation may reach a stranger to the game: its free-text name never heads it.
    assert ("Aegean Nights" in rendered.subject) == (kind != "substitute_invite")


@pytest.mark.parametrize(
    ("kind", "says"),
    [
        ("player_away", "is away until Thursday 9 July 2026 at 15:00 EEST"),
        ("pause_asked", "Reply “yes” to this email to agree"),
        ("pause_decided", "is paused for 3 days, until Thursday 9 July 2026"),
        ("nudge", "waits for your answer to: Залиште"),
        ("substitute_invite", "Take the seat: https://khora.example/login/link/"),
    ],
)
def test_the_same_emails_in_english(reader, kind, says):
    rendered = emails.render(kind, user=reader("ann", "en"), context=_context(kind))
    assert says in " ".join(rendered.text.split())
    assert "Hello ann," in rendered.text


@pytest.mark.parametrize(
    ("language", "says", "subject"),
    [
        ("en", "богдан withdrew the proposed pause of the Khôra game", "no pause in"),
        ("uk", "богдан відкликає пропозицію паузи в грі Khôra", "паузи не буде"),
    ],
)
def test_a_withdrawn_pause_is_told_as_withdrawn_not_declined(reader, language, says, subject):
    context = _context("pause_decided")
    context["absence"] = {"outcome": "withdrawn", "days": 3, "pause_ends": None, "player": "богдан"}
    rendered = emails.render("pause_decided", user=reader("ann", language), context=context)
    assert says in " ".join(rendered.text.split()) and subject in rendered.subject
    assert "declined" not in rendered.text and "відхиляє" not in rendered.text
