"""Ratings, player pages and leaderboards: one TypedDict per component, named as the schema
names it without its `Output` suffix."""

from typing import TypedDict


class HistoryPoint(TypedDict):
    """The rating shown (μ − 3σ) after `games` rated games of the type."""

    games: int
    rating: float


class PlayerRating(TypedDict):
    """A player's rating of one game type, with its history, oldest first."""

    game_type: str
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    history: list[HistoryPoint]


class GameCounts(TypedDict):
    in_progress: int
    finished: int
    left: int


class RecentGame(TypedDict):
    """A finished game of the player's, with their place (a shared place is a tie)."""

    game: str
    name: str
    game_type: str
    finished_at: str | None
    players: int
    place: int
    left: bool
    rating: float
    change: float


class Player(TypedDict):
    """A player's page: ratings per game type, counts, finish rate, latest finished games."""

    username: str
    ratings: list[PlayerRating]
    games: GameCounts
    finish_rate: float | None
    recent: list[RecentGame]


class LeaderboardRow(TypedDict):
    rank: int
    username: str
    rating: float
    games: int


class Leaderboard(TypedDict):
    """A game type's players with enough rated games, best first."""

    game_type: str
    min_games: int
    players: list[LeaderboardRow]
