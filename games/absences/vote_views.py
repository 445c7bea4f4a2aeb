"""The API of the table's say: the votes to let a bot play an absent player's seat now, and
taking one's own seat back from the bot that plays it. Parse → one service call → render."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.openapi import GAME_ID, problems
from games.absences import comeback, seat_votes
from games.absences.serializers import SeatTakenOutput, SeatVoteOutput, SeatVotesOutput
from games.absences.views import SEAT
from games.selectors import game_get

VOTE_EXAMPLE = {
    "seat": 2,
    "player": "boris",
    "open": True,
    "time_up_at": "2026-07-03T08:00:00Z",
    "votes": 1,
    "needed": 2,
    "voters": ["anna"],
    "bot_plays": False,
}
RULES = (
    "Once a player's own time to answer is up (the game's step length from when they were "
    "asked, whether or not a holiday holds the deadline; a pause agreed by all does not "
    "count), the other players present (no bot playing for them, not away) may vote to let a "
    "bot play the seat now. A majority of them decides. Each vote is in the log; the player "
    "is emailed, and takes the seat back by answering any prompt (or games/{id}/take-back/). "
    "Votes cast before the player's last answer do not count."
)


class SeatVotesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_votes_list",
        summary="The votes on the seats the game waits for",
        parameters=[GAME_ID],
        examples=[
            OpenApiExample("One vote of two", response_only=True, value={"votes": [VOTE_EXAMPLE]})
        ],
        responses={200: SeatVotesOutput, **problems(401, 404)},
        description=RULES,
    )
    def get(self, request, public_id: str):
        game = game_get(public_id)
        return Response({"votes": seat_votes.votes_of_game(game)})


class SeatVoteView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_seats_vote",
        summary="Vote to let a bot play a seat now",
        parameters=[GAME_ID, SEAT],
        request=None,
        examples=[OpenApiExample("Voted", response_only=True, value=VOTE_EXAMPLE)],
        responses={200: SeatVoteOutput, **problems(401, 403, 404, 409, 422)},
        description=RULES
        + " Voting twice counts once. 409 time_not_up before their time is up, nothing_owed "
        "when they answered or a bot plays already, pause_running during a pause.",
    )
    def post(self, request, public_id: str, position: int):
        return Response(seat_votes.vote(public_id=public_id, user=request.user, position=position))


class TakeBackView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_take_back",
        summary="Take your seat back from the bot playing it",
        parameters=[GAME_ID],
        request=None,
        examples=[
            OpenApiExample("Back", response_only=True, value={"position": 1, "player": "boris"})
        ],
        responses={200: SeatTakenOutput, **problems(401, 403, 404, 409)},
        description="A bot plays your seat (you missed deadlines, or the table voted): you "
        "play it again from now on, as answering a prompt would do. A seat a substitute plays "
        "comes back only when they leave it (409 substitute_plays).",
    )
    def post(self, request, public_id: str):
        seat = comeback.take_back(public_id=public_id, user=request.user)
        return Response({"position": seat.position, "player": request.user.username})
