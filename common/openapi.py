"""What the API's schema says about every app's endpoints alike: the problem+json body, the
responses each status stands for, and the parameters several apps share (a game's id in the
path, Accept-Language, Idempotency-Key)."""

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema_field,
)
from rest_framework import serializers

from common.problems import PROBLEM_CODES, PROBLEM_CONTENT_TYPE


class AcceptedOutput(serializers.Serializer):
    prompt = serializers.CharField()
    option = serializers.CharField()
    seq = serializers.IntegerField()


# Which limit a refusal met: a number for the count ones (too_many_lobbies), the scope for
# the streams' (too_many_streams, streams_busy), as their services word it.
LIMIT = {
    "oneOf": [
        {"type": "integer", "minimum": 0},
        {"type": "string", "enum": ["user", "address", "process"]},
    ],
    "description": "too_many_lobbies: the most open lobbies you may have; too_many_streams "
    "and streams_busy: which limit was met (`user`, `address` or `process`).",
}


@extend_schema_field(LIMIT)
class LimitField(serializers.Field):
    """Documentation only: the problem bodies are built as dicts (problem_body)."""


class ProblemOutput(serializers.Serializer):
    """RFC 9457 problem details. The extension members after `code` appear with the codes
    named in their descriptions; a client reads what it knows and ignores the rest."""

    type = serializers.CharField(help_text="urn:khora:problem:<code>.")
    title = serializers.CharField(help_text="The HTTP status' phrase.")
    status = serializers.IntegerField(help_text="The HTTP status code.")
    detail = serializers.CharField(help_text="What was wrong and what would be accepted.")
    code = serializers.ChoiceField(
        choices=PROBLEM_CODES, help_text="A stable machine-readable code."
    )
    # The stubs see Serializer's own `errors`: DRF's metaclass takes this field out of the class.
    errors = serializers.DictField(  # type: ignore[assignment]
        required=False,
        help_text="invalid_input, username_taken, weak_password, invalid_quiet_hours: the "
        "messages per field (a list of texts, or members' messages for a nested field).",
    )
    legal_options = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="illegal_option: the options the prompt offers.",
    )
    current_prompt = serializers.CharField(
        required=False, help_text="stale_prompt: the id of the prompt asked now."
    )
    waiting_for = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="not_your_turn: the seats the game waits for.",
    )
    accepted = AcceptedOutput(
        many=True,
        required=False,
        help_text="A decisions batch refused part-way: the decisions before the refused one, "
        "which were kept.",
    )
    last_seq = serializers.IntegerField(
        required=False, help_text="invalid_seq: the log's last seq."
    )
    retry_after = serializers.IntegerField(
        required=False,
        help_text="Seconds until the request may succeed (429 chat_throttled, nudged_recently, "
        "pause_proposed_recently, too_many_streams; 503 streams_busy; the same as the "
        "Retry-After header).",
    )
    limit = LimitField(required=False)
    max = serializers.IntegerField(
        required=False, help_text="too_many_streams, streams_busy: how many are allowed."
    )
    open_lobbies = serializers.IntegerField(
        required=False, help_text="too_many_lobbies: how many you have open."
    )
    max_bots = serializers.IntegerField(
        required=False, help_text="too_many_bots: the most bots this game may seat."
    )
    empty_seats = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="seats_empty: the positions no one has taken.",
    )
    max_chars = serializers.IntegerField(
        required=False, help_text="message_too_long: the longest message allowed."
    )
    max_days = serializers.IntegerField(
        required=False, help_text="invalid_pause: the longest pause allowed, in days."
    )


def problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    descriptions = {
        400: "The request does not match the schema (invalid_input with `errors` per field, "
        "malformed_json, too_deep, ...).",
        401: "No valid credential (not_authenticated; authentication_failed also for an "
        "Authorization header in another scheme than Bearer).",
        403: "Not allowed (not_seated, not_creator, permission_denied).",
        404: "No such game (game_not_found), or page (invalid_cursor).",
        409: "Conflicts with the game's state (stale_prompt with current_prompt, "
        "not_your_turn, game_over, not_in_lobby, game_full, ...).",
        422: "Matches the schema but the rules refuse it (illegal_option with legal_options, "
        "invalid_setup, invalid_seq, weak_password, idempotency_key_reused).",
        421: "Asked of the wrong server (stream_server_required: event streams are served by "
        "the stream server).",
        429: "Too many requests (throttled; too_many_streams with `limit` and `max`); wait the "
        "Retry-After seconds.",
        503: "The database cannot serve now (database_unavailable); try again after the "
        "Retry-After seconds.",
    }
    return {
        (code, PROBLEM_CONTENT_TYPE): OpenApiResponse(ProblemOutput, description=text)
        for code, text in descriptions.items()
        if code in statuses
    }


GAME_ID = OpenApiParameter(
    "public_id",
    str,
    OpenApiParameter.PATH,
    description="The game's id (URL-safe letters, digits, - and _).",
    examples=[OpenApiExample("A game", value="qVmN34XD_23f2D3o")],
)
ACCEPT_LANGUAGE = OpenApiParameter(
    "Accept-Language",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Language of texts (en, uk) when you have no profile language; ids and data "
    "never change with it.",
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 8, "maxLength": 255, "pattern": r"^[!-~]{8,255}$"},
    OpenApiParameter.HEADER,
    required=False,
    description="8 to 255 visible ASCII characters, unique per submission (a UUID is ideal). "
    "A retry with the same key within 24 hours gets the first response back "
    "(Idempotent-Replayed: true); after that the key is forgotten.",
)
