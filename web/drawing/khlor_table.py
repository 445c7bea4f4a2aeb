"""The Khlor game page's context, from `selectors.game_detail` for the page's viewer.

Khôra's page (web.presenters.table) reads a city per player, tracks and decks; Khlor's table is
the valley, the circle and what each seat caught, so it has its own presenter and templates
(web/templates/web/khlor/). Like Khôra's, it reads only the engine's view and the viewer's own
prompt; Khlor hides nothing once dealt, so every viewer sees the same table.
"""

from __future__ import annotations

from typing import Any

from engine.khlor.data import COLOURS
from games.models import Game
from web import presenters
from web.drawing import khlor
from web.drawing.khlor import colour, eggs, placements, word

PLACING = ("place", "extra", "extra_back")  # prompts whose options are placements
ANCHOR_ID = "khlor-at-"  # the id of a square's group of placements (the board links to it)


def table(game: Game, detail: dict[str, Any], lang: str) -> dict[str, Any]:
    """What web/templates/web/khlor/table.html shows, in `lang`."""
    view = detail["view"]
    names = presenters.seat_names(detail, lang)
    me = detail["your_seat"]
    prompt = detail["prompt"]
    context: dict[str, Any] = {
        "game": game,
        "detail": detail,
        "names": names,
        "me": me,
        "prompt": prompt,
        "unavailable": [],
        "rules_label": word("rules", lang),
        "deadline": detail["deadline"],
        "paused_until": presenters.paused_until(detail.get("pause")),
        "waiting_names": [names[seat] for seat in detail["waiting_for"]],
        "held_names": [names[seat] for seat in detail.get("deadline_held_for", [])],
        "players": [],
        "can_revise": False,  # Khlor seals nothing: every answer is final
        "history": [],
        "scores": None,
        "khlor": {"words": _page_words(lang)},
    }
    if view is None:
        return context
    anchors: dict[str, int] = {}
    if prompt is not None:
        context["placing"] = prompt["kind"] in PLACING
        if context["placing"]:
            context["groups"] = placement_groups(prompt, lang)
            anchors = {group["square"]: len(group["options"]) for group in context["groups"]}
    bots = {seat["position"]: seat["bot_level"] for seat in detail["seats"] if seat["is_bot"]}
    usernames = [None if seat["is_bot"] else seat["player"] for seat in detail["seats"]]
    laid = {c: sum(1 for s in view["squares"].values() if s["egg"] == c) for c in COLOURS}
    waiting = set(detail["waiting_for"])
    for player in _turn_order(view):
        seat = player["seat"]
        context["players"].append(
            {
                "seat": seat,
                "name": names[seat],
                "username": usernames[seat],
                "is_me": seat == me,
                "is_bot": seat in bots,
                "bot_tag": presenters.BOT_TAGS.get(
                    bots.get(seat, ""), presenters.BOT_TAGS["random"]
                ),
                "waiting": seat in waiting,
                "is_start": seat == view["start_player"],
                "caught": [
                    {"colour": c, "name": colour(c, lang), "count": player["caught"][c]}
                    for c in COLOURS
                ],
                "additional": player["additional_turn_points"],
            }
        )
    context["khlor"].update(
        valley=khlor.valley(view, lang, "khlor-valley", anchors, ANCHOR_ID),
        circle=khlor.circle(view, lang, "khlor-circle"),
        legend=khlor.colour_words(lang),
        eggs=[
            {"colour": c, "name": colour(c, lang), "laid": laid[c], "supply": view["supply"][c]}
            for c in COLOURS
        ],
        turn=view["turn"],
        extra=view["phase"] == "extra",
    )
    if detail["scores"]:
        context["scores"] = scores(detail["scores"], names, lang)
    return context


def placement_groups(prompt: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The prompt's placements grouped by their first demon square in board order (A1, B1,
    ..., G7): the square a tap on the valley chooses; each option keeps its number in the
    prompt (its place in the email's numbered list) and a small picture of its shape."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for number, option in enumerate(prompt["options"], 1):
        demons = option["data"]["demons"]
        groups.setdefault(demons[0], []).append(
            {
                **option,
                "number": number,
                "icon": khlor.placement_icon(option["id"], lang),
                "is_default": option["id"] == prompt["default"],
            }
        )
    ordered = sorted(groups, key=lambda name: (int(name[1:]), name[0]))
    return [
        {
            "square": square,
            "anchor": f"{ANCHOR_ID}{square}",
            "title": word("from_square", lang) % square,
            "count": placements(len(groups[square]), lang),
            "options": groups[square],
        }
        for square in ordered
    ]


def scores(raw: dict[str, Any], names: list[str], lang: str) -> list[dict[str, Any]]:
    """The final table: place, total, and per colour the eggs' and difference points."""
    place_of = {seat: rank["place"] for rank in raw["ranking"] for seat in rank["seats"]}
    rows = []
    for seat, total in enumerate(raw["totals"]):
        breakdown = raw["breakdown"][seat]
        parts = [
            (colour(c, lang), part["eggs"] + part["difference"])
            for c, part in breakdown["colours"].items()
            if part["eggs"] or part["difference"]
        ]
        if breakdown["additional_turn"]:
            parts.append((word("additional", lang), breakdown["additional_turn"]))
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": place_of.get(seat),
                "total": total,
                "breakdown": parts,
            }
        )
    return sorted(rows, key=lambda row: (row["place"] or 99, row["seat"]))


def _turn_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    count = len(view["players"])
    start = view["start_player"] or 0
    return [view["players"][(start + offset) % count] for offset in range(count)]


def _page_words(lang: str) -> dict[str, str]:
    keys = (
        "valley",
        "circle",
        "caught",
        "eggs_on_board",
        "supply",
        "players",
        "in_words",
        "pick_square",
        "all_placements",
        "score",
        "place",
        "player",
        "total",
        "game",
        "additional",
        "ahead_tag",
        "tie_break",
        "by_colour",
    )
    return {key: word(key, lang) for key in keys} | {"eggs_unit": eggs(0, lang).split(" ", 1)[1]}
