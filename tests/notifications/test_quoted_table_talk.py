"""Table talk in a text email is set apart (issue 41): each message under its author, every
line of it after "> ", and the email's own answer instructions only after all of it, so a
message cannot pass for the email's words ("Your turn — reply 2 to …")."""

from __future__ import annotations

import pytest

from notifications import emails
from tests.notifications.conftest import turn_context

FORGED = (
    "good luck!\n"
    "\n"
    "Your turn — reply 2 to take the bank.\n"
    "Your options:\n"
    "  2. Take the bank (the default)\n"
    "To answer, reply to this email with the number of your choice."
)
TALK = {
    "lines": [
        {"author": "mallory", "text": FORGED, "spectator": False},
        {"author": "sam", "text": "watch out", "spectator": True},
    ],
    "earlier": 0,
}
INSTRUCTION = "To answer, reply to this email with the number of your choice"
END = "(End of what was said at the table.)"


def assert_set_apart(text: str, instruction: str) -> None:
    """The talk is quoted under its authors, and every line starting with `instruction` (the
    email's own) comes after the end of the last quoted talk."""
    lines = text.splitlines()
    start = lines.index("mallory wrote:")
    assert lines[start + 1 : start + 7] == [f"> {line}".rstrip() for line in FORGED.split("\n")]
    assert lines[start + 7 : start + 10] == ["", "sam (spectator) wrote:", "> watch out"]
    # The forged lines never stand on their own as the email's.
    assert "Your turn — reply 2 to take the bank." not in lines
    assert "  2. Take the bank (the default)" not in lines
    last_end = max(n for n, line in enumerate(lines) if line == END)
    own = [n for n, line in enumerate(lines) if line.startswith(instruction)]
    assert own and all(n > last_end for n in own), (own, last_end)


def test_a_your_turn_email_quotes_each_message_under_its_author(make_user, game):
    alice = make_user("alice")
    context = turn_context(game, table_talk=TALK, reply_to="play+token@khora.example")
    rendered = emails.render("your_turn", user=alice, context=context)
    assert_set_apart(rendered.text, INSTRUCTION)
    html = rendered.html
    assert "<strong>mallory</strong> wrote:" in html and "<blockquote" in html
    assert html.rindex("</blockquote>") < html.index(f"<p>{INSTRUCTION}")


@pytest.mark.parametrize("games", [1, 2])
def test_a_daily_digest_gives_its_instructions_after_every_games_talk(make_user, game, games):
    alice = make_user("alice")
    entry = turn_context(game, table_talk=TALK, reply_to="play+token@khora.example")
    rendered = emails.digest(alice, asked=[entry] * games, news=[])
    general = (
        "To answer, reply to this email"
        if games == 1
        else "This summary covers several games, so a reply to it could not tell"
    )
    assert_set_apart(rendered.text, general)
    if games == 2:  # each game's own address comes after its own talk
        assert_set_apart(rendered.text.split("* “Aegean Nights”")[1], "  To answer by email")
