# ruff: noqa: E501
"""Ukrainian for the ratings' own words (ratings/): the player page and the leaderboard.
`manage.py buildtranslations --fill` writes these into ratings/locale; plural entries list the
four forms of Django's Ukrainian catalog (one, few, many, fractions)."""

UK = {
    "Leaderboard": "Рейтинг гравців",
    "Leaderboard: %(type)s": "Рейтинг гравців: %(type)s",
    (
        "Players with at least %(games)s rated game, by their cautious rating (the estimated skill less three times its uncertainty).",
        "Players with at least %(games)s rated games, by their cautious rating (the estimated skill less three times its uncertainty).",
    ): [
        "Гравці, що мають щонайменше %(games)s рейтингову гру, за обережним рейтингом (оцінка майстерності мінус три її невизначеності).",
        "Гравці, що мають щонайменше %(games)s рейтингові гри, за обережним рейтингом (оцінка майстерності мінус три її невизначеності).",
        "Гравці, що мають щонайменше %(games)s рейтингових ігор, за обережним рейтингом (оцінка майстерності мінус три її невизначеності).",
        "Гравці, що мають щонайменше %(games)s рейтингової гри, за обережним рейтингом (оцінка майстерності мінус три її невизначеності).",
    ],
    "Player": "Гравець",
    "Rating": "Рейтинг",
    "Games": "Ігри",
    "Nobody has played enough rated games yet.": "Поки що ніхто не зіграв досить рейтингових ігор.",
    "Your page": "Ваша сторінка",
    "Rating in %(type)s": "Рейтинг у %(type)s",
    ("after %(games)s rated game", "after %(games)s rated games"): [
        "після %(games)s рейтингової гри",
        "після %(games)s рейтингових ігор",
        "після %(games)s рейтингових ігор",
        "після %(games)s рейтингової гри",
    ],
    "provisional": "попередній",
    "The rating shown is cautious: the estimated skill less three times its uncertainty, so it rises as the games show more of the player.": "Показаний рейтинг обережний: оцінка майстерності мінус три її невизначеності, тож він зростає, коли ігри більше показують, як грає гравець.",
    "No rated game yet.": "Ще жодної рейтингової гри.",
    "In progress": "Тривають",
    "Finished": "Завершені",
    "Left to a bot or a substitute": "Залишені боту чи заміні",
    "Finish rate": "Частка доведених до кінця",
    "Recent games": "Останні ігри",
    "Game": "Гра",
    "Place": "Місце",
    "%(n)s players": "Гравців: %(n)s",
    "left (ranked last)": "вихід із гри (останнє місце)",
    "%(place)s of %(n)s": "%(place)s з %(n)s",
    "There is no such player.": "Такого гравця немає.",
    "Rating after each rated game, from %(first)s to %(last)s": "Рейтинг після кожної рейтингової гри, від %(first)s до %(last)s",
    "There is no such game type.": "Такої гри немає.",
}
