"""Every engine text that is not a component's name or text: message id -> English, Ukrainian.

A template names its parameters in braces: `{seat}`; `{count:card}` renders a number with the
noun in the plural form the number needs (NOUNS). Ukrainian terms follow the Ukrainian
rulebook (Ukrainian edition): фази, дії, вертикалі, жетони знання (звичайне / увінчане
знання), громадяни, вояки, слава, податки, драхми, переможні очки.
"""

from __future__ import annotations

# noun -> language -> forms by plural category: English (one, other); Ukrainian (one, few,
# many). Ukrainian forms are those a count takes where the sentences use them: nominative,
# except `card`, which is always the object of its verb (accusative: "тягне 1 карту").
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "drachma": {"en": ("drachma", "drachmas"), "uk": ("драхма", "драхми", "драхм")},
    "vp": {
        "en": ("VP", "VP"),
        "uk": ("переможне очко", "переможні очки", "переможних очок"),
    },
    "citizen": {"en": ("citizen", "citizens"), "uk": ("громадянин", "громадяни", "громадян")},
    "troop": {"en": ("troop", "troops"), "uk": ("вояк", "вояки", "вояків")},
    "philosophy": {
        "en": ("philosophy token", "philosophy tokens"),
        "uk": ("жетон філософії", "жетони філософії", "жетонів філософії"),
    },
    "knowledge": {
        "en": ("knowledge token", "knowledge tokens"),
        "uk": ("жетон знання", "жетони знання", "жетонів знання"),
    },
    "card": {
        "en": ("politics card", "politics cards"),
        "uk": ("карту політики", "карти політики", "карт політики"),
    },
    "level": {"en": ("level", "levels"), "uk": ("рівень", "рівні", "рівнів")},
    # object (accusative) and genitive forms, where a sentence needs them
    "drachma_acc": {"en": ("drachma", "drachmas"), "uk": ("драхму", "драхми", "драхм")},
    "citizen_acc": {"en": ("citizen", "citizens"), "uk": ("громадянина", "громадян", "громадян")},
    "troop_acc": {"en": ("troop", "troops"), "uk": ("вояка", "вояків", "вояків")},
    "troop_gen": {"en": ("troop", "troops"), "uk": ("вояка", "вояків", "вояків")},
    "philosophy_acc": {
        "en": ("philosophy token", "philosophy tokens"),
        "uk": ("жетон філософії", "жетони філософії", "жетонів філософії"),
    },
    "philosophy_gen": {
        "en": ("philosophy token", "philosophy tokens"),
        "uk": ("жетона філософії", "жетонів філософії", "жетонів філософії"),
    },
    "missing_token": {
        "en": ("missing knowledge token", "missing knowledge tokens"),
        "uk": ("відсутнього жетона знання", "відсутніх жетонів знання", "відсутніх жетонів знання"),
    },
    "card_of": {
        "en": ("politics card", "politics cards"),
        "uk": ("карти політики", "карт політики", "карт політики"),
    },
    "event": {"en": ("event", "events"), "uk": ("подія", "події", "подій")},
}

# resource (a player's number) -> the noun its amounts are counted in
RESOURCE_NOUNS = {
    "drachma": "drachma",
    "vp": "vp",
    "citizens": "citizen",
    "troops": "troop",
    "philosophy": "philosophy",
}

MESSAGES: dict[str, dict[str, str]] = {
    # --- narration lines (journal.py); `cause` is rendered first, then a colon ---------
    "line.change.count": {
        "en": "{cause}{seat} {sign}{amount} ({before} → {after})",
        "uk": "{cause}{seat} {sign}{amount} ({before} → {after})",
    },
    "line.change.level": {
        "en": "{cause}{seat}, {track} {before} → {after}",
        "uk": "{cause}{seat}, {track} {before} → {after}",
    },
    "line.token.gain": {
        "en": "{cause}{seat} takes a {token}",
        "uk": "{cause}{seat} бере {token}",
    },
    "line.token.lose": {
        "en": "{cause}{seat} gives up a {token}",
        "uk": "{cause}{seat} віддає {token}",
    },
    "line.action": {"en": "{seat} takes the {tile} action", "uk": "{seat} виконує дію: {tile}"},
    "line.explored": {
        "en": "{cause}{seat} explores {space}",
        "uk": "{cause}{seat} досліджує {space}",
    },
    "line.card_played": {
        "en": "{cause}{seat} plays {card}",
        "uk": "{cause}{seat} розігрує карту «{card}»",
    },
    "line.card_returned": {
        "en": "{cause}{seat} takes {card} back into their hand",
        "uk": "{cause}{seat} повертає карту «{card}» до руки",
    },
    "line.development": {
        "en": "{seat} unlocks development {level} of {city}",
        "uk": "{seat} розблоковує поліпшення {level} міста {city}",
    },
    "line.dice_rolled": {"en": "{seat} rolls {dice}", "uk": "{seat} викидає {dice}"},
    "line.start_player": {"en": "{seat} is the start player", "uk": "{seat} — перший гравець"},
    "line.tile_assigned": {
        "en": "{seat} puts the {tile} tile on a die",
        "uk": "{seat} кладе плитку дії «{tile}» на кубик",
    },
    "line.tile_assigned_hidden": {
        "en": "{seat} places an action tile in secret",
        "uk": "{seat} таємно кладе плитку дії",
    },
    "line.tiles_revealed": {
        "en": "{seat} reveals {tiles}",
        "uk": "{seat} відкриває плитки: {tiles}",
    },
    "line.tile_set_aside": {
        "en": "{seat} sets the {tile} tile aside (not enough citizens to pay for it)",
        "uk": "{seat} відкладає плитку «{tile}» (бракує громадян, щоб за неї заплатити)",
    },
    "line.cards_dealt": {"en": "{seat} is dealt {cards}", "uk": "{seat} отримує карти: {cards}"},
    "line.cards_dealt_hidden": {
        "en": "{seat} is dealt {count:card}",
        "uk": "{seat} отримує {count:card}",
    },
    "line.cards_drawn": {
        "en": "{cause}{seat} draws {cards}",
        "uk": "{cause}{seat} тягне карти: {cards}",
    },
    "line.cards_drawn_hidden": {
        "en": "{cause}{seat} draws {count:card}",
        "uk": "{cause}{seat} тягне {count:card}",
    },
    "line.card_kept": {
        "en": "{cause}{seat} keeps {card}",
        "uk": "{cause}{seat} залишає собі карту «{card}»",
    },
    "line.card_kept_hidden": {
        "en": "{cause}{seat} keeps one of the cards drawn",
        "uk": "{cause}{seat} залишає собі одну з витягнутих карт",
    },
    "line.cards_to_bottom": {
        "en": "{cause}{seat} puts {cards} at the bottom of the deck",
        "uk": "{cause}{seat} кладе під низ стосу карти: {cards}",
    },
    "line.cards_to_bottom_hidden": {
        "en": "{cause}{seat} puts {count:card} at the bottom of the deck",
        "uk": "{cause}{seat} кладе під низ стосу {count:card}",
    },
    "line.card_discarded": {
        "en": "{cause}{seat} discards {card}",
        "uk": "{cause}{seat} скидає карту «{card}»",
    },
    "line.card_discarded_hidden": {
        "en": "{cause}{seat} discards a card",
        "uk": "{cause}{seat} скидає карту",
    },
    "line.draft_picked": {
        "en": "{cause}{seat} keeps {card}",
        "uk": "{cause}{seat} залишає собі карту «{card}»",
    },
    "line.draft_picked_hidden": {
        "en": "{cause}{seat} has kept a card",
        "uk": "{cause}{seat}: карту відібрано",
    },
    "line.draft_received": {
        "en": "{cause}{seat} receives {cards} from the right",
        "uk": "{cause}{seat} отримує справа карти: {cards}",
    },
    "line.draft_received_hidden": {
        "en": "{cause}{seat} receives {count:card} from the right",
        "uk": "{cause}{seat} отримує справа {count:card}",
    },
    "line.draft_done": {
        "en": "{cause}{seat} takes {count:card} into their hand",
        "uk": "{cause}{seat} бере в руку {count:card}",
    },
    "line.choice_revised": {
        "en": "{seat} takes back a sealed choice to make it again",
        "uk": "{seat} скасовує таємний вибір, щоб зробити його знову",
    },
    "line.event_revealed": {"en": "{cause}{event}", "uk": "{cause}{event}"},
    "line.event_resolves": {
        "en": "{event} takes effect: {event_text}",
        "uk": "{event} набуває чинності: {event_text}",
    },
    "line.achievement": {
        "en": "{seat} wins the achievement: {achievement}",
        "uk": "{seat} здобуває досягнення: {achievement}",
    },
    "line.round": {"en": "Round {number}", "uk": "Раунд {number}"},
    "line.phase": {"en": "Phase: {phase}", "uk": "Фаза: {phase}"},
    "line.final_score": {"en": "{seat} scores {total:vp} in all", "uk": "{seat}: разом {total:vp}"},
    "line.city": {"en": "{seat} leads {city}", "uk": "{seat} очолює місто {city}"},
    "line.deadline_default": {
        "en": "{seat} missed the deadline: the safe default was played",
        "uk": "{seat}: час вийшов, зіграно безпечний вибір за замовчуванням",
    },
    # notices: what the server did (games/write/writer.py), told in the log like the engine's lines
    "line.notice.bot_plays_seat": {
        "en": "{seat} is away: a bot plays for them",
        "uk": "За гравця {seat} тепер грає бот",
    },
    "line.notice.seat_taken_back": {
        "en": "{seat} is back and plays again",
        "uk": "{seat} повертається до гри",
    },
    "line.notice.deadline_extended": {
        "en": "The server was down: deadlines are {minutes} min later",
        "uk": "Сервер не працював: терміни продовжено на {minutes} хв",
    },
    # holidays, pauses and nudges (absences/)
    "line.notice.player_away": {
        "en": "{seat} is away on holiday ({days_left} days left): the deadlines wait",
        "uk": "{seat} у відпустці (залишилось днів: {days_left}): терміни чекають",
    },
    "line.notice.holiday_capped": {
        "en": "{seat} has been waited for {days} days in a row: the deadlines run again",
        "uk": "На гравця {seat} чекали {days} дн. поспіль: терміни знову йдуть",
    },
    "line.notice.pause_proposed": {
        "en": "{seat} proposes pausing the game for {days} days",
        "uk": "{seat} пропонує призупинити гру на {days} дн.",
    },
    "line.notice.pause_started": {
        "en": "Everyone agreed: the game is paused for {days} days",
        "uk": "Усі погодились: гру призупинено на {days} дн.",
    },
    "line.notice.pause_declined": {
        "en": "{seat} declined the pause: the game goes on",
        "uk": "{seat} відхиляє паузу: гра триває",
    },
    "line.notice.pause_withdrawn": {
        "en": "{seat} withdrew the proposed pause: the game goes on",
        "uk": "{seat} відкликає пропозицію паузи: гра триває",
    },
    "line.notice.pause_ended": {
        "en": "The pause is over: the deadlines run again",
        "uk": "Пауза скінчилась: терміни знову йдуть",
    },
    "line.notice.nudge": {
        "en": "{seat} was nudged to answer",
        "uk": "Гравцеві {seat} нагадали відповісти",
    },
    "line.notice.substitute_joined": {
        "en": "{player} takes over the seat of {original} from here on",
        "uk": "Відтепер {player} грає замість гравця {original}",
    },
    "line.notice.substitute_left": {
        "en": "{player} leaves the seat of {original}: a bot plays it until {original} is back",
        "uk": "{player} залишає місце гравця {original}: доки {original} не повернеться, грає бот",
    },
    # the table's say (games/absences/seat_votes.py)
    "line.notice.seat_vote": {
        "en": "{player} votes to let a bot play for {seat} now ({votes} of {needed} votes)",
        "uk": "{player} голосує, щоб за гравця {seat} грав бот (голосів: {votes} з {needed})",
    },
    "line.notice.bot_voted_in": {
        "en": "The table voted: a bot plays for {seat} until they answer again",
        "uk": "Стіл проголосував: за гравця {seat} грає бот, доки він знову не відповість",
    },
    # who acted, when a bot played a person's seat (games/actors.py)
    "actor.bot_for": {"en": "a bot for {name}", "uk": "бот за {name}"},
    "cause": {"en": "{cause}: ", "uk": "{cause}: "},
    "seat": {"en": "Player {number}", "uk": "Гравець {number}"},
    "seat.bot": {"en": "Bot {number}", "uk": "Бот {number}"},
    # --- causes (journal.py) ----------------------------------------------------------------
    "cause.development": {"en": "{city} {level}", "uk": "{city}, поліпшення {level}"},
    "cause.space": {"en": "Exploring {space}", "uk": "Досліджено {space}"},
    "cause.achievement": {"en": "Achievement ({achievement})", "uk": "Досягнення ({achievement})"},
    "cause.exchange": {"en": "{city}: glory exchanged", "uk": "{city}: обмін слави"},
    "cause.tile": {
        "en": "{tile} tile above its die",
        "uk": "Плитка «{tile}» вища за свій кубик",
    },
    "step.setup": {"en": "Setup", "uk": "Підготовка"},
    "step.draft": {"en": "Draft", "uk": "Відбір"},
    "step.round": {"en": "New round", "uk": "Новий раунд"},
    "step.draw": {"en": "Draw", "uk": "Добір"},
    "step.end_actions": {
        "en": "End of the actions (15 at most)",
        "uk": "Кінець фази дій (не більше 15)",
    },
    # --- phases (state.phase) --------------------------------------------------------------
    "phase.setup": {"en": "Setup", "uk": "Підготовка"},
    "phase.event_announcement": {"en": "Event announcement", "uk": "Оголошення події"},
    "phase.tax": {"en": "Tax", "uk": "Податки"},
    "phase.dice": {"en": "Dice", "uk": "Кубики"},
    "phase.actions": {"en": "Actions", "uk": "Дії"},
    "phase.progress": {"en": "Progress", "uk": "Прогрес"},
    "phase.event_resolution": {"en": "Event resolution", "uk": "Звершення події"},
    "phase.achievements": {"en": "Achievements", "uk": "Досягнення"},
    "phase.final_scoring": {"en": "Final scoring", "uk": "Фінальний підрахунок"},
    "phase.game_over": {"en": "Game over", "uk": "Гру завершено"},
    # --- action tiles -------------------------------------------------------------------------
    "action.0": {"en": "Philosophy", "uk": "Філософія"},
    "action.1": {"en": "Legislation", "uk": "Законотворчість"},
    "action.2": {"en": "Culture", "uk": "Культура"},
    "action.3": {"en": "Trade", "uk": "Торгівля"},
    "action.4": {"en": "Military", "uk": "Війна"},
    "action.5": {"en": "Politics", "uk": "Політика"},
    "action.6": {"en": "Development", "uk": "Поліпшення"},
    # --- tracks and resources -----------------------------------------------------------
    "track.economy": {"en": "Economy", "uk": "Економіка"},
    "track.culture": {"en": "Culture", "uk": "Культура"},
    "track.military": {"en": "Military", "uk": "Військова сила"},
    "track.tax": {"en": "Tax", "uk": "Податки"},
    "track.glory": {"en": "Glory", "uk": "Слава"},
    "track.dice_count": {"en": "Dice", "uk": "Кубики"},
    # a track as the object of a verb ("Підняти Економіку")
    "track_acc.economy": {"en": "Economy", "uk": "Економіку"},
    "track_acc.culture": {"en": "Culture", "uk": "Культуру"},
    "track_acc.military": {"en": "Military", "uk": "Військову силу"},
    "colour.red": {"en": "red", "uk": "червоний"},
    "colour.blue": {"en": "blue", "uk": "синій"},
    "colour.green": {"en": "green", "uk": "зелений"},
    "token": {"en": "{tier} {colour} knowledge token", "uk": "{colour} жетон {tier}"},
    "tier.minor": {"en": "minor", "uk": "звичайного знання"},
    "tier.major": {"en": "major", "uk": "увінчаного знання"},
    "space": {
        "en": "the {colour} {required}/{lost} space",
        "uk": "{colour} комірку {required}/{lost}",
    },
    "space.colour.red": {"en": "red", "uk": "червону"},
    "space.colour.blue": {"en": "blue", "uk": "синю"},
    "space.colour.green": {"en": "green", "uk": "зелену"},
    "space.persepolis": {"en": "Persepolis", "uk": "Персеполіс"},
    # --- achievements ---------------------------------------------------------------------
    "achievement.victory_points": {"en": "{n:vp}", "uk": "{n:vp}"},
    "achievement.citizens": {"en": "{n:citizen}", "uk": "{n:citizen}"},
    "achievement.troops": {"en": "{n:troop}", "uk": "{n:troop}"},
    "achievement.economy": {"en": "economy level {n}", "uk": "рівень економіки {n}"},
    "achievement.politics": {
        "en": "{n:card} in play",
        "uk": "{n:card} розіграно",
    },
    # --- prompts and options (seat_tasks.py, phases/*) ------------------------------------------
    "prompt.choose_city": {"en": "Which city will you lead?", "uk": "Яке місто ви очолите?"},
    "option.city": {"en": "{city}", "uk": "{city}"},
    "prompt.draft_pick": {
        "en": "Draft: keep one of these {remaining:card_of}; the others pass to the player on "
        "your left.",
        "uk": "Відбір: залиште собі одну з цих карт (їх {remaining}); решта перейде до гравця "
        "ліворуч.",
    },
    "option.card": {"en": "{card}: {card_text}", "uk": "{card}: {card_text}"},
    "prompt.assign_die": {
        "en": "Your dice show {shown}. Which action tile goes on the die showing {value}? A tile "
        "numbered above its die costs the difference in citizens.",
        "uk": "На ваших кубиках {shown}. Яку плитку дії покласти на кубик зі значенням {value}? "
        "Плитка з номером, вищим за кубик, коштує різницю в громадянах.",
    },
    "option.tile.free": {"en": "{tile}: no citizens", "uk": "{tile}: без громадян"},
    "option.tile.cost": {
        "en": "{tile}: costs {shortfall:citizen}",
        "uk": "{tile}: коштує {shortfall:citizen_acc}",
    },
    "prompt.adjust_citizens.pay": {
        "en": "You have {citizens:citizen}. Pay citizens for each tile above its die ({owed}), "
        "in the order you choose; a tile you cannot pay is set aside.",
        "uk": "У вас {citizens:citizen}. Заплатіть громадянами за кожну плитку, вищу за свій "
        "кубик ({owed}), у будь-якому порядку; плитку, за яку не можете заплатити, буде "
        "відкладено.",
    },
    "owed": {"en": "{tile} needs {shortfall}", "uk": "{tile}: {shortfall}"},
    "prompt.adjust_citizens.philosophy": {
        "en": "You have {citizens:citizen}. Spend philosophy tokens for citizens?",
        "uk": "У вас {citizens:citizen}. Витратити жетони філософії на громадян?",
    },
    "option.pay_tile": {
        "en": "Pay {shortfall:citizen} to keep {tile}",
        "uk": "Заплатити {shortfall:citizen_acc}, щоб залишити плитку «{tile}»",
    },
    "option.set_aside": {
        "en": "Set {tile} aside (you cannot pay {shortfall:citizen})",
        "uk": "Відкласти плитку «{tile}» (ви не можете заплатити {shortfall:citizen_acc})",
    },
    "option.philosophy_citizens": {
        "en": "Spend 1 philosophy token for {citizens:citizen} (you have {have})",
        "uk": "Витратити 1 жетон філософії на {citizens:citizen_acc} (у вас {have})",
    },
    "option.done": {"en": "Done", "uk": "Готово"},
    "prompt.buy_token": {
        "en": "Trade: buy one minor knowledge token for {price:drachma}?",
        "uk": "Торгівля: купити один жетон звичайного знання за {price:drachma_acc}?",
    },
    "option.buy_nothing": {"en": "Buy nothing", "uk": "Нічого не купувати"},
    "option.buy_token": {
        "en": "Buy a minor {colour} knowledge token for {price:drachma}",
        "uk": "Купити {colour} жетон звичайного знання за {price:drachma_acc}",
    },
    "prompt.take_minor_token": {
        "en": "Scholarly Welcome: which colour of minor knowledge token do you take?",
        "uk": "Гостинність до вчених: жетон звичайного знання якого кольору ви берете?",
    },
    "option.minor_token": {
        "en": "A minor {colour} knowledge token",
        "uk": "{colour} жетон звичайного знання",
    },
    "prompt.explore": {
        "en": "Military: you have {troops:troop}. Explore a space of the board?",
        "uk": "Війна: у вас {troops:troop}. Дослідити комірку поля?",
    },
    "option.no_explore": {"en": "Do not explore", "uk": "Не досліджувати"},
    "option.explore": {
        "en": "Explore for {offer}; you lose {lost:troop}",
        "uk": "Дослідити: {offer}; ви втрачаєте {lost:troop_acc}",
    },
    "offer.persepolis": {
        "en": "Persepolis and its 3 major knowledge tokens, one of each colour",
        "uk": "Персеполіс і 3 його жетони увінчаного знання, по одному кожного кольору",
    },
    "offer.token": {
        "en": "the {tier} {colour} knowledge token",
        "uk": "{colour} жетон {tier}",
    },
    "offer": {"en": "{token} ({needs})", "uk": "{token} ({needs})"},
    "offer.bonus": {"en": "{token} ({bonus}; {needs})", "uk": "{token} ({bonus}; {needs})"},
    "offer.needs": {"en": "needs {troops:troop}", "uk": "потрібно {troops:troop_gen}"},
    "plus_drachma": {"en": "+{n:drachma}", "uk": "+{n:drachma}"},
    "plus_vp": {"en": "+{n:vp}", "uk": "+{n:vp}"},
    "pay": {"en": " (pay {costs})", "uk": " (заплатити: {costs})"},
    "pay.drachma": {"en": "{n:drachma}", "uk": "{n:drachma_acc}"},
    "pay.philosophy": {
        "en": "{n:philosophy} for {missing:missing_token}",
        "uk": "{n:philosophy_acc} замість {missing:missing_token}",
    },
    "prompt.play_politics": {
        "en": "{source}: play a politics card from your hand?",
        "uk": "{source}: розіграти карту політики з руки?",
    },
    "option.play_no_card": {"en": "Play no card", "uk": "Не розігрувати карту"},
    "option.play_card": {
        "en": "Play {card}: {card_text}{paid}",
        "uk": "Розіграти «{card}»: {card_text}{paid}",
    },
    "prompt.ostracism_return": {
        "en": "Ostracism: which of your played cards goes back to your hand?",
        "uk": "Остракізм: яка з ваших розіграних карт повертається до руки?",
    },
    "option.take_back": {"en": "Take back {card}", "uk": "Повернути «{card}»"},
    "prompt.develop": {
        "en": "Development: unlock the next development of {city}?",
        "uk": "Поліпшення: розблокувати наступне поліпшення міста {city}?",
    },
    "option.unlock_nothing": {"en": "Unlock nothing", "uk": "Нічого не розблоковувати"},
    "option.unlock": {
        "en": "Unlock level {level}: {development}{paid}",
        "uk": "Розблокувати рівень {level}: {development}{paid}",
    },
    "prompt.argos_reward": {
        "en": "Argos: which reward do you take?",
        "uk": "Аргос: яку нагороду ви берете?",
    },
    "option.gain.troops": {"en": "Gain {n:troop}", "uk": "Отримати {n:troop_acc}"},
    "option.gain.drachma": {"en": "Gain {n:drachma}", "uk": "Отримати {n:drachma_acc}"},
    "option.gain.vp": {"en": "Gain {n:vp}", "uk": "Отримати {n:vp}"},
    "option.gain.citizens": {"en": "Gain {n:citizen}", "uk": "Отримати {n:citizen_acc}"},
    "prompt.free_advance": {
        "en": "Miletus: choose a track to move up 1 level for free ({remaining} left).",
        "uk": "Мілет: оберіть вертикаль, щоб безкоштовно піднятися на 1 рівень (безкоштовних "
        "рівнів лишилося: {remaining}).",
    },
    "option.move_up_one": {"en": "Move up 1 {track} level", "uk": "Піднятися на 1 рівень: {track}"},
    "option.stop": {"en": "Stop here", "uk": "Зупинитися"},
    "prompt.progress": {
        "en": "Progress: you have {drachma:drachma}. Move up a track ({levels:level} left this "
        "phase)?",
        "uk": "Прогрес: у вас {drachma:drachma}. Піднятися вертикаллю (у цій фазі — ще на "
        "{levels:level})?",
    },
    "prompt.progress.philosophy": {
        "en": "Progress: you have {drachma:drachma} and {philosophy:philosophy}. Spend a token "
        "to move up one more level?",
        "uk": "Прогрес: у вас {drachma:drachma} і {philosophy:philosophy}. Витратити жетон, щоб "
        "піднятися ще на один рівень?",
    },
    "option.advance": {
        "en": "Move {track} to level {level} for {price:drachma}",
        "uk": "Підняти {track_acc} до рівня {level} за {price:drachma_acc}",
    },
    "option.advance.philosophy": {
        "en": "Spend 1 philosophy token and move {track} to level {level} for {price:drachma}",
        "uk": "Витратити 1 жетон філософії і підняти {track_acc} до рівня {level} за "
        "{price:drachma_acc}",
    },
    "prompt.event_progress": {
        "en": "{event}: you may move up 1 level, paying {discount:drachma} less (you have {have}).",
        "uk": "{event}: можете піднятися на 1 рівень, заплативши на {discount:drachma_acc} менше "
        "(у вас {have}).",
    },
    "option.no_move": {"en": "Do not move up", "uk": "Не підніматися"},
    "prompt.legislation_keep": {
        "en": "Legislation: keep one card; the other goes to the bottom of the deck.",
        "uk": "Законотворчість: залиште собі одну карту; інша піде під низ стосу.",
    },
    "option.keep": {"en": "Keep {card}: {card_text}", "uk": "Залишити «{card}»: {card_text}"},
    "prompt.discard_card": {
        "en": "The Thirty Tyrants: discard a card from your hand ({remaining} to go).",
        "uk": "Тридцять тиранів: скиньте карту з руки (усього треба скинути {remaining:card}).",
    },
    "option.nothing_to_discard": {"en": "Nothing left to discard", "uk": "Нема чого скидати"},
    "option.discard": {"en": "Discard {card}", "uk": "Скинути «{card}»"},
    "prompt.give_up_token": {
        "en": "Oracle of Delphi: which knowledge token do you give up for 2 philosophy tokens?",
        "uk": "Дельфійський оракул: який жетон знання ви віддасте за 2 жетони філософії?",
    },
    "option.give_up": {
        "en": "Give up a {tier} {colour} knowledge token",
        "uk": "Віддати {colour} жетон {tier}",
    },
    "prompt.extra_action": {
        "en": "Conquest of the Persians: take one extra action (not Military)?",
        "uk": "Завоювання Персії: виконати одну додаткову дію (не війну)?",
    },
    "option.no_extra_action": {"en": "Take no extra action", "uk": "Не виконувати додаткову дію"},
    "option.extra_action": {"en": "Take the {tile} action", "uk": "Виконати дію: {tile}"},
    "prompt.achievement_reward": {
        "en": "Achievement ({achievement}) is yours alone: move up 1 tax or 1 glory?",
        "uk": "Досягнення ({achievement}) лише ваше: піднятися на 1 рівень податків чи на 1 "
        "рівень слави?",
    },
    "option.reward.tax": {
        "en": "Move up 1 on the tax track",
        "uk": "Піднятися на 1 рівень вертикаллю податків",
    },
    "option.reward.glory": {
        "en": "Move up 1 on the glory track",
        "uk": "Піднятися на 1 рівень вертикаллю слави",
    },
    "prompt.final_exchange": {
        "en": "Thebes: final scoring is next. Give up more glory for 2 drachmas and 4 VP first?",
        "uk": "Фіви: далі фінальний підрахунок. Спершу віддати ще славу за 2 драхми і 4 переможні "
        "очки?",
    },
    "option.to_final_scoring": {"en": "Go to final scoring", "uk": "До фінального підрахунку"},
    "option.glory_exchange": {
        "en": "Thebes: give up 1 glory for 2 drachmas and 4 VP (then answer this again)",
        "uk": "Фіви: віддати 1 рівень слави за 2 драхми і 4 переможні очки (потім відповісти "
        "знову)",
    },
    "source.action": {"en": "Politics", "uk": "Політика"},
    "source.prosperity": {"en": "Prosperity", "uk": "Процвітання"},
    "source.ostracism": {"en": "Ostracism", "uk": "Остракізм"},
    # --- why an option is left out (seat_tasks.py: Prompt.unavailable) ---------------------------
    "why.needs_tokens": {
        "en": "{colour_gen} knowledge tokens: needs {need}, you have {have}",
        "uk": "{colour_gen} жетонів знання: потрібно {need}, у вас {have}",
    },
    "why.philosophy": {
        "en": "{missing:missing_token} would take {n:philosophy}, you have {have}",
        "uk": "замість {missing:missing_token} потрібно {n:philosophy_acc}, у вас {have}",
    },
    "why.philosophy_not_now": {
        "en": "philosophy tokens stand in for knowledge tokens only in a Politics or "
        "Development action of the Action phase",
        "uk": "жетони філософії замінюють жетони знання лише під час дії «Політика» або "
        "«Поліпшення» у фазі дій",
    },
    "why.drachmas": {
        "en": "costs {n:drachma}, you have {have}",
        "uk": "коштує {n:drachma_acc}, у вас {have}",
    },
    "why.troops": {
        "en": "needs {n:troop}, you have {have}",
        "uk": "потрібно {n:troop_gen}, у вас {have}",
    },
    "why.top": {"en": "already at the top level", "uk": "вже на найвищому рівні"},
    "why.all": {"en": "{reasons}", "uk": "{reasons}"},
    "colour_gen.red": {"en": "red", "uk": "червоних"},
    "colour_gen.blue": {"en": "blue", "uk": "синіх"},
    "colour_gen.green": {"en": "green", "uk": "зелених"},
    # --- track rewards (facts.py) -----------------------------------------------------------
    "reward.third_die": {"en": "a third die", "uk": "третій кубик"},
    "reward.tax": {"en": "tax +{n}", "uk": "податки +{n}"},
    "reward.glory": {"en": "glory +{n}", "uk": "слава +{n}"},
    # --- lists --------------------------------------------------------------------------
    "list.and": {"en": " and ", "uk": " і "},
    "list.comma": {"en": ", ", "uk": ", "},
    "nothing": {"en": "nothing", "uk": "нічого"},
}

# Previews, warnings and the history lines that explain a loss (catalog/teaching.py).
from engine.khora.catalog.teaching import TEACHING, TEACHING_NOUNS  # noqa: E402

MESSAGES.update(TEACHING)
NOUNS.update(TEACHING_NOUNS)

# The rules page (rulebook.py, catalog/rules_text.py).
from engine.khora.catalog.rules_text import RULES_TEXT  # noqa: E402

MESSAGES.update(RULES_TEXT)
