# ruff: noqa: E501
"""Ukrainian for the matchmaking's own words (matchmaking/): the lobby's "Find me a game"
panel, a finished game's rematch panel and their messages. `manage.py buildtranslations --fill`
writes these into matchmaking/locale."""

UK = {
    # the form
    "Game": "Гра",
    "Players": "Гравці",
    "any number": "скільки завгодно",
    "Hours per step": "Годин на хід",
    "Table language": "Мова столу",
    "Rating band": "Межа рейтингу",
    "Only players whose rating is at most this far from yours; empty: anyone.": "Лише гравці, чий рейтинг відрізняється від вашого щонайбільше на стільки; порожньо: будь-хто.",
    # refusals
    "You already wait for a game like this one.": "Ви вже чекаєте на таку гру.",
    "You wait in %(n)d queues, the most one player may; leave one first.": "Черг, у яких ви чекаєте: %(n)d, а більше гравцеві не можна; спершу вийдіть з однієї.",
    "You have no such queue entry.": "У вас немає такого місця в черзі.",
    "That entry no longer waits.": "Це місце в черзі вже не чекає.",
    "Only the players of the game can ask for its rematch.": "Попросити про реванш можуть лише гравці цієї гри.",
    "A rematch is asked once the game is finished.": "Про реванш просять, коли гру закінчено.",
    # messages
    "No game was looked for: check the terms and try again.": "Гру не шукали: перевірте умови й спробуйте ще раз.",
    "Players found: your game has started.": "Гравців знайдено: вашу гру розпочато.",
    "You are in the queue; we will email you when the game starts.": "Ви в черзі; ми напишемо вам, коли гра почнеться.",
    "You left the queue.": "Ви вийшли з черги.",
    "Rematch asked: it starts when every player accepts.": "Реванш запропоновано: він почнеться, коли погодиться кожен гравець.",
    # the panels
    "Find me a game": "Знайдіть мені гру",
    "%(n)s players": "Гравців: %(n)s",
    "any number of players": "будь-яка кількість гравців",
    "%(hours)s h per step · %(lang)s": "%(hours)s год на хід · %(lang)s",
    "rating ± %(band)s": "рейтинг ± %(band)s",
    "waiting until %(when)s": "чекає до %(when)s",
    "Leave": "Вийти",
    "Not waiting in any queue. Say what you would like to play; the game starts as soon as enough players want the same.": "Ви не чекаєте в жодній черзі. Скажіть, у що хочете зіграти; гра почнеться, щойно досить гравців захочуть того ж.",
    "Rematch": "Реванш",
    "The rematch has started: to the new game": "Реванш почався: до нової гри",
    "Accepted:": "Погодилися:",
    "Accept the rematch": "Прийняти реванш",
    "Play again, same table": "Зіграти ще раз тим самим столом",
    "You accepted; the game starts when every player has.": "Ви погодилися; гра почнеться, коли погодиться кожен гравець.",
    "The same players and bots, options and step length; each player accepts.": "Ті самі гравці й боти, налаштування й час на хід; погоджується кожен гравець.",
}
