# ruff: noqa: E501
"""Ukrainian for the accounts app's own words (`manage.py buildtranslations --fill`): the
password validator's reasons, shown on the sign-up page and in the API's weak_password."""

UK = {
    "This password is a repeated character, a run such as “abcdef” or “123456”, or a short pattern repeated: choose one that is harder to guess.": "Цей пароль — повторений символ, послідовність на кшталт «abcdef» чи «123456» або короткий повторений шаблон: виберіть такий, який важче вгадати.",
    "Your password can’t be one character repeated, a run or a repeated pattern.": "Пароль не може бути одним повтореним символом, послідовністю чи повтореним шаблоном.",
    "Invalid token.": "Недійсний токен.",
}
