"""The rules page's prose (rulebook.py), in players' words, English and Ukrainian.

Short by design: the rulebook is the authority; this is what a player needs at the table,
and the rulings we play by (docs/rules-notes.md), in the Ukrainian rulebook's terms.
"""

from __future__ import annotations

RULES_TEXT: dict[str, dict[str, str]] = {
    "rules.title": {"en": "How Khôra is played here", "uk": "Як тут грають у Хору"},
    "rules.section.phases": {"en": "A round, phase by phase", "uk": "Раунд, фаза за фазою"},
    "rules.section.actions": {"en": "The seven actions", "uk": "Сім дій"},
    "rules.section.tracks": {
        "en": "Tracks, levels and rewards",
        "uk": "Вертикалі, рівні й нагороди",
    },
    "rules.section.cities": {"en": "Each city's developments", "uk": "Поліпшення кожного міста"},
    "rules.section.cards": {"en": "Politics cards", "uk": "Карти політики"},
    "rules.section.events": {"en": "Events", "uk": "Події"},
    "rules.section.exploration": {"en": "Exploration spaces", "uk": "Комірки дослідження"},
    "rules.section.scoring": {"en": "Scoring", "uk": "Підрахунок очок"},
    "rules.section.rulings": {"en": "Rulings we play by", "uk": "Наші тлумачення правил"},
    # phases
    "rules.phase.event_announcement": {
        "en": "The round's event is revealed; it is resolved later, in the event phase.",
        "uk": "Відкривають подію раунду; її звершують пізніше, у фазі звершення події.",
    },
    "rules.phase.tax": {
        "en": "Each player gains drachmas equal to their Tax level.",
        "uk": "Кожен гравець отримує стільки драхм, скільки становить його рівень Податків.",
    },
    "rules.phase.dice": {
        "en": "Roll your dice and, in secret, put one action tile on each die. A tile numbered "
        "above its die costs the difference in citizens; a tile you cannot pay is set aside. "
        "The lowest total starts.",
        "uk": "Киньте кубики й таємно покладіть на кожен кубик плитку дії. Плитка з номером, "
        "більшим "
        "за кубик, коштує різницю в громадянах; плитку, за яку нічим заплатити, відкладають. "
        "Починає той, у кого найменша сума.",
    },
    "rules.phase.actions": {
        "en": "The tiles are taken in number order, 0 to 6 (the same number in turn order). "
        "Citizens and troops may pass 15 during this phase and are cut to 15 at its end.",
        "uk": "Плитки виконують за номерами, від 0 до 6 (однакові — за порядком ходу). Громадян "
        "і вояків може бути більше 15 під час цієї фази; наприкінці фази надлишок понад 15 "
        "втрачається.",
    },
    "rules.phase.progress": {
        "en": "You may pay drachmas to move up one track by one level (up to 2 with "
        "Reformists or Corinth 3, and one more per philosophy token).",
        "uk": "Можна заплатити драхми й піднятися однією вертикаллю на 1 рівень (до 2 — завдяки "
        "«Реформаторам» чи поліпшенню 3 Коринфу, і ще на 1 за кожен жетон філософії).",
    },
    "rules.phase.event_resolution": {
        "en": "The event revealed at the start of the round takes effect.",
        "uk": "Подія, відкрита на початку раунду, набуває чинності.",
    },
    "rules.phase.achievements": {
        "en": "Whoever first reaches an achievement's goal (10 VP, 12 citizens, 6 troops, "
        "economy 4, 3 cards in play) takes +1 tax or +1 glory; several at once each take "
        "+1 glory.",
        "uk": "Хто перший досяг мети досягнення (10 ПО, 12 громадян, 6 вояків, 4-й рівень "
        "Економіки, 3 карти в грі), бере +1 до Податків або +1 до Слави; кілька гравців "
        "водночас — кожен +1 до Слави.",
    },
    # actions
    "rules.action.0": {
        "en": "Gain 1 philosophy token. Spend one for 3 citizens in the dice phase, two in place "
        "of a missing knowledge token in a Politics or Development action, or one for an extra "
        "progress level.",
        "uk": "Отримайте 1 жетон філософії. Один дає 3 громадян у фазі кубиків, два замінюють "
        "жетон знання, якого бракує, під час дії «Політика» або «Поліпшення», один — "
        "додатковий рівень прогресу.",
    },
    "rules.action.1": {
        "en": "Gain 3 citizens, then draw 2 politics cards from the deck: keep 1, put the other "
        "at the bottom.",
        "uk": "Отримайте 3 громадян, потім візьміть 2 карти політики зі стосу: одну залиште, "
        "другу покладіть під низ стосу.",
    },
    "rules.action.2": {
        "en": "Gain VP equal to your Culture level.",
        "uk": "Отримайте стільки ПО, скільки становить ваш рівень Культури.",
    },
    "rules.action.3": {
        "en": "Gain drachmas equal to your Economy level + 1; then you may buy one minor "
        "knowledge token for 5 drachmas.",
        "uk": "Отримайте драхми: рівень Економіки + 1; потім можна купити один жетон звичайного "
        "знання за 5 драхм.",
    },
    "rules.action.4": {
        "en": "Gain troops equal to your Military level, then you may explore one space you "
        "have the troops for (you lose the troops it shows). This is the only way to explore.",
        "uk": "Отримайте стільки вояків, скільки становить ваш рівень Військової сили, потім можна "
        "дослідити одну комірку, на яку вистачає вояків (ви втрачаєте вказаних на ній "
        "вояків). Інакше досліджувати не можна.",
    },
    "rules.action.5": {
        "en": "Play one politics card from your hand: pay its drachmas and own the knowledge "
        "tokens it shows (tokens are not spent).",
        "uk": "Розіграйте одну карту політики з руки: заплатіть її драхми й майте вказані жетони "
        "знання (жетони не витрачаються).",
    },
    "rules.action.6": {
        "en": "Unlock your city's next development: pay its drachmas and own the knowledge "
        "tokens it shows. Without them the action does nothing.",
        "uk": "Розблокуйте наступне поліпшення свого міста: заплатіть його драхми й майте "
        "вказані жетони знання. Без них дія нічого не дає.",
    },
    "rules.free_action": {
        "en": "A “free” action (a development or card that grants one) is taken without a die "
        "and without paying citizens.",
        "uk": "«Безплатну» дію (її дає поліпшення чи карта) виконують без кубика й без оплати "
        "громадянами.",
    },
    "rules.tracks.intro": {
        "en": "Level: its price in drachmas, then what entering it gives. Tax and Glory stop at "
        "10, citizens and troops at 15, the three tracks at 7: a gain beyond is lost.",
        "uk": "Рівень: його ціна в драхмах, далі що він дає. Податки й Слава — не більше 10, "
        "громадяни й вояки — не більше 15, три вертикалі — не вище 7: надлишок втрачено.",
    },
    "rules.level": {
        "en": "level {level}: {price} — {reward}",
        "uk": "рівень {level}: {price} — {reward}",
    },
    "rules.development": {
        "en": "level {level}: {cost}; {needs} — {text}",
        "uk": "рівень {level}: {cost}; {needs} — {text}",
    },
    "rules.card": {"en": "{cost}; {needs} — {text}", "uk": "{cost}; {needs} — {text}"},
    "rules.needs": {"en": "needs {tokens}", "uk": "потрібно: {tokens}"},
    "rules.needs_none": {"en": "no knowledge tokens needed", "uk": "жетони знання не потрібні"},
    "rules.space_title.red": {"en": "Red {required}/{lost}", "uk": "Червона {required}/{lost}"},
    "rules.space_title.blue": {"en": "Blue {required}/{lost}", "uk": "Синя {required}/{lost}"},
    "rules.space_title.green": {
        "en": "Green {required}/{lost}",
        "uk": "Зелена {required}/{lost}",
    },
    "rules.space": {"en": "{offer}; you lose {lost}", "uk": "{offer}; ви втрачаєте {lost}"},
    "rules.scoring": {
        "en": "At the end of round 9: your VP, plus your end-game cards and developments, plus "
        "Glory × your major knowledge tokens. A tie goes to the most drachmas.",
        "uk": "Наприкінці 9-го раунду: ваші ПО, плюс карти й поліпшення кінця гри, плюс Слава × "
        "ваші жетони увінчаного знання. За нічиєї перемагає той, хто має більше драхм.",
    },
    "rules.ruling.philosophy": {
        "en": "Philosophy tokens stand in for knowledge tokens only during a Politics or "
        "Development action of the Action phase: not when Prosperity lets you play a card, "
        "not in the extra action of Conquest of the Persians.",
        "uk": "Жетони філософії замінюють жетони знання лише під час дії «Політика» або "
        "«Поліпшення» у фазі дій: не тоді, коли «Процвітання» дає розіграти карту, і не в "
        "додатковій дії події «Завоювання Персії».",
    },
    "rules.ruling.caps": {
        "en": "Only the Legislation and Military actions may take citizens and troops past 15; "
        "the excess is cut at the end of the Action phase. A card or development stops at 15.",
        "uk": "Лише дії «Законотворчість» і «Війна» можуть дати понад 15 громадян і вояків; "
        "надлишок зникає наприкінці фази дій. Карта чи поліпшення зупиняються на 15.",
    },
    "rules.ruling.one_token": {
        "en": "A knowledge token is never spent: a card or development only checks you own "
        "enough of each colour. Trade buys at most one minor token per action.",
        "uk": "Жетон знання ніколи не витрачається: карта чи поліпшення лише перевіряють, чи "
        "маєте ви досить жетонів кожного кольору. «Торгівля» купує щонайбільше один жетон "
        "звичайного знання за дію.",
    },
    "rules.ruling.free_advances": {
        "en": "A free level from a card or a development (Peripteros, Rivalry, Argos 3, "
        "Olympia 3, Miletus 2) stays free and still gives the level's reward.",
        "uk": "Безплатний рівень від карти чи поліпшення (Периптер, Суперництво, Аргос 3, "
        "Олімпія 3, Мілет 2) лишається безплатним і теж дає нагороду цього рівня.",
    },
    "rules.ruling.progress_phase_only": {
        "en": "Corinth 3's discount and Constructing the Mint's free economy level act in the "
        "Progress phase only: the level The Rise of Persia or Military Victory offers is paid "
        "without them (2 drachmas off, and Gradualism, still count).",
        "uk": "Знижка поліпшення 3 Коринфу й безплатний рівень економіки від карти «Будівництво "
        "монетного двору» діють лише у фазі прогресу: рівень, який дає «Піднесення Персії» чи "
        "«Військова перемога», оплачують без них (знижка на 2 драхми й «Поступовість» "
        "діють і тоді).",
    },
    "rules.ruling.progress_levels": {
        "en": "Reformists and Corinth 3 each allow up to 2 levels in one Progress phase; "
        "together still 2. Further levels take a philosophy token each (and are paid).",
        "uk": "«Реформатори» і поліпшення 3 Коринфу дозволяють піднятися щонайбільше на 2 рівні "
        "за фазу прогресу; разом — теж на 2. Кожен наступний рівень потребує жетона філософії "
        "(і його теж оплачують).",
    },
    "rules.ruling.ties": {
        "en": "Events for the most or fewest troops apply to every tied player; if all are tied, "
        "each is both most and fewest.",
        "uk": "Події для того, хто має найбільше чи найменше вояків, стосуються кожного з "
        "рівних; якщо рівні всі, кожен — і найбільший, і найменший.",
    },
    "rules.open": {"en": "Rules", "uk": "Правила"},
    "rules.none": {"en": "none", "uk": "нічого"},
    "rules.free": {"en": "free", "uk": "безплатно"},
}
