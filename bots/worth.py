"""What a position is worth to a seat, in points: its score so far plus what its resources,
tracks, tokens, cards and developments should still bring in the rounds left.

The weights are estimates (a level on a track pays once per round left, a drachma is worth
about half a point, a card in hand a point or two); they only need to rank a seat's options
sensibly. At the end of the game only the score counts, drachmas breaking ties; in the last
round drachmas and cards in hand are worth next to nothing already (see `worth`).
"""

from __future__ import annotations

from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.phases.round_start import ROUNDS
from engine.khora.phases.scoring import score_breakdown
from engine.khora.state import Player, State

# How much of its hope a card in hand or the next development keeps, by the knowledge tokens
# it still lacks (0, 1, 2, 3 or more): a token that completes a requirement is worth buying.
READINESS = (1.0, 0.6, 0.35, 0.2)
ONGOING_PER_ROUND = 0.8  # a played ongoing card: what it brings in a round, on average
DEVELOPMENT_PER_ROUND = 1.0  # an unlocked development's ability, each round left
NEXT_DEVELOPMENT_HOPE = 4.0  # the next development, while it is still early
LAST_ROUND_DRACHMA = 0.05  # above the tie-break's 0.01: a drachma not spent is still a tie-break
_ONGOING = frozenset(card_id for card_id, card in CARDS.items() if card.kind == "ongoing")


def rounds_left(state: State) -> int:
    """Whole rounds still to play after this one (0 in the last round)."""
    return max(0, ROUNDS - max(state.round, 1))


def worth(state: State, seat: int) -> float:
    player = state.players[seat]
    score = score_breakdown(state, seat)["total"]
    if state.finished:
        return score + player.drachma * 0.01
    left = rounds_left(state)
    early = left / (ROUNDS - 1)  # 1 in round 1, 0 in the last round
    # The token counts, read from the counts by kind in one go (as Player.token_count adds
    # them): worth is asked for every option of every playout decision of `strong`.
    tokens = player.tokens
    red = tokens.get("red_minor", 0) + tokens.get("red_major", 0)
    blue = tokens.get("blue_minor", 0) + tokens.get("blue_major", 0)
    green = tokens.get("green_minor", 0) + tokens.get("green_major", 0)
    majors = tokens.get("red_major", 0) + tokens.get("blue_major", 0) + tokens.get("green_major", 0)
    minors = red + blue + green - majors
    ongoing = 0
    for card_id in player.played:
        if card_id in _ONGOING:
            ongoing += 1
    # In the last round a drachma is worth only what it still buys (a card, a token, a
    # development), and a card kept in hand nothing: it scores only if played now (its play
    # is valued as the option that plays it). Valued as before, both made the bot keep them
    # rather than pay for a card's points (issue 51: 2 VP a seat left in hand).
    drachma = (0.25 + 0.35 * early) if left else LAST_ROUND_DRACHMA
    return (
        score
        + player.drachma * drachma
        + player.philosophy * (0.6 + 1.0 * early)
        + min(player.citizens, 15) * (0.1 + 0.3 * early)
        + min(player.troops, 15) * (0.6 + 1.4 * early)
        + player.tax * 0.55 * left
        + player.glory * (0.3 * early + 0.1)
        + (player.economy - 1) * 0.7 * left
        + (player.culture - 1) * 0.3 * left
        + (player.military - 1) * 0.9 * left
        + minors * (0.6 + 1.2 * early)
        + majors * (1.0 + 1.5 * early)
        + max(0, player.development - 1) * (2.0 * early + DEVELOPMENT_PER_ROUND * left)
        + ONGOING_PER_ROUND * left * ongoing
        + (_prospects(player, early, red, blue, green) if left else 0.0)
    )


def _prospects(player: Player, early: float, red: int, blue: int, green: int) -> float:
    """What the cards in hand and the next development may still bring: more the fewer
    knowledge tokens they lack (philosophy pairs stand in for some); `red`, `blue` and
    `green` are the seat's tokens of each colour."""
    spare = player.philosophy // rulings.PHILOSOPHY_PER_MISSING_TOKEN
    hope = 0.0
    card_hope = 0.4 + 1.4 * early
    for card_id in player.hand:
        lacking = _lacking(CARDS[card_id].needs, red, blue, green) - spare
        hope += card_hope * READINESS[min(lacking, 3) if lacking > 0 else 0]
    if player.city and 1 <= player.development < 4:
        needs = CITIES[player.city].developments[player.development].needs
        lacking = _lacking(needs, red, blue, green) - spare
        hope += NEXT_DEVELOPMENT_HOPE * early * READINESS[min(lacking, 3) if lacking > 0 else 0]
    return hope


def _lacking(needs: tuple[int, int, int], red: int, blue: int, green: int) -> int:
    """The tokens a requirement `needs` (red, blue, green) lacks, with these in hand."""
    need_red, need_blue, need_green = needs
    return (
        (need_red - red if need_red > red else 0)
        + (need_blue - blue if need_blue > blue else 0)
        + (need_green - green if need_green > green else 0)
    )


def margin(state: State, seat: int) -> float:
    """The seat's worth over its best rival's."""
    mine = worth(state, seat)
    best_other = max(worth(state, other) for other in range(state.num_players) if other != seat)
    return mine - best_other
