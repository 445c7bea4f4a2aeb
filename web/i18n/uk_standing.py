"""Ukrainian for the standing answers' sections (web/views/standing.py,
web/templates/web/partials/standing.html), in the glossary's terms."""

STANDING = {
    "Your standing answers": "Ваші постійні відповіді",
    "Standing answers for your new games": "Постійні відповіді для ваших нових партій",
    "The server gives these answers for you, as your own, when a prompt they fit is asked. "
    "Only you see them. The dice and the draft are answered as they are asked (everyone "
    "chooses in secret at once, so that tells only that you have chosen); a secret choice that "
    "depends on your cards (Legislation) is made at its deadline, so that nobody learns "
    "anything from when it was made.": "Сервер дає ці відповіді за вас, як ваші власні, "
    "коли постає запитання, якому вони підходять. Бачите їх лише ви. Кубики й відбір "
    "відповідаються одразу, щойно постає запитання (усі обирають таємно й водночас, тож це "
    "каже лише, що ви вже обрали); таємний вибір, що залежить від ваших карт "
    "(Законотворчість), робиться, коли спливає час на відповідь, щоб ніхто нічого не дізнався з "
    "того, коли його зроблено.",
    "cancelled: you roll more dice than the plan names tiles": (
        "скасовано: ви кидаєте більше кубиків, ніж план називає плиток"
    ),
    "Dice: my tiles, most wanted first (the first that fit are taken, highest die on the "
    "highest tile)": "Кубики: мої плитки дій, найбажаніші першими (беруться перші, що "
    "підходять; найвищий кубик на плитку з найвищим номером)",
    "Choice %(n)s": "Вибір %(n)s",
    "paying at most (citizens)": "платячи не більше (громадян)",
    "Draft: the first of these cards in the hand, else the first card offered": (
        "Відбір: перша з цих карт, що є на руці, інакше перша запропонована"
    ),
    "Dice: %(tiles)s, the first that fit within %(citizens)s citizens, highest die on the "
    "highest tile": "Кубики: %(tiles)s, перші, що вміщаються в %(citizens)s громадян; "
    "найвищий кубик на плитку з найвищим номером",
    "Draft: %(cards)s, the first in the hand, else the first card offered": (
        "Відбір: %(cards)s, перша, що є на руці, інакше перша запропонована"
    ),
    "Copied onto each of your games when it starts; change them there for one game.": (
        "Копіюються в кожну вашу партію, коли вона починається; для однієї партії змініть їх там."
    ),
    "active; answers given: %(n)s": "діє; відповідей дано: %(n)s",
    "cancelled: the track is at its top": "скасовано: вертикаль уже на найвищому рівні",
    "cancelled: that answer was not offered when the prompt came": (
        "скасовано: такої відповіді не було серед запропонованих, коли постало запитання"
    ),
    "cancelled": "скасовано",
    "used (log entry %(seq)s)": "використано (запис журналу %(seq)s)",
    "log entries %(seqs)s": "записи журналу %(seqs)s",
    "Dismiss": "Прибрати",
    "Citizens: pay for my tiles, the highest first; spend philosophy tokens for citizens "
    "only when they fall short (tokens always kept)": "Громадяни: платити за мої плитки, "
    "починаючи з найвищої; витрачати жетони філософії на громадян, лише коли громадян бракує "
    "(скільки жетонів завжди залишати)",
    "Citizens: pay for my tiles, the highest first; spend philosophy tokens for citizens "
    "only when they fall short (tokens always kept: %(keep)s)": "Громадяни: платити за мої "
    "плитки, починаючи з найвищої; витрачати жетони філософії на громадян, лише коли "
    "громадян бракує (жетонів, що завжди залишаються: %(keep)s)",
    "You have no standing answers.": "У вас немає постійних відповідей.",
    "Progress: move up": "Прогрес: піднятися вертикаллю",
    "when it costs at most (drachmas)": "якщо це коштує не більше (драхм)",
    "Add": "Додати",
    "Add a standing answer": "Додати постійну відповідь",
    "Always": "Завжди",
    "Exploration: the best space costing no troops, else none": (
        "Дослідження: найкраща комірка, що не коштує вояків, інакше жодної"
    ),
    "An achievement's reward: %(reward)s": "Нагорода за досягнення: %(reward)s",
    "Legislation: keep this card if it is drawn": (
        "Законотворчість: залишити цю карту, якщо її витягнуто"
    ),
    "The next prompt of its kind, answered ahead": "Наступне таке запитання, відповідь наперед",
    "Saved.": "Збережено.",
    "That standing answer is not valid.": "Така постійна відповідь недійсна.",
    "Standing answers are set while a game is played.": (
        "Постійні відповіді задають, поки партія триває."
    ),
    "Progress: move up %(track)s when it costs at most %(price)s drachmas": (
        "Прогрес: піднятися вертикаллю «%(track)s», якщо це коштує не більше %(price)s драхм"
    ),
    "Legislation: keep «%(card)s» if it is drawn (at the deadline)": (
        "Законотворчість: залишити «%(card)s», якщо її витягнуто (коли спливає час)"
    ),
    "Given ahead, the next one: %(answer)s": "Наперед, на наступне: %(answer)s",
    "Exploration: none": "Дослідження: не досліджувати",
    "Progress: no move": "Прогрес: не підніматися",
    "Progress: move up %(track)s": "Прогрес: піднятися вертикаллю «%(track)s»",
}
