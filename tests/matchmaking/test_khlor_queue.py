"""Matchmaking for every hosted game (issue 46): a player asks for a Khlor game, with the seat
counts Khlor's setup declares; entries of different games never meet; the matched game is of
the game asked for, with its default options (Khôra's matched games unchanged: cities dealt).
Through the services, the API and the lobby's form, in English and Ukrainian."""

from __future__ import annotations

import pytest
from django.test import Client

from common.errors import DomainError
from games.models import Game
from matchmaking import matching, services
from matchmaking.models import QueueEntry
from tests.players import assert_problem

ENTRIES = "/api/v1/matchmaking/entries/"
TERMS = {"step_hours": 24, "language": "en"}


def join(player, game_type: str, players: int | None = 2, **terms) -> QueueEntry:
    return services.entry_join(
        user=player.user, game_type=game_type, players=players, **(TERMS | terms)
    )


def test_khlor_and_khora_entries_never_meet_and_each_game_is_its_own(make_player):
    ann, ben, cat, dan = (make_player(name) for name in ("ann", "ben", "cat", "dan"))
    assert join(ann, "khlor").status == "waiting"
    assert join(ben, "khora").status == "waiting"  # the same terms, another game
    khora = join(cat, "khora")
    assert khora.status == "matched"
    assert khora.game.game_type == "khora"
    assert khora.game.options == {"city_selection": "random"}  # as before Khlor
    assert QueueEntry.objects.get(user=ann.user).status == "waiting"
    khlor = join(dan, "khlor")
    assert khlor.status == "matched" and khlor.game.status == Game.Status.ACTIVE
    assert khlor.game.game_type == "khlor" and khlor.game.rules_version == "khlor-1"
    assert khlor.game.options == {"board": "plain"}  # Khlor's defaults, from its setup
    seated = khlor.game.seats.values_list("user__username", flat=True)
    assert sorted(seated) == ["ann", "dan"]


def test_any_number_of_khlor_players_takes_the_fewest_khlor_seats(make_player):
    ann, ben, cat = (make_player(name) for name in ("ann", "ben", "cat"))
    join(ann, "khlor", players=3)
    join(ben, "khora", players=None)
    entry = join(cat, "khlor", players=None)  # ann wants 3: cat joins her table, not ben's
    assert entry.status == "waiting"
    dan = make_player("dan")
    matched = join(dan, "khlor", players=3)
    assert matched.status == "matched" and matched.game.num_seats == 3
    assert matched.game.game_type == "khlor"
    assert QueueEntry.objects.get(user=ben.user).status == "waiting"


def test_the_same_terms_in_two_games_are_two_entries(make_player):
    ann = make_player("ann")
    join(ann, "khora")
    assert join(ann, "khlor").status == "waiting"  # not already_waiting: another game
    with pytest.raises(DomainError) as refused:
        join(ann, "khlor")
    assert refused.value.code == "already_waiting"


def test_seats_are_those_the_game_declares(make_player, monkeypatch):
    """A game played by fewer seat counts refuses the others, naming its own."""
    counts = services.seat_counts
    monkeypatch.setattr(
        services, "seat_counts", lambda game: (3, 4) if game == "khlor" else counts(game)
    )
    ann = make_player("ann")
    with pytest.raises(DomainError) as refused:
        join(ann, "khlor", players=2)
    assert refused.value.code == "invalid_input" and refused.value.status == 400
    assert "3, 4 or null (any) for Khlor" in refused.value.message
    assert join(ann, "khora", players=2).status == "waiting"


def test_a_table_is_formed_within_the_games_seat_counts():
    def waiting(entry_id: int, players: int | None) -> matching.Waiting:
        return matching.Waiting(entry_id, entry_id, players, 0.0, None)

    others = [waiting(1, None), waiting(2, None)]
    new = waiting(3, None)
    assert [w.entry_id for w in matching.table_for(new, others, set(), (2, 3, 4))] == [3, 1]
    assert [w.entry_id for w in matching.table_for(new, others, set(), (3, 4))] == [3, 1, 2]
    assert matching.table_for(new, others, set(), (4,)) == []


def test_the_api_queues_a_khlor_game(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    body = {"game": "khlor", "players": 2, "step_hours": 24, "language": "uk"}
    waiting = ann.post(ENTRIES, body)
    assert waiting.status_code == 201, waiting.content
    assert waiting.json()["game_type"] == "khlor" and waiting.json()["status"] == "waiting"
    assert ben.post(ENTRIES, body | {"game": "khora"}).json()["status"] == "waiting"
    matched = ben.post(ENTRIES, body).json()
    assert matched["status"] == "matched" and matched["game_type"] == "khlor"
    detail = ben.get(f"/api/v1/games/{matched['game']}/").json()
    assert detail["game"] == "khlor" and detail["status"] == "active"
    bad = assert_problem(ann.post(ENTRIES, body | {"game": "chess"}), 400, "invalid_input")
    assert "game" in bad["errors"]
    bad = assert_problem(ann.post(ENTRIES, body | {"players": 5}), 400, "invalid_input")
    assert "players" in bad["errors"]


def _browser(player, lang: str) -> Client:
    player.user.profile.language = lang
    player.user.profile.save(update_fields=["language"])
    client = Client()
    client.force_login(player.user)
    return client


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["Game", "Khlor · 3 players"]), ("uk", ["Гра", "Khlor · Гравців: 3"])],
)
def test_the_lobby_finds_a_khlor_game(make_player, lang, words):
    ann = make_player("ann")
    page = _browser(ann, lang)
    html = page.get("/").content.decode()
    assert 'name="find-game"' in html and '<option value="khlor">Khlor</option>' in html
    terms = {"find-game": "khlor", "find-players": "3", "find-step_hours": "24"}
    html = page.post("/queue/find/", terms | {"find-language": lang}, follow=True).content
    html = html.decode()
    assert all(word in html for word in words), words
    assert QueueEntry.objects.get(user=ann.user).game_type == "khlor"
    # A form without a game (from before Khlor) asks for Khôra.
    page.post("/queue/find/", {"find-players": "2", "find-step_hours": "24", "find-language": lang})
    assert sorted(QueueEntry.objects.values_list("game_type", flat=True)) == ["khlor", "khora"]
    bad = page.post("/queue/find/", terms | {"find-game": "chess", "find-language": lang})
    assert bad.status_code == 302 and QueueEntry.objects.count() == 2


def test_a_khlor_game_found_in_the_lobby_opens_khlors_page(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    terms = {"find-game": "khlor", "find-players": "2", "find-step_hours": "48"}
    _browser(ann, "en").post("/queue/find/", terms | {"find-language": "en"})
    answer = _browser(ben, "en").post("/queue/find/", terms | {"find-language": "en"})
    game = Game.objects.get()
    assert game.game_type == "khlor"
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.public_id}/"


def test_a_khlor_rematch_is_khlor_again(make_player):
    ann, ben = make_player("ann"), make_player("ben")
    join(ann, "khlor")
    old = join(ben, "khlor").game
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    path = f"/api/v1/games/{old.public_id}/rematch/"
    ann.post(path)
    started = ben.post(path).json()
    assert started["status"] == "started"
    new = Game.objects.get(public_id=started["new_game"])
    assert (new.game_type, new.options, new.status) == ("khlor", old.options, Game.Status.ACTIVE)
