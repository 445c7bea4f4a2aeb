"""What a position is worth to a seat, in points: its score so far plus what its resources,
tracks, tokens, cards and developments should still bring in the rounds left.

The weights are estimates (a level on a track pays once per round left, a drachma is worth
about half a point, a card in hand a point or two); they only need to rank a seat's options
sensibly. At the end of the game only the score counts, drachmas breaking ties; in the last
round drachmas and cards in hand are worth next to nothing already (see `worth`). Two things
the tracks do not show are counted too: an achievement the seat would be first to claim, and
the stake of the round's event that rewards the most troops and punishes the fewest.
"""

from __future__ import annotations

from engine.khora import abilities
from engine.khora.content import rulings
from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.exploration import SPACES
from engine.khora.phases.round_start import ROUNDS
from engine.khora.state import Player, State

# How much of its hope a card in hand or the next development keeps, by the knowledge tokens
# it still lacks (0, 1, 2, 3 or more): a token that completes a requirement is worth buying.
READINESS = (1.0, 0.6, 0.35, 0.2)
ONGOING_PER_ROUND = 0.8  # a played ongoing card: what it brings in a round, on average
DEVELOPMENT_PER_ROUND = 1.0  # an unlocked development's ability, each round left
NEXT_DEVELOPMENT_HOPE = 4.0  # the next development, while it is still early
# What a resource or a level is worth: a base, plus `*_EARLY` times how early it is (1 in the
# first round, 0 in the last), or per round left (`*_PER_ROUND`).
DRACHMA, DRACHMA_EARLY = 0.45, 0.6
PHILOSOPHY, PHILOSOPHY_EARLY = 0.6, 1.0
CITIZEN, CITIZEN_EARLY = 0.1, 0.3
TROOP, TROOP_EARLY = 0.6, 1.4
TAX_PER_ROUND = 0.6  # 1.1 before issue 51's round plan: with it, 0.6 won more (docs/bots.md)
GLORY, GLORY_EARLY = 0.1, 0.3
ECONOMY_PER_ROUND, CULTURE_PER_ROUND, MILITARY_PER_ROUND = 0.7, 0.3, 1.5
MINOR, MINOR_EARLY = 0.6, 1.2
MAJOR, MAJOR_EARLY = 1.0, 1.5
CARD_HOPE, CARD_HOPE_EARLY = 0.4, 1.4
THIRD_DIE_PER_ROUND = 1.5  # a third die: one more action every round left
# An achievement's glory: the major tokens still to come, about this many a round left.
ACHIEVEMENT_GLORY_PER_ROUND = 0.7
LAST_ROUND_DRACHMA = 0.05  # above the tie-break's 0.01: a drachma not spent is still a tie-break
# The achievements' thresholds (engine/khora/phases/achievements.py checks them).
_VP, _CITIZENS, _TROOPS, _ECONOMY, _POLITICS = (
    rulings.ACHIEVEMENT_THRESHOLDS[name]
    for name in ("victory_points", "citizens", "troops", "economy", "politics")
)
_ONGOING = frozenset(card_id for card_id, card in CARDS.items() if card.kind == "ongoing")
# What scores at the end, as engine.khora.phases.scoring.score_breakdown asks it: the cards in
# play that are not immediate, and the city's unlocked developments (the first `development`).
_CARD_SCORERS = {
    card_id: card.score
    for card_id, card in CARDS.items()
    if card.kind != "immediate" and card.score is not None
}
_DEVELOPMENT_SCORERS = {
    city_id: tuple(development.score for development in city.developments)
    for city_id, city in CITIES.items()
}


def rounds_left(state: State) -> int:
    """Whole rounds still to play after this one (0 in the last round)."""
    return max(0, ROUNDS - max(state.round, 1))


def worth(state: State, seat: int) -> float:
    player = state.players[seat]
    # The token counts, read from the counts by kind in one go (as Player.token_count adds
    # them): worth is asked for every option of every playout decision of `strong`.
    tokens = player.tokens
    red = tokens.get("red_minor", 0) + tokens.get("red_major", 0)
    blue = tokens.get("blue_minor", 0) + tokens.get("blue_major", 0)
    green = tokens.get("green_minor", 0) + tokens.get("green_major", 0)
    majors = tokens.get("red_major", 0) + tokens.get("blue_major", 0) + tokens.get("green_major", 0)
    # The score as score_breakdown's total adds it (the score track, glory times major
    # tokens, what the cards in play and developments score), without its dictionary and
    # the sources' generator: a fifth of worth's time.
    score = player.vp + player.glory * majors
    ongoing = 0
    for card_id in player.played:
        if card_id in _ONGOING:
            ongoing += 1
        scorer = _CARD_SCORERS.get(card_id)
        if scorer is not None:
            score += scorer(state, seat)
    if player.city:
        for scorer in _DEVELOPMENT_SCORERS[player.city][: player.development]:
            if scorer is not None:
                score += scorer(state, seat)
    if state.finished:
        return score + player.drachma * 0.01
    # rounds_left, _drachma and _extras spelled out: worth is asked some 200 times a playout.
    played_round = state.round
    left = ROUNDS - (played_round if played_round > 1 else 1)
    if left < 0:
        left = 0
    early = left / (ROUNDS - 1)  # 1 in round 1, 0 in the last round
    minors = red + blue + green - majors
    # In the last round a drachma is worth only what it still buys (a card, a token, a
    # development), and a card kept in hand nothing: it scores only if played now (its play
    # is valued as the option that plays it). Valued as before, both made the bot keep them
    # rather than pay for a card's points (issue 51: 2 VP a seat left in hand).
    drachma = DRACHMA + DRACHMA_EARLY * early if left else LAST_ROUND_DRACHMA
    citizens, troops, development = player.citizens, player.troops, player.development
    extras = _achievements(state, player, player.vp, troops, majors, left)
    if state.current_event in EVENT_STAKES:  # no stake otherwise (_event_stake)
        extras += _event_stake(state, seat, troops)
    developed = development - 1 if development > 1 else 0
    return (
        score
        + player.drachma * drachma
        + player.philosophy * (PHILOSOPHY + PHILOSOPHY_EARLY * early)
        + (citizens if citizens < 15 else 15) * (CITIZEN + CITIZEN_EARLY * early)
        + (troops if troops < 15 else 15) * (TROOP + TROOP_EARLY * early)
        + player.tax * TAX_PER_ROUND * left
        + player.glory * (GLORY + GLORY_EARLY * early)
        + (player.economy - 1) * ECONOMY_PER_ROUND * left
        + (player.culture - 1) * CULTURE_PER_ROUND * left
        + (player.military - 1) * MILITARY_PER_ROUND * left
        + minors * (MINOR + MINOR_EARLY * early)
        + majors * (MAJOR + MAJOR_EARLY * early)
        + developed * (2.0 * early + DEVELOPMENT_PER_ROUND * left)
        + ONGOING_PER_ROUND * left * ongoing
        + (THIRD_DIE_PER_ROUND * left if player.dice_count > 2 else 0.0)
        + (_prospects(player, early, red, blue, green) if left else 0.0)
        + extras
    )


def _drachma(left: int, early: float) -> float:
    """A drachma's worth: what it buys, less as the game nears its end; in the last round
    only what it still buys (see `worth`). A lower worth in the round before the last, to
    spend drachmas sooner, lost games (48 % against 52 % of 200)."""
    return DRACHMA + DRACHMA_EARLY * early if left else LAST_ROUND_DRACHMA


def _extras(state: State, seat: int, vp: int, troops: int, majors: int, left: int) -> float:
    """The achievements the seat would claim and the round's event's stake, with these
    VP on the score track, troops and major tokens (the rest as the seat has them)."""
    return _achievements(state, state.players[seat], vp, troops, majors, left) + _event_stake(
        state, seat, troops
    )


# The round's event, when it compares troops (phase F, after the Progress phase): what having
# the most troops brings and having the fewest costs, in points (rough: 2 drachmas about 1).
EVENT_STAKES = {
    "eleusinian-mysteries": (4.0, 4.0),
    "the-savior-of-greece": (1.0, 1.0),
    "conscripting-troops": (0.8, 0.8),
    "origin-of-the-academy": (0.8, 1.0),
    "the-thirty-tyrants": (2.0, 1.5),
    "military-victory": (2.5, 0.0),
    "prosperity": (2.5, 0.0),
}
_BEFORE_EVENT = frozenset(("event_announcement", "tax", "dice", "actions", "progress"))


def _event_stake(state: State, seat: int, troops: int) -> float:
    """What the round's event will bring or cost the seat with `troops`, if it compares
    troops and has not been resolved yet (ties: every tied seat applies it, rules-notes)."""
    stake = EVENT_STAKES.get(state.current_event or "")
    if stake is None or state.phase not in _BEFORE_EVENT:
        return 0.0
    mine = min(troops, 15)
    others = [min(p.troops, 15) for p in state.players if p.seat != seat]
    value = 0.0
    if mine >= max(others):
        value += stake[0]
    if mine <= min(others):
        value -= stake[1]
    return value


def _achievements(
    state: State, player: Player, vp: int, troops: int, majors: int, left: int
) -> float:
    """What the achievements the seat meets (with `vp` and `troops`) and no one has claimed
    yet will bring when phase G checks them: a glory (each major token scores it once more,
    now and later) or a tax step (a drachma each round left), whichever is worth more. Each
    is a race: the first to meet it takes it, so the step that meets it earns the reward."""
    claimed = state.achievements_claimed
    # Spelled out, the comparisons first: asked for every option of every playout decision.
    met = (
        (vp >= _VP and "victory_points" not in claimed)
        + (player.citizens >= _CITIZENS and "citizens" not in claimed)
        + (troops >= _TROOPS and "troops" not in claimed)
        + (player.economy >= _ECONOMY and "economy" not in claimed)
        + (len(player.played) >= _POLITICS and "politics" not in claimed)
    )
    if not met:
        return 0.0
    return met * max(majors + ACHIEVEMENT_GLORY_PER_ROUND * left, TAX_PER_ROUND * left)


def explore_gains(state: State, seat: int) -> dict[str, float]:
    """What exploring each space the seat's troops reach would add to its `worth`, by option
    id ("space:<id>"), worked out from the space's gains instead of playing the exploration
    (the playouts' cheaper judgement, bots.rollout)."""
    gains = Gains(state, seat)
    extra_loss = abilities.modifier(state, seat, "explore_loss")
    troops = state.players[seat].troops
    found = {}
    for space_id in state.exploration:
        option_id, required, given, drachma, vp, lost = _SPACES[space_id]
        if troops >= required:
            lost += extra_loss
            found[option_id] = gains.of(given, drachma, vp, lost if lost > 0 else 0)
    return found


# Each space's option id and what explore_gains reads of it, looked up once.
_SPACES = {
    space_id: (
        f"space:{space_id}",
        space.troops_required,
        space.given,
        space.drachma,
        space.vp,
        space.troops_lost,
    )
    for space_id, space in SPACES.items()
}


class Gains:
    """What tokens, drachmas, VP and troops lost would add to a seat's `worth`, from the
    weights rather than by changing a copy of the state and valuing it again; what a token
    may add through the seat's cards' scorers is left out."""

    __slots__ = (
        "blue",
        "drachma",
        "early",
        "extras",
        "green",
        "hope",
        "hopes",
        "known_extras",
        "left",
        "major",
        "majors",
        "minor",
        "player",
        "red",
        "seat",
        "state",
        "troop",
    )

    def __init__(self, state: State, seat: int):
        self.state, self.seat = state, seat
        self.player = player = state.players[seat]
        self.left = left = rounds_left(state)
        self.early = early = left / (ROUNDS - 1)
        tokens = player.tokens
        self.red = tokens.get("red_minor", 0) + tokens.get("red_major", 0)
        self.blue = tokens.get("blue_minor", 0) + tokens.get("blue_major", 0)
        self.green = tokens.get("green_minor", 0) + tokens.get("green_major", 0)
        self.drachma = _drachma(left, early)
        self.majors = player.token_count(tier="major")
        # What `of` asks again and again for the spaces of one exploration, by what it reads:
        # the hope by the tokens of each colour, the extras by VP, troops and major tokens.
        self.hopes: dict[tuple[int, int, int], float] = {}
        self.known_extras: dict[tuple[int, int, int], float] = {}
        self.extras = self._extras(player.vp, player.troops, self.majors)
        self.troop = TROOP + TROOP_EARLY * early
        self.minor, self.major = MINOR + MINOR_EARLY * early, MAJOR + MAJOR_EARLY * early
        self.hope = self._hope(self.red, self.blue, self.green) if left else 0.0

    def _hope(self, red: int, blue: int, green: int) -> float:
        key = (red, blue, green)
        hope = self.hopes.get(key)
        if hope is None:
            hope = self.hopes[key] = _prospects(self.player, self.early, red, blue, green)
        return hope

    def _extras(self, vp: int, troops: int, majors: int) -> float:
        key = (vp, troops, majors)
        extras = self.known_extras.get(key)
        if extras is None:
            extras = self.known_extras[key] = _extras(
                self.state, self.seat, vp, troops, majors, self.left
            )
        return extras

    def of(
        self, given: tuple[tuple[str, str], ...], drachma: int = 0, vp: int = 0, lost: int = 0
    ) -> float:
        """The worth the tokens `given` ((colour, tier) each), `drachma` and `vp` gained and
        `lost` troops add (drachmas paid are negative)."""
        player = self.player
        troops = player.troops
        gained = vp + drachma * self.drachma
        left_over = troops - lost if troops > lost else 0  # min and max spelled out
        gained -= ((troops if troops < 15 else 15) - (left_over if left_over < 15 else 15)) * (
            self.troop
        )
        red, blue, green = self.red, self.blue, self.green
        majors = self.majors
        for colour, tier in given:
            if colour == "red":
                red += 1
            elif colour == "blue":
                blue += 1
            else:
                green += 1
            if tier == "major":
                majors += 1
                gained += self.major + player.glory
            else:
                gained += self.minor
        if self.left:
            gained += self._hope(red, blue, green) - self.hope
        after = self._extras(player.vp + vp, left_over, majors)
        return gained + after - self.extras


def _prospects(player: Player, early: float, red: int, blue: int, green: int) -> float:
    """What the cards in hand and the next development may still bring: more the fewer
    knowledge tokens they lack (philosophy pairs stand in for some); `red`, `blue` and
    `green` are the seat's tokens of each colour. Remembered by what it reads: a playout
    asks it for every option of every decision, mostly of the same hands (a sixth of a
    playout's time before)."""
    spare = player.philosophy // rulings.PHILOSOPHY_PER_MISSING_TOKEN
    key = (tuple(player.hand), player.city, player.development, early, red, blue, green, spare)
    hope = _PROSPECTS.get(key)
    if hope is not None:
        return hope
    hope = 0.0
    card_hope = CARD_HOPE + CARD_HOPE_EARLY * early
    for card_id in player.hand:
        lacking = _lacking(CARDS[card_id].needs, red, blue, green) - spare
        hope += card_hope * READINESS[min(lacking, 3) if lacking > 0 else 0]
    if player.city and 1 <= player.development < 4:
        needs = CITIES[player.city].developments[player.development].needs
        lacking = _lacking(needs, red, blue, green) - spare
        hope += NEXT_DEVELOPMENT_HOPE * early * READINESS[min(lacking, 3) if lacking > 0 else 0]
    if len(_PROSPECTS) >= _PROSPECTS_KEPT:
        _PROSPECTS.clear()
    _PROSPECTS[key] = hope
    return hope


_PROSPECTS: dict[tuple[object, ...], float] = {}
_PROSPECTS_KEPT = 20_000  # entries, a few MB; cleared when full


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
