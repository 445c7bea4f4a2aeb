"""Live updates for clients that do not poll: a game's changes fanned out to open streams.

`publish` is called by the game writer; it tells each open stream only that a game (or a
player's games) changed, once the writer's transaction has committed. The streams then read
what changed through the same selectors as the log and prompt API (`games.selectors`), so the
engine's per-viewer redaction stays the one choke point for hidden information.
"""
