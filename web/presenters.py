"""From what the selectors return to what the game page shows.

Everything here reads the engine's per-viewer view (`selectors.game_detail`) and the redacted
log (`selectors.game_log`): the page never sees more than the API would give the same viewer.
Two parts stand in for the engine's own explanations until they land, and are the only places
to switch at merge:
- `history`: lines of the log in words (to become `game.narrate`, in the viewer's language);
- `facts`: card costs and requirements, development ladders, track prices and rewards (to come
  in the view itself).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.khora.content.cards import CARDS
from engine.khora.content.cities import CITIES
from engine.khora.content.tracks import LEVELS, PROGRESS_TRACKS
from engine.khora.phases.round_start import ROUNDS
from games import selectors
from games.models import Game

HISTORY_LINES = 40
COLOURS = ("red", "blue", "green")


PHASES = {
    "setup": gettext_lazy("Setup"),
    "event_announcement": gettext_lazy("Event"),
    "tax": gettext_lazy("Taxes"),
    "dice": gettext_lazy("Dice"),
    "actions": gettext_lazy("Actions"),
    "progress": gettext_lazy("Progress"),
    "achievements": gettext_lazy("Achievements"),
    "event_resolution": gettext_lazy("Event resolution"),
    "final_scoring": gettext_lazy("Final scoring"),
    "game_over": gettext_lazy("Game over"),
}
TRACKS = {
    "economy": gettext_lazy("Economy"),
    "culture": gettext_lazy("Culture"),
    "military": gettext_lazy("Military"),
}
SCORE_PARTS = {
    "score_track": gettext_lazy("Score track"),
    "developments": gettext_lazy("Developments"),
    "politics_cards": gettext_lazy("Politics cards"),
    "glory_x_major_tokens": gettext_lazy("Glory × major tokens"),
}
REWARDS = {
    "citizens": gettext_lazy("citizens"),
    "vp": gettext_lazy("VP"),
    "tax": gettext_lazy("tax"),
    "glory": gettext_lazy("glory"),
    "third_die": gettext_lazy("a third die"),
}


# --- facts (to come from the engine's view) ------------------------------------------------


def card_facts(card: dict) -> dict:
    """A card of a view with its cost in drachmas and the knowledge tokens it needs."""
    known = CARDS.get(card["id"])
    if known is None:
        return {**card, "cost": None, "needs": []}
    return {**card, "cost": known.cost, "needs": _needs(known.needs)}


def development_ladder(city_id: str | None, unlocked: int) -> list[dict]:
    if city_id not in CITIES:
        return []
    return [
        {
            "level": dev.level,
            "cost": dev.cost,
            "needs": _needs(dev.needs),
            "text": dev.text,
            "unlocked": dev.level <= unlocked,
            "next": dev.level == unlocked + 1,
        }
        for dev in CITIES[city_id].developments
    ]


def track_next(track: str, level: int) -> dict | None:
    upcoming = LEVELS[track].get(level + 1)
    if upcoming is None:
        return None
    reward = ", ".join(f"+{n} {REWARDS.get(k, k)}" for k, n in upcoming.reward.items())
    return {"level": level + 1, "price": upcoming.price, "reward": reward}


def _needs(needs: tuple[int, int, int]) -> list[dict]:
    return [{"colour": c, "count": n} for c, n in zip(COLOURS, needs, strict=True) if n]


# --- the table -----------------------------------------------------------------------------


def table(game: Game, detail: dict[str, Any], last_seen: int | None) -> dict[str, Any]:
    """The game page's context from `game_detail` for the same viewer."""
    view = detail["view"]
    names = [seat["player"] or _("Bot") for seat in detail["seats"]]
    me = detail["your_seat"]
    waiting = set(detail["waiting_for"])
    context: dict[str, Any] = {
        "game": game,
        "detail": detail,
        "names": names,
        "me": me,
        "prompt": detail["prompt"],
        "deadline": detail["deadline"],
        "waiting_names": [names[seat] for seat in detail["waiting_for"]],
        "players": [],
        "mine": None,
        "can_revise": False,
        "history": [],
        "scores": None,
    }
    if view is None:
        return context
    order = _turn_order(view)
    for seat in order:
        player = view["players"][seat]
        context["players"].append(_player(player, names[seat], seat == me, seat in waiting, view))
    if me is not None:
        own = view["players"][me]
        context["mine"] = {
            "hand": [card_facts(c) for c in own.get("hand", [])],
            "draft_hand": [card_facts(c) for c in own.get("draft_hand", [])],
            "draft_picks": [card_facts(c) for c in own.get("draft_picks", [])],
        }
        context["can_revise"] = (
            detail["prompt"] is None
            and game.status == Game.Status.ACTIVE
            and sealed_choice_open(view, me)
        )
    context.update(
        round=view["round"],
        rounds=ROUNDS,
        phase=PHASES.get(view["phase"], view["phase"]),
        start_player=names[view["start_player"]] if view.get("start_player") is not None else "",
        current_event=view["current_event"],
        events_left=max(0, ROUNDS - len(view["events_revealed"])),
        exploration=view["exploration"],
        persepolis=view["persepolis_explored"],
        deck_size=view["politics_deck_size"],
    )
    if detail["scores"]:
        context["scores"] = scores(detail["scores"], names, view)
    return context


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


def _player(player: dict, name: str, is_me: bool, waiting: bool, view: dict) -> dict:
    tracks = [
        {"name": TRACKS[track], "level": player[track], "next": track_next(track, player[track])}
        for track in PROGRESS_TRACKS
    ]
    city = player["city"]
    return {
        **player,
        "name": name,
        "is_me": is_me,
        "waiting": waiting,
        "is_start": player["seat"] == view.get("start_player"),
        "tracks": tracks,
        "ladder": development_ladder(city["id"] if city else None, player["development_level"]),
        "tokens": [
            {"key": key, "colour": key.split("_")[0], "major": key.endswith("major"), "count": n}
            for key, n in player["knowledge_tokens"].items()
        ],
        "cards": [card_facts(c) for c in player["played_cards"]],
    }


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


# --- history (to become the engine's narration) ----------------------------------------------


def history(game: Game, user, names: list[str], last_seen: int | None) -> list[dict]:
    """The newest log entries, newest first, each marked when it is new since the last visit."""
    after = max(0, game.last_seq - HISTORY_LINES)
    entries = selectors.game_log(game, user, after=after, limit=HISTORY_LINES)["events"]
    lines = []
    for entry in reversed(entries):
        lines.append(
            {
                "seq": entry["seq"],
                "at": entry["created_at"],
                "text": line_of(entry, names),
                "new": last_seen is not None and entry["seq"] > last_seen,
            }
        )
    return lines


def line_of(entry: dict, names: list[str]) -> str:
    data = entry["data"]
    seat = entry.get("seat")
    who = names[seat] if seat is not None and seat < len(names) else _("The game")
    kind = str(data.get("kind", "")).replace("_", " ")
    if entry["type"] == "chance":
        return _("Chance: %(kind)s") % {"kind": kind}
    if data.get("hidden"):
        return _("%(who)s chose in secret (%(kind)s)") % {"who": who, "kind": kind}
    if data.get("kind") == "revise":
        return _("%(who)s took back a sealed choice") % {"who": who}
    option = str(data.get("option", "")).split(":")[-1].replace("-", " ")
    text = _("%(who)s: %(kind)s → %(option)s") % {"who": who, "kind": kind, "option": option}
    if entry.get("auto"):
        text += " " + _("(automatic)")
    return text
