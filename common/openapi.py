"""What the API's schema says about every app's endpoints alike: the problem+json body, the
responses each status stands for, and the parameters several apps share (a game's id in the
path, Accept-Language, Idempotency-Key)."""

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from common.problems import PROBLEM_CODES, PROBLEM_CONTENT_TYPE


class ProblemOutput(serializers.Serializer):
    type = serializers.CharField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField(help_text="What was wrong and what would be accepted.")
    code = serializers.ChoiceField(
        choices=PROBLEM_CODES, help_text="A stable machine-readable code."
    )
    errors = serializers.DictField(required=False, help_text="Per-field messages (invalid_input).")
    legal_options = serializers.ListField(child=serializers.CharField(), required=False)
    current_prompt = serializers.CharField(required=False)
    retry_after = serializers.IntegerField(
        required=False,
        help_text="Seconds until the request may succeed (429 chat_throttled, nudged_recently, "
        "pause_proposed_recently; the same as the Retry-After header).",
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
