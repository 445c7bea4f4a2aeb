"""Emails speak the recipient's language (subject, chrome, the game's own texts and history)
and name the game and the players' cities, never only the game's id."""

import random

import pytest

import engine
from accounts.models import Profile
from engine.simulate import play_random_game
from games import events, selectors, services
from games.models import Game, Seat
from notifications import game_emails as notify
from notifications.models import Notification
from tests.players import Player


def _named_game(players, seats=3, name="Aegean Nights"):
    creator, *others = players
    game = services.game_create(
        creator=creator.user,
        game_type="khora",
        seats=seats,
        options={},
        step_hours=48,
        name=name,
    )
    for player in others:
        services.game_join(public_id=game.public_id, user=player.user)
    game.refresh_from_db()
    if game.status == Game.Status.LOBBY:
        services.game_start(public_id=game.public_id, user=creator.user, fill_with_bots=True)
        game.refresh_from_db()
    return game


@pytest.fixture
def oksana_and_ann(transactional_db):
    oksana, ann = Player("oksana"), Player("ann")
    Profile.objects.filter(user=oksana.user).update(language="uk", time_zone="Europe/Kyiv")
    return oksana, ann


def _city(game, position, lang):
    view = selectors.engine_game(game).view(selectors.load_state(game), position, lang)
    return view["players"][position]["city"]["name"]


def test_each_player_reads_the_first_email_in_their_own_language(oksana_and_ann):
    oksana, ann = oksana_and_ann
    game = _named_game([oksana, ann])
    uk = Notification.objects.get(recipient=oksana.user, kind="game_started")
    en = Notification.objects.get(recipient=ann.user, kind="game_started")

    assert uk.subject == f"Khôra: гра «Aegean Nights» почалася · {_city(game, 0, 'uk')}"
    assert en.subject == f"Khôra: “Aegean Nights” has started · {_city(game, 1, 'en')}"
    for words in ("Вітаємо, oksana!", "Варіанти:", "Відповідайте до: ", "(типовий вибір)"):
        assert words in uk.body_text
    assert "листопада" in uk.body_text or "грудня" in uk.body_text or " о " in uk.body_text
    # The game's own words come from the engine in her language: the prompt and the history.
    prompt = selectors.game_prompt(game, oksana.user, "uk")
    assert prompt["text"] in uk.body_text and prompt["text"] in uk.body_html
    assert all(option["label"] in uk.body_text for option in prompt["options"])
    assert f"oksana очолює місто {_city(game, 0, 'uk')}" in uk.body_text
    assert '<html lang="uk" dir="ltr">' in uk.body_html
    assert '<html lang="en" dir="ltr">' in en.body_html
    # No English sentence of the emails' chrome is left in hers.
    for english in ("Hello", "Your options", "Answer by", "Since you last looked", "Stop all"):
        assert english not in uk.body_text and english not in uk.body_html
    assert "Hello ann," in en.body_text and "Your options:" in en.body_text


def test_subjects_and_bodies_name_the_game_and_the_cities_not_the_id(oksana_and_ann):
    oksana, ann = oksana_and_ann
    game = _named_game([ann, oksana])  # ann in seat 0
    email = Notification.objects.get(recipient=ann.user, kind="game_started")
    assert game.public_id not in email.subject
    assert "“Aegean Nights”" in email.body_text
    cities = [_city(game, position, "en") for position in range(3)]
    assert f"Players: ann ({cities[0]}), oksana ({cities[1]}), Bot 3 ({cities[2]})" in (
        email.body_text
    )
    assert f"You lead {cities[0]}." in email.body_text


def test_an_unnamed_game_is_called_as_the_pages_call_it_in_each_reader_s_language(
    oksana_and_ann,
):
    """A game with a bot is told by its creator, the bot and the day, as its page says
    (games.naming), not "ann's game"."""
    oksana, ann = oksana_and_ann
    game = _named_game([ann, oksana], name="")
    day = game.created_at.day
    assert Notification.objects.get(recipient=ann.user).subject.startswith(
        f"Khôra: “ann vs 1 bot, {day} "
    )
    assert Notification.objects.get(recipient=oksana.user).subject.startswith(
        f"Khôra: гра «ann проти 1 бота, {day} "
    )


class _TiedScores:
    """The engine's rules, with final scores where the first two seats tie on points."""

    def __init__(self, rules, scores):
        self._rules, self._scores = rules, scores

    def scores(self, state):
        return self._scores

    def __getattr__(self, name):
        return getattr(self._rules, name)


def test_game_over_gives_each_score_with_its_breakdown_and_the_tie_break(oksana_and_ann):
    oksana, ann = oksana_and_ann
    game = _named_game([ann, oksana])
    rules = engine.get_game("khora")
    state = play_random_game(rules, 3, random.Random(3))[0]
    part = {"score_track": 20, "developments": 4, "politics_cards": 6, "glory_x_major_tokens": 3}
    breakdown = [{**part, "total": 33}, {**part, "total": 33}, {**part, "total": 12}]
    scores = {
        "totals": [33, 33, 12],
        "breakdown": breakdown,
        "ranking": [
            {"place": 1, "seats": [1]},
            {"place": 2, "seats": [0]},
            {"place": 3, "seats": [2]},
        ],
        "tie_break": "drachmas",
        "final": True,
    }
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("position"))
    notify.announce(
        events.GameWritten(
            game=game,
            seats=seats,
            rules=_TiedScores(rules, scores),
            state=state,
            step=None,
            finished=True,
            ends_now=True,
            called=[],
            newly_asked=[],
            answered=[],
            defaults_played={},
            batch=None,
            flush=lambda: None,
        )
    )
    drachmas = [player["drachmas"] for player in rules.view(state, None)["players"]]

    en = Notification.objects.get(recipient=ann.user, kind="game_over")
    assert en.subject == "Khôra: “Aegean Nights” is over: you placed 2 of 3"
    assert "  1. oksana (" in en.body_text and "  2. ann (" in en.body_text
    assert "ann (" in en.body_text.split("  2. ", 1)[1].split("\n", 1)[0]
    assert (
        "20 VP on the score track + 6 from politics cards + 4 from developments + 3 from glory"
        " × major knowledge tokens; tie-break: " in en.body_text
    )
    assert f"tie-break: {drachmas[0]} drachma" in en.body_text
    assert "tie-break" not in en.body_text.split("  3. ", 1)[1].split("\n\n", 1)[0]  # not tied
    assert "Equal points are broken by the most drachmas left" in en.body_text
    assert "33 points" in en.body_text

    uk = Notification.objects.get(recipient=oksana.user, kind="game_over")
    assert uk.subject == "Khôra: гру «Aegean Nights» завершено, ваше місце — 1 з 3"
    assert "20 ПО на шкалі + 6 за карти політики + 4 за розвиток + 3 за славу" in uk.body_text
    assert "33 очки" in uk.body_text and "12 очок" in uk.body_text
