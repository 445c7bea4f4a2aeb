"""Ukrainian for the first hour's remaining pieces (issue 49): how a
finished game ended for its player, the history's times and the exploration marks."""

FIRST_HOUR = {
    "place\x041st": "1-ше місце",
    "place\x042nd": "2-ге місце",
    "place\x043rd": "3-тє місце",
    "place\x044th": "4-те місце",
    "%(place)s of %(count)s, %(day)s": "%(place)s з %(count)s, %(day)s",
    "%(place)s of %(count)s (shared), %(day)s": "%(place)s з %(count)s (нічия), %(day)s",
    "an event's time, a date format\x04j M H:i": "j E H:i",
    "ended %(day)s": "завершено %(day)s",
}
