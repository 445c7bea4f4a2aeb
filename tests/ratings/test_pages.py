"""The player page and the leaderboard on the web, in English and Ukrainian: the rating with
its chart, the counts, the recent games with links to their replays; a private game only to
those who sat at it."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.ratings.test_player_api import _finished

User = get_user_model()


def _page(path, user=None, lang="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    return response.status_code, response.content.decode()


@pytest.mark.django_db
def test_the_player_page_shows_the_rating_chart_counts_and_replays(settings):
    settings.RATINGS_PROVISIONAL_GAMES = 2
    ann, bob, cat = (User.objects.create_user(username=n) for n in ("ann", "bob", "cat"))
    public = _finished([ann, bob], [1, 2])
    private = _finished([ann, cat], [1, 2], private=True)

    status, html = _page("/players/ann/")
    assert status == 200
    assert '<svg class="rating-chart"' in html and "<polyline" in html
    assert f"/games/{public.public_id}/replay/" in html
    assert private.public_id not in html and "Secret table" not in html
    assert "after 2 rated games" in html and "provisional" not in html
    assert "100%" in html  # the finish rate
    _, own = _page("/players/ann/", user=cat)
    assert f"/games/{private.public_id}/replay/" in own and "Secret table" in own

    _, uk = _page("/players/ann/", lang="uk")
    assert "Рейтинг у Khôra" in uk and "Останні ігри" in uk and "після 2 рейтингових ігор" in uk
    assert _page("/players/nobody/")[0] == 404


@pytest.mark.django_db
def test_the_leaderboard_links_each_player_in_both_languages(settings):
    settings.RATINGS_PROVISIONAL_GAMES = 2
    ann, bob, cat = (User.objects.create_user(username=n) for n in ("ann", "bob", "cat"))
    _finished([ann, bob], [1, 2])
    _finished([bob, ann], [2, 1])
    _finished([cat, ann], [2, 1])
    status, html = _page("/leaderboard/")
    assert status == 200
    assert html.index('href="/players/ann/"') < html.index('href="/players/bob/"')
    assert 'href="/players/cat/"' not in html
    _, uk = _page("/leaderboard/", lang="uk")
    assert "Рейтинг гравців: Khôra" in uk and "щонайменше 2 рейтингові гри" in uk
    assert _page("/leaderboard/chess/")[0] == 404
    # Per player count: two-player games only, by the band's own rating; a tab per band.
    status, two = _page("/leaderboard/khora/2/")
    assert status == 200 and "Leaderboard: Khôra, 2 players" in two
    assert two.index('href="/players/ann/"') < two.index('href="/players/bob/"')
    assert 'aria-current="page">2 players' in two
    _, three = _page("/leaderboard/khora/3/", lang="uk")
    assert "Поки що ніхто" in three and "Гравців: 3" in three
    status, html = _page("/leaderboard/khora/7/")
    assert status == 404 and "no leaderboard for that many players" in html
