"""Every engine text that is not a component's name or text: message id -> English, Ukrainian.

A template names its parameters in braces: `{seat}`; `{count:card}` renders a number with the
noun in the plural form the number needs (NOUNS). Ukrainian terms follow the Ukrainian
rulebook (../shared/seeds/002_*): фази, дії, вертикалі, жетони знання (звичайне / увінчане
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
        "uk": "{cause}{seat} кладе під низ колоди карти: {cards}",
    },
    "line.cards_to_bottom_hidden": {
        "en": "{cause}{seat} puts {count:card} at the bottom of the deck",
        "uk": "{cause}{seat} кладе під низ колоди {count:card}",
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
    "cause": {"en": "{cause}: ", "uk": "{cause}: "},
    "seat": {"en": "Player {number}", "uk": "Гравець {number}"},
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
    # --- track rewards (facts.py) -----------------------------------------------------------
    "reward.third_die": {"en": "a third die", "uk": "третій кубик"},
    "reward.tax": {"en": "tax +{n}", "uk": "податки +{n}"},
    "reward.glory": {"en": "glory +{n}", "uk": "слава +{n}"},
    # --- lists --------------------------------------------------------------------------
    "list.and": {"en": " and ", "uk": " і "},
    "list.comma": {"en": ", ", "uk": ", "},
    "nothing": {"en": "nothing", "uk": "нічого"},
}
