"""What each kind of standing answer accepts and how it fits a prompt (docs/standing-answers.md).

Pure: a rule's params and an engine prompt in, an answer, a cancellation or nothing out.
A rule that does not fit never answers something else in its place ("never do X then pass
when X failed"): the prompt stays the player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.errors import DomainError
from engine.khora.content.cards import CARDS
from engine.khora.content.rulings import PROGRESS_MAX
from engine.khora.content.tracks import PROGRESS_TRACKS

MAX_PRICE = 20
TILES = range(7)  # the action tiles, 0 Philosophy to 6 Development (phases.dice)
MAX_CITIZENS = 20
MAX_DRAFT_CARDS = 20
MAX_KEEP_PHILOSOPHY = 20
# Prompts whose options every seat can work out (public resources, played cards): answered in
# the write that asks them. A secret prompt's rule waits for the step's deadline, since an
# answer at once would tell the others that the rule fitted (the card it names was drawn).
# An answer given ahead may name an option of these.
AHEAD_KINDS = ("progress", "event_progress", "explore", "achievement_reward")
# Paying for the tiles after they are revealed (`adjust_citizens`): the tiles, dice, citizens
# and philosophy tokens are all public by then, so it is open too (no answer ahead: its
# options are tiles of a roll not yet made).
OPEN_KINDS = (*AHEAD_KINDS, "adjust_citizens")
SEALED_KINDS = ("legislation_keep",)
# Sealed simultaneous choices (the dice's tiles, the draft's picks): every seat chooses in
# secret at once, and the choices are shown together, so an answer at once tells the others
# only that the seat has chosen. Answered in the write that asks them, by rules whose timing
# depends on nothing hidden: `dice_plan` on the public dice and citizens alone, `draft_order`
# always (its last resort is part of the rule), so whether it answered says nothing of the
# hand. (An `ahead` answer naming a card would fit only when it is in the hand: not offered.)
SIMULTANEOUS_KINDS = ("assign_die", "draft_pick")
# The prompt kind each rule kind answers (an `ahead` answer names its own).
PROMPT_KIND = {
    "progress": "progress",
    "explore": "explore",
    "achievement": "achievement_reward",
    "keep_card": "legislation_keep",
    "dice_plan": "assign_die",
    "draft_order": "draft_pick",
    "citizens": "adjust_citizens",
}
KINDS = (*PROMPT_KIND, "ahead")


@dataclass(frozen=True)
class Answer:
    option: str


@dataclass(frozen=True)
class Cancelled:
    reason: str


def invalid(message: str) -> DomainError:
    # 422: the body fits the schema (400 invalid_input is for one that does not); its values
    # do not make a rule.
    return DomainError("invalid_standing_answer", message, 422)


def clean(kind: str, params: Any) -> dict[str, Any]:
    """The rule's params, checked; raises `invalid_standing_answer` on anything else."""
    if kind not in KINDS:
        raise invalid(f"kind must be one of {', '.join(KINDS)}.")
    if not isinstance(params, dict):
        raise invalid("params must be an object.")
    expected = {
        "progress": {"track", "max_price"},
        "explore": set(),
        "achievement": {"reward"},
        "keep_card": {"card"},
        "dice_plan": {"tiles", "max_citizens"},
        "draft_order": {"cards"},
        "citizens": {"keep_philosophy"},
        "ahead": {"prompt_kind", "option"},
    }[kind]
    if set(params) != expected:
        raise invalid(f"params of {kind} are exactly: {', '.join(sorted(expected)) or 'none'}.")
    if kind == "progress":
        price = params["max_price"]
        if params["track"] not in PROGRESS_TRACKS:
            raise invalid(f"track must be one of {', '.join(PROGRESS_TRACKS)}.")
        if not isinstance(price, int) or isinstance(price, bool) or not 0 <= price <= MAX_PRICE:
            raise invalid(f"max_price must be a whole number from 0 to {MAX_PRICE}.")
    if kind == "achievement" and params["reward"] not in ("tax", "glory"):
        raise invalid("reward must be tax or glory.")
    if kind == "keep_card" and params["card"] not in CARDS:
        raise invalid("card must name a politics card.")
    if kind == "dice_plan":
        _check_dice_plan(params["tiles"], params["max_citizens"])
    if kind == "draft_order":
        cards = params["cards"]
        if (
            not isinstance(cards, list)
            or not 0 < len(cards) <= MAX_DRAFT_CARDS
            or any(not isinstance(card, str) or card not in CARDS for card in cards)
            or len(set(cards)) != len(cards)
        ):
            raise invalid(f"cards must list 1 to {MAX_DRAFT_CARDS} different politics cards' ids.")
    if kind == "citizens":
        keep = params["keep_philosophy"]
        if (
            not isinstance(keep, int)
            or isinstance(keep, bool)
            or not 0 <= keep <= MAX_KEEP_PHILOSOPHY
        ):
            raise invalid(
                f"keep_philosophy must be a whole number from 0 to {MAX_KEEP_PHILOSOPHY}."
            )
    if kind == "ahead":
        option = params["option"]
        if params["prompt_kind"] not in AHEAD_KINDS:
            raise invalid(f"prompt_kind must be one of {', '.join(AHEAD_KINDS)}.")
        if not isinstance(option, str) or not 0 < len(option) <= 64:
            raise invalid("option must be an option id (at most 64 characters).")
    return dict(params)


def _check_dice_plan(tiles: Any, citizens: Any) -> None:
    if (
        not isinstance(tiles, list)
        or not 0 < len(tiles) <= len(TILES)
        or any(not isinstance(t, int) or isinstance(t, bool) or t not in TILES for t in tiles)
        or len(set(tiles)) != len(tiles)
    ):
        raise invalid("tiles must list 1 to 7 different action tiles, 0 to 6.")
    if not isinstance(citizens, int) or isinstance(citizens, bool):
        raise invalid(f"max_citizens must be a whole number from 0 to {MAX_CITIZENS}.")
    if not 0 <= citizens <= MAX_CITIZENS:
        raise invalid(f"max_citizens must be a whole number from 0 to {MAX_CITIZENS}.")


def prompt_kind(kind: str, params: dict[str, Any]) -> str:
    return params["prompt_kind"] if kind == "ahead" else PROMPT_KIND[kind]


def sealed(kind: str, params: dict[str, Any]) -> bool:
    """Is the rule taken only at the step's deadline (a secret prompt)?"""
    return prompt_kind(kind, params) in SEALED_KINDS


def fit(kind: str, params: dict[str, Any], prompt, player=None):
    """The rule against `prompt` (of its kind): Answer, Cancelled or None (not this time).
    `player`: the seat's engine state now (its track levels; its dice, their tiles so far and
    its citizens, all public but the tiles, which are its own until the reveal; after it, the
    tiles still unpaid and its philosophy tokens, public too), or None."""
    offered = {option.id: option for option in prompt.options}
    if kind == "progress":
        track_level = getattr(player, params["track"], None)
        if track_level is not None and track_level >= PROGRESS_MAX:
            return Cancelled("track_at_top")
        option = offered.get(f"advance:{params['track']}")
        if option is not None and -option.data.get("drachma", 0) <= params["max_price"]:
            return Answer(option.id)
        return None
    if kind == "explore":
        return Answer(prompt.default)  # the best space costing no troops, else skip
    if kind == "achievement":
        return Answer(params["reward"]) if params["reward"] in offered else None
    if kind == "keep_card":
        option_id = f"card:{params['card']}"
        return Answer(option_id) if option_id in offered else None
    if kind == "dice_plan":
        return _fit_dice_plan(params, offered, player)
    if kind == "citizens":
        return _fit_citizens(params["keep_philosophy"], offered, player)
    if kind == "draft_order":
        # Always an answer, so its timing says nothing of the hand: the first card of the
        # list in it, else the prompt's default (the rule says so; the page and docs too).
        listed = next((f"card:{c}" for c in params["cards"] if f"card:{c}" in offered), None)
        return Answer(listed or prompt.default)
    if kind == "ahead":
        option_id = params["option"]
        return Answer(option_id) if option_id in offered else Cancelled("option_missing")
    return None


def dice_plan_tiles(tiles: list[int], dice: list[int], budget: int) -> dict[int, int] | None:
    """The plan's tiles for these dice: die index → tile, or None when it does not fit.

    The tiles are taken in the plan's order, each kept when the tiles kept so far with it
    cost at most `budget` citizens in all; the dice are paired highest die to highest tile
    (the pairing that costs fewest citizens). None when fewer tiles than dice are kept."""
    chosen: list[int] = []
    for tile in tiles:
        if len(chosen) == len(dice):
            break
        if _cost([*chosen, tile], dice) <= budget:
            chosen.append(tile)
    if len(chosen) < len(dice):
        return None
    order = sorted(range(len(dice)), key=lambda i: (-dice[i], i))
    return dict(zip(order, sorted(chosen, reverse=True), strict=True))


def _cost(tiles: list[int], dice: list[int]) -> int:
    """Citizens owed by `tiles` on the highest dice, highest die to highest tile."""
    highest = sorted(dice, reverse=True)[: len(tiles)]
    return sum(max(0, t - d) for t, d in zip(sorted(tiles, reverse=True), highest, strict=True))


def _fit_dice_plan(params: dict[str, Any], offered: dict, player) -> Answer | Cancelled | None:
    # Only public facts decide (the dice, the citizens) besides the seat's own tiles so far:
    # whether the plan fits tells the others nothing they could not see.
    if player is None or not player.dice:
        return None
    dice, done = list(player.dice), list(player.assignment)
    if len(params["tiles"]) < len(dice):
        return Cancelled("too_few_tiles")  # a third die came: the plan names fewer tiles
    budget = min(params["max_citizens"], player.citizens)
    plan = dice_plan_tiles(params["tiles"], dice, budget)
    if plan is None or len(done) >= len(dice):
        return None  # too dear with these dice: the player chooses
    if any(plan[i] != tile for i, tile in enumerate(done)):
        return None  # the player placed a die otherwise: the rest is theirs
    option_id = f"tile:{plan[len(done)]}"
    return Answer(option_id) if option_id in offered else None


def _fit_citizens(keep: int, offered: dict, player) -> Answer | None:
    """Pay for the tiles, the highest first; a philosophy token turned into citizens only while
    the citizens fall short of what the tiles owe and the player has more than `keep`; with
    nothing owed, done (the tokens kept). A tile that cannot be paid then is set aside."""
    if player is None:
        return None
    unpaid = sorted(player.unpaid, reverse=True)
    if not unpaid:
        return Answer("done") if "done" in offered else None
    owed = sum(_shortfall(player, tile) for tile in unpaid)
    if owed > player.citizens and player.philosophy > keep and "philosophy" in offered:
        return Answer("philosophy")
    for prefix in ("pay", "aside"):
        for tile in unpaid:
            if f"{prefix}:{tile}" in offered:
                return Answer(f"{prefix}:{tile}")
    return None


def _shortfall(player, tile: int) -> int:
    return max(0, tile - player.dice[player.assignment.index(tile)])
