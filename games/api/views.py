"""Game endpoints: parse → one service or selector call → render."""

from django.utils.dateparse import parse_datetime
from drf_spectacular.utils import (
    OpenApiExample,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import GameCreateThrottle, GameStartThrottle
from common import headers
from common.conditional import conditional_response, not_modified
from common.errors import DomainError
from common.language import requester_language
from common.openapi import ACCEPT_LANGUAGE, GAME_ID, IDEMPOTENCY_KEY, problems
from games import selectors, services
from games.api.etags import current_tag
from games.api.serializers import (
    DecisionBatchInput,
    DecisionSingleInput,
    DecisionsInput,
    DecisionsOutput,
    GameCreateInput,
    GameDetailOutput,
    GameListQuery,
    GamePageOutput,
    GameStartInput,
    GameSummaryOutput,
    HistoryOutput,
    HistoryQuery,
    LogOutput,
    LogQuery,
    PromptEnvelopeOutput,
    RevisionOutput,
    StateOutput,
    StateQuery,
)

NO_BOT = {"bot_level": None, "bot_plays": False}
DETAIL_EXAMPLE = OpenApiExample(
    "A lobby",
    response_only=True,
    value={
        "id": "qVmN34XD_23f2D3o",
        "game": "khora",
        "name": "",
        "private": False,
        "status": "lobby",
        "num_seats": 3,
        "step_hours": 48,
        "creator": "alice",
        "created_at": "2026-11-23T00:12:16Z",
        "seats": [
            {"position": 0, "player": "alice", "is_bot": False, **NO_BOT},
            {"position": 1, "player": None, "is_bot": False, **NO_BOT},
            {"position": 2, "player": None, "is_bot": False, **NO_BOT},
        ],
        "your_seat": 0,
        "awaiting_you": False,
        "rules_version": "khora-1",
        "options": {},
        "started_at": None,
        "finished_at": None,
        "last_seq": 0,
        "round": None,
        "phase": None,
        "view": None,
        "prompt": None,
        "deadline": None,
        "waiting_for": [],
        "submitted": [],
        "scores": None,
        "away": [],
        "deadline_held_for": [],
        "pause": None,
        "pace": None,
    },
)
PROMPT_EXAMPLE = {
    "id": "p0-3",
    "kind": "draft_pick",
    "text": "Draft: keep one of these 5 politics cards.",
    "options": [{"id": "card:bank", "label": "Bank", "data": {"card": "bank"}}],
    "default": "card:bank",
    "deadline": "2026-11-25T00:12:16Z",
}


class GamePagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 20

    def decode_cursor(self, request):
        """DRF's cursor, refused as 404 `invalid_cursor` unless it decodes to a real position
        (a crafted one reached the database as a date it could not read: a 500)."""
        # 404, as DRF answers: the page this cursor names does not exist.
        refused = DomainError(
            "invalid_cursor",
            "The cursor is not one this server gave out; follow the `next` and `previous` "
            "links of a page, or leave `cursor` out for the first page.",
            404,
        )
        try:
            cursor = super().decode_cursor(request)
        except (NotFound, UnicodeError):
            raise refused from None
        if cursor is not None and cursor.position is not None:
            try:
                moment = parse_datetime(cursor.position)
            except ValueError:
                moment = None
            if moment is None:
                raise refused
        return cursor


class GameListCreateView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameCreateThrottle]  # POST only

    @extend_schema(
        operation_id="games_list",
        summary="List games",
        description="Newest first, 20 a page; follow `next` for more.",
        parameters=[GameListQuery],
        responses={200: GamePageOutput, **problems(400, 401, 404)},
        examples=[
            OpenApiExample(
                "A page",
                response_only=True,
                value={"next": None, "previous": None, "results": []},
            )
        ],
    )
    def get(self, request):
        query = GameListQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        paginator = GamePagination()
        games = selectors.game_list(request.user, query.validated_data["filter"])
        page = paginator.paginate_queryset(games, request, view=self)
        data = [selectors.game_summary(game, request.user) for game in page]
        return paginator.get_paginated_response(GameSummaryOutput(data, many=True).data)

    @extend_schema(
        operation_id="games_create",
        summary="Create a lobby",
        description="You take seat 0; `bots` (their levels) take seats 1, 2, ..., and others "
        "join with the id; a game the bots fill starts at once. At most "
        "GAME_MAX_OPEN_LOBBIES lobbies not yet started per player (409 too_many_lobbies).",
        request=GameCreateInput,
        responses={201: GameDetailOutput, **problems(400, 401, 409, 422, 429)},
        examples=[
            OpenApiExample(
                "Three seats",
                request_only=True,
                value={"game": "khora", "seats": 3, "options": {}, "step_hours": 48},
            ),
            OpenApiExample(
                "Against two bots, at once",
                request_only=True,
                value={"game": "khora", "seats": 3, "bots": ["standard", "strong"]},
            ),
            OpenApiExample(
                "Khlor against a bot",
                request_only=True,
                value={
                    "game": "khlor",
                    "seats": 2,
                    "options": {"board": "plain"},
                    "bots": ["standard"],
                },
            ),
            DETAIL_EXAMPLE,
        ],
    )
    def post(self, request):
        body = GameCreateInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        game = services.game_create(
            creator=request.user,
            game_type=data["game"],
            seats=data["seats"],
            options=data["options"],
            step_hours=data["step_hours"],
            name=data["name"],
            private=data["private"],
            bots=data["bots"],
        )
        detail = selectors.game_detail(game, request.user, requester_language(request))
        return Response(GameDetailOutput(detail).data, status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_retrieve",
        summary="A game",
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, 304: None, **problems(401, 404)},
        description="Anyone with the id may look; players see their own secrets, others don't.",
        examples=[DETAIL_EXAMPLE],
    )
    def get(self, request, public_id):
        etag = current_tag(request, public_id, "detail")
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        game = selectors.game_get(public_id)
        detail = selectors.game_detail(
            game, request.user, requester_language(request), previews=True
        )
        return conditional_response(request, GameDetailOutput(detail).data, etag)


class GameJoinView(APIView):
    throttle_classes = [GameStartThrottle]

    @extend_schema(
        operation_id="games_join",
        summary="Join a lobby",
        description="Take the first free seat; the game starts by itself once every seat is taken.",
        request=None,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(401, 404, 409, 429)},
        examples=[DETAIL_EXAMPLE],
    )
    def post(self, request, public_id):
        game = services.game_join(public_id=public_id, user=request.user)
        return Response(
            GameDetailOutput(
                selectors.game_detail(game, request.user, requester_language(request))
            ).data
        )


class GameLeaveView(APIView):
    @extend_schema(
        operation_id="games_leave",
        summary="Leave a lobby",
        request=None,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(401, 404, 409)},
        description="Leave a lobby. If the creator leaves, the game is abandoned.",
        examples=[DETAIL_EXAMPLE],
    )
    def post(self, request, public_id):
        game = services.game_leave(public_id=public_id, user=request.user)
        return Response(
            GameDetailOutput(
                selectors.game_detail(game, request.user, requester_language(request))
            ).data
        )


class GameStartView(APIView):
    throttle_classes = [GameStartThrottle]

    @extend_schema(
        operation_id="games_start",
        summary="Start a lobby",
        description="The creator starts the game; empty seats go to bots with "
        '`{"fill_with_bots": true}`, else 409 seats_empty.',
        request=GameStartInput,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(400, 401, 403, 404, 409, 422, 429)},
        examples=[
            OpenApiExample(
                "With bots",
                request_only=True,
                value={"fill_with_bots": True, "bot_level": "standard"},
            ),
        ],
    )
    def post(self, request, public_id):
        body = GameStartInput(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.game_start(
            public_id=public_id,
            user=request.user,
            fill_with_bots=body.validated_data["fill_with_bots"],
            bot_level=body.validated_data["bot_level"],
        )
        return Response(
            GameDetailOutput(
                selectors.game_detail(game, request.user, requester_language(request))
            ).data
        )


class GamePromptView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_prompt",
        summary="Your prompt",
        parameters=[GAME_ID],
        responses={200: PromptEnvelopeOutput, 304: None, **problems(401, 404)},
        description="Your open prompt, or null when nothing waits for you (or you have no seat).",
        examples=[
            OpenApiExample("Your turn", response_only=True, value={"prompt": PROMPT_EXAMPLE})
        ],
    )
    def get(self, request, public_id):
        etag = current_tag(request, public_id, "prompt")
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        game = selectors.game_get(public_id)
        prompt = selectors.game_prompt(
            game, request.user, requester_language(request), previews=True
        )
        return conditional_response(request, PromptEnvelopeOutput({"prompt": prompt}).data, etag)


class GameDecisionsView(APIView):
    @extend_schema(
        operation_id="games_decide",
        summary="Answer your prompt",
        request=PolymorphicProxySerializer(
            component_name="Decisions",
            serializers=[DecisionSingleInput, DecisionBatchInput],
            resource_type_field_name=None,
        ),
        examples=[
            OpenApiExample(
                "One decision", request_only=True, value={"prompt": "p0-3", "option": "card:bank"}
            ),
            OpenApiExample(
                "A batch",
                request_only=True,
                value={"decisions": [{"prompt": "p0-3", "option": "card:bank"}]},
            ),
            OpenApiExample(
                "Accepted",
                response_only=True,
                value={
                    "accepted": [{"prompt": "p0-3", "option": "card:bank", "seq": 12}],
                    "last_seq": 12,
                    "status": "active",
                    "advancing": False,
                    "prompt": None,
                },
            ),
        ],
        parameters=[GAME_ID, IDEMPOTENCY_KEY],
        responses={200: DecisionsOutput, **problems(400, 401, 403, 404, 409, 422)},
        description=(
            "Answer your prompt, naming it. A batch (`decisions`) applies in order and stops at "
            "the first refused decision; the refusal lists the ones already accepted."
        ),
    )
    def post(self, request, public_id):
        body = DecisionsInput(data=request.data)
        body.is_valid(raise_exception=True)
        submission = services.decisions_submit(
            public_id=public_id,
            user=request.user,
            decisions=[services.DecisionInput(**item) for item in body.validated_data],
            idempotency_key=headers.idempotency_key(request),
            # Read (the profile) only when the response carries a prompt to put in words.
            lang=lambda: requester_language(request),
        )
        # The service builds a new body in DecisionsOutput's shape and order (a test holds it
        # to the serializer's rendering); copying it through the serializer cost a tenth of
        # the request. A remembered one comes back from a JSON column, which keeps no key
        # order: the serializer puts it back in the first response's.
        if not submission.replayed:
            return Response(submission.body)
        response = Response(DecisionsOutput(submission.body).data)
        response["Idempotent-Replayed"] = "true"
        return response


class GameReviseView(APIView):
    @extend_schema(
        operation_id="games_revise",
        summary="Take back a sealed choice",
        request=None,
        parameters=[GAME_ID],
        responses={200: RevisionOutput, **problems(401, 403, 404, 409)},
        examples=[
            OpenApiExample(
                "Asked again",
                response_only=True,
                value={"revised": "draft_pick", "seq": 13, "prompt": PROMPT_EXAMPLE},
            )
        ],
        description=(
            "Take back your sealed choice (a draft pick, your tile assignment) while other "
            "players are still choosing; you are asked again. 409 `nothing_to_revise` once "
            "everyone has chosen."
        ),
    )
    def post(self, request, public_id):
        revision = services.decision_revise(
            public_id=public_id, user=request.user, lang=requester_language(request)
        )
        return Response(RevisionOutput(revision).data)


class GameLogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_log",
        summary="The game's log",
        parameters=[GAME_ID, LogQuery, ACCEPT_LANGUAGE],
        responses={200: LogOutput, 304: None, **problems(400, 401, 404)},
        description="The log redacted for you; everything once the game is finished.",
        examples=[
            OpenApiExample(
                "Three events",
                response_only=True,
                value={
                    "events": [
                        {
                            "seq": 1,
                            "created_at": "2026-11-23T00:12:16Z",
                            "type": "chance",
                            "version": 1,
                            "seat": None,
                            "data": {"kind": "cities", "cities": ["athens", "sparta"]},
                            "actor": None,
                            "lines": [],
                        },
                        {
                            "seq": 2,
                            "created_at": "2026-11-23T00:12:16Z",
                            "type": "chance",
                            "version": 1,
                            "seat": None,
                            "data": {"kind": "deal", "hands": [{"cards": 5}, {"cards": 5}]},
                            "actor": None,
                            "lines": [],
                        },
                        {
                            "seq": 3,
                            "created_at": "2026-11-25T00:12:16Z",
                            "type": "decision",
                            "version": 1,
                            "seat": 1,
                            "data": {
                                "prompt": "p1-1",
                                "kind": "draft_pick",
                                "bot": "standard",
                                "hidden": True,
                            },
                            "auto": True,
                            "actor": {"kind": "bot", "player": "boris", "text": "a bot for boris"},
                            "lines": [],
                        },
                    ],
                    "last_seq": 3,
                    "next_after": None,
                },
            )
        ],
    )
    def get(self, request, public_id):
        query = LogQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = (query.validated_data["after"], query.validated_data["limit"])
        etag = current_tag(request, public_id, "log", page)
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        game = selectors.game_get(public_id)
        lang = requester_language(request)
        log = selectors.game_log(game, request.user, **query.validated_data, lang=lang)
        return conditional_response(request, LogOutput(log).data, etag)


class GameHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_history",
        summary="What happened since a seq, in words",
        parameters=[GAME_ID, HistoryQuery, ACCEPT_LANGUAGE],
        responses={200: HistoryOutput, 304: None, **problems(400, 401, 404)},
        examples=[
            OpenApiExample(
                "The tax phase",
                response_only=True,
                value={
                    "after": 40,
                    "viewer": 0,
                    "lines": [
                        {
                            "seq": 41,
                            "created_at": "2026-11-23T00:12:16Z",
                            "msg": "change",
                            "seat": 0,
                            "params": {"resource": "drachma"},
                            "cause": ["step", "tax"],
                            "before": 5,
                            "after": 8,
                            "text": "Tax: Ann +3 drachmas (5 → 8)",
                        }
                    ],
                    "last_seq": 41,
                    "next_after": None,
                },
            )
        ],
        description=(
            "What happened since seq `after`, told to you: every line the events caused, as "
            "you may see them, in your language (your profile's, else Accept-Language)."
        ),
    )
    def get(self, request, public_id):
        query = HistoryQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = (query.validated_data["after"], query.validated_data["limit"])
        etag = current_tag(request, public_id, "history", page)
        unchanged = not_modified(request, etag)
        if unchanged is not None:
            return unchanged
        game = selectors.game_get(public_id)
        lang = requester_language(request)
        history = selectors.game_history(
            game,
            selectors.viewer_position(game, request.user),
            **query.validated_data,
            lang=lang,
        )
        return conditional_response(request, HistoryOutput(history).data, etag)


class GameStateView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_state",
        summary="A finished game, after any event",
        parameters=[GAME_ID, StateQuery],
        responses={200: StateOutput, **problems(400, 401, 404, 409, 422)},
        description="A finished game's view after event `at` (0 to the game's last_seq, else "
        "422 invalid_seq), from `seat` (default: yours). 409 game_not_finished before the end.",
    )
    def get(self, request, public_id):
        query = StateQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = selectors.game_get(public_id)
        state = selectors.game_state_at(
            game,
            request.user,
            query.validated_data["at"],
            query.validated_data.get("seat"),
            requester_language(request),
        )
        return Response(StateOutput(state).data)
