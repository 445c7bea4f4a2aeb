"""Khlor, by Alvaro G. Echave, for 2 to 4 players (issue 46)."""

from engine.core import register_game
from engine.khlor.game import KhlorGame

game = KhlorGame()
register_game("khlor", game)

__all__ = ["KhlorGame", "game"]
