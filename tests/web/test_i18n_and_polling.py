"""The pages in English and Ukrainian; the compiled catalog matches its source; the table's
polling answers "nothing new" without rendering (ETag)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from games import selectors, services
from games.models import Game
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)
LOCALE = Path(__file__).resolve().parents[2] / "web" / "locale"


def _play_default(game, user) -> None:
    prompt = selectors.game_prompt(game, user)
    services.decisions_submit(
        public_id=game.public_id,
        user=user,
        decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["default"])],
    )


def test_committed_mo_matches_the_po(tmp_path):
    po_path = LOCALE / "uk" / "LC_MESSAGES" / "django.po"
    po = polib.pofile(str(po_path))
    assert po.percent_translated() == 100, [e.msgid for e in po.untranslated_entries()]
    rebuilt = tmp_path / "django.mo"
    po.save_as_mofile(str(rebuilt))
    assert rebuilt.read_bytes() == Path(po_path.with_suffix(".mo")).read_bytes(), (
        "run: python manage.py buildtranslations"
    )


def test_visitor_switches_language_and_player_keeps_it():
    visitor = client_for()
    assert "Sign up" in visitor.get("/").content.decode()
    visitor.post("/language/", {"language": "uk", "next": "/"})
    assert "Зареєструватися" in visitor.get("/").content.decode()
    assert "Зареєструватися" in client_for().get("/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    player = make_user("oksana", language="uk")
    assert "Нова гра" in client_for(player).get("/").content.decode()
    client = client_for(player)
    client.post("/language/", {"language": "en", "next": "/"})
    player.refresh_from_db()
    assert player.profile.language == "en"
    assert "New game" in client.get("/").content.decode()


def test_game_page_in_ukrainian():
    people = [make_user("taras", language="uk"), make_user("lesia")]
    game = start_game(people, seats=2)
    html = client_for(people[0]).get(f"/games/{game.public_id}/").content.decode()
    assert '<html lang="uk">' in html
    assert "Ваш хід" in html and "Міста в порядку ходу" in html and "Зона дослідження" in html


def test_polling_sends_nothing_until_the_game_moves():
    people = [make_user("ulysses"), make_user("vesta")]
    game = start_game(people, seats=2)
    watcher = client_for(people[1])
    url = f"/games/{game.public_id}/"
    first = watcher.get(url)
    assert first.status_code == 200 and first["ETag"]
    assert watcher.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # The table polls with the tag written into it: the tag of the table alone.
    etag = re.search(r'"If-None-Match": "([^"]+)"', first.content.decode()).group(1)
    etag = etag.replace("\\u0022", '"')
    assert etag != first["ETag"]
    polled = watcher.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert polled.status_code == 204 and polled.content == b""  # htmx keeps the table
    _play_default(game, people[0])
    moved = watcher.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert moved.status_code == 200 and moved["ETag"] != etag
    assert moved.content.decode().lstrip().startswith('<section id="table"')
    other_viewer = client_for(people[0]).get(url)
    assert other_viewer["ETag"] != moved["ETag"]  # one tag per viewer


def test_history_marks_what_is_new_since_the_last_visit():
    people = [make_user("wanda"), make_user("xeno")]
    game = start_game(people, seats=2)
    reader = client_for(people[1])
    url = f"/games/{game.public_id}/"
    assert "new since your last visit" not in reader.get(url).content.decode()  # first visit
    _play_default(game, people[0])
    again = reader.get(url).content.decode()
    assert again.count("new since your last visit") == 1
    new = again.split('class="new"')[1].split("</li></ul>")[0]
    assert "Draft: wanda has kept a card" in new  # the engine's line, redacted for xeno
    assert "new since your last visit" not in reader.get(url).content.decode()  # now seen


def test_history_never_calls_a_players_own_moves_new():
    people = [make_user("yuri"), make_user("zoya")]
    game = start_game(people, seats=2)
    mover = client_for(people[0])
    url = f"/games/{game.public_id}/"
    mover.get(url)  # the visit that sets "last seen"
    _play_default(game, people[0])
    page = mover.get(url).content.decode()
    assert "Draft: yuri keeps" in page  # the move is told...
    assert "new since your last visit" not in page  # ...but not as news to its author


@pytest.mark.parametrize(
    ("language", "called"), [("en", "olena's game"), ("uk", "партія гравця olena")]
)
def test_an_unnamed_game_is_called_whose_game_it_is_as_in_the_emails(language, called):
    olena, bob = make_user("olena", language=language), make_user("bob")
    game = start_game([olena, bob])
    Game.objects.filter(pk=game.pk).update(name="")
    client = client_for(olena)

    page = client.get(f"/games/{game.public_id}/").content.decode()
    lobby = client.get("/").content.decode()

    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert called in title and game.public_id not in title
    assert re.search(rf"<h1>\s*{re.escape(called)}\s*<small>", page)
    assert called in lobby


def test_a_poll_that_matches_reads_the_game_row_and_no_seats():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    people = [make_user("wanda"), make_user("xenia")]
    game = start_game(people, seats=2)
    watcher = client_for(people[1])
    url = f"/games/{game.public_id}/"
    page = watcher.get(url).content.decode()
    etag = re.search(r'"If-None-Match": "([^"]+)"', page).group(1).replace("\\u0022", '"')
    with CaptureQueriesContext(connection) as statements:
        polled = watcher.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert polled.status_code == 204
    tables = [q["sql"].split(" FROM ")[1].split()[0] for q in statements if " FROM " in q["sql"]]
    # The login (session, user), the page's language (profile), the game row, then the table
    # talk's own version (the viewer's seat for its channel, the newest message, the mutes):
    # no log, no snapshot, no other seats' players.
    assert tables[:4] == ['"django_session"', '"auth_user"', '"accounts_profile"', '"games_game"']
    assert len(tables) <= 7
    assert all(table == '"games_seat"' or table.startswith('"chat_') for table in tables[4:])
