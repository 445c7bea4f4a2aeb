"""Why a message was refused, in the reader's language (the page's, or the player's own in
an answer to their email). The API keeps the services' English `detail`."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def refusal_text(code: str, message: str = "", retry_after: int = 0) -> str:
    if code == "chat_throttled":
        return ngettext(
            "You are sending messages too fast; wait %(n)d second.",
            "You are sending messages too fast; wait %(n)d seconds.",
            retry_after,
        ) % {"n": retry_after}
    friendly = {
        "empty_message": _("The message is empty; write something to say."),
        "message_too_long": _("A message is at most %(n)d characters.")
        % {"n": settings.CHAT_MESSAGE_MAX_CHARS},
        "invalid_text": _("The message holds characters we cannot show; send plain text."),
        "chat_private": _("This game is private: only its players talk at its table."),
        "permission_denied": _("You may not talk at this table."),
        "not_author": _("Only its author may delete a message."),
        "not_moderator": _("Only the game's creator and staff may hide a message."),
        "message_not_found": _("That message is not here."),
        "player_not_found": _("Nobody by that name is at this table."),
        "cannot_mute_yourself": _("You cannot mute yourself."),
    }
    return friendly.get(code, message)
