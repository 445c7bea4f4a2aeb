"""Khôra: Rise of an Empire, for 2 to 4 players."""

from engine.core import register_game
from engine.khora import phases  # noqa: F401  (registers every step and task)
from engine.khora.game import KhoraGame

game = KhoraGame()
register_game("khora", game)

__all__ = ["KhoraGame", "game"]
