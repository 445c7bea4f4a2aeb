# ruff: noqa: E501
"""Ukrainian for play by email's own words: our answers to emailed replies and the answer
links' pages (`manage.py buildtranslations --fill`). Words the emails share (greeting,
"Open the game", the default) come from the emails' own catalog; the terms are the Ukrainian
rulebook's, as there ("варіант", "типовий вибір", "крок")."""

from notifications.i18n.uk_strings import GAME
from notifications.i18n.uk_strings import UK as EMAILS

UK = {
    # Table talk (chat/) by email.
    "Said at the table:": "Сказано за столом:",
    "Your message was not posted at the table: %(said_refused)s": "Ваше повідомлення не з'явилося за столом: %(said_refused)s",
    "To talk at the table, reply to an email of the game with a line that starts with “say:” or a quote mark: the rest goes to the game's chat. A number above it is played first.": "Щоб сказати щось за столом, відповідайте на лист гри рядком, що починається з «say:» (або «скажи:») чи з лапок: решта піде в чат гри. Номер над цим рядком буде зіграно першим.",
    **EMAILS,
    "Answer taken: %(option)s": "Відповідь прийнято: %(option)s",
    # Why a reply was not taken.
    "Your reply answered a question that is no longer open: it was answered already, or its deadline passed and the default was played. Nothing was played from this reply.": "Ваша відповідь стосувалася питання, яке вже закрите: на нього вже відповіли або його час минув і зіграно типовий вибір. За цією відповіддю нічого не зіграно.",
    "We found no option number in your reply, so nothing was played. Reply with the number of your choice alone, from 1 to %(count)s.": "У вашій відповіді немає номера варіанта, тож нічого не зіграно. Надішліть у відповідь лише номер свого вибору, від 1 до %(count)s.",
    "%(number)s is not one of the options, so nothing was played. Reply with a number from 1 to %(count)s.": "Варіанта %(number)s немає, тож нічого не зіграно. Надішліть у відповідь номер від 1 до %(count)s.",
    "%(number)s is not one of the options of your next question, so nothing more was played. Reply with a number from 1 to %(count)s.": "Серед варіантів вашого наступного питання немає %(number)s, тож більше нічого не зіграно. Надішліть у відповідь номер від 1 до %(count)s.",
    "%(number)s could not be played. %(reason)s": "Варіант %(number)s не вдалося зіграти. %(reason)s",
    # Our answer to a reply.
    "%(game_type_name)s: your answer in “%(game_name)s”": f"%(game_type_name)s: ваша відповідь у грі {GAME}",
    "Your answer in “%(game_name)s”": f"Ваша відповідь у грі {GAME}",
    "Taken: %(number)s. %(label)s": "Прийнято: %(number)s. %(label)s",
    "Taken: <strong>%(number)s. %(label)s</strong>": "Прийнято: <strong>%(number)s. %(label)s</strong>",
    "Not used: %(unused)s. Several numbers answer only the questions asked of you at once, within one step.": "Не використано: %(unused)s. Кілька номерів відповідають лише на питання, які вам ставлять одне за одним у межах одного кроку.",
    "You are asked again in the %(game_type_name)s game “%(game_name)s”.": f"У грі {GAME} вас питають знову.",
    "Here is where you are now in the %(game_type_name)s game “%(game_name)s”.": f"Ось що вас питають зараз у грі {GAME}.",
    "The %(game_type_name)s game “%(game_name)s” is over: nothing more can be decided. The final scores come (or came) in their own email.": f"Гру {GAME} завершено: більше нічого вирішувати не треба. Остаточний рахунок надійде (або вже надійшов) окремим листом.",
    "The %(game_type_name)s game “%(game_name)s” is over: nothing more can be decided. The final scores come (or came) in their own email; the game stays open to read:": f"Гру {GAME} завершено: більше нічого вирішувати не треба. Остаточний рахунок надійде (або вже надійшов) окремим листом; гру й далі можна переглянути:",
    "The %(game_type_name)s game “%(game_name)s” is closed: it takes no decisions any more.": f"Гру {GAME} закрито: рішень вона більше не приймає.",
    "Nothing is asked of you right now in the %(game_type_name)s game “%(game_name)s” (the game waits for %(names)s).": f"Зараз у грі {GAME} від вас нічого не потрібно (гра чекає на: %(names)s).",
    "Nothing is asked of you right now in the %(game_type_name)s game “%(game_name)s”.": f"Зараз у грі {GAME} від вас нічого не потрібно.",
    "This answers the email you sent to the Khôra server at %(site_url)s.": "Це відповідь на лист, який ви надіслали серверу Khôra на %(site_url)s.",
    # The answer link's page.
    "Confirm your answer": "Підтвердьте відповідь",
    "Answer taken": "Відповідь прийнято",
    "This answer link": "Посилання для відповіді",
    "This link does not work": "Це посилання не працює",
    "It was not made by this server, was cut or changed, or its game or player is gone. Open the latest email about your game, or the game itself.": "Його створив не цей сервер, його обрізано чи змінено, або його гри чи гравця вже немає. Відкрийте останній лист про вашу гру або саму гру.",
    "The game “<strong>%(game_name)s</strong>”, player <strong>%(player)s</strong>.": "Гра «<strong>%(game_name)s</strong>», гравець <strong>%(player)s</strong>.",
    "Your choice:": "Ваш вибір:",
    "Nothing is played until you press the button.": "Нічого не буде зіграно, доки ви не натиснете кнопку.",
    "Play this choice": "Зіграти цей вибір",
    "You played: <strong>%(option)s</strong>": "Ви зіграли: <strong>%(option)s</strong>",
    "This answer was not taken": "Цю відповідь не прийнято",
    "Nothing was played.": "Нічого не зіграно.",
    "This question is no longer open": "Це питання вже закрите",
    "It was answered already, or its deadline passed and the default was played. Nothing was played from this link.": "На нього вже відповіли, або його час минув і зіграно типовий вибір. За цим посиланням нічого не зіграно.",
    "This link has expired": "Строк дії посилання минув",
    "Its step's deadline has passed. Nothing was played from this link.": "Час на цей крок минув. За цим посиланням нічого не зіграно.",
    "The game is over": "Гру завершено",
    "“%(game_name)s” has ended: nothing more can be decided.": f"Гру {GAME} завершено: більше нічого вирішувати не треба.",
    "The game is closed": "Гру закрито",
    "“%(game_name)s” takes no decisions any more.": f"Гра {GAME} більше не приймає рішень.",
    "What you are asked now": "Що вас питають зараз",
    "Nothing is asked of you right now; we will write when it is your turn.": "Зараз від вас нічого не потрібно; ми напишемо, коли буде ваш хід.",
    # After an answer: the link is no log-in; how to play the rest.
    "See the table": "Переглянути стіл",
    "To play the rest": "Щоб грати далі",
    "A link in an email answers one question; each next question comes by email with its own links. To answer at the table, log in with your password or with a login link we email you.": "Посилання з листа відповідає на одне питання; кожне наступне питання приходить листом зі своїми посиланнями. Щоб відповідати за столом, увійдіть із паролем або за посиланням для входу, яке ми надішлемо вам листом.",
    "Choose here: each option opens its own page to confirm. The same question is in your inbox too.": "Оберіть тут: кожен варіант відкриває власну сторінку для підтвердження. Те саме питання є й у вашій пошті.",
    "A login link is on its way to your inbox.": "Посилання для входу вже надіслано на вашу пошту.",
    "Email me a login link": "Надіслати мені посилання для входу",
    "Log in": "Увійти",
    "This answer can only be sent from its own page on this site.": "Цю відповідь можна надіслати лише з її власної сторінки на цьому сайті.",
}

# A reply to the question of a pause (absences/).
UK.update(
    {
        "You agreed to the pause; it starts when every player has agreed.": "Ви погодились на паузу; вона почнеться, коли погодяться всі гравці.",
        "You agreed to the pause: every player has, so the game is paused now.": "Ви погодились на паузу: погодились усі гравці, тож гру вже призупинено.",
        "You declined the pause: the game goes on, and the others are told.": "Ви відхилили паузу: гра триває, а інших гравців повідомлено.",
        "We could not tell whether you agree to the pause: reply “yes” to agree or “no” to refuse.": "Нам не вдалося зрозуміти, чи ви згодні на паузу: відповідайте «так» (yes), щоб погодитися, або «ні» (no), щоб відмовитися.",
        "That pause is no longer proposed: nothing was changed.": "Цю паузу більше не пропонують: нічого не змінено.",
        "The email you answered asked no question, so no number in your reply was played: only a line that starts with “say:” goes to the table. What you are asked now is below, if anything; reply to this email to answer it.": "Лист, на який ви відповіли, нічого не питав, тож жоден номер із вашої відповіді не зіграно: за стіл іде лише рядок, що починається з «say:». Що вас питають зараз, якщо щось питають, — нижче; щоб відповісти, відповідайте на цей лист.",
    }
)
