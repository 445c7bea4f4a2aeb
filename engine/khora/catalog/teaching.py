"""Texts that teach: option previews, warnings on options that do nothing or waste what they
pay (preview.py), and the history lines that say why something did nothing or was lost.

Merged into `messages.MESSAGES`; the same Ukrainian terms as the rest of the catalog
(поліпшення, громадяни, вояки, податки, слава, жетони знання, комірка, стос).
"""

from __future__ import annotations

TEACHING_NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "reachable_space": {
        "en": ("space within reach", "spaces within reach"),
        "uk": ("досяжна комірка", "досяжні комірки", "досяжних комірок"),
    },
    "red_token": {
        "en": ("red knowledge token", "red knowledge tokens"),
        "uk": ("червоний жетон знання", "червоні жетони знання", "червоних жетонів знання"),
    },
    "blue_token": {
        "en": ("blue knowledge token", "blue knowledge tokens"),
        "uk": ("синій жетон знання", "сині жетони знання", "синіх жетонів знання"),
    },
    "green_token": {
        "en": ("green knowledge token", "green knowledge tokens"),
        "uk": ("зелений жетон знання", "зелені жетони знання", "зелених жетонів знання"),
    },
    "level_left": {
        "en": ("level", "levels"),
        "uk": ("рівень", "рівні", "рівнів"),
    },
}

TEACHING: dict[str, dict[str, str]] = {
    # --- previews ---------------------------------------------------------------------------
    "preview.nothing_now": {"en": "nothing changes at once", "uk": "одразу нічого не змінюється"},
    "preview.level": {"en": "{track} {sign}{n}", "uk": "{track} {sign}{n}"},
    "preview.card_played": {"en": "play {card}", "uk": "розіграти карту «{card}»"},
    "preview.development": {
        "en": "unlock {city} level {level}",
        "uk": "розблокувати рівень {level} міста {city}",
    },
    "preview.then.draw": {
        "en": "draw {n:card} from the deck",
        "uk": "потім взяти {n:card} зі стосу",
    },
    "preview.then.explore": {
        "en": "then you may explore ({n:reachable_space})",
        "uk": "потім можна дослідити комірку ({n:reachable_space})",
    },
    "preview.then.play": {
        "en": "then you may play {cards}",
        "uk": "потім можна розіграти карту: {cards}",
    },
    "preview.then.develop": {
        "en": "then you may unlock {city} level {level}",
        "uk": "потім можна розблокувати рівень {level} міста {city}",
    },
    "preview.then.buy_token": {
        "en": "then you may buy a minor knowledge token for {price:drachma} (you will have {have})",
        "uk": "потім можна купити жетон звичайного знання за {price:drachma_acc} (у вас буде "
        "{have})",
    },
    "preview.then.no_token": {
        "en": "a minor knowledge token would cost {price:drachma}, you will have {have}",
        "uk": "жетон звичайного знання коштує {price:drachma_acc}, а у вас буде {have}",
    },
    "preview.then.ask": {"en": "then: {question}", "uk": "потім: {question}"},
    "preview.depends": {
        "en": " — {what}",
        "uk": " — {what}",
    },
    "preview.tile_nothing": {"en": "nothing", "uk": "нічого не зміниться"},
    # what another seat may take first (the rules make it first-come)
    "preview.depends.explore": {
        "en": "if nobody explores them first",
        "uk": "якщо ніхто не дослідить їх раніше",
    },
    "preview.depends.deck": {
        "en": "if nobody draws the deck's last cards first",
        "uk": "якщо ніхто раніше не візьме останні карти стосу",
    },
    "preview.depends.legislation": {
        "en": "your Legislation draws 2 cards before it",
        "uk": "ваша дія «Законотворчість» перед нею дасть ще 2 карти",
    },
    "preview.need_tokens.red": {"en": "{n:red_token}", "uk": "{n:red_token}"},
    "preview.need_tokens.blue": {"en": "{n:blue_token}", "uk": "{n:blue_token}"},
    "preview.need_tokens.green": {"en": "{n:green_token}", "uk": "{n:green_token}"},
    "preview.need_drachmas": {
        "en": "{n:drachma} (you have {have})",
        "uk": "{n:drachma_acc} (у вас {have})",
    },
    # --- warnings (code -> sentence) --------------------------------------------------------
    "warning.development_unusable": {
        "en": "{city} level {level} is missing {needs}: this action will do nothing",
        "uk": "для рівня {level} міста {city} бракує: {needs}; ця дія нічого не дасть",
    },
    "warning.no_development_left": {
        "en": "every development of {city} is unlocked: this action will do nothing",
        "uk": "усі поліпшення міста {city} вже розблоковано: ця дія нічого не дасть",
    },
    "warning.no_card_in_hand": {
        "en": "you hold no politics card: this action will do nothing",
        "uk": "у вас немає карт політики в руці: ця дія нічого не дасть",
    },
    "warning.no_card_playable": {
        "en": "you cannot pay for any card in your hand: this action will do nothing",
        "uk": "ви не можете заплатити за жодну карту в руці: ця дія нічого не дасть",
    },
    "warning.nothing_to_explore": {
        "en": "no space is within reach of {troops:troop}",
        "uk": "жодна комірка не досяжна: у вас {troops:troop}",
    },
    "warning.over_cap.citizens": {
        "en": "after paying for your tiles you would have {value:citizen}: {lost:citizen} above "
        "15 are lost at the end of the Action phase",
        "uk": "після оплати плиток у вас буде {value:citizen}; наприкінці фази дій ви втратите "
        "{lost:citizen_acc} понад 15",
    },
    "warning.over_cap.troops": {
        "en": "you would have {value:troop}: {lost:troop} above 15 are lost at the end "
        "of the Action phase",
        "uk": "у вас буде {value:troop}; наприкінці фази дій ви втратите {lost:troop_acc} понад 15",
    },
    "warning.over_cap_unless_explored.troops": {
        "en": "you would have {value:troop}: {lost:troop} above 15 are lost at the end "
        "of the Action phase",
        "uk": "у вас буде {value:troop}; наприкінці фази дій ви втратите {lost:troop_acc} понад 15",
    },
    "warning.over_cap_unless_explored.citizens": {
        "en": "after paying for your tiles you would have {value:citizen}: {lost:citizen} above "
        "15 are lost at the end of the Action phase",
        "uk": "після оплати плиток у вас буде {value:citizen}; наприкінці фази дій ви втратите "
        "{lost:citizen_acc} понад 15",
    },
    # what a later choice of the seat could still change (preview.warning_text appends it)
    "warning.unless": {"en": ", unless {reasons}", "uk": " — хіба що {reasons}"},
    "unless.or": {"en": " or ", "uk": " або "},
    "unless.explore": {"en": "you explore", "uk": "ви дослідите комірку"},
    "unless.other_dice": {
        "en": "your other dice's tiles change it",
        "uk": "це змінять плитки на інших ваших кубиках",
    },
    "unless.earlier_actions": {
        "en": "what you choose in your earlier actions changes it",
        "uk": "це змінить ваш вибір у попередніх діях",
    },
    "unless.philosophy": {
        "en": "you turn philosophy tokens into citizens",
        "uk": "ви обміняєте жетони філософії на громадян",
    },
    "unless.develop": {
        "en": "your Development action unlocks Sparta 3 (a second Military action)",
        "uk": "ваша дія «Поліпшення» розблокує поліпшення 3 Спарти (другу дію «Війна»)",
    },
    "warning.dominated": {
        "en": "“{better}” gives at least as much of everything and costs no more",
        "uk": "«{better}» дає щонайменше стільки ж усього й коштує не більше",
    },
    "warning.cheaper_on_other_die": {
        "en": "{tile} costs {cost:citizen} on this die ({die}) and less on your other die "
        "({other}): up to {saved:citizen} saved",
        "uk": "дія «{tile}» коштує {cost:citizen_acc} на цьому кубику ({die}), а на іншому "
        "вашому кубику ({other}) — менше: так ви заощадите до {saved:citizen_acc}",
    },
    "warning.cheaper_on_other_die.swap": {
        "en": "the same two tiles cost {saved:citizen} fewer the other way round: {tile} on "
        "your {other} and {other_tile} on this {die}",
        "uk": "ті самі дві плитки коштуватимуть на {saved:citizen_acc} менше, якщо поміняти їх "
        "місцями: «{tile}» на кубик {other}, а «{other_tile}» — на цей кубик {die}",
    },
    "warning.capped.citizens": {
        "en": "citizens stop at 15: {lost:citizen} of this gain are lost",
        "uk": "громадян не буває більше 15: з цього приросту втрачено {lost:citizen_acc}",
    },
    "warning.capped.troops": {
        "en": "troops stop at 15: {lost:troop} of this gain are lost",
        "uk": "вояків не буває більше 15: з цього приросту втрачено {lost:troop_acc}",
    },
    "warning.capped.tax": {
        "en": "Tax is already at its top (10): {lost:level_left} lost",
        "uk": "Податки вже на найвищому рівні (10): втрачено {lost:level_left}",
    },
    "warning.capped.glory": {
        "en": "Glory is already at its top (10): {lost:level_left} lost",
        "uk": "Слава вже на найвищому рівні (10): втрачено {lost:level_left}",
    },
    "warning.citizens_short": {
        "en": "your tiles so far cost {cost:citizen} at the reveal and you can raise "
        "{citizens}: a tile you cannot pay is set aside",
        "uk": "ваші плитки коштуватимуть {cost:citizen_acc}, а ви маєте змогу зібрати "
        "{citizens}: плитку, за яку нічим заплатити, буде відкладено",
    },
    "warning.spoils_later_tile": {
        "en": "after this, your {tile} action can no longer pay for what it could now",
        "uk": "після цього ваша дія «{tile}» уже не зможе заплатити за те, що може зараз",
    },
    # --- history lines ----------------------------------------------------------------------
    "line.capped.citizens": {
        "en": "{cause}{seat} is at 15 citizens: {lost:citizen} lost",
        "uk": "{cause}{seat} вже має 15 громадян: втрачено {lost:citizen_acc}",
    },
    "line.capped.troops": {
        "en": "{cause}{seat} is at 15 troops: {lost:troop} lost",
        "uk": "{cause}{seat} вже має 15 вояків: втрачено {lost:troop_acc}",
    },
    "line.capped.tax": {
        "en": "{cause}{seat}'s Tax is at its top: {lost:level_left} lost",
        "uk": "{cause}у гравця {seat} Податки на найвищому рівні: втрачено {lost:level_left}",
    },
    "line.capped.glory": {
        "en": "{cause}{seat}'s Glory is at its top: {lost:level_left} lost",
        "uk": "{cause}у гравця {seat} Слава на найвищому рівні: втрачено {lost:level_left}",
    },
    "line.action_did_nothing.development_unusable": {
        "en": "{seat}'s {tile} action did nothing: {city} level {level} is missing {needs}",
        "uk": "дія «{tile}» гравця {seat} нічого не дала: для рівня {level} міста {city} "
        "бракує: {needs}",
    },
    "line.action_did_nothing.no_development_left": {
        "en": "{seat}'s {tile} action did nothing: every development of {city} is unlocked",
        "uk": "дія «{tile}» гравця {seat} нічого не дала: усі поліпшення міста {city} "
        "вже розблоковано",
    },
    "line.action_did_nothing.no_card_in_hand": {
        "en": "{seat}'s {tile} action did nothing: no politics card in hand",
        "uk": "дія «{tile}» гравця {seat} нічого не дала: немає карт політики в руці",
    },
}
