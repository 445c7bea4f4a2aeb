"""Every operation of the API, as the server's OpenAPI schema names it: method, path, and whether
sending it twice is harmless.

The client's methods go through this table only, and a test compares it with the schema the
server serves, so a renamed path or a new operation is caught before a user meets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote


@dataclass(frozen=True)
class Operation:
    """One operation. `repeatable`: a second identical request changes nothing more than the
    first did (reads; writes that set a value; decisions and chat, which carry an
    Idempotency-Key), so it is tried again even when the first may have reached the server."""

    id: str
    method: str
    path: str  # under /api/v1/, with {names} for the path's parameters
    repeatable: bool

    def url_path(self, **params: str | int) -> str:
        return self.path.format(
            **{name: quote(str(value), safe="") for name, value in params.items()}
        )


def _op(id: str, method: str, path: str, repeatable: bool | None = None) -> Operation:
    operation = Operation(id, method, path, method == "GET" if repeatable is None else repeatable)
    OPERATIONS[id] = operation
    return operation


OPERATIONS: dict[str, Operation] = {}

# Accounts and tokens. A log-in sent twice makes one more token, which expires unused.
ACCOUNTS_CREATE = _op("accounts_create", "POST", "accounts/")
AUTH_TOKEN_CREATE = _op("auth_token_create", "POST", "auth/token/", repeatable=True)
AUTH_TOKEN_REVOKE = _op("auth_token_revoke", "POST", "auth/token/revoke/")
AUTH_TOKEN_REVOKE_ALL = _op("auth_token_revoke_all", "POST", "auth/token/revoke-all/")

# Games and lobbies.
GAMES_LIST = _op("games_list", "GET", "games/")
GAMES_CREATE = _op("games_create", "POST", "games/")
GAMES_RETRIEVE = _op("games_retrieve", "GET", "games/{public_id}/")
GAMES_JOIN = _op("games_join", "POST", "games/{public_id}/join/")
GAMES_LEAVE = _op("games_leave", "POST", "games/{public_id}/leave/")
GAMES_START = _op("games_start", "POST", "games/{public_id}/start/")

# Playing: decisions carry an Idempotency-Key, so the server applies a repeated one once.
GAMES_PROMPT = _op("games_prompt", "GET", "games/{public_id}/prompt/")
GAMES_DECIDE = _op("games_decide", "POST", "games/{public_id}/decisions/", repeatable=True)
GAMES_REVISE = _op("games_revise", "POST", "games/{public_id}/revise/")
GAMES_LOG = _op("games_log", "GET", "games/{public_id}/log/")
GAMES_HISTORY = _op("games_history", "GET", "games/{public_id}/history/")
GAMES_STATE = _op("games_state", "GET", "games/{public_id}/state/")
GAMES_STREAM = _op("games_stream", "GET", "games/{public_id}/stream/")

# Table talk: a message carries an Idempotency-Key too.
GAMES_CHAT_LIST = _op("games_chat_list", "GET", "games/{public_id}/chat/")
GAMES_CHAT_POST = _op("games_chat_post", "POST", "games/{public_id}/chat/", repeatable=True)
GAMES_CHAT_DELETE = _op(
    "games_chat_delete", "DELETE", "games/{public_id}/chat/{message_id}/", repeatable=True
)
GAMES_CHAT_HIDE = _op(
    "games_chat_hide", "POST", "games/{public_id}/chat/{message_id}/hide/", repeatable=True
)
GAMES_CHAT_MUTE = _op("games_chat_mute", "POST", "games/{public_id}/chat/mutes/", repeatable=True)

# Absences: pauses, nudges, substitutes.
GAMES_PAUSE_RETRIEVE = _op("games_pause_retrieve", "GET", "games/{public_id}/pause/")
GAMES_PAUSE_PROPOSE = _op("games_pause_propose", "POST", "games/{public_id}/pause/")
GAMES_PAUSE_ACCEPT = _op("games_pause_accept", "POST", "games/{public_id}/pause/accept/")
GAMES_PAUSE_DECLINE = _op("games_pause_decline", "POST", "games/{public_id}/pause/decline/")
GAMES_NUDGE = _op("games_nudge", "POST", "games/{public_id}/nudge/")
GAMES_SEATS_SUBSTITUTE_INVITE = _op(
    "games_seats_substitute_invite", "POST", "games/{public_id}/seats/{position}/substitute/"
)
GAMES_SEATS_SUBSTITUTE_LEAVE = _op(
    "games_seats_substitute_leave", "POST", "games/{public_id}/seats/{position}/substitute/leave/"
)
GAMES_SUBSTITUTE_ACCEPT = _op(
    "games_substitute_accept", "POST", "games/{public_id}/substitute/accept/"
)
# The table's say: a vote sent twice counts once (taking a seat back twice is refused).
GAMES_VOTES_LIST = _op("games_votes_list", "GET", "games/{public_id}/votes/")
GAMES_SEATS_VOTE = _op(
    "games_seats_vote", "POST", "games/{public_id}/seats/{position}/vote/", repeatable=True
)
GAMES_TAKE_BACK = _op("games_take_back", "POST", "games/{public_id}/take-back/")

# Your settings: a PATCH sets values, so repeating it changes nothing.
ME_CHAT_RETRIEVE = _op("me_chat_retrieve", "GET", "me/chat/")
ME_CHAT_UPDATE = _op("me_chat_update", "PATCH", "me/chat/", repeatable=True)
ME_PREFERENCES_RETRIEVE = _op("me_preferences_retrieve", "GET", "me/preferences/")
ME_PREFERENCES_UPDATE = _op("me_preferences_update", "PATCH", "me/preferences/", repeatable=True)
ME_HOLIDAYS_RETRIEVE = _op("me_holidays_retrieve", "GET", "me/holidays/")
ME_HOLIDAYS_ANNOUNCE = _op("me_holidays_announce", "POST", "me/holidays/")
ME_HOLIDAYS_UPDATE = _op("me_holidays_update", "PATCH", "me/holidays/", repeatable=True)
ME_HOLIDAYS_CANCEL = _op("me_holidays_cancel", "DELETE", "me/holidays/{absence_id}/")
ME_STREAM = _op("me_stream", "GET", "me/stream/")

# Webhooks.
ME_WEBHOOKS_LIST = _op("me_webhooks_list", "GET", "me/webhooks/")
ME_WEBHOOKS_CREATE = _op("me_webhooks_create", "POST", "me/webhooks/")
ME_WEBHOOKS_DELETE = _op("me_webhooks_delete", "DELETE", "me/webhooks/{endpoint_id}/")
ME_WEBHOOKS_DELIVERIES = _op(
    "me_webhooks_deliveries", "GET", "me/webhooks/{endpoint_id}/deliveries/"
)
# Not repeatable: a second rotation would replace the secret the lost answer carried.
ME_WEBHOOKS_SECRET_ROTATE = _op(
    "me_webhooks_secret_rotate", "POST", "me/webhooks/{endpoint_id}/secret/rotate/"
)
ME_WEBHOOKS_ENABLE = _op(
    "me_webhooks_enable", "POST", "me/webhooks/{endpoint_id}/enable/", repeatable=True
)

# The matchmaking queue and rematches. Accepting a rematch twice counts once.
MATCHMAKING_ENTRIES_LIST = _op("matchmaking_entries_list", "GET", "matchmaking/entries/")
MATCHMAKING_ENTRIES_CREATE = _op("matchmaking_entries_create", "POST", "matchmaking/entries/")
MATCHMAKING_ENTRIES_DELETE = _op(
    "matchmaking_entries_delete", "DELETE", "matchmaking/entries/{entry_id}/"
)
GAMES_REMATCH_RETRIEVE = _op("games_rematch_retrieve", "GET", "games/{public_id}/rematch/")
GAMES_REMATCH_ACCEPT = _op(
    "games_rematch_accept", "POST", "games/{public_id}/rematch/", repeatable=True
)

# Web Push: what is pushed to your browsers, and the browsers (a device added twice is one).
ME_PUSH_RETRIEVE = _op("me_push_retrieve", "GET", "me/push/")
ME_PUSH_UPDATE = _op("me_push_update", "PATCH", "me/push/", repeatable=True)
ME_PUSH_DEVICES_CREATE = _op("me_push_devices_create", "POST", "me/push/devices/", repeatable=True)
ME_PUSH_DEVICES_DESTROY = _op("me_push_devices_destroy", "DELETE", "me/push/devices/{device_id}/")

# Standing answers: rules the server applies as your decisions (one of a kind replaces the
# one before, so setting it twice is setting it once).
GAMES_STANDING_ANSWERS_LIST = _op(
    "games_standing_answers_list", "GET", "games/{public_id}/standing-answers/"
)
GAMES_STANDING_ANSWERS_CREATE = _op(
    "games_standing_answers_create", "POST", "games/{public_id}/standing-answers/", repeatable=True
)
ME_STANDING_ANSWERS_LIST = _op("me_standing_answers_list", "GET", "me/standing-answers/")
ME_STANDING_ANSWERS_CREATE = _op(
    "me_standing_answers_create", "POST", "me/standing-answers/", repeatable=True
)
ME_STANDING_ANSWERS_CANCEL = _op(
    "me_standing_answers_cancel", "DELETE", "me/standing-answers/{answer_id}/"
)

# Ratings: a player's page and a game type's leaderboard (reads).
PLAYERS_RETRIEVE = _op("players_retrieve", "GET", "players/{username}/")
RATINGS_LEADERBOARD = _op("ratings_leaderboard", "GET", "ratings/{game_type}/leaderboard/")
