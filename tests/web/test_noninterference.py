"""Non-interference on the rendered HTML: nobody else's hand, draft or sealed tiles ever reach
a page, for any viewer, in either language, at the draft and in the middle of the game; the
history's lines (the engine's narration) tell others only that a secret choice or draw happened."""

from __future__ import annotations

import re

import pytest

from accounts.models import Profile
from engine.khora import catalog
from engine.khora.content.cards import CARDS
from engine.khora.content.events import EVENTS
from games import selectors, services
from games.models import Game
from games.write.state_store import engine_game, load_state
from tests.web.conftest import client_for, in_round, make_user, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


LANGUAGES = ("en", "uk")


def names_of(cards) -> set[str]:
    return {catalog.card_name(card, lang) for card in cards for lang in LANGUAGES}


def secrets_of(game: Game, seat: int) -> set[str]:
    """Card names (in both languages) only `seat` may see now: its hand and draft, minus
    anything public."""
    state = load_state(game)
    player = state.players[seat]
    private = set(player.hand) | set(player.draft_hand) | set(player.draft_picks)
    public = {c for p in state.players for c in p.played}
    return names_of(private - public)


def visible_to(game: Game, user) -> set[str]:
    """Card names a viewer is entitled to (their own cards and prompt)."""
    seat = selectors.viewer_position(game, user)
    if seat is None:
        return set()
    own = secrets_of(game, seat)
    prompt = selectors.game_prompt(game, user)
    labels = " ".join(o["label"] for o in prompt["options"]) if prompt else ""
    return own | {name for name in names_of(CARDS) if name in labels}


def page(game: Game, user, lang: str) -> str:
    """The game page as `user` reads it in `lang` (a player's profile language wins)."""
    if user is not None:
        Profile.objects.filter(user=user).update(language=lang)
    url = f"/games/{game.public_id}/"
    html = client_for(user).get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert f'<html lang="{lang}">' in html
    return html


def history_of(html: str) -> str:
    match = re.search(r'<section class="card history".*?</section>', html, re.S)
    return match.group(0) if match else ""


def assert_hidden(game: Game, owner_seat: int, viewers) -> None:
    secrets = secrets_of(game, owner_seat)
    assert secrets, "the owner must hold some cards for this test to mean anything"
    for user in viewers:
        allowed = visible_to(game, user) if user else set()
        for lang in LANGUAGES:
            html = page(game, user, lang)
            assert history_of(html), "the history is on the page"
            # Events are public, and a card may share part of an event's name ("Oracle",
            # "Oracle of Delphi"): only what is left may not name a secret card.
            for event in EVENTS:
                html = html.replace(catalog.event_name(event, lang), "")
            for name in secrets - allowed:
                assert name not in html, f"{name!r} of seat {owner_seat} leaked to {user}"


def test_draft_hands_stay_private(transactional_db):
    people = [make_user("anaxi"), make_user("brasi")]
    stranger, staff = make_user("kleon"), make_user("staffa", staff=True)
    game = start_game(people, seats=3)
    assert engine_game(game).view(load_state(game), 0)["phase"] == "setup"
    assert_hidden(game, 0, [people[1], stranger, staff, None])
    assert_hidden(game, 1, [people[0], stranger, None])


def test_hands_and_sealed_tiles_stay_private_mid_game(transactional_db):
    people = [make_user("corin"), make_user("delos")]
    others = [make_user("eris"), make_user("fotis", staff=True), None]
    game = start_game(people, seats=3)
    game = play(game, people, in_round(3))
    assert_hidden(game, 0, [people[1], *others])

    def dice_for_both(game: Game) -> bool:
        return all(
            (selectors.game_prompt(game, user) or {}).get("kind") == "assign_die" for user in people
        )

    game = play(game, people, dice_for_both)
    # Seat 0 seals its tiles; until every seat has, nobody else may read them.
    while (prompt := selectors.game_prompt(game, people[0])) is not None:
        services.decisions_submit(
            public_id=game.public_id,
            user=people[0],
            decisions=[services.DecisionInput(prompt=prompt["id"], option=prompt["default"])],
        )
        game.refresh_from_db()
    assert selectors.game_prompt(game, people[1])["kind"] == "assign_die"
    assert engine_game(game).view(load_state(game), 0)["players"][0]["tiles"]
    own = page(game, people[0], "en")
    assert "Change my choice" in own and re.search(r"tiles [0-9]", own)
    assert "corin puts the" in history_of(own)
    for viewer in [people[1], *others]:
        html = page(game, viewer, "en")
        seat0 = re.search(r'<article[^>]*aria-label="corin">.*?</article>', html, re.S).group(0)
        assert "tiles sealed" in seat0 and not re.search(r"tiles [0-9]", seat0)
        told = history_of(html)
        assert "corin places an action tile in secret" in told and "corin puts the" not in told


def test_secret_choices_and_draws_are_hidden_in_the_history(transactional_db):
    people = [make_user("gaia"), make_user("helio", language="uk")]
    game = start_game(people, seats=2)
    prompt = selectors.game_prompt(game, people[0])
    assert prompt["kind"] == "draft_pick"
    option = prompt["options"][1]["id"]
    services.decisions_submit(
        public_id=game.public_id,
        user=people[0],
        decisions=[services.DecisionInput(prompt=prompt["id"], option=option)],
    )
    picked = option.split(":")[-1]
    mine = history_of(page(game, people[0], "en"))
    theirs = history_of(page(game, people[1], "uk"))
    spectator = history_of(page(game, None, "en"))
    assert f"gaia keeps {catalog.card_name(picked, 'en')}" in mine
    assert "Відбір: gaia: карту відібрано" in theirs and "has kept a card" in spectator
    # The deal: each seat's cards are named to it alone; the others learn how many.
    assert "helio is dealt 5 politics cards" in mine
    assert "gaia отримує 5 карт політики" in theirs
    for name in names_of(CARDS):
        assert name not in spectator
    gaia_hand = secrets_of(game, 0)
    assert not any(name in theirs for name in gaia_hand)
    assert any(name in mine for name in gaia_hand)
