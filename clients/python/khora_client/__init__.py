"""khora-client: a typed client for the Khôra turn server's REST API and event streams, and a
bot helper (`run_bot`). The standard library only.

    from khora_client import KhoraClient, run_bot

    client = KhoraClient("https://khora.example.org")
    client.login("zoe", "a long passphrase")
    client.create_game(2, bots=["random"])
    run_bot(client, lambda prompt: prompt["default"], games=1)
"""

from khora_client.bot import Bot, BotReport, Policy, PolicyError, play_game, run_bot
from khora_client.client import KhoraClient
from khora_client.errors import ApiError, ConnectionFailed, KhoraError, StreamEnded
from khora_client.streams import (
    Connected,
    EntryEvent,
    GameOver,
    Heartbeat,
    PromptEvent,
    SeatChanged,
    StreamEvent,
    UnknownEvent,
)
from khora_client.transport import NO_RETRY, Retry
from khora_client.version import __version__

__all__ = [
    "NO_RETRY",
    "ApiError",
    "Bot",
    "BotReport",
    "Connected",
    "ConnectionFailed",
    "EntryEvent",
    "GameOver",
    "Heartbeat",
    "KhoraClient",
    "KhoraError",
    "Policy",
    "PolicyError",
    "PromptEvent",
    "Retry",
    "SeatChanged",
    "StreamEnded",
    "StreamEvent",
    "UnknownEvent",
    "__version__",
    "play_game",
    "run_bot",
]
