"""Khlor, by Alvaro G. Echave, for 2 to 4 players: the engine only (issue 46).

Not registered with `engine.register_game` yet: the server hosts every game `engine.get_game`
knows, and Khlor is not wired into it. Use `engine.khlor.game` directly.
"""

from engine.khlor.game import KhlorGame

game = KhlorGame()

__all__ = ["KhlorGame", "game"]
