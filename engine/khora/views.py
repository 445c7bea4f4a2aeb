"""The one choke point for hidden information: per-viewer views of the state and the log."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.khora import catalog, facts
from engine.khora.content.exploration import SPACES
from engine.khora.seat_tasks import HANDLERS
from engine.khora.state import Player, State


def _event_card(event_id: str | None, lang: str) -> dict[str, str] | None:
    if event_id is None:
        return None
    return {
        "id": event_id,
        "name": catalog.event_name(event_id, lang),
        "text": catalog.event_text(event_id, lang),
    }


def _player_view(state: State, player: Player, viewer: int | None, lang: str) -> dict[str, Any]:
    mine = viewer == player.seat
    show_tiles = mine or state.assignments_revealed

    def _card(card_id: str) -> dict[str, Any]:
        return facts.card(card_id, lang)

    city = (
        {"id": player.city, "name": catalog.city_name(player.city, lang)} if player.city else None
    )
    view: dict[str, Any] = {
        "seat": player.seat,
        "city": city,
        "development_ladder": facts.ladder(state, player.seat, lang),
        "next_levels": facts.next_levels(state, player.seat, lang),
        "development_level": player.development,
        "drachmas": player.drachma,
        "vp": player.vp,
        "citizens": player.citizens,
        "tax": player.tax,
        "glory": player.glory,
        "troops": player.troops,
        "economy": player.economy,
        "culture": player.culture,
        "military": player.military,
        "philosophy_tokens": player.philosophy,
        "knowledge_tokens": {k: v for k, v in sorted(player.tokens.items()) if v},
        "played_cards": [_card(c) for c in player.played],
        "hand_size": len(player.hand),
        "dice_count": player.dice_count,
        "dice": list(player.dice),
        "tiles_assigned": len(player.assignment),
        "tiles": list(player.assignment) if show_tiles else None,
        "active_tiles": list(player.active_tiles) if state.assignments_revealed else None,
        "tiles_set_aside": list(player.set_aside),
        "tiles_done": list(player.tiles_done),
        "achievements": list(player.achievements),
    }
    if mine:
        view["hand"] = [_card(c) for c in player.hand]
        if player.draft_hand or player.draft_picks:
            view["draft_hand"] = [_card(c) for c in player.draft_hand]
            view["draft_picks"] = [_card(c) for c in player.draft_picks]
    elif player.draft_hand or player.draft_picks:
        view["draft_hand_size"] = len(player.draft_hand)
        view["draft_picks_count"] = len(player.draft_picks)
    return view


def view(
    state: State, viewer: int | None, waiting_for: list[int], lang: str = "en"
) -> dict[str, Any]:
    return {
        "game": "khora",
        "rules_version": state.rules_version,
        "viewer": viewer,
        "num_players": state.num_players,
        "round": state.round,
        "phase": state.phase,
        "start_player": state.start_player,
        "current_event": _event_card(state.current_event, lang),
        "events_revealed": [_event_card(e, lang) for e in state.events_revealed],
        **facts.event_deck(state),
        "politics_deck_size": len(state.deck_unseen) + len(state.deck_bottom),
        "exploration": [
            {
                "id": space_id,
                "colour": SPACES[space_id].colour,
                "tier": SPACES[space_id].tier,
                "troops_required": SPACES[space_id].troops_required,
                "troops_lost": SPACES[space_id].troops_lost,
                "drachmas": SPACES[space_id].drachma,
                "vp": SPACES[space_id].vp,
            }
            for space_id in state.exploration
        ],
        "persepolis_explored": state.persepolis_explored,
        "achievements": {k: list(v) for k, v in state.achievements_claimed.items()},
        "players": [_player_view(state, p, viewer, lang) for p in state.players],
        "waiting_for": waiting_for,
        "finished": state.finished,
        "scores": state.final_scores,
    }


def redact(event: Event, viewer: int | None) -> dict[str, Any]:
    """A log entry as `viewer` may see it (None: a spectator)."""
    entry = event.to_dict()
    data = dict(event.data)
    own = viewer is not None and viewer == event.seat
    if event.type == "decision":
        handler = HANDLERS.get(data.get("kind", ""))
        if handler is not None and handler.secret and not own:
            data.pop("option", None)
            data["hidden"] = True
    elif data.get("kind") == "deal":
        data["hands"] = [
            hand if seat == viewer else {"cards": len(hand)}
            for seat, hand in enumerate(data.get("hands", []))
        ]
    elif data.get("kind") == "draw" and not own:
        data["cards"] = {"cards": len(data.get("cards", []))}
    entry["data"] = data
    return entry
