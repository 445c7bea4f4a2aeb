"""Request bodies, as the schema's `…InputRequest` components: the client builds each body as
one of these, so mypy checks every member it sends against the schema's names.
"""

from typing import NotRequired, TypedDict

from khora_client.types.enums import (
    Board,
    BotLevel,
    City,
    CitySelection,
    EmailDelivery,
    GameType,
    Language,
    WebhookEventType,
)


class AbsenceInput(TypedDict):
    """The body of `POST me/holidays/` (me_holidays_announce)."""

    starts_at: str
    ends_at: str


class AccountCreateInput(TypedDict):
    """The body of `POST accounts/` (accounts_create)."""

    username: str
    email: str
    password: str
    time_zone: NotRequired[str]
    language: NotRequired[Language]


class ChatMuteInput(TypedDict):
    """The body of `POST games/{public_id}/chat/mutes/` (games_chat_mute)."""

    player: str
    muted: NotRequired[bool]


class ChatPostInput(TypedDict):
    """The body of `POST games/{public_id}/chat/` (games_chat_post)."""

    text: str


class DecisionItem(TypedDict):
    """One decision of a batch: the prompt's id and the option's id."""

    prompt: str
    option: str


class DecisionBatchInput(TypedDict):
    """The body of `POST games/{public_id}/decisions/` (games_decide) for several decisions,
    applied in order."""

    decisions: list[DecisionItem]


class DecisionSingleInput(TypedDict):
    """The body of `POST games/{public_id}/decisions/` (games_decide) for one decision."""

    prompt: str
    option: str


class WebhookEndpointInput(TypedDict):
    """The body of `POST me/webhooks/` (me_webhooks_create)."""

    url: str
    event_types: list[WebhookEventType]


class GameOptionsInput(TypedDict):
    """A new Khôra game's setup options (`options` of GameCreateInput)."""

    city_selection: NotRequired[CitySelection]
    cities: NotRequired[list[City]]


class KhlorOptionsInput(TypedDict):
    """A new Khlor game's setup options (`options` of GameCreateInput, `game` "khlor")."""

    board: NotRequired[Board]


class GameCreateInput(TypedDict):
    """The body of `POST games/` (games_create)."""

    game: NotRequired[GameType]
    seats: int
    options: NotRequired[GameOptionsInput | KhlorOptionsInput]
    step_hours: NotRequired[int]
    name: NotRequired[str]
    private: NotRequired[bool]
    bots: NotRequired[list[BotLevel]]


class GameStartInput(TypedDict):
    """The body of `POST games/{public_id}/start/` (games_start)."""

    fill_with_bots: NotRequired[bool]
    bot_level: NotRequired[BotLevel]


class NudgeInput(TypedDict):
    """The body of `POST games/{public_id}/nudge/` (games_nudge)."""

    seat: int


class ChatPreferenceChanges(TypedDict):
    """The body of `PATCH me/chat/` (me_chat_update)."""

    digest: NotRequired[bool]


class HolidayPreferenceChanges(TypedDict):
    """The body of `PATCH me/holidays/` (me_holidays_update)."""

    automatic: NotRequired[bool]


class PreferencesChanges(TypedDict):
    """The body of `PATCH me/preferences/` (me_preferences_update)."""

    your_turn: NotRequired[EmailDelivery]
    reminder: NotRequired[EmailDelivery]
    game_started: NotRequired[EmailDelivery]
    game_over: NotRequired[EmailDelivery]
    invitations: NotRequired[EmailDelivery]
    quiet_hours_start: NotRequired[int | None]
    quiet_hours_end: NotRequired[int | None]
    digest_hour: NotRequired[int]
    time_zone: NotRequired[str]


class PauseInput(TypedDict):
    """The body of `POST games/{public_id}/pause/` (games_pause_propose)."""

    days: int


class SubstituteAcceptInput(TypedDict):
    """The body of `POST games/{public_id}/substitute/accept/` (games_substitute_accept)."""

    token: str


class SubstituteInviteInput(TypedDict):
    """The body of `POST games/{public_id}/seats/{position}/substitute/`
    (games_seats_substitute_invite)."""

    username: NotRequired[str]


class TokenCreateInput(TypedDict):
    """The body of `POST auth/token/` (auth_token_create)."""

    username: str
    password: str
