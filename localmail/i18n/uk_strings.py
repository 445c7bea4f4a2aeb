# ruff: noqa: E501
"""Ukrainian for the local mailbox's pages (the embedded default's developer tool)."""

UK = {
    "Write something to send: the number of your choice, say.": "Напишіть щось, наприклад номер свого вибору.",
    "A reply here holds at most %(count)d characters.": "Відповідь тут вміщує щонайбільше %(count)d символів.",
    "Only a recipient of this email can answer it.": "Відповісти на цей лист може лише його одержувач.",
    "Local mailbox": "Локальна пошта",
    "This server runs in the embedded default: the email it sends is kept here instead of going out. Open one to read it as the player does, and reply to it as they would from their mail program.": "Сервер працює у вбудованому режимі: листи, які він надсилає, зберігаються тут, а не йдуть назовні. Відкрийте лист, щоб прочитати його так, як гравець, і дайте відповідь, як із поштової програми.",
    "Mailboxes": "Скриньки",
    "Everyone": "Усі",
    "No email was sent yet.": "Жодного листа ще не надіслано.",
    "To %(address)s": "Для %(address)s",
    "Every email, newest first": "Усі листи, новіші вгорі",
    "Nothing here yet.": "Тут поки порожньо.",
    "From": "Від",
    "To": "Кому",
    "Reply to": "Відповідати на",
    "Sent": "Надіслано",
    "The email as a mail program shows it": "Лист так, як його показує поштова програма",
    "Plain-text version": "Текстова версія",
    "Reply as %(sender)s": "Відповісти як %(sender)s",
    "Your reply": "Ваша відповідь",
    "Write what a player would write: the number of an option, say. The original is quoted below your words, as a mail program does, and the reply goes through the game's own mail receiver.": "Напишіть те, що написав би гравець, наприклад номер варіанта. Під вашими словами буде цитата оригіналу, як у поштовій програмі, а відповідь пройде через поштовий приймач гри.",
    "Send the reply": "Надіслати відповідь",
    "Reply delivered to the game's mail server (it answered “%(answer)s”).": "Відповідь доставлено поштовому серверу гри (він відповів «%(answer)s»).",
    "The game's mail server refused the reply: “%(answer)s”.": "Поштовий сервер гри відхилив відповідь: «%(answer)s».",
}
