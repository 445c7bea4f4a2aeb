"""Games: deadlines and the advance, the bots that play for absent players, holidays, pauses
and substitutes, the sweep and outages, and table talk."""

import os

from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.env import env_int

# Deadlines and the advance.
GAME_BOT_AFTER_MISSES = env_int("GAME_BOT_AFTER_MISSES", 3)
# The bot level (bots.LEVELS) that plays for an absent player once the ladder gives their seat
# to a bot. How much the `strong` level thinks about each decision: a count of playouts, so that
# its strength does not depend on how busy the worker is, and a wall-clock ceiling (seconds) it
# never passes, however few playouts it has made by then (kept under GAME_STUCK_SECONDS, past
# which the sweep would start a second advance to think alongside).
GAME_LADDER_BOT_LEVEL = os.environ.get("GAME_LADDER_BOT_LEVEL") or "standard"
try:
    GAME_STRONG_BOT_SECONDS = float(os.environ.get("GAME_STRONG_BOT_SECONDS") or 6.0)
except ValueError:
    GAME_STRONG_BOT_SECONDS = 0.0  # refused below
GAME_STRONG_BOT_PLAYOUTS = env_int("GAME_STRONG_BOT_PLAYOUTS", 80)
if (
    GAME_LADDER_BOT_LEVEL not in ("random", "standard", "strong")
    or not (0 < GAME_STRONG_BOT_SECONDS <= 60)
    or not (1 <= GAME_STRONG_BOT_PLAYOUTS <= 100_000)
):
    raise ImproperlyConfigured(
        "GAME_LADDER_BOT_LEVEL must be random, standard or strong, GAME_STRONG_BOT_SECONDS "
        "between 0 and 60, and GAME_STRONG_BOT_PLAYOUTS between 1 and 100000."
    )
GAME_ADVANCE_MAX_FAILURES = env_int("GAME_ADVANCE_MAX_FAILURES", 3)
# Long games among people (games/absences/): each player's yearly holiday bank, spent hour by hour
# while a deadline of theirs runs and they are away; at most so many days in a row per game
# (past it the ladder goes on); a pause by agreement of up to so many days, each player
# proposing so many a day in a game (each emails the others; 0: no limit); one nudge a day.
HOLIDAY_DAYS_PER_YEAR = env_int("HOLIDAY_DAYS_PER_YEAR", 14)
HOLIDAY_MAX_DAYS_IN_A_ROW = env_int("HOLIDAY_MAX_DAYS_IN_A_ROW", 7)
# A holiday the server started at a deadline (the player said nothing) holds a game at most so
# many days in a row: a player who vanished must not hold a table of people for a week.
HOLIDAY_AUTOMATIC_MAX_DAYS = env_int("HOLIDAY_AUTOMATIC_MAX_DAYS", 2)
PAUSE_MAX_DAYS = env_int("PAUSE_MAX_DAYS", 14)
PAUSE_PROPOSALS_PER_DAY = env_int("PAUSE_PROPOSALS_PER_DAY", 1)
NUDGE_EVERY_HOURS = env_int("NUDGE_EVERY_HOURS", 24)
# Substitute invitations in any 24 hours: made by one player, and emailed to one player from
# everyone (an invitation by email reaches someone who may not play with the inviter).
SUBSTITUTE_INVITES_PER_DAY = env_int("SUBSTITUTE_INVITES_PER_DAY", 10)
SUBSTITUTE_INVITE_EMAILS_PER_DAY = env_int("SUBSTITUTE_INVITE_EMAILS_PER_DAY", 3)
if (
    min(
        HOLIDAY_DAYS_PER_YEAR,
        HOLIDAY_MAX_DAYS_IN_A_ROW,
        HOLIDAY_AUTOMATIC_MAX_DAYS,
        PAUSE_PROPOSALS_PER_DAY,
    )
    < 0
    or min(
        PAUSE_MAX_DAYS,
        NUDGE_EVERY_HOURS,
        SUBSTITUTE_INVITES_PER_DAY,
        SUBSTITUTE_INVITE_EMAILS_PER_DAY,
    )
    < 1
):
    raise ImproperlyConfigured(
        "HOLIDAY_DAYS_PER_YEAR, HOLIDAY_MAX_DAYS_IN_A_ROW, HOLIDAY_AUTOMATIC_MAX_DAYS and "
        "PAUSE_PROPOSALS_PER_DAY must be 0 "
        "or more; PAUSE_MAX_DAYS, NUDGE_EVERY_HOURS, SUBSTITUTE_INVITES_PER_DAY and "
        "SUBSTITUTE_INVITE_EMAILS_PER_DAY at least 1."
    )
# The sweep re-enqueues a game still due an advance after GAME_STUCK_SECONDS (its task was
# lost: a killed worker, an emptied Redis); it runs every GAME_SWEEP_SECONDS.
GAME_SWEEP_SECONDS = env_int("GAME_SWEEP_SECONDS", 4)
GAME_STUCK_SECONDS = env_int("GAME_STUCK_SECONDS", 8)
# A gap this long between two minute ticks is an outage: deadlines that fell in it are
# extended by its length before any default is taken.
GAME_OUTAGE_SECONDS = env_int("GAME_OUTAGE_SECONDS", 180)
if min(GAME_SWEEP_SECONDS, GAME_STUCK_SECONDS, GAME_OUTAGE_SECONDS) < 1:
    raise ImproperlyConfigured(
        "GAME_SWEEP_SECONDS, GAME_STUCK_SECONDS and GAME_OUTAGE_SECONDS must be at least 1."
    )
# Table talk (chat/): a message's length, each player's rate (across games; 0 turns a limit
# off), how many messages the game page shows, and how many an email carries at most.
CHAT_MESSAGE_MAX_CHARS = env_int("CHAT_MESSAGE_MAX_CHARS", 1000)
CHAT_MESSAGES_PER_MINUTE = env_int("CHAT_MESSAGES_PER_MINUTE", 10)
CHAT_MESSAGES_PER_DAY = env_int("CHAT_MESSAGES_PER_DAY", 200)
CHAT_PAGE_MESSAGES = env_int("CHAT_PAGE_MESSAGES", 50)
CHAT_EMAIL_LINES = env_int("CHAT_EMAIL_LINES", 30)
