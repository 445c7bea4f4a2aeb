"""A bot that plays its seat of a Khôra game with random legal options, through the stream.

python random_bot.py http://127.0.0.1:8000 <token> <game id>
"""

from __future__ import annotations

import random
import sys

from khora_client import ApiError, KhoraClient


def play(client: KhoraClient, game_id: str, rng: random.Random | None = None) -> dict:
    """Answer every prompt of ours until the game ends; returns the final game."""
    rng = rng or random.Random()
    for event in client.stream(game_id, after=None):
        if event.event != "prompt" or event.data["prompt"] is None:
            continue  # log entries, another player's turn, heartbeats
        prompt = event.data["prompt"]
        try:
            client.decide(game_id, prompt["id"], rng.choice(prompt["options"])["id"])
        except ApiError as error:
            if error.code not in ("stale_prompt", "not_your_turn"):  # already moved on
                raise
    return client.game(game_id)


if __name__ == "__main__":
    server, token, game = sys.argv[1:4]
    final = play(KhoraClient(server, token), game)
    print(final["status"], final["scores"])
