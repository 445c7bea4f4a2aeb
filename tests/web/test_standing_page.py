"""The game page's "Your standing answers" section and the preferences' defaults for new games
(web/views/standing.py): set and cancel with htmx and without, in both languages, each player
seeing only their own."""

from __future__ import annotations

import pytest

from games.standing.models import StandingAnswer, StandingUse
from tests.web.conftest import client_for, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)
HX = {"HTTP_HX_REQUEST": "true"}


def test_a_player_sets_and_cancels_rules_on_the_game_page_and_only_they_see_them():
    ann, ben = make_user("ann"), make_user("ben", language="uk")
    game = start_game([ann, ben])
    page = client_for(ann).get(f"/games/{game.public_id}/").content.decode()
    assert f"/games/{game.public_id}/standing/" in page  # the section is loaded from its view

    add = f"/games/{game.public_id}/standing/add/"
    ann_client = client_for(ann)
    section = ann_client.post(
        add, {"rule": "progress", "track": "culture", "max_price": "3"}, **HX
    ).content.decode()
    assert "Culture when it costs at most 3 drachmas" in section and "Saved." in section
    section = ann_client.post(add, {"rule": "ahead:achievement_reward|glory"}, **HX)
    assert "Given ahead, the next one: An achievement&#x27;s reward: Glory" in (
        section.content.decode()
    )
    refused = ann_client.post(add, {"rule": "progress", "track": "navy", "max_price": "x"}, **HX)
    assert refused.status_code == 200 and "not valid" in refused.content.decode()

    made = StandingAnswer.objects.get(user=ann, kind="progress")
    StandingAnswer.objects.filter(pk=made.pk).update(uses=1, used_seq=3)
    StandingUse.objects.create(answer=made, game=game, seq=3, prompt="p0-1", option="x")
    section = ann_client.get(f"/games/{game.public_id}/standing/").content.decode()
    assert "answers given: 1; log entries 3" in section  # the mark, to its owner only
    ben_section = client_for(ben).get(f"/games/{game.public_id}/standing/").content.decode()
    assert "Ваші постійні відповіді" in ben_section and "Culture" not in ben_section
    assert "У вас немає постійних відповідей." in ben_section

    assert "log entries" not in ben_section
    rule = StandingAnswer.objects.get(user=ann, kind="ahead")
    stolen = client_for(ben).post(f"/standing/{rule.pk}/cancel/", {"game": game.public_id})
    assert stolen.status_code == 404
    plain = ann_client.post(f"/standing/{rule.pk}/cancel/", {"game": game.public_id})
    assert plain.status_code == 302 and plain["Location"] == f"/games/{game.public_id}/"
    assert not StandingAnswer.objects.filter(pk=rule.pk).exists()  # cancelled, never used

    stranger = client_for(make_user("cas")).get(f"/games/{game.public_id}/standing/")
    assert stranger.status_code == 200 and stranger.content == b""


def test_defaults_for_new_games_on_the_preferences_page_in_ukrainian():
    ola = make_user("ola", language="uk")
    client = client_for(ola)
    assert "/preferences/standing/" in client.get("/preferences/").content.decode()
    section = client.post(
        "/preferences/standing/add/", {"rule": "achievement:tax"}, **HX
    ).content.decode()
    assert "Постійні відповіді для ваших нових партій" in section
    assert "Нагорода за досягнення: Податки" in section
    assert "Наступне таке запитання" not in section  # no answer ahead outside a game
    refused = client.post("/preferences/standing/add/", {"rule": "ahead:explore|skip"}, **HX)
    assert "Така постійна відповідь недійсна." in refused.content.decode()
    assert StandingAnswer.objects.filter(user=ola, game=None, kind="achievement").count() == 1


def test_the_dice_plan_and_the_draft_order_from_their_forms_in_both_languages():
    ann, ola = make_user("ann"), make_user("ola", language="uk")
    game = start_game([ann, ola])
    add = f"/games/{game.public_id}/standing/add/"
    form = client_for(ann).get(f"/games/{game.public_id}/standing/").content.decode()
    assert 'name="tiles"' in form and 'name="cards"' in form and 'name="max_citizens"' in form
    # The lists in order, a blank one left out: Military, Trade, Culture.
    dice = {"rule": "dice_plan", "tiles": ["4", "", "3", "2"], "max_citizens": "1"}
    section = client_for(ann).post(add, dice, **HX).content.decode()
    assert "Dice: Military (4), Trade (3), Culture (2), the first that fit within 1 citizens" in (
        section
    )
    assert StandingAnswer.objects.get(user=ann, kind="dice_plan").params == {
        "tiles": [4, 3, 2],
        "max_citizens": 1,
    }
    twice = {"rule": "dice_plan", "tiles": ["4", "4"], "max_citizens": "1"}
    refused = client_for(ann).post(add, twice, **HX).content.decode()
    assert "not valid" in refused

    cards = {"rule": "draft_order", "cards": ["diolkos", "", "austerity"]}
    section = client_for(ola).post("/preferences/standing/add/", cards, **HX).content.decode()
    assert "Відбір: «" in section and "перша, що є на руці, інакше перша запропонована" in section
    assert StandingAnswer.objects.get(user=ola, game=None).params == {
        "cards": ["diolkos", "austerity"]
    }
    uk_form = client_for(ola).get(f"/games/{game.public_id}/standing/").content.decode()
    assert "Кубики: мої плитки дій" in uk_form and "платячи не більше (громадян)" in uk_form
    nothing = client_for(ola).post(add, {"rule": "draft_order"}, **HX).content.decode()
    assert "Така постійна відповідь недійсна." in nothing


def test_the_citizens_rule_from_its_form_in_both_languages():
    ann, ola = make_user("ann"), make_user("ola", language="uk")
    game = start_game([ann, ola])
    add = f"/games/{game.public_id}/standing/add/"
    form = client_for(ann).get(f"/games/{game.public_id}/standing/").content.decode()
    assert 'name="keep_philosophy"' in form and 'value="citizens"' in form
    section = (
        client_for(ann)
        .post(add, {"rule": "citizens", "keep_philosophy": "2"}, **HX)
        .content.decode()
    )
    assert "spend philosophy tokens for citizens only when they fall short" in section
    assert "(tokens always kept: 2)" in section
    assert StandingAnswer.objects.get(user=ann, kind="citizens").params == {"keep_philosophy": 2}
    for bad in ("21", "-1", "two", ""):
        refused = client_for(ann).post(add, {"rule": "citizens", "keep_philosophy": bad}, **HX)
        assert refused.status_code == 200 and "not valid" in refused.content.decode()

    section = (
        client_for(ola)
        .post("/preferences/standing/add/", {"rule": "citizens", "keep_philosophy": "0"}, **HX)
        .content.decode()
    )
    assert "витрачати жетони філософії на громадян, лише коли громадян бракує" in section
    assert "(жетонів, що завжди залишаються: 0)" in section
    uk_form = client_for(ola).get(f"/games/{game.public_id}/standing/").content.decode()
    assert "(скільки жетонів завжди залишати)" in uk_form
