"""The `random` level: any legal option, uniformly (the server's bot before issue 27)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from random import Random

    from bots.budget import Budget
    from bots.knowledge import SeatKnowledge
    from engine.core import Prompt


class RandomBot:
    level = "random"
    slow = False

    def decide(
        self, knowledge: SeatKnowledge, prompt: Prompt, budget: Budget | float, rng: Random
    ) -> str:
        return rng.choice(prompt.options).id
