"""notifications.kinds is the one list of email kinds: each record's templates exist, every
email template belongs to a record, and the questions other modules ask read the record."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notifications import emails, kinds
from notifications.models import NotificationPreference

TEMPLATES = Path(emails.__file__).parent / "templates" / "notifications"


@pytest.mark.parametrize("kind", kinds.KINDS, ids=lambda kind: kind.name)
def test_each_kind_has_its_three_templates_and_a_family_with_an_unsubscribe_label(kind):
    for suffix in (".subject.txt", ".txt", ".html"):
        assert (TEMPLATES / f"{kind.template}{suffix}").is_file(), (kind.name, suffix)
    assert kind.family in kinds.SCOPE_LABELS
    if kind.family in kinds.FAMILIES:  # a preference turns it off
        assert hasattr(NotificationPreference, kind.family)


def test_every_email_template_belongs_to_a_kind():
    subjects = {path.name.removesuffix(".subject.txt") for path in TEMPLATES.glob("*.subject.txt")}
    assert subjects == {kind.template for kind in kinds.KINDS}


def test_the_questions_about_a_kind_read_its_record():
    assert kinds.family_of("reminder_24h") == "reminder" and kinds.asks("reminder_2h")
    assert kinds.stale_once_answered("your_turn") and not kinds.stale_once_answered("game_started")
    assert kinds.OWED == ("game_started", "your_turn", "game_over")
    assert kinds.scope_of("chat_digest") == "chat_digest"
    assert not kinds.kind_of("substitute_invite").talk_reply
    for name in ("reminder", "reminder_<N>h", "reminder_0h", "no_such_kind"):
        with pytest.raises(ValueError, match="Unknown notification kind"):
            kinds.kind_of(name)


def test_the_docs_table_lists_every_kind_with_its_family():
    text = (Path(__file__).resolve().parents[2] / "docs" / "notifications.md").read_text()
    rows = dict(re.findall(r"^\| `([\w<>]+)`[^|]*\| ([^|]+?) \|", text, re.M))
    for kind in kinds.KINDS:
        family = "—" if kind.family in (kinds.DIGEST, kinds.CHAT_DIGEST) else kind.family
        assert rows.get(kind.name, "").split(" ")[0] == family, kind.name
