"""Every kind of email's HTML part is accessible and its text part is complete on its own
(issue 49): the language and direction on <html>, a <title>, a heading first, alt text on any
image, tables either data tables (with headers) or marked role="presentation"; and every
option's number, answer link and the game's link are in the text part too."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from accounts.models import Profile
from games.absences.notices import game_context
from notifications import emails
from notifications.kinds import KINDS, REMINDER_NAME, Kind
from tests.games.absences.test_emails import CONTEXTS as ABSENCE_CONTEXTS
from tests.notifications.conftest import over_context, turn_context
from tests.notifications.test_email_catalog import _render_uk, _scores

ANSWER = "https://khora.example/answer/{n}/"


class Outline(HTMLParser):
    """What the checks read of an email's HTML: tags in order with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def _context(kind: Kind, game) -> dict:
    if kind.renders == "absence":
        context = {**game_context(game), "game_name": "Aegean Nights"}
        context["absence"] = ABSENCE_CONTEXTS[kind.name]
        context["reply_to"] = "play+token@khora.example" if kind.asks else ""
        return context
    if kind.renders == "game_over":
        return {**over_context(game), "scores": _scores()}
    context = turn_context(game, reply_to="play+token@khora.example")
    context["prompt"] = {**context["prompt"], "links": [ANSWER.format(n=n) for n in (1, 2, 3)]}
    return context


def _render_en(kind: Kind, user, game) -> emails.Rendered:
    context = _context(kind, game)
    if kind.renders == "digest":
        return emails.digest(user, asked=[context], news=[])
    if kind.renders == "chat_digest":
        talk = {"lines": [{"name": "bob", "text": "Hello"}], "earlier": 2}
        return emails.chat_digest(user, {**context, "table_talk": talk})
    name = "reminder_2h" if kind.name == REMINDER_NAME else kind.name
    return emails.render(name, user=user, context=context)


def _check_html(html: str, lang: str) -> None:
    outline = Outline()
    outline.feed(html)
    tags = outline.tags
    root = dict(tags)["html"]
    assert root.get("lang") == lang and root.get("dir") == "ltr", root
    assert outline.title.strip(), "the email has a <title>"
    body = [tag for tag, _ in tags[[tag for tag, _ in tags].index("body") :]]
    headings = [tag for tag in body if re.fullmatch(r"h[1-6]", tag)]
    assert headings and headings[0] == "h1" and headings.count("h1") == 1, headings
    assert all(attrs.get("alt") is not None for tag, attrs in tags if tag == "img")
    tables = re.findall(r"<table\b[^>]*>.*?</table>", html, re.S)
    for table in tables:
        assert 'role="presentation"' in table.split(">", 1)[0] or "<th" in table, table[:80]


def _check_text(rendered: emails.Rendered, context: dict) -> None:
    text, html = rendered.text, unescape(rendered.html)
    assert context["game_url"].split("://", 1)[1] in text or "/login/" in text
    for href in set(re.findall(r'href="([^"]+)"', html)):
        assert href in text, f"{href} is in the HTML part only"
    for number, link in enumerate(context.get("prompt", {}).get("links", []), 1):
        if link in html:
            assert re.search(rf"^\s*{number}\. ", text, re.M), f"option {number} in the text"
            assert link in text


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_email_is_accessible_and_its_text_part_complete(make_user, game, kind):
    ann = make_user("ann")
    rendered = _render_en(kind, ann, game)
    _check_html(rendered.html, "en")
    context = _context(kind, game)
    if kind.asks and kind.renders != "absence":  # its options are links in the HTML part
        assert all(link in rendered.html for link in context["prompt"]["links"]), kind.name
    _check_text(rendered, context)
    oksana = make_user("oksana", time_zone="Europe/Kyiv")
    Profile.objects.filter(user=oksana).update(language="uk")
    _check_html(_render_uk(kind, oksana, game).html, "uk")
