"""The ratings API's shapes (outputs only: every operation is a read)."""

from rest_framework import serializers

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


class PlayerOutput(serializers.Serializer):
    username = serializers.CharField()
    ratings = PlayerRatingOutput(many=True, help_text="One per game type played.")
    games = GameCountsOutput()
    finish_rate = serializers.FloatField(
        allow_null=True,
        help_text="Finished games the player had not left, over finished games; null: none yet.",
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


class LeaderboardOutput(serializers.Serializer):
    game_type = serializers.CharField()
    min_games = serializers.IntegerField(help_text="Rated games needed to be listed.")
    players = LeaderboardRowOutput(many=True, help_text="Best first, at most 100.")
