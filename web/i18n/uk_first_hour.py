"""Ukrainian for the first hour's remaining pieces (issue 49): a bot game's telling name, how a
finished game ended for its player, the history's times and the exploration marks."""

FIRST_HOUR = {
    ("%(creator)s vs %(count)d bot, %(day)s", "%(creator)s vs %(count)d bots, %(day)s"): [
        "%(creator)s проти %(count)d бота, %(day)s",
        "%(creator)s проти %(count)d ботів, %(day)s",
        "%(creator)s проти %(count)d ботів, %(day)s",
        "%(creator)s проти %(count)d бота, %(day)s",
    ],
    (
        "%(creator)s vs %(count)d strong bot, %(day)s",
        "%(creator)s vs %(count)d strong bots, %(day)s",
    ): [
        "%(creator)s проти %(count)d сильного бота, %(day)s",
        "%(creator)s проти %(count)d сильних ботів, %(day)s",
        "%(creator)s проти %(count)d сильних ботів, %(day)s",
        "%(creator)s проти %(count)d сильного бота, %(day)s",
    ],
    "place\x041st": "1-ше місце",
    "place\x042nd": "2-ге місце",
    "place\x043rd": "3-тє місце",
    "place\x044th": "4-те місце",
    "%(place)s of %(count)s, %(day)s": "%(place)s з %(count)s, %(day)s",
    "%(place)s of %(count)s (shared), %(day)s": "%(place)s з %(count)s (нічия), %(day)s",
    "short day, a date format\x04j M": "j E",
    "an event's time, a date format\x04j M H:i": "j E H:i",
    "ended %(day)s": "завершено %(day)s",
}
