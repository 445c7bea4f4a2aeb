"""Sample parameters of the right kind for every field a catalog message names, so that a test
can render every message in both languages (test_every_message.py).

Counted fields (`{n:noun}`) and plain numbers take each of NUMBERS in turn: 1, 2, 5, 11 and 21
cover every plural form of English and Ukrainian (1 and 21 "one", 2 "few", 5 and 11 "many").
Fields naming components take ids, turned into words by `catalog.words` as the engine does;
fields that hold a rendered phrase take the phrase the engine puts there (a Text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.khora.catalog import Text

NUMBERS = (1, 2, 5, 11, 21)
# Names are the one place Latin letters may stand in a Ukrainian sentence.
SEAT_NAMES = ["Ann", "Bohdan"]


def _needs(n: int) -> list[Text]:
    return [Text("preview.need_tokens.red", n=n), Text("preview.need_drachmas", n=n + 1, have=n)]


# field -> sample for the number n (ids where the engine passes ids)
SAMPLES: dict[str, Callable[[int], Any]] = {
    "seat": lambda n: 0,
    "cause": lambda n: ("step", "tax"),
    "city": lambda n: "corinth",
    "track": lambda n: "economy",
    "card": lambda n: "silver-mining",
    "cards": lambda n: ["council", "bank"],
    "event": lambda n: "drought",
    "space": lambda n: "red-3-1",
    "offer": lambda n: "red-3-1",
    "tile": lambda n: 6,
    "tiles": lambda n: [3, 6],
    "dice": lambda n: [2, 5],
    "phase": lambda n: "actions",
    "achievement": lambda n: "citizens",
    "colour": lambda n: "red",
    "tier": lambda n: "minor",
    "development": lambda n: ("corinth", 2),
    "colour_gen": lambda n: Text("colour_gen.blue"),
    "needs": _needs,
    "paid": lambda n: Text("pay", costs=Text("pay.drachma", n=n)),
    "costs": lambda n: [Text("pay.drachma", n=n), Text("pay.philosophy", n=n, missing=n)],
    "bonus": lambda n: Text("plus_drachma", n=n),
    "token": lambda n: Text("offer.token", colour="blue", tier="major"),
    "owed": lambda n: Text("owed", tile=5, shortfall=n),
    "source": lambda n: Text("source.prosperity"),
    "question": lambda n: Text("prompt.buy_token", price=n),
    "what": lambda n: [Text("preview.depends.explore"), Text("preview.depends.legislation")],
    "reasons": lambda n: [Text("why.drachmas", n=n + 1, have=n), Text("why.troops", n=n, have=0)],
    "reward": lambda n: Text("reward.glory", n=n),
    "tokens": lambda n: [Text("preview.need_tokens.green", n=n)],
    "shown": lambda n: "2, 5",
    "sign": lambda n: "+",
    "amount": lambda n: Text("plus_drachma", n=n),
    "text": lambda n: Text("rules.none"),
    "minutes": lambda n: n,
}
