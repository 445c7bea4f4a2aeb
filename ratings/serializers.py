"""The ratings API's shapes: every operation is a read; the leaderboard's query is strict."""

from rest_framework import serializers

from common.inputs import StrictQuery
from ratings.bands import BANDS

GAME_TYPES = ["khora"]  # the game types games can be created with (games' API offers these)


class HistoryPointOutput(serializers.Serializer):
    games = serializers.IntegerField(help_text="Rated games of the type by then (0: the start).")
    rating = serializers.FloatField(help_text="The conservative rating (μ − 3σ) after them.")


class PlayerRatingOutput(serializers.Serializer):
    game_type = serializers.CharField()
    rating = serializers.FloatField(
        help_text="The rating shown: μ − 3σ, conservative (0 for a newcomer)."
    )
    mu = serializers.FloatField(help_text="The estimated skill (Plackett–Luce μ).")
    sigma = serializers.FloatField(help_text="The uncertainty of it (σ).")
    games = serializers.IntegerField(help_text="Rated games of this type.")
    provisional = serializers.BooleanField(
        help_text="Fewer rated games than RATINGS_PROVISIONAL_GAMES: not on the leaderboard."
    )
    history = HistoryPointOutput(many=True, help_text="Oldest first; at most the last 60.")


class GameCountsOutput(serializers.Serializer):
    played = serializers.IntegerField(help_text="Games started: in progress and finished.")
    in_progress = serializers.IntegerField()
    finished = serializers.IntegerField(help_text="Rated games that finished.")
    left = serializers.IntegerField(
        help_text="Finished games the player had left (a bot or a substitute held the seat at "
        "the end): ranked last."
    )


class RecentGameOutput(serializers.Serializer):
    game = serializers.CharField(help_text="The game's id: its replay is readable by anyone.")
    name = serializers.CharField(allow_blank=True)
    game_type = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField(help_text="Seats at the table, bots included.")
    place = serializers.IntegerField(
        help_text="1 is best; a shared place is a tie; one who left: the seats + 1, below all."
    )
    left = serializers.BooleanField(help_text="The player had left: ranked last.")
    rating = serializers.FloatField(help_text="The conservative rating after this game.")
    change = serializers.FloatField(help_text="How much this game moved it.")


class PlayerBandOutput(serializers.Serializer):
    game_type = serializers.CharField()
    players = serializers.IntegerField(help_text="Seats at the table, bots included.")
    rating = serializers.FloatField(help_text="The band's own rating (μ − 3σ).")
    rated_games = serializers.IntegerField(help_text="Rated games at this player count.")
    provisional = serializers.BooleanField(
        help_text="Fewer rated games than RATINGS_PROVISIONAL_GAMES: not on the band's board."
    )
    finished = serializers.IntegerField(help_text="Finished games at this player count.")
    won = serializers.IntegerField(help_text="Of them, won or shared first place.")
    left = serializers.IntegerField(help_text="Of them, left to a bot or a substitute.")


class PlayerAnswerTimeOutput(serializers.Serializer):
    median_seconds = serializers.IntegerField(
        allow_null=True,
        help_text="The median time from being asked to answering, over the player's own "
        "answers (not a bot's, a substitute's or a deadline's); null: none yet.",
    )
    answers = serializers.IntegerField(help_text="The answers it is taken over.")
    games = serializers.IntegerField(
        help_text="The latest finished games they come from (50 at most)."
    )


class PlayerCityOutput(serializers.Serializer):
    city = serializers.CharField(help_text="The city's id in the game's rules (athens, sparta…).")
    games = serializers.IntegerField(help_text="Finished games played with it.")


class PlayerOutput(serializers.Serializer):
    username = serializers.CharField()
    ratings = PlayerRatingOutput(many=True, help_text="One per game type played.")
    games = GameCountsOutput()
    finish_rate = serializers.FloatField(
        allow_null=True,
        help_text="Finished games the player had not left, over finished games; null: none yet.",
    )
    bands = PlayerBandOutput(
        many=True, help_text="Per game type and player count played: its rating and games."
    )
    answer_time = PlayerAnswerTimeOutput()
    favourite_cities = PlayerCityOutput(
        many=True, help_text="The cities played most often, most first; three at most."
    )
    recent = RecentGameOutput(
        many=True,
        help_text="The latest finished games, newest first (a private game only to those who "
        "sat at it).",
    )


class LeaderboardRowOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()


class LeaderboardQuery(StrictQuery):
    players = serializers.IntegerField(
        required=False,
        min_value=min(BANDS),
        max_value=max(BANDS),
        help_text="Only games of this many seats (bots included), by the band's own rating; "
        "left out: every game of the type.",
    )


class LeaderboardOutput(serializers.Serializer):
    game_type = serializers.CharField()
    player_count = serializers.IntegerField(
        allow_null=True, help_text="The player-count band; null: every game of the type."
    )
    min_games = serializers.IntegerField(help_text="Rated games needed to be listed.")
    players = LeaderboardRowOutput(many=True, help_text="Best first, at most 100.")
