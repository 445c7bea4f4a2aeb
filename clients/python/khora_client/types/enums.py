"""The schema's enumerations a client may branch on or send, as Literal types (a newer
server may add values: compare, do not assume a list is complete)."""

from typing import Literal

BotLevel = Literal["random", "standard", "strong"]
Channel = Literal["players", "spectators"]
City = Literal["argos", "athens", "corinth", "miletus", "olympia", "sparta", "thebes"]
CitySelection = Literal["random", "choose"]
EmailDelivery = Literal["immediately", "digest", "off"]
Board = Literal["plain"]  # Khlor's boards
GameType = Literal["khlor", "khora"]  # the games a new game (or a queue entry) may be
GameName = GameType  # matchmaking's name for it, kept for programs that import it
GameOverStatus = Literal["finished", "abandoned", "crashed"]
GameStatus = Literal["lobby", "active", "finished", "abandoned", "crashed"]
Language = Literal["en", "uk"]
PauseStatus = Literal["proposed", "active", "ended", "withdrawn"]
StreamEndReason = Literal[
    "account_disabled",
    "logged_out",
    "seat_changed",
    "session_expired",
    "token_expired",
    "token_revoked",
]
WebhookDeliveryStatus = Literal["pending", "succeeded", "failed"]
WebhookEventType = Literal["game.your_turn", "game.over"]
