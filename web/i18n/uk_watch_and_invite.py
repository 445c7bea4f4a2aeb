# ruff: noqa: E501
"""Ukrainian for the games to watch in the lobby and for what the table's forms confirm (a
nudge, an invitation to substitute, sent to a username) (issue 42, part A)."""

WATCH_AND_INVITE = {
    # The lobby's games to watch.
    "Games in progress to watch": "Ігри, за якими можна спостерігати",
    "Watch": "Дивитися",
    "No game in progress to watch right now.": "Зараз немає ігор, за якими можна спостерігати.",
    # The invitation to substitute: made, emailed to a username, listed on the page.
    "Their username (optional: we email them the link)": "Ім'я гравця (необов'язково: ми надішлемо йому посилання листом)",
    "Make the invitation": "Створити запрошення",
    "Invitation sent to %(name)s by email; the link is below to pass on too.": "Запрошення надіслано гравцеві %(name)s листом; посилання нижче, його можна й передати самому.",
    "Invitation made: send the link below to the player who will take the seat.": "Запрошення створено: надішліть посилання нижче гравцеві, який займе місце.",
    "Your invitation to play for %(name)s, emailed to %(invitee)s:": "Ваше запрошення грати за %(name)s, надіслане гравцеві %(invitee)s:",
    "Your invitation to play for %(name)s: pass this link on": "Ваше запрошення грати за %(name)s: передайте це посилання",
    "There is no player of that name.": "Гравця з таким ім'ям немає.",
    "That player cannot be sent another invitation today. Make the link without a name and pass it on yourself, or try again tomorrow.": "Цьому гравцеві сьогодні більше не можна надіслати запрошення. Створіть посилання без імені й передайте його самі або спробуйте завтра.",
}
