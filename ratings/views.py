"""The ratings API: a player's page and a game type's leaderboard (reads, open to anyone)."""

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import DomainError
from common.openapi import problems
from ratings import selectors
from ratings.serializers import GAME_TYPES, LeaderboardOutput, LeaderboardQuery, PlayerOutput

USERNAME = OpenApiParameter(
    "username", str, OpenApiParameter.PATH, description="The player's username."
)
GAME_TYPE = OpenApiParameter(
    "game_type", str, OpenApiParameter.PATH, description="The game type.", enum=GAME_TYPES
)

PLAYER_EXAMPLE = {
    "username": "ann",
    "ratings": [
        {
            "game_type": "khora",
            "rating": 3.41,
            "mu": 26.9,
            "sigma": 7.83,
            "games": 2,
            "provisional": True,
            "history": [
                {"games": 0, "rating": 0.0},
                {"games": 1, "rating": 1.6},
                {"games": 2, "rating": 3.41},
            ],
        }
    ],
    "games": {"played": 3, "in_progress": 1, "finished": 2, "left": 0},
    "finish_rate": 1.0,
    "bands": [
        {
            "game_type": "khora",
            "players": 3,
            "rating": 2.1,
            "rated_games": 2,
            "provisional": True,
            "finished": 2,
            "won": 1,
            "left": 0,
        }
    ],
    "answer_time": {"median_seconds": 5400, "answers": 31, "games": 2},
    "favourite_cities": [{"city": "athens", "games": 1}, {"city": "sparta", "games": 1}],
    "recent": [
        {
            "game": "qVmN34XD_23f2D3o",
            "name": "",
            "game_type": "khora",
            "finished_at": "2026-11-23T00:12:16Z",
            "players": 3,
            "place": 1,
            "left": False,
            "rating": 3.41,
            "change": 1.81,
        }
    ],
}


class PlayerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's ratings and games",
        parameters=[USERNAME],
        responses={200: PlayerOutput, **problems(401, 404)},
        description=(
            "The player's rating per game type (μ − 3σ, with its history) and per player "
            "count, their counts of games, finish rate, median answer time, favourite cities "
            "and latest finished games with their places. Only finished games are told; a "
            "private game counts (and is listed) only for those who sat at it, and moves the "
            "rating alone for anyone else. 404 player_not_found."
        ),
        examples=[OpenApiExample("A player", response_only=True, value=PLAYER_EXAMPLE)],
    )
    def get(self, request, username):
        return Response(PlayerOutput(selectors.player_profile(username, request.user)).data)


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="ratings_leaderboard",
        summary="The leaderboard of a game type",
        parameters=[GAME_TYPE, LeaderboardQuery],
        responses={200: LeaderboardOutput, **problems(400, 401, 404)},
        description=(
            "Players with at least `min_games` rated games of the type, best conservative "
            "rating first; with `players`, of that player-count band, by the band's own "
            "rating. 400 invalid_input (players not 2, 3 or 4); 404 unknown_game."
        ),
        examples=[
            OpenApiExample(
                "The leaderboard",
                response_only=True,
                value={
                    "game_type": "khora",
                    "player_count": None,
                    "min_games": 5,
                    "players": [{"rank": 1, "username": "ann", "rating": 12.5, "games": 9}],
                },
            )
        ],
    )
    def get(self, request, game_type):
        if game_type not in GAME_TYPES:
            raise DomainError(
                "unknown_game",
                f"There is no game type {game_type!r}; known: {', '.join(GAME_TYPES)}.",
                404,
            )
        query = LeaderboardQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        board = selectors.leaderboard(game_type, query.validated_data.get("players"))
        return Response(LeaderboardOutput(board).data)
