"""Every judgement call the engine makes where the sources disagree or are silent.

One place, one line each; docs/rules-notes.md explains why each value was chosen, and also
lists the calls that are simply how the code behaves, with no alternative to switch to
(card-played triggers on every route, the drachma tie-break).
"""

# Achievements (docs/rules-notes.md, section 1): checked only in phase G.
ACHIEVEMENT_THRESHOLDS = {
    "victory_points": 10,  # at least 10 VP on the score track
    "citizens": 12,  # citizen track level 12
    "troops": 6,  # troop track level 6
    "economy": 4,  # economy track level 4
    "politics": 3,  # 3 politics cards in play
}

# Action strengths (docs/rules-notes.md, section 1).
PHILOSOPHY_ACTION_TOKENS = 1
LEGISLATION_CITIZENS = 3
LEGISLATION_DRAW = 2  # draw 2, keep 1, the other to the bottom of the deck
TRADE_DRACHMAS_OVER_ECONOMY = 1  # trade gives economy level + 1 drachmas
MINOR_TOKEN_PRICE = 5
MILITARY_EXPLORATIONS = 1

# Philosophy tokens: 3 citizens each in the dice phase, 2 stand in for one missing knowledge
# token, 1 buys an extra progress level (still paid).
PHILOSOPHY_CITIZENS = 3
PHILOSOPHY_PER_MISSING_TOKEN = 2

# Central-track limits. Citizens and troops may exceed 15 only through the Legislation and
# Military actions' own gains; the rulebook's Mercenary Recruitment example caps a card's gain
# at 15 at once. Both are cut back to 15 at the end of the action phase.
CITIZENS_MAX = 15
TROOPS_MAX = 15
TAX_MAX = 10
GLORY_MAX = 10
PROGRESS_MAX = 7

# Persepolis: 15 troops needed, 15 lost (the YAML's first reading).
PERSEPOLIS_TROOPS_REQUIRED = 15
PERSEPOLIS_TROOPS_LOST = 15

# Blue 4/4 exploration space: the sources split (MK major, KO minor) and nothing settles it.
# The rulings (docs/rules-notes.md) say to take the reading the component data lists first,
# which is MK's major. (Symmetry with red and green, 6 minor and 5 major each, would need both
# blue 4/4 and blue 5/3 minor, and both sources say 5/3 is major; so symmetry cannot decide it
# either.)
# Blue ends with 4 minor and 7 major spaces.
BLUE_4_4_TIER = "major"

# Politics cards discarded by The Thirty Tyrants go to the bottom of the deck, like the card
# Legislation returns.
DISCARDS_TO_BOTTOM_OF_DECK = True

# Cost discounts stack, never below 0. Gradualism ("every track level") and an event's own
# discount apply wherever a level is paid; Corinth level 3's discount and Constructing the
# Mint's free economy level apply in the Progress phase (E) only, as their texts say, not to
# the levels The Rise of Persia and Military Victory offer in phase F (the rulings given to
# us; the component data's letter reads wider). `progress_phase_discount`,
# `progress_phase_free` in the content; `abilities.progress_price`.
PROGRESS_PRICE_FLOOR = 0

# Reformists and Corinth level 3 each allow "up to 2 levels in total" in one Progress phase
# without philosophy tokens; together they still allow 2, not 3 (the rulings given to us).
PROGRESS_LEVELS_WITHOUT_PHILOSOPHY = 2

# Miletus level 2: "Choose 2 Tracks and move up 1 level on each" (the rulebook prints the
# tile): two different tracks.
MILETUS_FREE_ADVANCES_DIFFERENT_TRACKS = True

# Growing Populations: a player whose dice total 4 or less gains 1 philosophy token.
GROWING_POPULATIONS_MAX_TOTAL = 4
GROWING_POPULATIONS_TOKENS = 1
