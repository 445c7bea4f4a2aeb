"""Phase D: the seven actions, each seat's in tile order.

The rulebook resolves tile 0 for everyone, then tile 1, and so on (Military in turn order),
and lets players act at once "to save time". A seat runs through its own tiles and waits for
another seat's earlier tile only when the two could affect each other: `action_order` derives
that from what each tile can touch (the exploration board, the politics deck once its unseen
cards may run out, the military levels Rivalry compares). This saves a slow game many waits,
and their emails, with the result of the rulebook's order.
"""

from __future__ import annotations

from engine.core import Option
from engine.khora import abilities
from engine.khora.catalog import Text
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.exploration import SPACES
from engine.khora.content.helpers import ask
from engine.khora.content.tracks import PROGRESS_TRACKS
from engine.khora.effects import (
    add_token,
    advance_track,
    cap_action_excess,
    draw_cards,
    gain,
    missing_tokens,
    pay,
)
from engine.khora.flow import step
from engine.khora.journal import note
from engine.khora.phases import action_order
from engine.khora.phases.action_order import MILITARY
from engine.khora.phases.dice import ACTION_NAMES
from engine.khora.state import State
from engine.khora.tasks import TaskHandler, handler

ACTION_IDS = {name.lower(): tile for tile, name in ACTION_NAMES.items()}


@step("actions")
def actions_step(state: State) -> None:
    state.phase = "actions"
    for player in state.players:
        player.tiles_done = []
        for tile in player.active_tiles:
            ask(state, player.seat, "take_action", tile=tile)


@step("end_actions")
def end_actions(state: State) -> None:
    cap_action_excess(state)


@handler
class TakeAction(TaskHandler):
    """A seat's next action tile, taken when no earlier tile it could affect is still to come."""

    kind = "take_action"
    automatic = True

    def ready(self, state, seat, task):
        return action_order.may_start(state, seat, task.data["tile"])

    def run(self, state, seat, task):
        # Runs with the seat's agenda set aside (tasks.run_head): what is on it afterwards
        # are this tile's own questions; with none, the tile is done at once.
        start_action(state, seat, task.data["tile"])
        if state.players[seat].agenda:
            ask(state, seat, "finish_action", tile=task.data["tile"])
        else:
            _done(state, seat, task.data["tile"])


@handler
class FinishAction(TaskHandler):
    """Marks a tile done once every question it raised is answered."""

    kind = "finish_action"
    automatic = True

    def run(self, state, seat, task):
        _done(state, seat, task.data["tile"])


def _done(state: State, seat: int, tile: int) -> None:
    if state.phase == "actions":  # an extra action (Conquest of the Persians) has no tile
        state.players[seat].tiles_done.append(tile)


def start_action(state: State, seat: int, tile: int) -> None:
    """Resolve one action tile for a seat: its automatic gains, then its questions."""
    player = state.players[seat]
    excess = state.phase == "actions"
    note(state, "action", seat, tile=tile)
    if tile == 0:
        gain(state, seat, philosophy=rulings.PHILOSOPHY_ACTION_TOKENS)
        abilities.trigger(state, seat, "philosophy_action")
    elif tile == 1:
        gain(state, seat, citizens=rulings.LEGISLATION_CITIZENS, excess=excess)
        abilities.trigger(state, seat, "legislation_action")
        draw_cards(state, seat, rulings.LEGISLATION_DRAW, purpose="legislation")
    elif tile == 2:
        gain(state, seat, vp=player.culture)
        abilities.trigger(state, seat, "culture_action")
    elif tile == 3:
        gain(state, seat, drachma=player.economy + rulings.TRADE_DRACHMAS_OVER_ECONOMY)
        abilities.trigger(state, seat, "trade_action")
        ask(state, seat, "buy_token")
    elif tile == MILITARY:
        gain(state, seat, troops=player.military, excess=excess)
        abilities.trigger(state, seat, "military_action")
        explorations = rulings.MILITARY_EXPLORATIONS + abilities.modifier(
            state, seat, "extra_explorations"
        )
        ask(state, seat, "explore", remaining=explorations)
    elif tile == 5:
        ask(state, seat, "play_politics", source="action")
    elif tile == 6:
        ask(state, seat, "develop")
    else:
        raise ValueError(f"no action tile {tile}")


@handler
class PerformAction(TaskHandler):
    """An action granted by a development (Olympia 4, Sparta 3), resolved in its turn."""

    kind = "perform_action"
    automatic = True

    def run(self, state, seat, task):
        start_action(state, seat, ACTION_IDS[task.data["action"]])


# --- Trade ------------------------------------------------------------------------------


@handler
class BuyToken(TaskHandler):
    kind = "buy_token"

    def text(self, state, seat, task):
        return Text("prompt.buy_token", price=abilities.minor_token_price(state, seat))

    def options(self, state, seat, task):
        price = abilities.minor_token_price(state, seat)
        options = [Option("skip", Text("option.buy_nothing"), {})]
        if state.players[seat].drachma >= price:
            options += [
                Option(
                    f"buy:{colour}",
                    Text("option.buy_token", colour=colour, price=price),
                    {"colour": colour, "drachma": -price},
                )
                for colour in ("red", "blue", "green")
            ]
        return options

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        pay(state, seat, drachma=option.data["drachma"])
        add_token(state, seat, option.data["colour"], "minor")
        state.tokens_from_reserve += 1


@handler
class TakeMinorToken(TaskHandler):
    """Scholarly Welcome: a free minor token of the seat's chosen colour."""

    kind = "take_minor_token"

    def text(self, state, seat, task):
        return Text("prompt.take_minor_token")

    def options(self, state, seat, task):
        return [
            Option(f"colour:{c}", Text("option.minor_token", colour=c), {"colour": c})
            for c in ("red", "blue", "green")
        ]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        add_token(state, seat, option.data["colour"], "minor")
        state.tokens_from_reserve += 1


# --- Military ---------------------------------------------------------------------------


@handler
class Explore(TaskHandler):
    kind = "explore"
    changes_other_seats = True

    def text(self, state, seat, task):
        return Text("prompt.explore", troops=state.players[seat].troops)

    def unavailable(self, state, seat, task):
        troops = state.players[seat].troops
        left_out = []
        for space_id in state.exploration:
            space = SPACES[space_id]
            if troops < space.troops_required:
                lost = abilities.explore_loss(state, seat, space.troops_lost)
                label = Text("option.explore", offer=space_id, lost=lost)
                why = Text("why.troops", n=space.troops_required, have=troops)
                left_out.append((f"space:{space_id}", label, [why]))
        return left_out

    def options(self, state, seat, task):
        troops = state.players[seat].troops
        options = [Option("skip", Text("option.no_explore"), {})]
        for space_id in state.exploration:
            space = SPACES[space_id]
            if troops >= space.troops_required:
                lost = abilities.explore_loss(state, seat, space.troops_lost)
                options.append(
                    Option(
                        f"space:{space_id}",
                        Text("option.explore", offer=space_id, lost=lost),
                        {"space": space_id, "troops": -lost},
                    )
                )
        return options

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        space = SPACES[option.data["space"]]
        note(state, "explored", seat, space=space.id)
        previous, state.cause = state.cause, ("space", space.id)
        pay(state, seat, troops=option.data["troops"])
        state.exploration.remove(space.id)
        for colour, tier in space.given:
            add_token(state, seat, colour, tier)
        gain(state, seat, drachma=space.drachma, vp=space.vp)
        state.cause = previous
        if space.id == "persepolis":
            state.persepolis_explored = True
        if task.data["remaining"] > 1:
            ask(state, seat, "explore", remaining=task.data["remaining"] - 1)


# --- Politics ---------------------------------------------------------------------------


def _requirement_option(state, seat, needs, cost, option_id, label, data) -> Option | None:
    """An option to pay `cost` and meet `needs`, with philosophy pairs for missing tokens.

    `label` is (message id, parameters); the message ends with the price, `{paid}`.
    """
    player = state.players[seat]
    missing = missing_tokens(state, seat, needs)
    philosophy = missing * rulings.PHILOSOPHY_PER_MISSING_TOKEN
    if player.drachma < cost or player.philosophy < philosophy:
        return None
    costs = [Text("pay.drachma", n=cost)] if cost else []
    if philosophy:
        costs.append(Text("pay.philosophy", n=philosophy, missing=missing))
    paid = Text("pay", costs=costs) if costs else ""
    key, params = label
    return Option(
        option_id,
        Text(key, **params, paid=paid),
        {**data, "drachma": -cost, "philosophy": -philosophy},
    )


def unmet_requirements(state, seat, needs, cost) -> list[Text]:
    """Why a seat cannot pay `cost` and meet `needs` now (empty: it can)."""
    player = state.players[seat]
    reasons = []
    if player.drachma < cost:
        reasons.append(Text("why.drachmas", n=cost, have=player.drachma))
    missing = missing_tokens(state, seat, needs)
    philosophy = missing * rulings.PHILOSOPHY_PER_MISSING_TOKEN
    if player.philosophy < philosophy:
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
        reasons.append(
            Text("why.philosophy", missing=missing, n=philosophy, have=player.philosophy)
        )
    return reasons


def _pay(state: State, seat: int, option: Option) -> None:
    pay(state, seat, drachma=option.data["drachma"], philosophy=option.data["philosophy"])


@handler
class PlayPolitics(TaskHandler):
    kind = "play_politics"

    def text(self, state, seat, task):
        source = Text(f"source.{task.data['source']}")
        return Text("prompt.play_politics", source=source)

    def unavailable(self, state, seat, task):
        left_out = []
        for card_id in dict.fromkeys(state.players[seat].hand):
            card = CARDS[card_id]
            reasons = unmet_requirements(state, seat, card.needs, card.cost)
            if reasons:
                left_out.append((f"card:{card_id}", Text("option.card", card=card_id), reasons))
        return left_out

    def options(self, state, seat, task):
        options = [Option("skip", Text("option.play_no_card"), {})]
        for card_id in dict.fromkeys(state.players[seat].hand):
            card = CARDS[card_id]
            option = _requirement_option(
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

    def lone_answer_is_public(self, state, seat, task):
        # The hand is secret: only an empty one tells everyone there is nothing to play.
        return not state.players[seat].hand

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        _pay(state, seat, option)
        play_card(state, seat, option.data["card"])


def play_card(state: State, seat: int, card_id: str) -> None:
    player = state.players[seat]
    card = CARDS[card_id]
    player.hand.remove(card_id)
    player.played.append(card_id)
    note(state, "card_played", seat, card=card_id)
    if card.on_play:
        previous, state.cause = state.cause, ("card", card_id)
        card.on_play(state, seat)
        state.cause = previous
    abilities.trigger(state, seat, "card_played", card=card_id)


@handler
class OstracismReturn(TaskHandler):
    kind = "ostracism_return"

    def text(self, state, seat, task):
        return Text("prompt.ostracism_return")

    def options(self, state, seat, task):
        return [
            Option(f"card:{card_id}", Text("option.take_back", card=card_id), {"card": card_id})
            for card_id in state.players[seat].played
            if card_id != "ostracism"
        ]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        player = state.players[seat]
        player.played.remove(option.data["card"])
        player.hand.append(option.data["card"])
        note(state, "card_returned", seat, card=option.data["card"])


# --- Development ------------------------------------------------------------------------


def unlock_development(state: State, seat: int) -> None:
    player = state.players[seat]
    player.development += 1
    note(state, "development", seat, city=player.city, level=player.development)
    development = CITIES[player.city].developments[player.development - 1]
    if development.on_unlock:
        previous, state.cause = state.cause, ("development", player.city, development.level)
        development.on_unlock(state, seat)
        state.cause = previous


@handler
class Develop(TaskHandler):
    kind = "develop"

    def text(self, state, seat, task):
        return Text("prompt.develop", city=state.players[seat].city)

    def unavailable(self, state, seat, task):
        player = state.players[seat]
        if player.development >= len(CITIES[player.city].developments):
            return []
        development = CITIES[player.city].developments[player.development]
        reasons = unmet_requirements(state, seat, development.needs, development.cost)
        if not reasons:
            return []
        label = Text(
            "option.unlock",
            level=development.level,
            development=(player.city, development.level),
            paid="",
        )
        return [("unlock", label, reasons)]

    def options(self, state, seat, task):
        player = state.players[seat]
        options = [Option("skip", Text("option.unlock_nothing"), {})]
        if player.development < len(CITIES[player.city].developments):
            development = CITIES[player.city].developments[player.development]
            option = _requirement_option(
                state,
                seat,
                development.needs,
                development.cost,
                "unlock",
                (
                    "option.unlock",
                    {"level": development.level, "development": (player.city, development.level)},
                ),
                {"level": development.level},
            )
            if option:
                options.append(option)
        return options

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        _pay(state, seat, option)
        unlock_development(state, seat)
        abilities.trigger(state, seat, "development_action")


@handler
class ArgosReward(TaskHandler):
    kind = "argos_reward"
    REWARDS = (("troops", 2), ("drachma", 3), ("vp", 4), ("citizens", 5))

    def text(self, state, seat, task):
        return Text("prompt.argos_reward")

    def options(self, state, seat, task):
        return [
            Option(f"{res}:{n}", Text(f"option.gain.{res}", n=n), {res: n})
            for res, n in self.REWARDS
        ]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        gain(state, seat, **option.data)


@handler
class FreeAdvance(TaskHandler):
    """Miletus 2: move up one level on each of two different tracks, for free."""

    kind = "free_advance"

    def text(self, state, seat, task):
        return Text("prompt.free_advance", remaining=task.data["remaining"])

    def options(self, state, seat, task):
        player = state.players[seat]
        options = [
            Option(f"track:{t}", Text("option.move_up_one", track=t), {"track": t})
            for t in PROGRESS_TRACKS
            if t not in task.data["used"] and getattr(player, t) < rulings.PROGRESS_MAX
        ]
        return [*options, Option("skip", Text("option.stop"), {})]

    def default(self, state, seat, task, options):
        return options[0].id

    def resolve(self, state, seat, task, option):
        if option.id == "skip":
            return
        track = option.data["track"]
        advance_track(state, seat, track, 1)
        if task.data["remaining"] > 1:
            used = (*task.data["used"], track)
            if not rulings.MILETUS_FREE_ADVANCES_DIFFERENT_TRACKS:
                used = ()
            ask(state, seat, "free_advance", remaining=task.data["remaining"] - 1, used=used)
