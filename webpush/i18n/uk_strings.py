# ruff: noqa: E501
"""Ukrainian for push's own words (webpush/): the preferences page's push section and the pushes
themselves. `manage.py buildtranslations --fill` writes these into webpush/locale."""

UK = {
    "%(game)s is over: see the final scores.": "«%(game)s» завершено: подивіться підсумкові очки.",
    "Your turn in %(game)s.": "Ваш хід у грі «%(game)s».",
    "New words at the table of %(game)s.": "Нові слова за столом гри «%(game)s».",
    "another player writes at the table (at most once an hour per game)": "інший гравець пише за столом (щонайбільше раз на годину для кожної гри)",
    "Push notifications": "Push-сповіщення",
    "A notification on this device when it is your turn or a game ends, even with the site closed. Each comes by email as chosen above, by push as chosen here, or both: to get push only, turn that email off above.": "Сповіщення на цьому пристрої, коли ваш хід або гра завершилася, навіть коли сайт закрито. Кожне приходить листом, як вибрано вище, push-сповіщенням, як вибрано тут, або обома способами: щоб отримувати лише push, вимкніть цей лист вище.",
    "Push notifications are not set up on this server: use email.": "Push-сповіщення на цьому сервері не налаштовано: користуйтеся поштою.",
    "%(device)s stopped answering: its push service said it is gone (%(when)s), so we removed it. Enable push on it again if you still use it.": "%(device)s перестав відповідати: його push-сервіс повідомив, що підписки більше немає (%(when)s), тож ми його вилучили. Увімкніть push на ньому знову, якщо ще ним користуєтеся.",
    "Dismiss": "Закрити",
    "Enable push on this device": "Увімкнути push на цьому пристрої",
    "Notifications are blocked for this site: allow them in your browser settings, then try again.": "Сповіщення для цього сайту заблоковано: дозвольте їх у налаштуваннях браузера й спробуйте знову.",
    "This browser cannot receive push notifications.": "Цей браузер не може отримувати push-сповіщення.",
    "Push could not be enabled here; email still reaches you.": "Не вдалося ввімкнути push тут; листи й далі надходять.",
    "Push is on for this device.": "Push на цьому пристрої ввімкнено.",
    "Push when": "Надсилати push, коли",
    "it is your turn": "ваш хід",
    "a game ends": "гра завершується",
    "Save push choices": "Зберегти вибір push",
    "Saved.": "Збережено.",
    "Devices": "Пристрої",
    "This device stopped answering: pushes to it fail.": "Цей пристрій перестав відповідати: push-сповіщення до нього не доходять.",
    "last reached %(when)s": "востаннє доставлено %(when)s",
    "nothing pushed yet": "ще нічого не надіслано",
    "Remove": "Вилучити",
    "No device receives push yet.": "Жоден пристрій ще не отримує push.",
}
