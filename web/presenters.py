"""From what the selectors return to what the game page shows.

Everything here reads the engine's per-viewer view (`selectors.game_detail`) and its narrated
history (`selectors.game_history`), both rendered by the engine in the page's language: the
page never sees more than the API would give the same viewer, and never looks up engine
content by itself. Only the page's own words (headings, tags, score parts) are Django's.
"""

from __future__ import annotations

from typing import Any, cast

from django.utils.translation import get_language, gettext_lazy

import engine
from common.language import DEFAULT, LANGUAGES
from engine.khora import catalog
from games import selectors
from games.models import Game
from notifications import prompts
from web.drawing import pictures

TRACKS = ("economy", "culture", "military")
COLOURS = ("red", "blue", "green")
HISTORY_EVENTS = 12  # events told when nothing is new since the last visit
HISTORY_MAX_EVENTS = 60  # at most, however much happened since the last visit
RULES = cast("engine.RulesBook", engine.get_game("khora"))  # the rules page and its anchors

SCORE_PARTS = {
    "score_track": gettext_lazy("Score track"),
    "developments": gettext_lazy("Developments"),
    "politics_cards": gettext_lazy("Politics cards"),
    "glory_x_major_tokens": gettext_lazy("Glory × major tokens"),
}
# A bot's tag on its city: the level says what the others play against.
BOT_TAGS = {
    "random": gettext_lazy("bot: random"),
    "standard": gettext_lazy("bot: standard"),
    "strong": gettext_lazy("bot: strong"),
}
CARD_KINDS = {
    "immediate": gettext_lazy("immediate"),
    "ongoing": gettext_lazy("ongoing"),
    "end_game": gettext_lazy("end of game"),
}


def page_language() -> str:
    """The engine's language for the page's (Django's active language): "uk-ua" -> "uk"."""
    code = (get_language() or DEFAULT).split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def phase_name(phase: str | None, lang: str) -> str:
    """A phase as the engine calls it (the rulebook's terms in Ukrainian)."""
    return catalog.text(f"phase.{phase}", lang) if phase else ""


def seat_names(detail: dict, lang: str) -> list[str]:
    """How the page names each seat, as the history does (selectors.seat_name)."""
    return [
        selectors.seat_name(seat["position"], seat["player"], seat["is_bot"], lang)
        for seat in detail["seats"]
    ]


# --- facts of the view, shaped for the templates --------------------------------------------


def _needs(needs: dict[str, int]) -> list[dict]:
    return [{"colour": colour, "count": n} for colour, n in needs.items() if n]


def _card(card: dict) -> dict:
    return {**card, "needs": _needs(card["needs"]), "kind_name": CARD_KINDS.get(card["kind"], "")}


def _ladder(player: dict) -> list[dict]:
    level = player["development_level"]
    return [
        {**step, "needs": _needs(step["needs"]), "next": step["level"] == level + 1}
        for step in player["development_ladder"]
    ]


def _tracks(player: dict, lang: str) -> list[dict]:
    return [
        {
            "name": catalog.text(f"track.{track}", lang),
            "level": player[track],
            "next": player["next_levels"][track],
        }
        for track in TRACKS
    ]


# --- the table -----------------------------------------------------------------------------


def paused_until(pause: dict[str, Any] | None):
    """When a game's pause (its detail's `pause`) ends, if it runs."""
    return pause["ends_at"] if pause and pause["status"] == "active" else None


def table(game: Game, detail: dict[str, Any], lang: str) -> dict[str, Any]:
    """The game page's context from `game_detail` for the same viewer, in `lang`."""
    view = detail["view"]
    names = seat_names(detail, lang)
    me = detail["your_seat"]
    waiting = set(detail["waiting_for"])
    prompt = priced_prompt(detail["prompt"], lang)
    context: dict[str, Any] = {
        "game": game,
        "detail": detail,
        "names": names,
        "me": me,
        "prompt": prompt,
        "unavailable": prompt.get("unavailable", []) if prompt else [],
        # The rules page, and the entry that explains the prompt (rulebook.py).
        "rules_label": catalog.text("rules.open", lang),
        "prompt_anchor": RULES.rules_anchor(prompt_kind=prompt["kind"]) if prompt else None,
        "deadline": detail["deadline"],
        # A running pause: no deadline runs until it ends (the deadline is counted past it).
        "paused_until": paused_until(detail.get("pause")),
        "waiting_names": [names[seat] for seat in detail["waiting_for"]],
        "held_names": [names[seat] for seat in detail.get("deadline_held_for", [])],
        "players": [],
        "mine": None,
        "can_revise": False,
        "history": [],
        "scores": None,
    }
    if view is None:
        return context
    bots = {seat["position"]: seat["bot_level"] for seat in detail["seats"] if seat["is_bot"]}
    # Who sits in each seat now, for the link to their player page (a bot has none).
    usernames = [None if seat["is_bot"] else seat["player"] for seat in detail["seats"]]
    for seat in _turn_order(view):
        player = view["players"][seat]
        context["players"].append(
            {
                **player,
                "name": names[seat],
                "username": usernames[seat],
                "is_me": seat == me,
                "is_bot": seat in bots,
                "bot_tag": BOT_TAGS.get(bots.get(seat, ""), BOT_TAGS["random"]),
                "waiting": seat in waiting,
                "is_start": seat == view.get("start_player"),
                "tracks": _tracks(player, lang),
                "ladder": _ladder(player),
                "tokens": _tokens(player, lang),
                "cards": [_card(c) for c in player["played_cards"]],
            }
        )
    if me is not None:
        own = view["players"][me]
        context["mine"] = {
            "hand": [_card(c) for c in own.get("hand", [])],
            "draft_hand": [_card(c) for c in own.get("draft_hand", [])],
            "draft_picks": [_card(c) for c in own.get("draft_picks", [])],
        }
        context["can_revise"] = (
            prompt is None and game.status == Game.Status.ACTIVE and sealed_choice_open(view, me)
        )
    context.update(
        round=view["round"],
        # The event deck holds one event per round: those seen and those left make the game.
        rounds=len(view["events_revealed"]) + view["events_left"],
        phase=phase_name(view["phase"], lang),
        start_player=names[view["start_player"]] if view.get("start_player") is not None else "",
        current_event=view["current_event"],
        events_left=view["events_left"],
        exploration=_spaces(view, lang),
        persepolis=view["persepolis_explored"],
        deck_size=view["politics_deck_size"],
    )
    pictures.add_pictures(context, view, names, lang)  # the board drawn, from the same view
    if game.status == Game.Status.FINISHED:  # the final page and the replay: the score chart
        at_round = None if view.get("finished") else view["round"]
        context["score_chart"] = pictures.chart(game, me, names, at_round)
    if detail["scores"]:
        context["scores"] = scores(detail["scores"], names, view)
        for row in context["scores"]:
            row["username"] = usernames[row["seat"]]
    return context


def priced_prompt(prompt: dict | None, lang: str) -> dict | None:
    """The prompt with each card option's price and needs on its button, as its email gives
    them (notifications.prompts), and no "nothing changes at once" under a card to draft."""
    if prompt is None:
        return None
    options = []
    for option in prompt["options"]:
        priced = {**option, "label": prompts.option_label(option, lang)}
        if option.get("preview"):
            priced["preview"] = prompts.quiet_preview(option, option["preview"], lang)
        options.append(priced)
    return {**prompt, "options": options}


def sealed_choice_open(view: dict, me: int) -> bool:
    """Whether the viewer's secret choice may still be taken back (the engine's `revise`):
    their draft pick while someone has not picked, or their tiles while someone still assigns."""
    own = view["players"][me]
    others = [p for p in view["players"] if p["seat"] != me]
    if view["phase"] == "setup" and own.get("draft_picks"):
        return any(p.get("draft_picks_count") == len(own["draft_picks"]) - 1 for p in others)
    if view["phase"] == "dice" and own["tiles_assigned"] and own["active_tiles"] is None:
        return any(p["tiles_assigned"] < p["dice_count"] for p in others)
    return False


def _turn_order(view: dict) -> list[int]:
    count = view["num_players"]
    start = view.get("start_player") or 0
    return [(start + offset) % count for offset in range(count)]


def _tokens(player: dict, lang: str) -> list[dict]:
    tokens = []
    for key, count in player["knowledge_tokens"].items():
        colour, tier = key.split("_")
        name = catalog.token_name(colour, tier, lang)
        tokens.append({"colour": colour, "major": tier == "major", "count": count, "name": name})
    return tokens


def _spaces(view: dict, lang: str) -> list[dict]:
    """The exploration board, each space named by what it gives (Persepolis by its name)."""
    return [
        {
            **space,
            "token": catalog.space_name(space["id"], lang)
            if space["colour"] not in COLOURS
            else catalog.token_name(space["colour"], space["tier"], lang),
        }
        for space in view["exploration"]
    ]


def scores(raw: dict, names: list[str], view: dict) -> list[dict]:
    place_of = {seat: rank["place"] for rank in raw["ranking"] for seat in rank["seats"]}
    rows = [
        {
            "seat": seat,
            "name": names[seat],
            "city": (view["players"][seat]["city"] or {}).get("name", ""),
            "place": place_of.get(seat),
            "total": raw["totals"][seat],
            "breakdown": [
                (SCORE_PARTS.get(part, part), value)
                for part, value in raw["breakdown"][seat].items()
                if part != "total"
            ],
        }
        for seat in range(len(raw["totals"]))
    ]
    return sorted(rows, key=lambda row: (row["place"] or 99, row["seat"]))


# --- the history in words (the engine's narration, as the API's history gives it) ----------


def history(game: Game, viewer: int | None, last_seen: int | None, lang: str) -> list[dict]:
    """What happened, newest event first, each with the lines it caused for `viewer` and
    marked when it is new since the last visit: everything new (up to a limit), and at least
    the last few events. The viewer's own decisions are never news to them."""
    after = max(0, game.last_seq - HISTORY_EVENTS)
    if last_seen is not None:
        after = max(min(after, last_seen), game.last_seq - HISTORY_MAX_EVENTS, 0)
    told = selectors.game_history(game, viewer, after=after, limit=HISTORY_MAX_EVENTS, lang=lang)
    events: list[dict] = []
    for line in told["lines"]:
        if not events or events[-1]["seq"] != line["seq"]:
            new = last_seen is not None and line["seq"] > last_seen and line["by"] != viewer
            events.append({"seq": line["seq"], "at": line["created_at"], "lines": [], "new": new})
        anchor = RULES.rules_anchor(cause=line.get("cause"))
        events[-1]["lines"].append({"text": line["text"], "anchor": anchor})
    events.reverse()
    return events


def event_lines(game: Game, viewer: int | None, seq: int, lang: str) -> list[str]:
    """The lines event `seq` caused, told to `viewer` (none before the first event)."""
    if seq <= 0:
        return []
    told = selectors.game_history(game, viewer, after=seq - 1, limit=1, lang=lang)
    return [line["text"] for line in told["lines"]]
