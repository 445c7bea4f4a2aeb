"""Web Push: "your turn" and "game over" on a player's devices (issue 48; docs/notifications.md)."""
