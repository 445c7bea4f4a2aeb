# ruff: noqa: E501
"""Ukrainian for the table talk's own words (chat/): the game page's chat section and why a
message was refused. `manage.py buildtranslations --fill` writes these into chat/locale;
plural entries list the four forms of Django's Ukrainian catalog (one, few, many, fractions)."""

UK = {
    "Table talk": "Розмова за столом",
    "Say something to the other spectators (the players read it once the game is over)": "Скажіть щось іншим глядачам (гравці прочитають це, коли гра скінчиться)",
    "Say something to the table": "Скажіть щось за столом",
    "Send": "Надіслати",
    "Log in to talk at the table.": "Увійдіть, щоб говорити за столом.",
    "Mute a player, for yourself": "Приглушити гравця (лише для себе)",
    "Unmute": "Знову чути",
    "Mute": "Приглушити",
    "You get an email of what is said at your games' tables, at most once an hour per game.": "Ви отримуєте листи з тим, що кажуть за столами ваших ігор, не частіше ніж раз на годину для кожної гри.",
    "What is said here comes in the emails you get anyway (your turn, reminders, digest).": "Те, що тут кажуть, приходить у листах, які ви й так отримуєте (ваш хід, нагадування, зведення).",
    "Stop these emails": "Більше не надсилати цих листів",
    "Email it to me, at most once an hour": "Надсилати мені листом, не частіше ніж раз на годину",
    "This game is private: only its players read its table talk.": "Це приватна гра: розмову за її столом читають лише її гравці.",
    "spectator": "глядач",
    "deleted by its author": "видалено автором",
    "hidden by the game's creator or staff": "приховано творцем гри або адміністрацією",
    "Delete": "Видалити",
    "Hide": "Приховати",
    "Nothing said yet.": "Ще ніхто нічого не сказав.",
    "There is no such game.": "Такої гри немає.",
    (
        "You are sending messages too fast; wait %(n)d second.",
        "You are sending messages too fast; wait %(n)d seconds.",
    ): [
        "Ви надсилаєте повідомлення надто часто; зачекайте %(n)d секунду.",
        "Ви надсилаєте повідомлення надто часто; зачекайте %(n)d секунди.",
        "Ви надсилаєте повідомлення надто часто; зачекайте %(n)d секунд.",
        "Ви надсилаєте повідомлення надто часто; зачекайте %(n)d секунди.",
    ],
    "The message is empty; write something to say.": "Повідомлення порожнє; напишіть, що хочете сказати.",
    "A message is at most %(n)d characters.": "Повідомлення має щонайбільше %(n)d символів.",
    "The message holds characters we cannot show; send plain text.": "У повідомленні є символи, яких ми не можемо показати; надішліть звичайний текст.",
    "This game is private: only its players talk at its table.": "Це приватна гра: за її столом говорять лише її гравці.",
    "You may not talk at this table.": "Вам не можна говорити за цим столом.",
    "Only its author may delete a message.": "Видалити повідомлення може лише його автор.",
    "Only the game's creator and staff may hide a message.": "Приховати повідомлення можуть лише творець гри й адміністрація.",
    "That message is not here.": "Такого повідомлення тут немає.",
    "Nobody by that name is at this table.": "За цим столом немає нікого з таким іменем.",
    "You cannot mute yourself.": "Себе приглушити не можна.",
}
