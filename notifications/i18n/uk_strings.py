# ruff: noqa: E501
"""Ukrainian for the emails' own words (the game's texts come from the engine in the same
language), in the terms of the Ukrainian rulebook ("ПО" for victory points, "драхми", "жетони
знань"). `manage.py buildtranslations --fill` writes these into notifications/locale; plural
entries list the four forms of Django's Ukrainian catalog (one, few, many, fractions)."""

from notifications.i18n.uk_khlor import KHLOR
from notifications.i18n.uk_table_say import TABLE_SAY

GAME = "«%(game_name)s»"

UK = {
    # Table talk (chat/) in the emails.
    "the hourly emails of what was said at the table": "щогодинні листи з тим, що сказали за столом",
    "To talk at the table, reply to an email of the game with a line that starts with “say:” or a quote mark: the rest goes to the game's chat. A number above it is played first.": "Щоб сказати щось за столом, відповідайте на лист гри рядком, що починається з «say:» (або «скажи:») чи з лапок: решта піде в чат гри. Номер над цим рядком буде зіграно першим.",
    "Said at the table since you last looked": "Що сказали за столом відтоді, як ви заглядали в гру",
    "Said at the table since you last looked (each message as its author wrote it, every line after “>”):": "Що сказали за столом відтоді, як ви заглядали в гру (кожне повідомлення так, як його написав автор, кожен рядок після «>»):",
    "%(author)s wrote:": "%(author)s пише:",
    "%(author)s (spectator) wrote:": "%(author)s (глядач) пише:",
    "<strong>%(author)s</strong> wrote:": "<strong>%(author)s</strong> пише:",
    "<strong>%(author)s</strong> (spectator) wrote:": "<strong>%(author)s</strong> (глядач) пише:",
    "(End of what was said at the table.)": "(Кінець того, що сказали за столом.)",
    (
        "… and %(earlier)s more before these (the game's page has them all)",
        "… and %(earlier)s more before these (the game's page has them all)",
    ): [
        "… і ще %(earlier)s повідомлення перед цими (на сторінці гри є всі)",
        "… і ще %(earlier)s повідомлення перед цими (на сторінці гри є всі)",
        "… і ще %(earlier)s повідомлень перед цими (на сторінці гри є всі)",
        "… і ще %(earlier)s повідомлення перед цими (на сторінці гри є всі)",
    ],
    "spectator": "глядач",
    "Said at the table in “%(game_name)s”": "Що сказали за столом гри «%(game_name)s»",
    "%(game_type_name)s: said at the table in “%(game_name)s”": "%(game_type_name)s: що сказали за столом гри «%(game_name)s»",
    "You chose to hear what is said at your games' tables, at most once an hour per game.": "Ви захотіли отримувати те, що кажуть за столами ваших ігор, не частіше ніж раз на годину для кожної гри.",
    "%(creator)s's game": "партія гравця %(creator)s",
    "deadline date\x04l j E Y": "l, j E Y",  # gettext's notation: context, EOT, message id
    "emails saying it is your turn": "листи про ваш хід",
    "reminders before a deadline": "нагадування перед кінцем часу",
    "emails when a game starts": "листи про початок гри",
    "emails when a game ends": "листи про кінець гри",
    "the daily digest": "щоденне зведення",
    "all email from the Khôra server": "усі листи від сервера Khôra",
    "%(day)s at %(time)s": "%(day)s о %(time)s",
    "You get this email because you play Khôra on %(site_url)s.": "Ви отримали цей лист, бо граєте в Khôra на %(site_url)s.",
    "You get this email because you play %(game_type_name)s on %(site_url)s.": "Ви отримали цей лист, бо граєте в %(game_type_name)s на %(site_url)s.",
    "Stop %(scope_label)s": "Більше не надсилати: %(scope_label)s",
    "Stop %(scope_label)s:": "Більше не надсилати: %(scope_label)s —",
    "Stop all email from us": "Більше не надсилати жодних листів",
    "Stop all email from us:": "Більше не надсилати жодних листів:",
    "Choose per kind (at once, in a daily digest, or never), quiet hours, your time zone and language": "Налаштувати листи кожного виду (одразу, у щоденному зведенні чи ніколи), тихі години, часовий пояс і мову",
    "Choose per kind (at once, in a daily digest, or never), quiet hours, your time zone and language:": "Налаштувати листи кожного виду (одразу, у щоденному зведенні чи ніколи), тихі години, часовий пояс і мову:",
    "Since you last looked": "Що сталося відтоді, як ви заглядали в гру",
    "Since you last looked:": "Що сталося відтоді, як ви заглядали в гру:",
    (
        "… and %(earlier)s more before these (the game's history has them all)",
        "… and %(earlier)s more before these (the game's history has them all)",
    ): [
        "… і ще %(earlier)s подія перед цими (усі — в історії гри)",
        "… і ще %(earlier)s події перед цими (усі — в історії гри)",
        "… і ще %(earlier)s подій перед цими (усі — в історії гри)",
        "… і ще %(earlier)s події перед цими (усі — в історії гри)",
    ],
    "What you are asked": "Ваше питання",
    "What you are asked:": "Ваше питання:",
    "Your options:": "Варіанти:",
    "(the default)": "(типовий вибір)",
    "To answer, reply to this email with the number of your choice, or open an option and confirm.": "Щоб відповісти, надішліть у відповідь на цей лист номер свого вибору або відкрийте варіант і підтвердьте.",
    "To answer, reply to this email with the number of your choice, or open its link and confirm.": "Щоб відповісти, надішліть у відповідь на цей лист номер свого вибору або відкрийте його посилання і підтвердьте.",
    "To answer, reply to this email with the number of your choice.": "Щоб відповісти, надішліть у відповідь на цей лист номер свого вибору.",
    "When you will be asked again at once (placing your second die, say), you may send the next numbers too, in order: “2 5”.": "Якщо одразу після цього вас спитають ще раз (скажімо, куди поставити другий кубик), можна надіслати й наступні номери, по порядку: «2 5».",
    "Answer by <strong>%(deadline_text)s</strong>.": "Відповідайте до: <strong>%(deadline_text)s</strong>.",
    "Answer by %(deadline_text)s.": "Відповідайте до: %(deadline_text)s.",
    "If no answer has arrived by then, the default is played for you: %(default)s": "Якщо до того часу відповіді не буде, за вас зіграють типовий вибір: %(default)s",
    "This step has no deadline.": "Цей крок не обмежено в часі.",
    "Open the game": "Відкрити гру",
    "Open the game:": "Відкрити гру:",
    "Answer over the API:": "Відповісти через API:",
    "%(vp)s VP on the score track + %(cards)s from politics cards + %(developments)s from developments + %(glory)s from glory × major knowledge tokens": "%(vp)s ПО на шкалі + %(cards)s за карти політики + %(developments)s за розвиток + %(glory)s за славу × великі жетони знань",
    ("tie-break: %(drachmas)s drachma left", "tie-break: %(drachmas)s drachmas left"): [
        "за нічиєї: залишилася %(drachmas)s драхма",
        "за нічиєї: залишилося %(drachmas)s драхми",
        "за нічиєї: залишилося %(drachmas)s драхм",
        "за нічиєї: залишилося %(drachmas)s драхми",
    ],
    "Where the game is: round %(round)s, %(phase)s phase.": "Де зараз гра: раунд %(round)s, фаза «%(phase)s».",
    "Where the game is: %(phase)s phase.": "Де зараз гра: фаза «%(phase)s».",
    "A bot now plays your seat in “%(game_name)s”": f"Тепер за вас у грі {GAME} грає бот",
    "%(game_type_name)s: a bot now plays your seat in “%(game_name)s”": f"%(game_type_name)s: тепер за вас у грі {GAME} грає бот",
    "Hello %(recipient)s,": "Вітаємо, %(recipient)s!",
    (
        "You missed %(missed)s deadline in a row in the %(game_type_name)s game “%(game_name)s”, so a bot now plays your seat whenever the other players have answered: the game goes on without waiting for you.",
        "You missed %(missed)s deadlines in a row in the %(game_type_name)s game “%(game_name)s”, so a bot now plays your seat whenever the other players have answered: the game goes on without waiting for you.",
    ): [
        f"Ви поспіль пропустили %(missed)s крайній строк у грі {GAME}, тож тепер за вас грає бот, щойно інші гравці відповіли: гра йде далі, не чекаючи на вас.",
        f"Ви поспіль пропустили %(missed)s крайні строки у грі {GAME}, тож тепер за вас грає бот, щойно інші гравці відповіли: гра йде далі, не чекаючи на вас.",
        f"Ви поспіль пропустили %(missed)s крайніх строків у грі {GAME}, тож тепер за вас грає бот, щойно інші гравці відповіли: гра йде далі, не чекаючи на вас.",
        f"Ви поспіль пропустили %(missed)s крайнього строку у грі {GAME}, тож тепер за вас грає бот, щойно інші гравці відповіли: гра йде далі, не чекаючи на вас.",
    ],
    "Take your seat back by answering any prompt": "Поверніть собі місце: дайте відповідь на будь-яке питання",
    "To take your seat back, answer any prompt:": "Щоб повернути собі місце, дайте відповідь на будь-яке питання:",
    "Until then you get no “your turn” emails or reminders for this game.": "Доти ви не отримуватимете листів «ваш хід» і нагадувань щодо цієї гри.",
    "Your daily Khôra summary": "Ваше щоденне зведення Khôra",
    ("Khôra: your daily summary (%(n)s update)", "Khôra: your daily summary (%(n)s updates)"): [
        "Khôra: ваше щоденне зведення (%(n)s новина)",
        "Khôra: ваше щоденне зведення (%(n)s новини)",
        "Khôra: ваше щоденне зведення (%(n)s новин)",
        "Khôra: ваше щоденне зведення (%(n)s новини)",
    ],
    "“%(game_name)s” is over": f"Гру {GAME} завершено",
    "%(game_type_name)s: “%(game_name)s” is over": f"%(game_type_name)s: гру {GAME} завершено",
    "The %(game_type_name)s game “%(game_name)s” is over. The final scores:": f"Гру {GAME} завершено. Остаточний рахунок:",
    (
        "%(game_type_name)s: “%(game_name)s” is over: you placed %(own_place)s of %(n)s",
        "%(game_type_name)s: “%(game_name)s” is over: you placed %(own_place)s of %(n)s",
    ): [
        f"%(game_type_name)s: гру {GAME} завершено, ваше місце — %(own_place)s з %(n)s",
    ]
    * 4,
    "Place": "Місце",
    "Player": "Гравець",
    "Points": "Очки",
    "(you)": "(ви)",
    ("%(total)s point", "%(total)s points"): [
        "%(total)s очко",
        "%(total)s очки",
        "%(total)s очок",
        "%(total)s очка",
    ],
    "Equal points are broken by the most drachmas left; players still equal share the place.": "За рівних очок вище той, у кого лишилося більше драхм; якщо й вони рівні, гравці ділять місце.",
    "Look back over the game": "Переглянути гру",
    "Look back over the game:": "Переглянути гру:",
    "“%(game_name)s” has started": f"Гра {GAME} почалася",
    "%(game_type_name)s: “%(game_name)s” has started": f"%(game_type_name)s: гра {GAME} почалася",
    "The %(game_type_name)s game “%(game_name)s” has started.": f"Гра {GAME} почалася.",
    "You lead %(city)s.": "Ви очолюєте місто %(city)s.",
    "Players:": "Гравці:",
    "The first answers are due by %(deadline_text)s.": "Перші відповіді — до: %(deadline_text)s.",
    "We will write when it is your turn.": "Ми напишемо, коли буде ваш хід.",
    ("%(hours)s hour left in “%(game_name)s”", "%(hours)s hours left in “%(game_name)s”"): [
        f"У грі {GAME} лишилася %(hours)s година",
        f"У грі {GAME} лишилося %(hours)s години",
        f"У грі {GAME} лишилося %(hours)s годин",
        f"У грі {GAME} лишилося %(hours)s години",
    ],
    (
        "%(game_type_name)s: %(hours)s hour left to answer in “%(game_name)s”",
        "%(game_type_name)s: %(hours)s hours left to answer in “%(game_name)s”",
    ): [
        f"%(game_type_name)s: на відповідь у грі {GAME} лишилася %(hours)s година",
        f"%(game_type_name)s: на відповідь у грі {GAME} лишилося %(hours)s години",
        f"%(game_type_name)s: на відповідь у грі {GAME} лишилося %(hours)s годин",
        f"%(game_type_name)s: на відповідь у грі {GAME} лишилося %(hours)s години",
    ],
    (
        "A reminder: the %(game_type_name)s game “%(game_name)s” still waits for your answer, and about %(hours)s hour remains.",
        "A reminder: the %(game_type_name)s game “%(game_name)s” still waits for your answer, and about %(hours)s hours remain.",
    ): [
        f"Нагадуємо: гра {GAME} досі чекає на вашу відповідь, а лишилася приблизно %(hours)s година.",
        f"Нагадуємо: гра {GAME} досі чекає на вашу відповідь, а лишилося приблизно %(hours)s години.",
        f"Нагадуємо: гра {GAME} досі чекає на вашу відповідь, а лишилося приблизно %(hours)s годин.",
        f"Нагадуємо: гра {GAME} досі чекає на вашу відповідь, а лишилося приблизно %(hours)s години.",
    ],
    "Your turn in “%(game_name)s”": f"Ваш хід у грі {GAME}",
    "It is your turn in the %(game_type_name)s game “%(game_name)s”.": f"Ваш хід у грі {GAME}.",
    "%(game_type_name)s: your turn in “%(game_name)s” (round %(round)s)": f"%(game_type_name)s: ваш хід у грі {GAME} (раунд %(round)s)",
    "%(game_type_name)s: your turn in “%(game_name)s”": f"%(game_type_name)s: ваш хід у грі {GAME}",
}
UK.update(TABLE_SAY)  # the table's say (games/absences/seat_votes.py), in a module of its own
UK.update(KHLOR)  # Khlor's table as text (notifications/khlor_board.py)
UK.update(
    {  # an option's price and needs, as the prompts list them (notifications/prompts.py)
        "%(cost)s dr.": "%(cost)s др.",
        "price\x04free": "безкоштовно",
        "%(count)s× %(colour)s": "%(count)s× %(colour)s",
        "needs %(tokens)s": "потрібно %(tokens)s",
    }
)
UK.update(
    {
        "Your deadline passed, so the default was played for you:": "Ваш час минув, тож за вас зіграно типовий вибір:",
        "%(game_type_name)s: your deadline passed in “%(game_name)s”: the default was played": f"%(game_type_name)s: ваш час у грі {GAME} минув, зіграно типовий вибір",
        "The default was played for you in “%(game_name)s”": f"За вас зіграно типовий вибір у грі {GAME}",
        "The %(game_type_name)s game “%(game_name)s” went on without waiting for you. Nothing is asked of you right now: we will write when it is your turn.": f"Гра {GAME} пішла далі, не чекаючи на вас. Зараз від вас нічого не потрібно: ми напишемо, коли буде ваш хід.",
    }
)
# The daily digest: what waits for the player now, then the news kept for it.
UK.update(
    {
        "Khôra: your daily summary: “%(game_name)s” waits for your answer": f"Khôra: щоденне зведення: гра {GAME} чекає на вашу відповідь",
        (
            "Khôra: your daily summary: %(n)s game waits for your answer",
            "Khôra: your daily summary: %(n)s games wait for your answer",
        ): [
            "Khôra: щоденне зведення: на вашу відповідь чекає %(n)s гра",
            "Khôra: щоденне зведення: на вашу відповідь чекають %(n)s гри",
            "Khôra: щоденне зведення: на вашу відповідь чекають %(n)s ігор",
            "Khôra: щоденне зведення: на вашу відповідь чекають %(n)s гри",
        ],
        "The %(game_type_name)s game “%(game_name)s” waits for your answer.": f"Гра {GAME} чекає на вашу відповідь.",
        (
            "%(n)s of your Khôra games waits for your answer.",
            "%(n)s of your Khôra games wait for your answer, the most urgent first.",
        ): [
            "На вашу відповідь чекає %(n)s ваша гра.",
            "На вашу відповідь чекають %(n)s ваші гри, спершу найтерміновіша.",
            "На вашу відповідь чекають %(n)s ваших ігор, спершу найтерміновіша.",
            "На вашу відповідь чекають %(n)s ваші гри, спершу найтерміновіша.",
        ],
        "This summary covers several games, so a reply to it could not tell which one you answer: open the link of your choice and confirm, or send the number of your choice to the game's own address, given with it.": "Це зведення охоплює кілька ігор, тож із відповіді на нього не видно, про яку гру йдеться: відкрийте посилання свого вибору й підтвердьте або надішліть номер свого вибору на адресу самої гри, наведену поруч із нею.",
        "To answer by email, send the number of your choice to %(address)s": "Щоб відповісти листом, надішліть номер свого вибору на адресу %(address)s",
        'To answer by email, send the number of your choice to <a href="mailto:%(address)s">%(address)s</a>': 'Щоб відповісти листом, надішліть номер свого вибору на адресу <a href="mailto:%(address)s">%(address)s</a>',
        "“%(game_name)s”": GAME,
        "Nothing waits for your answer right now.": "Зараз ніщо не чекає на вашу відповідь.",
        "News since your last summary": "Новини від минулого зведення",
        "News since your last summary:": "Новини від минулого зведення:",
    }
)

# The unsubscribe pages.
UK.update(
    {
        "Stop %(label)s?": "Припинити %(label)s?",
        "This stops %(label)s for the account <strong>%(username)s</strong>. Nothing has changed yet.": "Це припинить %(label)s для облікового запису <strong>%(username)s</strong>. Поки що нічого не змінено.",
        "Stop %(label)s": "Припинити %(label)s",
        "You can turn email back on at any time in your preferences, or with PATCH /api/v1/me/preferences/.": "Увімкнути листи знову можна будь-коли в налаштуваннях або через PATCH /api/v1/me/preferences/.",
        "Done": "Готово",
        "We will no longer send %(label)s to the account <strong>%(username)s</strong>.": "Ми більше не надсилатимемо %(label)s на обліковий запис <strong>%(username)s</strong>.",
        "This link is not valid": "Це посилання недійсне",
        "The unsubscribe link is incomplete or was changed, so nothing was done. Please use the link exactly as it appears at the bottom of one of our emails.": "Посилання для відписки неповне або змінене, тож нічого не зроблено. Скористайтеся посиланням точно таким, як унизу наших листів.",
    }
)

# Holidays, pauses and nudges (absences/): the Ukrainian rulebook has no words for these;
# "відпустка" (holiday) and "пауза" are the everyday ones.
UK.update(
    {
        "%(player)s is away until %(until_text)s (%(days_left)s days of holiday left).": "%(player)s у відпустці до %(until_text)s (залишилось днів відпустки: %(days_left)s).",
        "%(player)s is away until they answer (%(days_left)s days of holiday left).": "%(player)s у відпустці, доки не відповість (залишилось днів відпустки: %(days_left)s).",
        "The %(game_type_name)s game “%(game_name)s” waits for them: its deadline moves on while they are away, at most a few days in a row, then the game goes on without them.": "Гра %(game_type_name)s «%(game_name)s» чекає на гравця: поки його немає, термін відсувається, але не більше кількох днів поспіль, а далі гра йде без нього.",
        "%(player)s is away in “%(game_name)s”": "%(player)s у відпустці в грі «%(game_name)s»",
        "%(game_type_name)s: %(player)s is away in “%(game_name)s”": "%(game_type_name)s: %(player)s у відпустці в грі «%(game_name)s»",
        "%(player)s proposes pausing the %(game_type_name)s game “%(game_name)s” for %(days)s days. The pause starts when every player agrees; meanwhile no deadline runs.": "%(player)s пропонує призупинити гру %(game_type_name)s «%(game_name)s» на %(days)s дн. Пауза почнеться, коли погодяться всі гравці; доти жоден термін не спливає.",
        "Reply “yes” to this email to agree, or “no” to refuse.": "Відповідайте на цей лист «так» (yes), щоб погодитися, або «ні» (no), щоб відмовитися.",
        "Or answer on the game's page": "Або відповідайте на сторінці гри",
        "Or answer on the game's page:": "Або відповідайте на сторінці гри:",
        "Pause “%(game_name)s” for %(days)s days?": "Призупинити «%(game_name)s» на %(days)s дн.?",
        "%(game_type_name)s: pause “%(game_name)s” for %(days)s days?": "%(game_type_name)s: призупинити «%(game_name)s» на %(days)s дн.?",
        "Every player agreed: the %(game_type_name)s game “%(game_name)s” is paused for %(days)s days, until %(pause_ends_text)s. Its deadlines move on by the pause.": "Усі гравці погодились: гру %(game_type_name)s «%(game_name)s» призупинено на %(days)s дн., до %(pause_ends_text)s. Її терміни відсуваються на час паузи.",
        "%(player)s declined the pause of the %(game_type_name)s game “%(game_name)s”: the game goes on.": "%(player)s відхиляє паузу в грі %(game_type_name)s «%(game_name)s»: гра триває.",
        "%(player)s withdrew the proposed pause of the %(game_type_name)s game “%(game_name)s”: the game goes on.": "%(player)s відкликає пропозицію паузи в грі %(game_type_name)s «%(game_name)s»: гра триває.",
        "The pause of the %(game_type_name)s game “%(game_name)s” is over: its deadlines run again.": "Пауза в грі %(game_type_name)s «%(game_name)s» скінчилась: терміни знову йдуть.",
        "%(game_type_name)s: “%(game_name)s” is paused": "%(game_type_name)s: гру «%(game_name)s» призупинено",
        "%(game_type_name)s: no pause in “%(game_name)s”": "%(game_type_name)s: у грі «%(game_name)s» паузи не буде",
        "%(game_type_name)s: the pause of “%(game_name)s” is over": "%(game_type_name)s: пауза в грі «%(game_name)s» скінчилась",
        "%(player)s is waiting for your answer in “%(game_name)s”": "%(player)s чекає на вашу відповідь у грі «%(game_name)s»",
        "%(game_type_name)s: %(player)s is waiting for your answer in “%(game_name)s”": "%(game_type_name)s: %(player)s чекає на вашу відповідь у грі «%(game_name)s»",
        "%(player)s reminds you that the %(game_type_name)s game “%(game_name)s” waits for your answer to: %(prompt_text)s": "%(player)s нагадує, що гра %(game_type_name)s «%(game_name)s» чекає на вашу відповідь: %(prompt_text)s",
        "Answer on the game's page": "Відповісти на сторінці гри",
        "Answer on the game's page:": "Відповісти на сторінці гри:",
    }
)

# A substitute's invitation (absences/).
UK.update(
    {
        "%(player)s invites you to take over the seat of %(original)s in the %(game_type_name)s game “%(game_name)s”: a bot plays it while %(original)s is away. You would play it from its next prompt on, seeing what that seat sees.": "%(player)s запрошує вас зайняти місце гравця %(original)s у грі %(game_type_name)s «%(game_name)s»: поки %(original)s відсутній, за нього грає бот. Ви гратимете з наступного запитання, бачачи те, що бачить це місце.",
        "Take the seat": "Зайняти місце",
        "Take the seat:": "Зайняти місце:",
        "An invitation to take over a seat in a game": "Запрошення зайняти місце в грі",
        "%(game_type_name)s: an invitation to take over a seat in a game": "%(game_type_name)s: запрошення зайняти місце в грі",
        "invitations to take over a seat in someone else's game": "запрошення зайняти місце в чужій грі",
    }
)
