"""What the account, chat, preference, holiday and webhook endpoints answer, and problems.

Each TypedDict is one component of the server's OpenAPI schema (see `khora_client.types`).
"""

from typing import Any, NotRequired, TypedDict

from khora_client.types.enums import (
    Channel,
    EmailDelivery,
    GameOverStatus,
    WebhookDeliveryStatus,
    WebhookEventType,
)


class Account(TypedDict):
    """A new account, with its first API token (`sign_up`)."""

    token: str
    expiry: str | None
    username: str
    email: str
    time_zone: str
    language: str


class Token(TypedDict):
    """A new API token (`login`)."""

    token: str
    expiry: str | None
    username: str


class Revoked(TypedDict):
    """How many tokens were revoked."""

    revoked: int


class AcceptedInBatch(TypedDict):
    """A decision of a refused batch that was kept (a problem's `accepted`)."""

    prompt: str
    option: str
    seq: int


class Problem(TypedDict):
    """An error's body (application/problem+json): `code` is stable; the other members
    depend on it."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    errors: NotRequired[dict[str, Any]]
    legal_options: NotRequired[list[str]]
    current_prompt: NotRequired[str]
    waiting_for: NotRequired[list[int]]
    accepted: NotRequired[list[AcceptedInBatch]]
    last_seq: NotRequired[int]
    retry_after: NotRequired[int]
    limit: NotRequired[int | str]
    max: NotRequired[int]
    open_lobbies: NotRequired[int]
    max_bots: NotRequired[int]
    empty_seats: NotRequired[list[int]]
    max_chars: NotRequired[int]
    max_days: NotRequired[int]


class ChatMessage(TypedDict):
    """One message of the table talk (`text` is null once deleted or hidden)."""

    id: int
    channel: Channel
    author: str
    seat: int | None
    text: str | None
    created_at: str
    deleted: bool
    hidden: bool
    yours: bool


class ChatPage(TypedDict):
    """A page of the table talk, oldest first (`chat`)."""

    messages: list[ChatMessage]
    next_after: int | None
    can_post: bool
    channel: str | None
    muted: list[str]


class ChatMutes(TypedDict):
    """The players you muted at this table."""

    muted: list[str]


class ChatPreference(TypedDict):
    """Whether you get the chat digest."""

    digest: bool


class Preferences(TypedDict):
    """Your email preferences."""

    your_turn: EmailDelivery
    reminder: EmailDelivery
    game_started: EmailDelivery
    game_over: EmailDelivery
    invitations: EmailDelivery
    quiet_hours_start: int | None
    quiet_hours_end: int | None
    digest_hour: int
    time_zone: str


class Absence(TypedDict):
    """One absence (holiday) of yours."""

    id: int
    starts_at: str
    ends_at: str | None
    automatic: bool


class Holidays(TypedDict):
    """Your holiday bank and absences to come."""

    days_per_year: int
    max_days_in_a_row: int
    automatic_max_days_in_a_row: int
    days_left: float
    hours_left: int
    automatic: bool
    absences: list[Absence]


class WebhookEndpoint(TypedDict):
    """A webhook URL of yours (its secret is shown only when made or rotated)."""

    id: int
    url: str
    event_types: list[WebhookEventType]
    secret_hint: str
    previous_secret_until: str | None
    active: bool
    disabled_reason: str
    disabled_at: str | None
    consecutive_failures: int
    created_at: str


class WebhookEndpointCreated(TypedDict):
    """A new webhook URL, with its `secret`, shown this once: keep it to verify deliveries
    (`khora_client.webhooks.verify`)."""

    id: int
    url: str
    event_types: list[WebhookEventType]
    secret_hint: str
    previous_secret_until: str | None
    active: bool
    disabled_reason: str
    disabled_at: str | None
    consecutive_failures: int
    created_at: str
    secret: str


class WebhookSecretRotated(TypedDict):
    """A webhook URL's new secret, shown this once; deliveries carry a signature with the
    previous one too until `previous_secret_until`."""

    secret: str
    secret_hint: str
    previous_secret_until: str


class WebhookAttempt(TypedDict):
    """One try of a webhook delivery."""

    number: int
    at: str
    status_code: int | None
    error: str
    duration_ms: int


class WebhookDelivery(TypedDict):
    """One webhook delivery, with each of its attempts."""

    message_id: str
    event_type: WebhookEventType
    status: WebhookDeliveryStatus
    attempts: int
    next_attempt_at: str | None
    created_at: str
    payload: Any
    attempt_log: list[WebhookAttempt]


class WebhookDeliveryPage(TypedDict):
    """The newest deliveries to one webhook URL."""

    deliveries: list[WebhookDelivery]


class WebhookData(TypedDict):
    """The game a webhook delivery is about."""

    game: str
    url: str
    last_seq: int
    status: NotRequired[GameOverStatus]


class WebhookPayload(TypedDict):
    """The body of a webhook delivery (verify it with `khora_client.webhooks.verify`)."""

    type: WebhookEventType
    timestamp: str
    data: WebhookData
