# ruff: noqa: E501
"""Ukrainian for the first hour's words (issue 49): the rules page's goal and short tour, and
the links to them from the front page and the lobby."""

ACCESS = {
    "How do I win?": "Як перемогти?",
    "Have the most victory points (VP) when round 9 ends. You earn them during the game, from actions, cards, events, achievements and the tracks' rewards, and at its end: your end-game cards and developments, plus your glory times your major knowledge tokens. A tie goes to the most drachmas.": "Мати найбільше переможних очок (ПО), коли закінчиться 9-й раунд. Ви отримуєте їх під час гри — за дії, карти, події, досягнення та нагороди шкал — і наприкінці: за карти й поліпшення, що рахуються в кінці гри, а також славу, помножену на ваші великі жетони знання. За нічиєї перемагає той, у кого більше драхм.",
    "A short tour": "Коротка екскурсія",
    "Each round asks you a few questions: which card to keep, which action tile to put on each die, what to do with an action, which track to raise. The question is at the top of the game page; answer with one of its buttons.": "Кожен раунд ставить вам кілька запитань: яку карту залишити, яку плитку дії покласти на кожен кубик, що робити з дією, яку шкалу підняти. Запитання — вгорі сторінки гри; відповідайте однією з його кнопок.",
    "If your time runs out, the option marked default is chosen for you, so a game never stalls. A sealed choice can be changed until the others have chosen.": "Якщо ваш час вичерпається, за вас буде обрано варіант, позначений «типово», тож гра ніколи не зупиняється. Прихований вибір можна змінити, доки інші ще обирають.",
    "Below the question: your cards, every city with its tracks and resources, the board, and what happened, newest first. We email you when it is your turn, and you can answer from the email.": "Під запитанням: ваші карти, кожне місто з його шкалами й ресурсами, поле та що сталося, найновіше першим. Коли настає ваш хід, ми надсилаємо вам лист, і відповісти можна прямо з нього.",
    "Each question links to the rule it asks about. Every phase, action, card and event is explained below.": "Кожне запитання посилається на правило, про яке воно. Кожну фазу, дію, карту й подію пояснено нижче.",
    "Contents": "Зміст",
    "How to play": "Як грати",
    "New to Khôra? How to win, and a short tour": "Вперше граєте в Хору? Як перемогти, і коротка екскурсія",
}
