"""The `random` level: any legal option, uniformly (the server's bot before issue 27)."""

from __future__ import annotations


class RandomBot:
    level = "random"

    def decide(self, knowledge, prompt, budget: float, rng) -> str:
        return rng.choice(prompt.options).id
