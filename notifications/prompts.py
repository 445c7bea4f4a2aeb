"""What an email that asks something carries so it can be answered from the inbox.

The options are numbered (a reply names them by number), the default is marked, each option
has its answer link, and the email's Reply-To is a signed address naming the recipient, the
game and the prompt. Used by the game's emails and by our answers to replies alike.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext, pgettext

import engine
from engine.khora import catalog, facts
from notifications.mail_tokens import answer_url, reply_address


def prompt_context(
    user,
    game,
    prompt: engine.Prompt | dict,
    deadline: datetime | None,
    lang: str | None = None,
    previews: dict | None = None,
) -> dict:
    """The `prompt` and `reply_to` entries of an email's context, for `user` in `game`; an
    engine prompt's texts in `lang` (a payload dict comes already rendered), by default the
    active language (the email's). `previews` (the engine's, by option id) add what each
    option will do and its warnings."""
    lang = lang or (translation.get_language() or "en").split("-")[0]
    payload = prompt.to_dict(lang) if isinstance(prompt, engine.Prompt) else prompt
    options = [{**option, "label": option_label(option, lang)} for option in payload["options"]]
    said = [
        quiet_preview(option, previews[option["id"]].to_dict(lang), lang)
        if previews and option["id"] in previews
        else None
        for option in options
    ]
    default_number = next(
        (number for number, option in enumerate(options, 1) if option["id"] == payload["default"]),
        None,
    )
    return {
        "prompt_id": payload["id"],
        "prompt": {
            "text": payload["text"],
            "options": [option["label"] for option in options],
            "default": options[default_number - 1]["label"] if default_number else None,
            "default_number": default_number,
            "previews": [item["text"] if item else "" for item in said],
            "warnings": [[w["text"] for w in item["warnings"]] if item else [] for item in said],
            "links": [
                answer_url(user.pk, game.public_id, payload["id"], option["id"], deadline)
                for option in options
            ],
        },
        "reply_to": reply_address(user.pk, game.pk, payload["id"]),
    }


def quiet_preview(option: dict, preview: dict, lang: str) -> dict:
    """A card option's preview without "nothing changes at once": drafting or keeping a
    card changes nothing yet, which its price and needs on the label say better."""
    if (option.get("data") or {}).get("card") and preview["text"] == catalog.text(
        "preview.nothing_now", lang
    ):
        return {**preview, "text": ""}
    return preview


def option_label(option: dict, lang: str) -> str:
    """An option's label, and for a card what the page shows beside it in the hand: its price
    and the knowledge tokens it needs ("Oracle: … (2 dr. · needs 1× blue)")."""
    card_id = (option.get("data") or {}).get("card")
    if not card_id:
        return option["label"]
    card = facts.card(card_id, lang)
    with translation.override(lang):
        parts = [
            gettext("%(cost)s dr.") % {"cost": card["cost"]}
            if card["cost"]
            else pgettext("price", "free")
        ]
        tokens = [
            gettext("%(count)s× %(colour)s") % {"count": count, "colour": gettext(colour)}
            for colour, count in card["needs"].items()
            if count
        ]
        if tokens:
            parts.append(gettext("needs %(tokens)s") % {"tokens": ", ".join(tokens)})
    return f"{option['label']} ({' · '.join(parts)})"
