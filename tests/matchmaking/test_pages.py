"""The lobby's "Find me a game" panel and a finished game's rematch panel, in English and
Ukrainian: join, see the entry, leave it; a bad form answers with a message; a rematch asked
and accepted from the game page."""

from __future__ import annotations

from django.test import Client

from games.models import Game
from matchmaking.models import QueueEntry
from tests.players import start_game


def browser(player, lang: str = "en") -> Client:
    """A signed-in player's browser; pages speak the language of the player's profile."""
    player.user.profile.language = lang
    player.user.profile.save(update_fields=["language"])
    client = Client()
    client.force_login(player.user)
    return client


def test_find_a_game_from_the_lobby_see_it_wait_and_leave_it(make_player):
    ann = make_player("ann")
    page = browser(ann)
    html = page.get("/").content.decode()
    assert "Find me a game" in html and "Not waiting in any queue" in html
    answer = page.post(
        "/queue/find/",
        {"find-players": "3", "find-step_hours": "24", "find-language": "en"},
        follow=True,
    )
    html = answer.content.decode()
    assert "You are in the queue" in html
    assert "3 players" in html and "24 h per step · EN" in html and "Leave" in html
    entry = QueueEntry.objects.get(user=ann.user)
    html = page.post(f"/queue/{entry.pk}/leave/", follow=True).content.decode()
    assert "You left the queue." in html and "Not waiting in any queue" in html
    html = page.post(f"/queue/{entry.pk}/leave/", follow=True).content.decode()
    assert "That entry no longer waits." in html


def test_a_bad_form_and_a_refusal_are_told_in_ukrainian(make_player):
    ann = make_player("ann")
    page = browser(ann, "uk")
    html = page.get("/").content.decode()
    assert "Знайдіть мені гру" in html and "Годин на хід" in html and "Мова столу" in html
    bad = page.post("/queue/find/", {"find-step_hours": "25", "find-language": "en"}, follow=True)
    assert bad.status_code == 200
    assert "Гру не шукали: перевірте умови" in bad.content.decode()
    terms = {
        "find-players": "",
        "find-step_hours": "12",
        "find-language": "uk",
        "find-rating_band": "5",
    }
    html = page.post("/queue/find/", terms, follow=True).content.decode()
    assert "будь-яка кількість гравців" in html and "рейтинг ± 5" in html
    html = page.post("/queue/find/", terms, follow=True).content.decode()
    assert "Ви вже чекаєте на таку гру." in html


def test_the_second_player_is_taken_to_the_started_game(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    terms = {"find-players": "2", "find-step_hours": "48", "find-language": "en"}
    browser(ann).post("/queue/find/", terms)
    answer = browser(ben).post("/queue/find/", terms)
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.public_id}/"
    html = browser(ann).get("/").content.decode()
    assert "Not waiting in any queue" in html  # matched: no longer listed


def test_a_rematch_is_asked_and_accepted_from_the_finished_game_page(make_player):
    ann, ben, cat = make_player("ann"), make_player("ben"), make_player("cat")
    old = start_game([ann, ben])
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    path = f"/games/{old.public_id}/"
    assert "Rematch" not in browser(cat).get(path).content.decode()  # not a player
    html = browser(ann, "uk").get(path).content.decode()
    assert "Зіграти ще раз тим самим столом" in html
    html = browser(ann).post(f"{path}rematch/", follow=True).content.decode()
    assert "Rematch asked" in html and "You accepted" in html
    html = browser(ben).get(path).content.decode()
    assert "Accept the rematch" in html and "ann ✓" in html
    answer = browser(ben).post(f"{path}rematch/")
    new = Game.objects.exclude(pk=old.pk).get()
    assert answer["Location"] == f"/games/{new.public_id}/"
    assert "The rematch has started" in browser(ann).get(path).content.decode()
