"""Ratings and matchmaking: when a rating stops being provisional, how long queue entries and
rematch offers last, and how many queues a player waits in."""

from khora_site.settings.env import env_int

# Ratings (ratings/): a player's rating is provisional, and they are left off the leaderboard,
# until they have this many rated games of the type.
RATINGS_PROVISIONAL_GAMES = env_int("RATINGS_PROVISIONAL_GAMES", 5)
# Matchmaking (matchmaking/): a queue entry, and a rematch offer, ends unmatched after this many
# hours; a player waits in at most this many queues at once.
MATCHMAKING_ENTRY_HOURS = env_int("MATCHMAKING_ENTRY_HOURS", 72)
MATCHMAKING_MAX_ENTRIES = env_int("MATCHMAKING_MAX_ENTRIES", 5)
