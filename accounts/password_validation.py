"""A password validator for what Django's own let through: one character over and over
(`aaaaaaaaaaaa`), a run (`abcdefghijkl`, `987654321098`) or a short pattern repeated
(`abcabcabcabc`). Such passwords are long enough for MinimumLengthValidator and are the first
an attacker's list tries."""

from __future__ import annotations

import itertools
import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

_REPEATED_UNIT = re.compile(r"^(.{1,4}?)\1+(.{0,4})$", re.DOTALL)


def is_repetitive_or_sequential(password: str) -> bool:
    text = password.casefold()
    if len(set(text)) <= 3:
        return True
    match = _REPEATED_UNIT.match(text)
    if match and match.group(1).startswith(match.group(2)):  # a unit, then its beginning
        return True
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(text)}
    # A run up or down the alphabet or the digits (with wrap-around 9 → 0, 0 → 9).
    return steps <= {1, -9} or steps <= {-1, 9}


class RepetitiveOrSequentialValidator:
    """Refuses a password made of one repeated character, a run or a repeated short pattern."""

    def validate(self, password, user=None):
        if is_repetitive_or_sequential(password):
            raise ValidationError(
                _(
                    "This password is a repeated character, a run such as “abcdef” or "
                    "“123456”, or a short pattern repeated: choose one that is harder to guess."
                ),
                code="password_repetitive",
            )

    def get_help_text(self):
        return _("Your password can’t be one character repeated, a run or a repeated pattern.")
