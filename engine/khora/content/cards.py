"""The 40 politics cards: 14 immediate, 18 ongoing, 8 end-game."""

from __future__ import annotations

from typing import Any

from engine.khora.content.helpers import advances, ask, asks, gains, per_token
from engine.khora.content.model import PoliticsCard, Scorer
from engine.khora.effects import advance_track, gain
from engine.khora.state import State

# --- effects that need more than a gain -------------------------------------------------


def _contribution(state: State, seat: int, **_: Any) -> None:
    gain(state, seat, drachma=state.players[seat].token_count(tier="minor"))


def _mercenary_recruitment(state: State, seat: int, **_: Any) -> None:
    gain(state, seat, troops=state.players[seat].economy)


def _ostracism(state: State, seat: int, **_: Any) -> None:
    player = state.players[seat]
    if any(card != "ostracism" for card in player.played):
        ask(state, seat, "ostracism_return")
    ask(state, seat, "play_politics", source="ostracism")


def _rivalry(state: State, seat: int, **_: Any) -> None:
    mine = state.players[seat].military
    others = [p.military for p in state.players if p.seat != seat]
    if all(level > mine for level in others):
        advance_track(state, seat, "military", 1)


def _extraordinary_collection(state: State, seat: int, card: str = "", **_: Any) -> None:
    if card != "extraordinary-collection":
        gain(state, seat, drachma=2)


def _old_guard(state: State, seat: int, **_: Any) -> None:
    if state.players[seat].advanced_this_progress == 0:
        gain(state, seat, vp=4)


def _power(state: State, seat: int, **_: Any) -> None:
    mine = state.players[seat].culture
    if all(p.culture >= mine for p in state.players):
        gain(state, seat, vp=4)


def _public_market(state: State, seat: int, **_: Any) -> None:
    mine = state.players[seat].economy
    if all(p.economy <= mine for p in state.players):
        gain(state, seat, vp=3)


def _cards_in_play(amount: int) -> Scorer:
    def score(state: State, seat: int) -> int:
        return amount * len(state.players[seat].played)

    return score


def _score_hand(state: State, seat: int) -> int:
    return 3 * len(state.players[seat].hand)


def _score_bank(state: State, seat: int) -> int:
    return state.players[seat].drachma // 2


def _score_diversification(state: State, seat: int) -> int:
    player = state.players[seat]
    return 3 * min(player.economy, player.culture, player.military)


def _score_citizens(state: State, seat: int) -> int:
    return state.players[seat].citizens


def _twice(attribute: str) -> Scorer:
    def score(state: State, seat: int) -> int:
        level: int = getattr(state.players[seat], attribute)
        return 2 * level

    return score


def _card(
    card_id: str,
    name: str,
    kind: str,
    cost: int,
    needs: tuple[int, int, int],
    text: str,
    **behaviour: Any,
) -> PoliticsCard:
    return PoliticsCard(card_id, name, kind, cost, needs, text, **behaviour)


# fmt: off
_ALL = [
    # immediate (yellow)
    _card("archives", "Archives", "immediate", 2, (0, 0, 0), "Gain 3 philosophy tokens.",
          on_play=gains(philosophy=3)),
    _card("colossus-of-rhodes", "Colossus of Rhodes", "immediate", 6, (1, 1, 1), "Gain 10 VP.",
          on_play=gains(vp=10)),
    _card("contribution", "Contribution", "immediate", 0, (0, 1, 0),
          "Gain 1 drachma per minor knowledge token you own.", on_play=_contribution),
    _card("council", "Council", "immediate", 0, (0, 0, 0), "Draw 2 politics cards.",
          on_play=gains(cards=2)),
    _card("gifts-from-the-west", "Gifts from the West", "immediate", 0, (0, 0, 0),
          "Gain 3 drachmas.", on_play=gains(drachma=3)),
    _card("greek-fire", "Greek Fire", "immediate", 0, (0, 1, 0), "Gain 4 troops.",
          on_play=gains(troops=4)),
    _card("mercenary-recruitment", "Mercenary Recruitment", "immediate", 0, (1, 0, 0),
          "Gain troops equal to your economy level.", on_play=_mercenary_recruitment),
    _card("ostracism", "Ostracism", "immediate", 3, (0, 0, 0),
          "Take one of your other played cards back into your hand, then you may play a card.",
          on_play=_ostracism),
    _card("peripteros", "Peripteros", "immediate", 1, (0, 0, 2),
          "Move up 1 culture level for free.", on_play=advances("culture")),
    _card("quarry", "Quarry", "immediate", 0, (1, 0, 0), "Move up 1 on the tax track.",
          on_play=gains(tax=1)),
    _card("rivalry", "Rivalry", "immediate", 0, (0, 0, 0),
          "If every other player has a higher military level, move up 1 military level free.",
          on_play=_rivalry),
    _card("scholarly-welcome", "Scholarly Welcome", "immediate", 2, (0, 0, 0),
          "Take a minor knowledge token of the colour of your choice.",
          on_play=asks("take_minor_token", price=0)),
    _card("silver-mining", "Silver Mining", "immediate", 3, (1, 0, 0),
          "Move up 2 on the tax track.", on_play=gains(tax=2)),
    _card("tunnel-of-eupalinos", "Tunnel of Eupalinos", "immediate", 4, (0, 0, 0), "Gain 6 VP.",
          on_play=gains(vp=6)),
    # ongoing (purple)
    _card("amnesty-for-socrates", "Amnesty for Socrates", "ongoing", 2, (0, 0, 0),
          "Each Legislation action also gives 1 philosophy token.",
          hooks={"legislation_action": gains(philosophy=1)}),
    _card("constructing-the-mint", "Constructing the Mint", "ongoing", 2, (2, 0, 0),
          "In the progress phase, moving up your economy track costs no drachmas.",
          modifiers={"progress_phase_free": ("economy",)}),
    _card("corinthian-columns", "Corinthian Columns", "ongoing", 0, (0, 0, 0),
          "A minor knowledge token bought with Trade costs 3 instead of 5.",
          modifiers={"minor_token_price": 3}),
    _card("diolkos", "Diolkos", "ongoing", 0, (1, 0, 0),
          "Each Trade action also gives 1 drachma, 1 troop and 1 VP.",
          hooks={"trade_action": gains(drachma=1, troops=1, vp=1)}),
    _card("extraordinary-collection", "Extraordinary Collection", "ongoing", 0, (1, 0, 0),
          "Each politics card you play after this one gives 2 drachmas.",
          hooks={"card_played": _extraordinary_collection}),
    _card("foreign-supplies", "Foreign Supplies", "ongoing", 2, (0, 0, 0),
          "Each Trade action also gives 2 troops.", hooks={"trade_action": gains(troops=2)}),
    _card("founding-the-lyceum", "Founding the Lyceum", "ongoing", 3, (0, 0, 0),
          "Each Philosophy action gives 1 more philosophy token.",
          hooks={"philosophy_action": gains(philosophy=1)}),
    _card("gradualism", "Gradualism", "ongoing", 0, (0, 0, 1),
          "Every track level costs you 1 drachma less.", modifiers={"progress_discount": 1}),
    _card("helepole", "Helepole", "ongoing", 1, (0, 1, 0),
          "Lose 1 troop fewer whenever you explore.", modifiers={"explore_loss": -1}),
    _card("lighthouse", "Lighthouse", "ongoing", 1, (1, 0, 0),
          "Each Trade action also gives 3 VP.", hooks={"trade_action": gains(vp=3)}),
    _card("old-guard", "Old Guard", "ongoing", 0, (1, 0, 1),
          "In a progress phase where you advance no track, gain 4 VP.",
          hooks={"progress_end": _old_guard}),
    _card("oracle", "Oracle", "ongoing", 3, (1, 1, 1),
          "Each Development action also gives 4 VP.",
          hooks={"development_action": gains(vp=4)}),
    _card("persians", "Persians", "ongoing", 0, (0, 1, 1),
          "Each Culture action also gives 2 troops.", hooks={"culture_action": gains(troops=2)}),
    _card("power", "Power", "ongoing", 0, (1, 1, 0),
          "In each tax phase, gain 4 VP if nobody has a lower culture level than you.",
          hooks={"tax_phase": _power}),
    _card("public-market", "Public Market", "ongoing", 3, (1, 0, 0),
          "In each tax phase, gain 3 VP if nobody has a higher economy level than you.",
          hooks={"tax_phase": _public_market}),
    _card("reformists", "Reformists", "ongoing", 0, (1, 1, 1),
          "In the progress phase you may advance one more level (paying for it).",
          modifiers={"progress_extra_levels": 1}),
    _card("stadion", "Stadion", "ongoing", 2, (0, 2, 0), "Gain 2 troops in each tax phase.",
          hooks={"tax_phase": gains(troops=2)}),
    _card("stoa-poikile", "Stoa Poikile", "ongoing", 0, (0, 0, 1),
          "Each Culture action also gives 2 drachmas.",
          hooks={"culture_action": gains(drachma=2)}),
    # end game (red)
    _card("austerity", "Austerity", "end_game", 6, (0, 0, 3),
          "Final scoring: 3 VP per card left in your hand.", score=_score_hand),
    _card("bank", "Bank", "end_game", 0, (2, 0, 0),
          "Final scoring: 1 VP per 2 drachmas you hold.", score=_score_bank),
    _card("central-government", "Central Government", "end_game", 4, (0, 0, 2),
          "Final scoring: 2 VP per card you have in play, this one included.",
          score=_cards_in_play(2)),
    _card("diversification", "Diversification", "end_game", 6, (1, 1, 1),
          "Final scoring: 3 VP times your lowest progress-track level.",
          score=_score_diversification),
    _card("gold-reserve", "Gold Reserve", "end_game", 8, (3, 0, 0),
          "Final scoring: twice your economy level in VP.", score=_twice("economy")),
    _card("hall-of-statues", "Hall of Statues", "end_game", 2, (1, 1, 1),
          "Final scoring: 1 VP per knowledge token you own.", score=per_token(1)),
    _card("heavy-taxes", "Heavy Taxes", "end_game", 4, (2, 0, 2),
          "Final scoring: twice your tax level in VP.", score=_twice("tax")),
    _card("proskenion", "Proskenion", "end_game", 0, (0, 2, 0),
          "Final scoring: VP equal to your citizen level.", score=_score_citizens),
]
# fmt: on

CARDS: dict[str, PoliticsCard] = {card.id: card for card in _ALL}
assert len(CARDS) == 40, "every politics card is distinct"
