"""Game endpoints: parse → one service or selector call → render."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.conditional import conditional_response
from games.problems import PROBLEM_CONTENT_TYPE
from games.serializers import (
    DecisionsInput,
    DecisionsOutput,
    GameCreateInput,
    GameDetailOutput,
    GameListQuery,
    GameStartInput,
    GameSummaryOutput,
    LogOutput,
    LogQuery,
    ProblemOutput,
    PromptEnvelopeOutput,
    RevisionOutput,
    StateOutput,
    StateQuery,
)


def problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    descriptions = {
        400: "Invalid input (code invalid_input, malformed_json, invalid_setup, ...).",
        401: "No valid token (not_authenticated, authentication_failed).",
        403: "Not allowed (not_seated, not_creator, permission_denied).",
        404: "No such game (game_not_found).",
        409: "Conflicts with the game's state (stale_prompt with current_prompt, "
        "not_your_turn, game_over, not_in_lobby, game_full, ...).",
        422: "Well-formed but refused (illegal_option with legal_options, idempotency_key_reused).",
    }
    return {
        (code, PROBLEM_CONTENT_TYPE): OpenApiResponse(ProblemOutput, description=text)
        for code, text in descriptions.items()
        if code in statuses
    }


GAME_ID = OpenApiParameter("public_id", str, OpenApiParameter.PATH, description="The game's id.")
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Any unique string; a retry with the same key returns the first response.",
)


class GamePagination(CursorPagination):
    ordering = ("-created_at", "-id")
    page_size = 20


class GameListCreateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_list",
        parameters=[GameListQuery],
        responses={200: GameSummaryOutput(many=True), **problems(400, 401)},
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
        request=GameCreateInput,
        responses={201: GameDetailOutput, **problems(400, 401)},
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
        )
        detail = selectors.game_detail(game, request.user)
        return Response(GameDetailOutput(detail).data, status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_retrieve",
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, 304: None, **problems(404)},
        description="Anyone with the id may look; players see their own secrets, others don't.",
    )
    def get(self, request, public_id):
        game = selectors.game_get(public_id)
        detail = selectors.game_detail(game, request.user)
        return conditional_response(request, GameDetailOutput(detail).data)


class GameJoinView(APIView):
    @extend_schema(
        operation_id="games_join",
        request=None,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(401, 404, 409)},
    )
    def post(self, request, public_id):
        game = services.game_join(public_id=public_id, user=request.user)
        return Response(GameDetailOutput(selectors.game_detail(game, request.user)).data)


class GameLeaveView(APIView):
    @extend_schema(
        operation_id="games_leave",
        request=None,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(401, 404, 409)},
        description="Leave a lobby. If the creator leaves, the game is abandoned.",
    )
    def post(self, request, public_id):
        game = services.game_leave(public_id=public_id, user=request.user)
        return Response(GameDetailOutput(selectors.game_detail(game, request.user)).data)


class GameStartView(APIView):
    @extend_schema(
        operation_id="games_start",
        request=GameStartInput,
        parameters=[GAME_ID],
        responses={200: GameDetailOutput, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request, public_id):
        body = GameStartInput(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.game_start(
            public_id=public_id,
            user=request.user,
            fill_with_bots=body.validated_data["fill_with_bots"],
        )
        return Response(GameDetailOutput(selectors.game_detail(game, request.user)).data)


class GamePromptView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_prompt",
        parameters=[GAME_ID],
        responses={200: PromptEnvelopeOutput, 304: None, **problems(404)},
        description="Your open prompt, or null when nothing waits for you (or you have no seat).",
    )
    def get(self, request, public_id):
        game = selectors.game_get(public_id)
        prompt = selectors.game_prompt(game, request.user)
        return conditional_response(request, PromptEnvelopeOutput({"prompt": prompt}).data)


class GameDecisionsView(APIView):
    @extend_schema(
        operation_id="games_decide",
        request=DecisionsInput,
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
            idempotency_key=request.headers.get("Idempotency-Key") or None,
        )
        response = Response(DecisionsOutput(submission.body).data)
        if submission.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


class GameReviseView(APIView):
    @extend_schema(
        operation_id="games_revise",
        request=None,
        parameters=[GAME_ID],
        responses={200: RevisionOutput, **problems(401, 403, 404, 409)},
        description=(
            "Take back your sealed choice (a draft pick, your tile assignment) while other "
            "players are still choosing; you are asked again. 409 `nothing_to_revise` once "
            "everyone has chosen."
        ),
    )
    def post(self, request, public_id):
        revision = services.decision_revise(public_id=public_id, user=request.user)
        return Response(RevisionOutput(revision).data)


class GameLogView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_log",
        parameters=[GAME_ID, LogQuery],
        responses={200: LogOutput, 304: None, **problems(400, 404)},
        description="The log redacted for you; everything once the game is finished.",
    )
    def get(self, request, public_id):
        query = LogQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = selectors.game_get(public_id)
        log = selectors.game_log(game, request.user, **query.validated_data)
        return conditional_response(request, LogOutput(log).data)


class GameStateView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_state",
        parameters=[GAME_ID, StateQuery],
        responses={200: StateOutput, **problems(400, 404, 409)},
        description="A finished game's view after any event (replayed).",
    )
    def get(self, request, public_id):
        query = StateQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = selectors.game_get(public_id)
        state = selectors.game_state_at(
            game, request.user, query.validated_data["at"], query.validated_data.get("seat")
        )
        return Response(StateOutput(state).data)
