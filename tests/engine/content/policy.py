"""A biased random player that reaches all of Khôra's content.

A uniform random player mostly skips: it rarely plays cards, never saves troops for
Persepolis and so never sees Conquest of the Persians' extra action. This one prefers acting
over skipping, and in some games one seat hoards troops for Persepolis. It only ever picks
options from the prompts, so every game it plays is legal by construction.
"""

from __future__ import annotations

import random

from engine.core import Event

SKIPS = ("skip", "done")


class BiasedPolicy:
    """Call it as `policy(game, state, rng)`; one instance per game (it remembers a hoarder).

    `hoarder` is the seat that saves troops for Persepolis, `saver` a seat that saves drachmas
    for the dearest cards (None: nobody does).
    """

    def __init__(self, hoarder: int | None = None, saver: int | None = None):
        self.hoarder = hoarder
        self.saver = saver
        self.answers: list[tuple[str, str, str]] = []  # (prompt kind, prompt text, option id)

    def __call__(self, game, state, rng: random.Random) -> Event:
        if game.needs_chance(state):
            return game.sample_chance(state, rng)
        pending = game.pending(state)
        seat = rng.choice(sorted(pending))
        prompt = pending[seat]
        option_id = self.choose(state, seat, prompt, rng)
        self.answers.append((prompt.kind, prompt.text, option_id))
        return game.decide(state, seat, prompt.id, option_id)

    def choose(self, state, seat: int, prompt, rng: random.Random) -> str:
        ids = [option.id for option in prompt.options]
        acting = [i for i in ids if i not in SKIPS and i != "glory-exchange"]
        hoarding = seat == self.hoarder
        if "glory-exchange" in ids and rng.random() < 0.15:
            return "glory-exchange"
        if prompt.kind == "assign_die":
            return self._tile(prompt, hoarding, rng)
        if prompt.kind == "explore":
            if "space:persepolis" in ids:
                return "space:persepolis"
            if hoarding or not acting or rng.random() < 0.2:
                return "skip"
            return rng.choice(acting)
        if prompt.kind == "progress" and hoarding:
            military = [i for i in acting if i.endswith(":military")]
            if military:
                return military[0]
        if prompt.kind == "adjust_citizens":
            return prompt.default
        if seat == self.saver:
            if prompt.kind in ("progress", "event_progress"):
                return "done" if "done" in ids else "skip"
            if prompt.kind == "play_politics":
                dear = [i for i in acting if _price(prompt.option(i)) >= 4]
                return max(dear, key=lambda i: _price(prompt.option(i))) if dear else "skip"
        if prompt.kind == "play_politics" and acting and rng.random() < 0.6:
            # The dearest card first: cheap cards get played anyway, dear ones only when a
            # player can afford them and does not spend the money first.
            return max(acting, key=lambda i: _price(prompt.option(i)))
        if acting and rng.random() < 0.9:
            return rng.choice(acting)
        return rng.choice(ids)

    def _tile(self, prompt, hoarding: bool, rng: random.Random) -> str:
        """Prefer tiles paid by the die; a hoarder always wants Military."""
        tiles = [o for o in prompt.options if o.id.startswith("tile:")]
        free = [o for o in tiles if o.data["cost"] == 0]
        if hoarding and any(o.id == "tile:4" for o in tiles):
            return "tile:4"
        pool = free if free and rng.random() < 0.85 else tiles
        weights = [3 if o.id in ("tile:4", "tile:5", "tile:6") else 1 for o in pool]
        return rng.choices(pool, weights)[0].id


def _price(option) -> int:
    return -option.data.get("drachma", 0) - option.data.get("philosophy", 0)
