# ruff: noqa: E501
"""Ukrainian for the words of games' refusals (games.refusals) and what an unnamed game is
called (games.naming), in the terms of the Ukrainian rulebook. `manage.py buildtranslations --fill` writes these into the .po file."""

UK = {
    "That question has moved on.": "Це питання вже закрите.",
    "Nothing waits for you at the moment.": "Зараз ніщо на вас не чекає.",
    "The game is over; there is nothing left to decide.": "Гру завершено; вирішувати більше нічого.",
    "That choice is not one of the options.": "Такого варіанта немає.",
    "There is no sealed choice to change: everyone has chosen, or you have not yet.": "Немає прихованого вибору, який можна змінити: усі вже обрали, або ви ще ні.",
    "Only the players seated in this game can do that.": "Це можуть лише гравці цієї гри.",
    "Every seat of this game is taken.": "Усі місця в цій грі зайняті.",
    "You already have a seat in this game.": "Ви вже маєте місце в цій грі.",
    "The game has started; seats change only before the start.": "Гра почалася; місця змінюються лише до початку.",
    "Only the game's creator can start it.": "Почати гру може лише її творець.",
    # What every surface calls an unnamed game (games.naming).
    "%(creator)s's game": "партія гравця %(creator)s",
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
    "short day, a date format\x04j M": "j E",
}
