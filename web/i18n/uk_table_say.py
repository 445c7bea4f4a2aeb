# ruff: noqa: E501
"""Ukrainian for the table's say on the game page and in the lobby (web/table_say.py, its
templates and views): the votes, the rules, the seat someone else plays. Merged into UK by
uk_strings.py; plural entries list the catalog's four forms (one, few, many, fractions)."""

TABLE_SAY = {
    "When a player is away": "Коли гравця немає",
    "Who plays your seat": "Хто грає на вашому місці",
    "A bot plays your seat since %(when)s.": "За вас грає бот від %(when)s.",
    "A bot plays your seat.": "За вас грає бот.",
    "The game goes on without waiting for you; take your seat back whenever you like.": "Гра триває, не чекаючи на вас; поверніть собі місце, коли забажаєте.",
    "Take my seat back": "Повернути собі місце",
    "%(name)s plays your seat as a substitute since %(when)s.": "%(name)s грає на вашому місці як заміна від %(when)s.",
    "%(name)s plays your seat as a substitute.": "%(name)s грає на вашому місці як заміна.",
    "It comes back to you when they leave it: then a bot keeps it for you until you answer.": "Місце повернеться до вас, коли заміна його залишить: тоді за вас гратиме бот, доки ви не відповісте.",
    "%(name)s's time to answer ran out on %(when)s.": "Час гравця %(name)s на відповідь вийшов %(when)s.",
    "Votes for a bot to play now: %(votes)s of %(needed)s needed.": "Голосів за те, щоб зараз грав бот: %(votes)s із потрібних %(needed)s.",
    "You voted; waiting for the others.": "Ви проголосували; чекаємо на інших.",
    "Let a bot play for %(name)s now": "Нехай за гравця %(name)s уже зараз грає бот",
    "The rules: holidays, missed deadlines, the table's vote": "Правила: відпустки, пропущені терміни, голосування за столом",
    (
        "Each player has %(hours)s hour to answer; then the option marked default is played for them.",
        "Each player has %(hours)s hours to answer; then the option marked default is played for them.",
    ): [
        "Кожен гравець має %(hours)s годину на відповідь; потім за нього зіграно варіант за замовчуванням.",
        "Кожен гравець має %(hours)s години на відповідь; потім за нього зіграно варіант за замовчуванням.",
        "Кожен гравець має %(hours)s годин на відповідь; потім за нього зіграно варіант за замовчуванням.",
        "Кожен гравець має %(hours)s години на відповідь; потім за нього зіграно варіант за замовчуванням.",
    ],
    (
        "A player who misses a deadline without having announced an absence goes on holiday automatically (if they have holiday left): the game waits for them at most %(days)s day in a row.",
        "A player who misses a deadline without having announced an absence goes on holiday automatically (if they have holiday left): the game waits for them at most %(days)s days in a row.",
    ): [
        "Гравець, який пропустив термін, не оголосивши відсутності, автоматично йде у відпустку (якщо вона ще лишилась): гра чекає на нього щонайбільше %(days)s день поспіль.",
        "Гравець, який пропустив термін, не оголосивши відсутності, автоматично йде у відпустку (якщо вона ще лишилась): гра чекає на нього щонайбільше %(days)s дні поспіль.",
        "Гравець, який пропустив термін, не оголосивши відсутності, автоматично йде у відпустку (якщо вона ще лишилась): гра чекає на нього щонайбільше %(days)s днів поспіль.",
        "Гравець, який пропустив термін, не оголосивши відсутності, автоматично йде у відпустку (якщо вона ще лишилась): гра чекає на нього щонайбільше %(days)s дня поспіль.",
    ],
    (
        "An absence announced ahead holds the game up to %(days)s day in a row, from the player's yearly holiday.",
        "An absence announced ahead holds the game up to %(days)s days in a row, from the player's yearly holiday.",
    ): [
        "Відсутність, оголошена заздалегідь, затримує гру до %(days)s дня поспіль, з річної відпустки гравця.",
        "Відсутність, оголошена заздалегідь, затримує гру до %(days)s днів поспіль, з річної відпустки гравця.",
        "Відсутність, оголошена заздалегідь, затримує гру до %(days)s днів поспіль, з річної відпустки гравця.",
        "Відсутність, оголошена заздалегідь, затримує гру до %(days)s дня поспіль, з річної відпустки гравця.",
    ],
    "Once a player's time to answer is up, on holiday or not, the other players at the table may vote to let a bot play the seat now. It takes a majority of the players present; each vote is in the game's log.": "Коли час гравця на відповідь вийшов, у відпустці він чи ні, інші гравці за столом можуть проголосувати, щоб на його місці вже зараз грав бот. Потрібна більшість присутніх гравців; кожен голос записано в журналі гри.",
    (
        "Without a vote, a bot takes the seat after %(misses)s missed deadline in a row.",
        "Without a vote, a bot takes the seat after %(misses)s missed deadlines in a row.",
    ): [
        "Без голосування бот займає місце після %(misses)s пропущеного терміну поспіль.",
        "Без голосування бот займає місце після %(misses)s пропущених термінів поспіль.",
        "Без голосування бот займає місце після %(misses)s пропущених термінів поспіль.",
        "Без голосування бот займає місце після %(misses)s пропущеного терміну поспіль.",
    ],
    "The player is told by email, and takes the seat back by answering any question or with the button on this page.": "Гравцеві повідомляють листом; він повертає собі місце, відповівши на будь-яке запитання або кнопкою на цій сторінці.",
    "Their time to answer is not up yet.": "Час цього гравця на відповідь ще не вийшов.",
    "The game is paused: nobody's time runs.": "Гру призупинено: нічий час не спливає.",
    "Only the players at the table can do that.": "Це можуть лише гравці за столом.",
    "No bot plays your seat: it is yours.": "За вас не грає бот: місце ваше.",
    "A substitute plays your seat; it comes back to you when they leave it.": "На вашому місці грає заміна; місце повернеться до вас, коли заміна його залишить.",
    "The game is not in progress.": "Гра зараз не триває.",
    "Your vote is counted: a bot plays the seat once most of the table agrees.": "Ваш голос враховано: бот гратиме на цьому місці, щойно більшість за столом погодиться.",
    "Your seat is yours again: no bot plays for you.": "Місце знову ваше: бот за вас не грає.",
    "Your seats others play": "Ваші місця, на яких грають інші",
    "a bot plays your seat since %(when)s": "за вас грає бот від %(when)s",
    "a bot plays your seat": "за вас грає бот",
    "%(name)s plays your seat as a substitute since %(when)s": "%(name)s грає на вашому місці як заміна від %(when)s",
    "%(name)s plays your seat as a substitute": "%(name)s грає на вашому місці як заміна",
    "It comes back to you when they leave it.": "Місце повернеться до вас, коли заміна його залишить.",
}
