"""Answer links: a signed link per option of an email's prompt, opened in a browser.

Reading (`link_read`) never changes anything, as mail scanners open links; answering
(`link_answer`, a POST) goes through the same service as the API, once. The page that took
the answer shows what the player is asked now with that question's own links (as the email
asking it does, which is written at once): a link-only player is never left without a way on.
Opened again later (stale, expired), a link shows what is asked now as text only: an old or
forwarded link never hands out links. A link decides one option of one prompt until its
step's deadline, and nothing else: it logs no one in (docs/security.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from common import clock
from common.errors import DomainError
from games import selectors
from games import services as game_services
from games.models import Game
from notifications.mail_tokens import read_answer_token
from notifications.prompts import prompt_context
from notifications.selectors import language_of

User = get_user_model()


@dataclass
class LinkPage:
    """What an answer link's page shows."""

    state: str  # invalid, confirm, taken, stale, expired, game_over, game_closed, refused
    game: Game | None = None
    user: Any = None
    option_label: str = ""
    prompt_text: str = ""
    problem: str = ""  # why it was refused: a key of `replies.problem_text`, and its values
    problem_values: dict[str, Any] = field(default_factory=dict)
    # The seat's prompt now: its options as text, with links only on the page that took the
    # answer (state "taken").
    current: dict | None = None
    options: list[dict[str, Any]] = field(default_factory=list)
    login_link_sent: bool = False  # the player asked this page for a login link by email


def link_read(token: str) -> LinkPage:
    target, user, game = _resolve(token)
    if target is None:
        return LinkPage("invalid")
    page = LinkPage("confirm", game=game, user=user)
    if game.status != Game.Status.ACTIVE:
        page.state = "game_over" if game.status == Game.Status.FINISHED else "game_closed"
        return page
    current = selectors.game_prompt(game, user, language_of(user))
    if current is None or current["id"] != target.prompt_id:
        page.state = "stale"
        _show_current(page, current)
        return page
    # The step's deadline as it stands now, not the one the email was sent with: holidays and
    # pauses move it on, and the question is still open until then.
    deadline = current["deadline"]
    if deadline is not None and clock.now() >= deadline:
        page.state = "expired"
        _show_current(page, current)
        return page
    option = next((o for o in current["options"] if o["id"] == target.option_id), None)
    if option is None:
        return LinkPage("invalid")
    page.prompt_text = current["text"]
    page.option_label = option["label"]
    return page


def link_answer(token: str) -> LinkPage:
    page = link_read(token)
    if page.state != "confirm":
        return page
    target = read_answer_token(token)
    # link_read confirmed both: a valid token of a seat in a game.
    assert target is not None and page.game is not None
    with transaction.atomic():
        try:
            game_services.decisions_submit(
                public_id=page.game.public_id,
                user=page.user,
                decisions=[game_services.DecisionInput(target.prompt_id, target.option_id)],
                via="link",
            )
        except DomainError as refusal:
            page.state = "refused"
            page.problem = "refusal"
            page.problem_values = {"code": refusal.code, "message": refusal.message}
    game = Game.objects.get(pk=page.game.pk)
    if page.state != "refused":
        page.state = "taken"
    page.game = game
    lang = language_of(page.user)
    active = game.status == Game.Status.ACTIVE
    current = selectors.game_prompt(game, page.user, lang) if active else None
    _show_current(page, current)
    if page.state == "taken" and current is not None:
        # Asked again at once (the second die, a keep): the page that took the answer carries
        # the next question's own links, as our answer to a reply does, and the "your turn"
        # email is written at once too (notifications.holding).
        links = prompt_context(page.user, game, current, current["deadline"], lang)
        for option, link in zip(page.options, links["prompt"]["links"], strict=True):
            option["link"] = link
    return page


def _resolve(token: str):
    target = read_answer_token(token)
    if target is None:
        return None, None, None
    user = User.objects.filter(pk=target.user_id).first()
    game = Game.objects.filter(public_id=target.game_public_id).first()
    if user is None or game is None or selectors.seat_of(game, user) is None:
        return None, None, None
    return target, user, game


def _show_current(page: LinkPage, current: dict | None) -> None:
    # Text only here: a link opened again (old, forwarded, leaked) must never hand out links
    # for what is asked now, or one email would answer every later prompt of the game.
    page.current = current
    if current is None:
        return
    page.options = [
        {
            "number": number,
            "label": option["label"],
            "is_default": option["id"] == current["default"],
        }
        for number, option in enumerate(current["options"], 1)
    ]
