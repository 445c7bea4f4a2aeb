"""The API of standing answers: parse → one service or selector call → render. A player only
ever reads and changes their own (docs/standing-answers.md)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import GAME_ID, problems
from games.standing import selectors, services
from games.standing.serializers import (
    StandingAnswerInput,
    StandingAnswerOutput,
    StandingAnswersOutput,
)

ANSWER_ID = OpenApiParameter("answer_id", int, OpenApiParameter.PATH)
SET_EXAMPLES = [
    OpenApiExample(
        "Culture when it costs at most 3",
        request_only=True,
        value={"kind": "progress", "params": {"track": "culture", "max_price": 3}},
    ),
    OpenApiExample(
        "The dice: Military, Trade, Culture, Politics, at most 1 citizen",
        request_only=True,
        value={"kind": "dice_plan", "params": {"tiles": [4, 3, 2, 5], "max_citizens": 1}},
    ),
    OpenApiExample(
        "The draft: these cards first, else the first card offered",
        request_only=True,
        value={"kind": "draft_order", "params": {"cards": ["diolkos", "austerity"]}},
    ),
    OpenApiExample(
        "The tiles paid, philosophy into citizens when short, keeping 1 token",
        request_only=True,
        value={"kind": "citizens", "params": {"keep_philosophy": 1}},
    ),
    OpenApiExample(
        "The next achievement's reward, ahead",
        request_only=True,
        value={"kind": "ahead", "params": {"prompt_kind": "achievement_reward", "option": "tax"}},
    ),
]
ONE_RULE = {
    "id": 7,
    "kind": "progress",
    "params": {"track": "culture", "max_price": 3},
    "active": True,
    "uses": 1,
    "used_seq": 42,
    "cancel_reason": "",
    "cancelled_seq": None,
    "created_at": "2026-11-28T09:30:00Z",
}
LIST_EXAMPLES = [
    OpenApiExample(
        "A rule that answered once",
        response_only=True,
        value={"answers": [ONE_RULE], "marks": {"42": {"answer": 7, "kind": "progress"}}},
    )
]
CANCEL_EXAMPLES = [
    OpenApiExample(
        "Cancelled",
        response_only=True,
        value={**ONE_RULE, "active": False, "cancel_reason": "cancelled_by_player"},
    )
]
DESCRIPTION = (
    "A standing answer answers, as your own decision, each prompt of its kind it fits (an "
    "answer given ahead: the next one only); one that no longer fits is cancelled and says "
    "why. Open prompts (paying for the revealed tiles among them), and the sealed "
    "simultaneous ones (the dice's tiles, the draft), are "
    "answered as they are asked; Legislation's keep at its step's deadline, so that nobody "
    "learns anything from when it was answered."
)


def _listing(user, public_id: str | None) -> dict:
    answers = selectors.standing_list(user=user, public_id=public_id)
    marks = selectors.standing_marks(user=user, public_id=public_id) if public_id else {}
    return {"answers": answers, "marks": {str(seq): mark for seq, mark in marks.items()}}


class GameStandingAnswersView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_standing_answers_list",
        summary="Your standing answers in the game",
        parameters=[GAME_ID],
        responses={200: StandingAnswersOutput, **problems(401, 404)},
        examples=LIST_EXAMPLES,
        description=DESCRIPTION,
    )
    def get(self, request, public_id: str):
        return Response(StandingAnswersOutput(_listing(request.user, public_id)).data)

    @extend_schema(
        operation_id="games_standing_answers_create",
        summary="Leave a standing answer (or an answer ahead) in the game",
        parameters=[GAME_ID],
        request=StandingAnswerInput,
        examples=SET_EXAMPLES,
        responses={201: StandingAnswerOutput, **problems(400, 401, 403, 404, 409, 422)},
        description=DESCRIPTION + " One of a kind replaces the one before.",
    )
    def post(self, request, public_id: str):
        body = StandingAnswerInput(data=request.data)
        body.is_valid(raise_exception=True)
        answer = services.standing_set(
            user=request.user, public_id=public_id, **body.validated_data
        )
        return Response(StandingAnswerOutput(selectors.summary(answer)).data, status=201)


class MyStandingAnswersView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_standing_answers_list",
        summary="Your standing answers for new games",
        responses={200: StandingAnswersOutput, **problems(401)},
        examples=LIST_EXAMPLES,
        description="Copied onto each game of yours when it starts.",
    )
    def get(self, request):
        return Response(StandingAnswersOutput(_listing(request.user, None)).data)

    @extend_schema(
        operation_id="me_standing_answers_create",
        summary="Leave a standing answer for new games",
        request=StandingAnswerInput,
        examples=SET_EXAMPLES[:4],
        responses={201: StandingAnswerOutput, **problems(400, 401, 422)},
        description="Copied onto each game of yours when it starts (not an answer ahead).",
    )
    def post(self, request):
        body = StandingAnswerInput(data=request.data)
        body.is_valid(raise_exception=True)
        answer = services.standing_set(user=request.user, public_id=None, **body.validated_data)
        return Response(StandingAnswerOutput(selectors.summary(answer)).data, status=201)


class StandingAnswerView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_standing_answers_cancel",
        summary="Cancel a standing answer (or dismiss its notice)",
        parameters=[ANSWER_ID],
        request=None,
        responses={200: StandingAnswerOutput, **problems(401, 404)},
        examples=CANCEL_EXAMPLES,
        description="An active one is cancelled; one already ended (used, or cancelled with "
        "a reason) is dismissed from the lists.",
    )
    def delete(self, request, answer_id: int):
        answer = services.standing_cancel(user=request.user, answer_id=answer_id)
        return Response(StandingAnswerOutput(selectors.summary(answer)).data)
