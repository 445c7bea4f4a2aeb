"""Phase D, the Politics tile: playing a politics card (also for Prosperity and Ostracism),
and what a card or a development asks to be paid and met (`requirement_option`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from engine.core import Label, Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.effects import missing_tokens, pay
from engine.khora.journal import note
from engine.khora.seat_tasks import TaskHandler, Unavailable, handler
from engine.khora.state import State, Task, without


def philosophy_stands_in(state: State) -> bool:
    """May philosophy pairs stand in for missing knowledge tokens now?

    Only during a Politics or Development action of phase D (the rulebook: "during that Action
    only"; ../shared/README.md), so not when Prosperity plays a card nor in the extra action of
    Conquest of the Persians, which both come after the Action phase. A card Ostracism lets a
    seat play during a phase D Politics action is part of that action.
    """
    return state.phase == "actions"


def requirement_option(
    state: State,
    seat: int,
    needs: tuple[int, int, int],
    cost: int,
    option_id: str,
    label: tuple[str, dict[str, Any]],
    data: dict[str, Any],
) -> Option | None:
    """An option to pay `cost` and meet `needs`, with philosophy pairs for missing tokens
    when they may stand in (`philosophy_stands_in`).

    `label` is (message id, parameters); the message ends with the price, `{paid}`.
    """
    player = state.players[seat]
    missing = missing_tokens(state, seat, needs)
    if missing and not philosophy_stands_in(state):
        return None
    philosophy = missing * rulings.PHILOSOPHY_PER_MISSING_TOKEN
    if player.drachma < cost or player.philosophy < philosophy:
        return None
    key, params = label
    return _requirement_offer(
        option_id, key, tuple(params.items()), tuple(data.items()), cost, philosophy, missing
    )


@functools.lru_cache(maxsize=4096)
def _requirement_offer(
    option_id: str,
    key: str,
    params: tuple[tuple[str, Any], ...],
    data: tuple[tuple[str, Any], ...],
    cost: int,
    philosophy: int,
    missing: int,
) -> Option:
    """The option itself; kept, as the same few cards and prices come back all game."""
    costs = [Text("pay.drachma", n=cost)] if cost else []
    if philosophy:
        costs.append(Text("pay.philosophy", n=philosophy, missing=missing))
    paid = Text("pay", costs=costs) if costs else ""
    return Option(
        option_id,
        Text(key, **dict(params), paid=paid),
        {**dict(data), "drachma": -cost, "philosophy": -philosophy},
    )


def unmet_requirements(
    state: State, seat: int, needs: tuple[int, int, int], cost: int
) -> list[Text]:
    """Why a seat cannot pay `cost` and meet `needs` now (empty: it can)."""
    player = state.players[seat]
    reasons: list[Text] = []
    if player.drachma < cost:
        reasons.append(Text("why.drachmas", n=cost, have=player.drachma))
    missing = missing_tokens(state, seat, needs)
    philosophy = missing * rulings.PHILOSOPHY_PER_MISSING_TOKEN
    stands_in = philosophy_stands_in(state)
    if missing and (player.philosophy < philosophy or not stands_in):
        for colour, need in zip(("red", "blue", "green"), needs, strict=True):
            have = player.token_count(colour)
            if have < need:
                reasons.append(
                    Text(
                        "why.needs_tokens",
                        need=need,
                        colour=colour,
                        colour_gen=Text(f"colour_gen.{colour}"),
                        have=have,
                    )
                )
        if stands_in:
            reasons.append(
                Text("why.philosophy", missing=missing, n=philosophy, have=player.philosophy)
            )
        else:
            reasons.append(Text("why.philosophy_not_now"))
    return reasons


def pay_costs(state: State, seat: int, option: Option) -> None:
    pay(state, seat, drachma=option.data["drachma"], philosophy=option.data["philosophy"])


@handler
class PlayPolitics(TaskHandler):
    kind = "play_politics"

    def text(self, state: State, seat: int, task: Task) -> Label:
        source = Text(f"source.{task.data['source']}")
        return Text("prompt.play_politics", source=source)

    def unavailable(self, state: State, seat: int, task: Task) -> Sequence[Unavailable]:
        left_out = []
        for card_id in dict.fromkeys(state.players[seat].hand):
            card = CARDS[card_id]
            reasons = unmet_requirements(state, seat, card.needs, card.cost)
            if reasons:
                left_out.append((f"card:{card_id}", Text("option.card", card=card_id), reasons))
        return left_out

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        options = [Option("skip", Text("option.play_no_card"), {})]
        for card_id in dict.fromkeys(state.players[seat].hand):
            card = CARDS[card_id]
            option = requirement_option(
                state,
                seat,
                card.needs,
                card.cost,
                f"card:{card_id}",
                ("option.play_card", {"card": card_id}),
                {"card": card_id},
            )
            if option:
                options.append(option)
        return options

    def lone_answer_is_public(self, state: State, seat: int, task: Task) -> bool:
        # The hand is secret: only an empty one tells everyone there is nothing to play.
        return not state.players[seat].hand

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        if option.id == "skip":
            # Said only for an empty hand: what a held hand could pay for is secret.
            if task.data["source"] == "action" and not state.players[seat].hand:
                note(state, "action_did_nothing", seat, tile=5, reason="no_card_in_hand")
            return
        pay_costs(state, seat, option)
        play_card(state, seat, option.data["card"])


def play_card(state: State, seat: int, card_id: str) -> None:
    player = state.players[seat]
    card = CARDS[card_id]
    player.hand = without(player.hand, card_id)
    player.played = [*player.played, card_id]
    note(state, "card_played", seat, card=card_id)
    if card.on_play:
        previous, state.cause = state.cause, ("card", card_id)
        card.on_play(state, seat)
        state.cause = previous
    abilities.trigger(state, seat, "card_played", card=card_id)


@handler
class OstracismReturn(TaskHandler):
    kind = "ostracism_return"

    def text(self, state: State, seat: int, task: Task) -> Label:
        return Text("prompt.ostracism_return")

    def options(self, state: State, seat: int, task: Task) -> list[Option]:
        return [
            Option(f"card:{card_id}", Text("option.take_back", card=card_id), {"card": card_id})
            for card_id in state.players[seat].played
            if card_id != "ostracism"
        ]

    def default(self, options: Sequence[Option]) -> str:
        return options[0].id

    def resolve(self, state: State, seat: int, task: Task, option: Option) -> None:
        player = state.players[seat]
        player.played = without(player.played, option.data["card"])
        player.hand = [*player.hand, option.data["card"]]
        note(state, "card_returned", seat, card=option.data["card"])
