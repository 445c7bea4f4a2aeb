"""The matchmaking API: parse → one service or selector → render.

/api/v1/matchmaking/entries/ (your waiting entries; join a queue), .../entries/{id}/ (leave),
/api/v1/games/{id}/rematch/ (its state; propose or accept).
"""

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import GAME_ID, problems
from matchmaking import rematch, selectors, services
from matchmaking.serializers import EntriesOutput, EntryInput, EntryOutput, RematchOutput

ENTRY_EXAMPLE = {
    "id": 7,
    "game_type": "khora",
    "players": 2,
    "step_hours": 24,
    "language": "en",
    "rating_band": None,
    "rating": 0.0,
    "status": "waiting",
    "game": None,
    "created_at": "2026-11-23T00:12:16Z",
    "expires_at": "2026-11-26T00:12:16Z",
}
ENTRY_ID = OpenApiParameter(
    "entry_id",
    int,
    OpenApiParameter.PATH,
    description="The queue entry's id.",
    examples=[OpenApiExample("An entry", value=7)],
)


class EntriesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matchmaking_entries_list",
        summary="Your waiting queue entries",
        responses={200: EntriesOutput, **problems(401)},
        examples=[
            OpenApiExample("One entry", response_only=True, value={"entries": [ENTRY_EXAMPLE]})
        ],
    )
    def get(self, request):
        return Response(EntriesOutput({"entries": selectors.waiting_entries(request.user)}).data)

    @extend_schema(
        operation_id="matchmaking_entries_create",
        summary="Find me a game: wait in a queue",
        request=EntryInput,
        responses={201: EntryOutput, **problems(400, 401, 409)},
        description=(
            "Wait for a game of these terms. As soon as enough compatible players wait (the "
            "same game, step length and language: entries of two games never meet; the seats "
            "each accepts, among the game's own; within each other's rating bands; and nobody "
            "who muted another in a game's chat), the game is "
            "formed and started: the entry comes back `matched` with the game's id, and every "
            "player gets the usual game-started email, webhook and stream event. Otherwise it "
            "is `waiting` until it is matched, left, or expires (`expires_at`). You may wait in "
            "several queues (409 too_many_entries past the limit; 409 already_waiting for the "
            "same terms twice)."
        ),
        examples=[
            OpenApiExample(
                "Two players, a day per step",
                request_only=True,
                value={"players": 2, "step_hours": 24, "language": "en"},
            ),
            OpenApiExample(
                "Khlor, any number of players",
                request_only=True,
                value={"game": "khlor", "players": None, "step_hours": 48, "language": "uk"},
            ),
            OpenApiExample("Waiting", response_only=True, value=ENTRY_EXAMPLE),
        ],
    )
    def post(self, request):
        body = EntryInput(data=request.data)
        body.is_valid(raise_exception=True)
        entry = services.entry_join(user=request.user, **body.validated_data)
        return Response(
            EntryOutput(selectors.entry_dict(entry)).data, status=status.HTTP_201_CREATED
        )


class EntryView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matchmaking_entries_delete",
        summary="Leave a queue",
        parameters=[ENTRY_ID],
        responses={204: None, **problems(401, 404, 409)},
        description="404 entry_not_found (not yours, or none); 409 entry_not_waiting.",
    )
    def delete(self, request, entry_id: int):
        services.entry_leave(user=request.user, entry_id=entry_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


REMATCH_EXAMPLE = {
    "game": "qVmN34XD_23f2D3o",
    "status": "open",
    "players": [{"username": "ann", "accepted": True}, {"username": "ben", "accepted": False}],
    "bots": ["standard"],
    "you_accepted": True,
    "expires_at": "2026-11-26T00:12:16Z",
    "new_game": None,
}


class RematchView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_rematch_retrieve",
        summary="The rematch of a finished game",
        parameters=[GAME_ID],
        responses={200: RematchOutput, **problems(401, 403, 404, 409)},
        description="For the game's players (403 not_seated); 409 game_not_finished.",
        examples=[OpenApiExample("Asked", response_only=True, value=REMATCH_EXAMPLE)],
    )
    def get(self, request, public_id):
        return Response(
            RematchOutput(rematch.rematch_state(public_id=public_id, user=request.user)).data
        )

    @extend_schema(
        operation_id="games_rematch_accept",
        summary="Ask for, or accept, a rematch",
        parameters=[GAME_ID],
        request=None,
        responses={200: RematchOutput, **problems(401, 403, 404, 409)},
        description=(
            "The first player to ask proposes and accepts; once every player of the table has "
            "accepted, the new game starts at once (`new_game`), with the same people, the same "
            "bots at their levels, options, step length and privacy. Asking again changes "
            "nothing. For the game's players (403 not_seated); 409 game_not_finished."
        ),
        examples=[OpenApiExample("Asked", response_only=True, value=REMATCH_EXAMPLE)],
    )
    def post(self, request, public_id):
        return Response(
            RematchOutput(rematch.rematch_accept(public_id=public_id, user=request.user)).data
        )
