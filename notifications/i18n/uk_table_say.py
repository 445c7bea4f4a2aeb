# ruff: noqa: E501
"""Ukrainian for the emails of the table's say (games/absences/seat_votes.py): a bot plays a
player's seat by the others' vote. Merged into UK by uk_strings.py."""

GAME = "«%(game_name)s»"

TABLE_SAY = {
    "Your time to answer ran out in the %(game_type_name)s game “%(game_name)s”, and the other players at the table (%(names)s) voted to let a bot play your seat now: it plays whenever they have answered, so the game goes on without waiting for you.": f"Ваш час на відповідь у грі {GAME} вийшов, і інші гравці за столом (%(names)s) проголосували, щоб за вас уже зараз грав бот: він грає щоразу, коли вони відповіли, тож гра йде далі, не чекаючи на вас.",
    "In the game's log its moves are marked as a bot's, played for you.": "У журналі гри його ходи позначено як ходи бота, зіграні за вас.",
}
