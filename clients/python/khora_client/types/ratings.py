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
    played: int
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


class PlayerBand(TypedDict):
    """A player's games at one player count (seats, bots included), with that band's rating."""

    game_type: str
    players: int
    rating: float
    rated_games: int
    provisional: bool
    finished: int
    won: int
    left: int


class PlayerAnswerTime(TypedDict):
    """The median seconds from being asked to answering, over the player's own answers."""

    median_seconds: int | None
    answers: int
    games: int


class PlayerCity(TypedDict):
    city: str
    games: int


class Player(TypedDict):
    """A player's page: ratings per game type and player count, counts, finish rate, answer
    time, favourite cities, latest finished games."""

    username: str
    ratings: list[PlayerRating]
    games: GameCounts
    finish_rate: float | None
    bands: list[PlayerBand]
    answer_time: PlayerAnswerTime
    favourite_cities: list[PlayerCity]
    recent: list[RecentGame]


class LeaderboardRow(TypedDict):
    rank: int
    username: str
    rating: float
    games: int


class Leaderboard(TypedDict):
    """A game type's (or one of its player-count bands') players with enough rated games,
    best first."""

    game_type: str
    player_count: int | None
    min_games: int
    players: list[LeaderboardRow]
