"""Signed addresses and links that let an email act for one player in one game.

A reply address names (recipient, game, prompt) in its local part, with a MAC: the whole
token has to fit the 64 characters an address's local part may have and survive mail systems
that change case, so it is lowercase base32 and digits, not Django's signed JSON. An answer
link also names the option and stops working at the step's deadline.
"""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime
from typing import NamedTuple

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

REPLY_SALT = "mailplay.reply"
ANSWER_SALT = "mailplay.answer"
_MAC_BYTES = 10  # 80 bits: forging one needs 2^80 guesses, each a mail we log and drop
_TOKEN = re.compile(r"^([0-9a-z]+)\.([0-9a-z]+)\.([0-9a-z_-]{1,24})\.([a-z2-7]{16})$")


class ReplyTarget(NamedTuple):
    user_id: int
    game_id: int
    prompt_id: str


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if not number:
            return text


def _mac(payload: str) -> str:
    digest = salted_hmac(REPLY_SALT, payload, algorithm="sha256").digest()[:_MAC_BYTES]
    return base64.b32encode(digest).decode().lower()


def reply_token(user_id: int, game_id: int, prompt_id: str) -> str:
    prompt = prompt_id.lower()
    if not re.fullmatch(r"[0-9a-z_-]{1,24}", prompt):
        raise ValueError(f"A prompt id like {prompt_id!r} cannot go into a reply address.")
    payload = f"{_b36(user_id)}.{_b36(game_id)}.{prompt}"
    return f"{payload}.{_mac(payload)}"


def read_reply_token(token: str) -> ReplyTarget | None:
    """The target a token names; None when it was not made by us or was altered."""
    match = _TOKEN.match(token.lower())
    if match is None:
        return None
    user, game, prompt, mac = match.groups()
    if not constant_time_compare(mac, _mac(f"{user}.{game}.{prompt}")):
        return None
    return ReplyTarget(int(user, 36), int(game, 36), prompt)


# The "prompt" of a reply address for an email that asks nothing (a nudge, news of a pause or a
# holiday, a bot at the seat, the game's end): a reply to it is read for table talk ("say:")
# and answered with what the player is asked now. No engine prompt id has this form.
TALK = "say"


def talk_address(user_id: int, game_id: int) -> str:
    """Where a reply to an email that asks nothing goes: its "say:" lines reach the table."""
    return reply_address(user_id, game_id, TALK)


def _reply_box() -> tuple[str, str]:
    local, _, domain = settings.MAILPLAY_REPLY_ADDRESS.rpartition("@")
    return local, domain


def reply_address(user_id: int, game_id: int, prompt_id: str) -> str:
    """`play+<token>@domain`: where a reply to an email asking `prompt_id` goes."""
    local, domain = _reply_box()
    return f"{local}+{reply_token(user_id, game_id, prompt_id)}@{domain}"


def token_of_address(address: str) -> str | None:
    """The token of one of our reply addresses, or None for any other address."""
    local, domain = _reply_box()
    address = address.strip().strip("<>").lower()
    mailbox, _, address_domain = address.rpartition("@")
    base, plus, token = mailbox.partition("+")
    if not plus or base != local.lower() or address_domain != domain.lower():
        return None
    return token


def is_reply_address(address: str) -> bool:
    return token_of_address(address) is not None


class AnswerTarget(NamedTuple):
    user_id: int
    game_public_id: str
    prompt_id: str
    option_id: str
    deadline: datetime | None


def answer_token(
    user_id: int, game_public_id: str, prompt_id: str, option_id: str, deadline: datetime | None
) -> str:
    expires = int(deadline.timestamp()) if deadline else None
    return signing.dumps(
        [user_id, game_public_id, prompt_id, option_id, expires], salt=ANSWER_SALT, compress=True
    )


def read_answer_token(token: str) -> AnswerTarget | None:
    """What a link names, with the step's deadline when it was sent (not its limit: holidays
    and pauses move a deadline on, so mailplay.links checks the step's as it stands); None for
    a link not made by us or altered."""
    try:
        user_id, game, prompt, option, expires = signing.loads(token, salt=ANSWER_SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    deadline = datetime.fromtimestamp(expires, tz=UTC) if expires is not None else None
    return AnswerTarget(user_id, game, prompt, option, deadline)


def answer_url(
    user_id: int, game_public_id: str, prompt_id: str, option_id: str, deadline: datetime | None
) -> str:
    token = answer_token(user_id, game_public_id, prompt_id, option_id, deadline)
    return settings.SITE_URL + reverse("mailplay:answer", args=[token])
