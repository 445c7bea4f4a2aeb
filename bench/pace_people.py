"""The simulated players of bench.pace: who they are and when they look at the site.

Standard library only (no Django): what a player does is decided here, what it does to a game
in bench.pace_world. Every figure that shapes a player is a named constant below, so the
README can say what was assumed.

A player looks at the site only when told (a "your turn" email read some hours later, a push
seen within minutes, a reminder) or on their own periodic visit, and never while asleep
(23:00 to 07:00 on their own clock): a moment that falls in the night moves to their morning.
When they look, they answer every prompt they owe at once (bench.pace_world.look).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from engine.khora.content.cards import CARDS  # the engine is standard library only too

# Where the players live: their nights fall at different hours of the server's day, as in a
# real table (each zone listed once per share of players).
TIME_ZONES = (
    "Europe/Kyiv",
    "Europe/Kyiv",
    "Europe/Berlin",
    "Europe/London",
    "America/New_York",
    "America/Los_Angeles",
    "Asia/Tokyo",
)
SLEEP_FROM_HOUR, SLEEP_UNTIL_HOUR = 23, 7
# After waking, when the first look happens: up to this long into the morning.
MORNING_SPREAD = timedelta(hours=1)

# Log-normal delays: (median, sigma of the logarithm). A "your turn" email is read after a few
# hours; a push is seen within minutes; without a notice a player still visits now and then.
EMAIL_READ = (timedelta(hours=3), 1.0)
PUSH_READ = (timedelta(minutes=10), 1.0)
OWN_VISIT = (timedelta(hours=12), 0.5)

# A standing player's progress rule: one track, advanced while its price is at most this.
TRACKS = ("economy", "culture", "military")
MAX_PRICES = (3, 5, 8)
# Their dice plan is what they do when they look (the prompt's default: the free tiles,
# highest first), so a rule changes when they answer, not what: every tile, highest first,
# paying no citizens. (A plan in an order of their own changes the games too: it takes
# Legislation and tiles that cost citizens more often, which ask prompts of their own.)
DICE_PLAN = {"tiles": [6, 5, 4, 3, 2, 1, 0], "max_citizens": 0}
# Their draft order: this many cards they want most, in order (else the first offered).
DRAFT_WANTED = 6
# Their citizens rule: tiles paid, a philosophy token turned into citizens only when the
# citizens fall short, keeping at least this many tokens (for Progress, where a missing
# token costs 2 drachmas). With their dice plan no tile owes citizens, so it says "done",
# as they do when they look: again a rule changes when they answer, not what.
KEEP_PHILOSOPHY = (0, 1, 2)


@dataclass(frozen=True)
class Mix:
    """A population: the share of players on push (their "your turn" email turned off: push
    only, docs/notifications.md) and the share with standing answers. Both shares are taken
    from the same players, so "half standing + push" is one half doing both."""

    key: str
    label: str
    push: float
    standing: float


MIXES = {
    mix.key: mix
    for mix in (
        Mix("none", "email only", 0.0, 0.0),
        Mix("push", "push only", 1.0, 0.0),
        Mix("standing", "standing only", 0.0, 1.0),
        Mix("half", "half standing + push", 0.5, 0.5),
        Mix("all", "all standing + push", 1.0, 1.0),
    )
}


def takes_part(index: int, share: float) -> bool:
    """Whether the `index`-th player of a population is among its first `share`, spread
    evenly (share 0.5: every other player), so every game gets its part of the share."""
    return math.floor((index + 1) * share + 1e-9) > math.floor(index * share + 1e-9)


@dataclass
class Player:
    """One simulated person. `draws` is seeded from the run's seed and the player's index
    alone, so each mix meets the same people with the same habits (common random numbers)."""

    index: int
    time_zone: str
    push: bool
    standing: bool
    draws: random.Random
    draws_seed: str

    @classmethod
    def of(cls, index: int, mix: Mix, seed: int) -> Player:
        draws_seed = f"{seed}:{index}"
        draws = random.Random(draws_seed)
        return cls(
            index=index,
            time_zone=draws.choice(TIME_ZONES),
            push=takes_part(index, mix.push),
            standing=takes_part(index, mix.standing),
            draws=draws,
            draws_seed=draws_seed,
        )

    def standing_rules(self) -> list[tuple[str, dict]]:
        """The standing answers this player leaves (docs/standing-answers.md): explorations
        and achievements answered always, one track advanced while it is cheap, a plan for
        the dice (their own default's), an order for the draft and their citizens' rule.
        Drawn apart from `draws`, so the player's delays are the same as in a mix without
        them (and the first rules as before the later ones were added)."""
        rules = random.Random(f"{self.draws_seed}:rules")
        return [
            ("explore", {}),
            ("achievement", {"reward": rules.choice(("tax", "glory"))}),
            ("progress", {"track": rules.choice(TRACKS), "max_price": rules.choice(MAX_PRICES)}),
            ("dice_plan", dict(DICE_PLAN)),
            ("draft_order", {"cards": rules.sample(sorted(CARDS), DRAFT_WANTED)}),
            ("citizens", {"keep_philosophy": rules.choice(KEEP_PHILOSOPHY)}),
        ]

    def asleep(self, moment: datetime) -> bool:
        hour = moment.astimezone(ZoneInfo(self.time_zone)).hour
        return hour >= SLEEP_FROM_HOUR or hour < SLEEP_UNTIL_HOUR

    def awake_from(self, moment: datetime) -> datetime:
        """`moment`, or when this player is next up and about if it falls in their night."""
        if not self.asleep(moment):
            return moment
        local = moment.astimezone(ZoneInfo(self.time_zone))
        morning = local.replace(hour=SLEEP_UNTIL_HOUR, minute=0, second=0, microsecond=0)
        if local.hour >= SLEEP_FROM_HOUR:
            morning += timedelta(days=1)
        spread = self.draws.random() * MORNING_SPREAD
        return morning.astimezone(moment.tzinfo) + spread

    def _lognormal(self, median_sigma: tuple[timedelta, float]) -> timedelta:
        median, sigma = median_sigma
        return median * self.draws.lognormvariate(0.0, sigma)

    def reads_notice(self, sent_at: datetime, channel: str) -> datetime:
        """When a notice sent at `sent_at` through `channel` ("email" or "push") is read."""
        delay = self._lognormal(PUSH_READ if channel == "push" else EMAIL_READ)
        return self.awake_from(sent_at + delay)

    def next_visit(self, after: datetime) -> datetime:
        """The next visit of the player's own accord."""
        return self.awake_from(after + self._lognormal(OWN_VISIT))
