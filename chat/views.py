"""The chat API under /api/v1/games/{id}/chat/: parse → one service or selector → render."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import selectors, services
from chat.serializers import (
    ChatMessageOutput,
    ChatMuteInput,
    ChatMutesOutput,
    ChatPageOutput,
    ChatPostInput,
    ChatPreferenceInput,
    ChatPreferenceOutput,
    ChatQuery,
)
from common import headers
from common.conditional import body_conditional_response
from common.openapi import GAME_ID, IDEMPOTENCY_KEY, problems
from games import selectors as game_selectors

MESSAGE_EXAMPLE = {
    "id": 41,
    "channel": "players",
    "author": "ann",
    "seat": 0,
    "text": "Sparta will not attack you this round. https://example.org/map",
    "created_at": "2026-11-23T00:12:16Z",
    "deleted": False,
    "hidden": False,
    "yours": True,
}


class ChatView(APIView):
    permission_classes = [AllowAny]  # reading a public game's talk needs no account

    @extend_schema(
        operation_id="games_chat_list",
        summary="The table talk",
        parameters=[GAME_ID, ChatQuery],
        responses={200: ChatPageOutput, 304: None, **problems(400, 401, 403, 404)},
        description=(
            "Messages oldest first, after the id `after` (ETag). Players read the players' "
            "channel, and the spectators' once the game is over; spectators of a game that is "
            "not private read both; a private game's talk is its players' only (403 "
            "chat_private). Messages of players you muted are left out; a deleted or hidden "
            "message keeps its place with `text: null`."
        ),
        examples=[
            OpenApiExample(
                "A page",
                response_only=True,
                value={
                    "messages": [MESSAGE_EXAMPLE],
                    "next_after": None,
                    "can_post": True,
                    "channel": "players",
                    "muted": [],
                },
            )
        ],
    )
    def get(self, request, public_id):
        query = ChatQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = game_selectors.game_get(public_id)
        page = selectors.page(game, request.user, **query.validated_data)
        return body_conditional_response(request, ChatPageOutput(page).data)

    @extend_schema(
        operation_id="games_chat_post",
        summary="Say something at the table",
        parameters=[GAME_ID, IDEMPOTENCY_KEY],
        request=ChatPostInput,
        responses={
            201: ChatMessageOutput,
            200: ChatMessageOutput,
            **problems(400, 401, 403, 404, 422, 429),
        },
        description=(
            "Players talk in the players' channel, spectators of a game that is not private in "
            "their own. Plain text up to 1,000 characters (422 message_too_long, empty_message, "
            "invalid_text). At most CHAT_MESSAGES_PER_MINUTE (10) and CHAT_MESSAGES_PER_DAY "
            "(200) messages per player across games: 429 chat_throttled with Retry-After. A "
            "retry with the same Idempotency-Key gets the first message back (200, "
            "Idempotent-Replayed: true). Chat never changes the game, its log or its ETag."
        ),
        examples=[
            OpenApiExample("A message", request_only=True, value={"text": "Good luck, all!"}),
            OpenApiExample("Posted", response_only=True, value=MESSAGE_EXAMPLE),
        ],
    )
    def post(self, request, public_id):
        body = ChatPostInput(data=request.data)
        body.is_valid(raise_exception=True)
        game = game_selectors.game_get(public_id)
        # Too much too fast: services.ChatThrottled, a 429 with Retry-After (common.problems).
        posted = services.message_post(
            game=game,
            user=request.user,
            raw_text=body.validated_data["text"],
            via="api",
            idempotency_key=headers.idempotency_key(request),
        )
        found = selectors.access(game, request.user)
        data = ChatMessageOutput(selectors.message_dict(posted.message, found)).data
        if posted.replayed:
            response = Response(data, status=status.HTTP_200_OK)
            response["Idempotent-Replayed"] = "true"
            return response
        return Response(data, status=status.HTTP_201_CREATED)


class ChatMessageView(APIView):
    @extend_schema(
        operation_id="games_chat_delete",
        summary="Delete your message",
        parameters=[GAME_ID],
        responses={200: ChatMessageOutput, **problems(401, 403, 404)},
        description="It stays in its place as deleted, without its text.",
        examples=[
            OpenApiExample(
                "Deleted",
                response_only=True,
                value={**MESSAGE_EXAMPLE, "text": None, "deleted": True},
            )
        ],
    )
    def delete(self, request, public_id, message_id: int):
        game = game_selectors.game_get(public_id)
        message = services.message_delete(game=game, user=request.user, message_id=message_id)
        return _message_response(request, game, message)


class ChatHideView(APIView):
    @extend_schema(
        operation_id="games_chat_hide",
        summary="Hide a message (the game's creator, staff)",
        request=None,
        parameters=[GAME_ID],
        responses={200: ChatMessageOutput, **problems(401, 403, 404)},
        description="It stays in its place as hidden, without its text, for everyone.",
        examples=[
            OpenApiExample(
                "Hidden",
                response_only=True,
                value={**MESSAGE_EXAMPLE, "text": None, "hidden": True, "yours": False},
            )
        ],
    )
    def post(self, request, public_id, message_id: int):
        game = game_selectors.game_get(public_id)
        message = services.message_hide(game=game, user=request.user, message_id=message_id)
        return _message_response(request, game, message)


class ChatMuteView(APIView):
    @extend_schema(
        operation_id="games_chat_mute",
        summary="Mute a player, for yourself",
        request=ChatMuteInput,
        parameters=[GAME_ID],
        responses={200: ChatMutesOutput, **problems(400, 401, 403, 404, 422)},
        description='`{"player": "bob"}` stops showing you what bob says at this table; '
        '`{"player": "bob", "muted": false}` shows it again. Nobody else is told.',
        examples=[
            OpenApiExample("Mute bob", request_only=True, value={"player": "bob"}),
            OpenApiExample("Muted", response_only=True, value={"muted": ["bob"]}),
        ],
    )
    def post(self, request, public_id):
        body = ChatMuteInput(data=request.data)
        body.is_valid(raise_exception=True)
        game = game_selectors.game_get(public_id)
        services.mute_set(
            game=game,
            user=request.user,
            username=body.validated_data["player"],
            muted=body.validated_data["muted"],
        )
        page = selectors.page(game, request.user, after=0, limit=1)
        return Response(ChatMutesOutput({"muted": page["muted"]}).data)


class ChatPreferenceView(APIView):
    @extend_schema(
        operation_id="me_chat_retrieve",
        summary="Your chat digest choice",
        responses={200: ChatPreferenceOutput, **problems(401)},
        description="Whether you get the chat digest (off by default).",
        examples=[OpenApiExample("Off", response_only=True, value={"digest": False})],
    )
    def get(self, request):
        return Response(ChatPreferenceOutput({"digest": selectors.wants_digest(request.user)}).data)

    @extend_schema(
        operation_id="me_chat_update",
        summary="Choose the chat digest",
        request=ChatPreferenceInput,
        responses={200: ChatPreferenceOutput, **problems(400, 401)},
        description="`digest: true`: at most one email per game an hour with what was said at "
        "the table since you last looked.",
        examples=[OpenApiExample("On", value={"digest": True})],
    )
    def patch(self, request):
        body = ChatPreferenceInput(data=request.data)
        body.is_valid(raise_exception=True)
        chosen = body.validated_data.get("digest")
        if chosen is None:
            chosen = selectors.wants_digest(request.user)
        else:
            services.digest_choose(user=request.user, digest=chosen)
        return Response(ChatPreferenceOutput({"digest": chosen}).data)


def _message_response(request, game, message) -> Response:
    """One message as the requester may see it (their access decides what it shows)."""
    found = selectors.access(game, request.user)
    return Response(ChatMessageOutput(selectors.message_dict(message, found)).data)
