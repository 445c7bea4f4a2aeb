"""Types of the engine's JSON in the OpenAPI schema, so generated clients get real classes.

These serializers only describe: the engine's `view` and `redact` stay the one source of the
values, and the output serializers pass them through unchanged (see `described_as`). Objects
stay open (`additionalProperties` allowed) so that a new engine field is not a breaking change.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine
from bots.levels import LEVEL_NAMES
from engine.khora.content.cities import CITIES
from engine.khora.seat_tasks import HANDLERS

# The kinds of prompt a seat can be asked (tasks the engine runs by itself ask nothing).
PROMPT_KINDS = sorted(
    {kind for kind, handler in HANDLERS.items() if not handler.automatic}
    | set(engine.get_game("khlor").prompt_kinds)
)
CITY_IDS = sorted(CITIES)
CHANCE_KINDS = ["cities", "deal", "dice", "draw", "event", "start_player"]


def described_as(
    doc_serializer: type[serializers.Serializer] | dict[str, Any], **kwargs
) -> serializers.Field:
    """A field that passes the engine's dict through, documented as `doc_serializer` (or a
    schema given as it is, e.g. GAME_VIEW)."""

    @extend_schema_field(doc_serializer)
    class Described(serializers.DictField):
        pass

    name = "GameView" if isinstance(doc_serializer, dict) else doc_serializer.__name__
    Described.__name__ = f"{name}Field"
    return Described(**kwargs)


class NamedCardOutput(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    text = serializers.CharField(required=False)


class PlayerViewOutput(serializers.Serializer):
    """One seat as the viewer may see it: public counts for everyone; `hand`, `draft_hand`
    and `draft_picks` only for the seat's own player (others see their sizes)."""

    seat = serializers.IntegerField()
    city = serializers.DictField(allow_null=True, help_text="The city chosen, null before.")
    development_ladder = serializers.ListField(
        child=serializers.JSONField(),
        help_text="The city's development levels: each level's cost, needs, text, unlocked.",
    )
    next_levels = serializers.DictField(
        help_text="Per track (economy, culture, military): the next level, its price and reward."
    )
    development_level = serializers.IntegerField()
    drachmas = serializers.IntegerField()
    vp = serializers.IntegerField()
    citizens = serializers.IntegerField()
    tax = serializers.IntegerField()
    glory = serializers.IntegerField()
    troops = serializers.IntegerField()
    economy = serializers.IntegerField()
    culture = serializers.IntegerField()
    military = serializers.IntegerField()
    philosophy_tokens = serializers.IntegerField()
    knowledge_tokens = serializers.DictField(child=serializers.IntegerField())
    played_cards = serializers.ListField(child=serializers.JSONField())
    hand_size = serializers.IntegerField()
    dice_count = serializers.IntegerField()
    dice = serializers.ListField(child=serializers.JSONField())
    tiles_assigned = serializers.IntegerField(help_text="How many dice are on action tiles.")
    tiles = serializers.ListField(
        child=serializers.JSONField(),
        allow_null=True,
        help_text="The tiles the dice are on; null while others' assignments are sealed.",
    )
    active_tiles = serializers.ListField(
        child=serializers.JSONField(), allow_null=True, help_text="null until assignments show."
    )
    tiles_set_aside = serializers.ListField(child=serializers.JSONField())
    tiles_done = serializers.ListField(child=serializers.JSONField())
    achievements = serializers.ListField(child=serializers.JSONField())
    hand = serializers.ListField(child=serializers.JSONField(), required=False)
    draft_hand = serializers.ListField(child=serializers.JSONField(), required=False)
    draft_picks = serializers.ListField(child=serializers.JSONField(), required=False)
    draft_hand_size = serializers.IntegerField(
        required=False, help_text="Another player's draft hand, counted (while drafting)."
    )
    draft_picks_count = serializers.IntegerField(
        required=False, help_text="Another player's draft picks, counted (while drafting)."
    )


class GameViewOutput(serializers.Serializer):
    """The state of a game as one viewer may see it (others' secrets hidden)."""

    game = serializers.CharField()
    rules_version = serializers.CharField()
    viewer = serializers.IntegerField(allow_null=True, help_text="Your seat; null: spectator.")
    num_players = serializers.IntegerField()
    round = serializers.IntegerField()
    phase = serializers.CharField()
    start_player = serializers.IntegerField(allow_null=True)
    current_event = NamedCardOutput(allow_null=True)
    events_revealed = NamedCardOutput(many=True)
    events_left = serializers.IntegerField(help_text="Events still to be revealed (one a round).")
    politics_deck_size = serializers.IntegerField()
    exploration = serializers.ListField(child=serializers.JSONField())
    persepolis_explored = serializers.BooleanField()
    achievements = serializers.DictField()
    players = PlayerViewOutput(many=True)
    waiting_for = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()
    scores = serializers.DictField(allow_null=True)


class KhlorPlayerViewOutput(serializers.Serializer):
    """One seat of a Khlor game: what it caught per colour, its additional turn's points."""

    seat = serializers.IntegerField()
    caught = serializers.DictField(
        child=serializers.IntegerField(), help_text="Demons caught, per colour."
    )
    additional_turn_points = serializers.IntegerField()


class KhlorViewOutput(serializers.Serializer):
    """The state of a Khlor game: the same for every viewer (Khlor hides nothing once dealt).
    Written by hand; tests/games/api/test_khlor_view_schema.py holds it to real views, both
    ways (members, types, nulls), and Khlor's members of OptionDataOutput to real options."""

    game = serializers.CharField(help_text="khlor")
    viewer = serializers.IntegerField(allow_null=True, help_text="Your seat; null: spectator.")
    phase = serializers.CharField(help_text="deal, turn, extra (the additional turns) or over.")
    step = serializers.CharField(help_text="The step of the turn: place, remove, lay, ...")
    turn = serializers.IntegerField()
    seat_to_play = serializers.IntegerField(allow_null=True, help_text="Null before the deal.")
    deciding = serializers.ListField(child=serializers.IntegerField())
    start_player = serializers.IntegerField()
    white_egg = serializers.CharField(help_text="The square of the white egg (D4).")
    squares = serializers.DictField(
        help_text="Per square (A1..G7): demons (bottom first), egg (a colour or null), colour."
    )
    supply = serializers.DictField(
        child=serializers.IntegerField(), help_text="Eggs left, per colour."
    )
    circle = serializers.ListField(child=serializers.CharField(), help_text="The pieces' order.")
    dragon_before = serializers.CharField(allow_null=True)
    ahead = serializers.ListField(child=serializers.CharField(), help_text="The two pieces ahead.")
    placed = serializers.CharField(allow_null=True, help_text="The placement of this turn.")
    caught_this_turn = serializers.ListField(child=serializers.CharField())
    additional_turns_left = serializers.ListField(child=serializers.IntegerField())
    pieces = serializers.DictField(help_text="Per piece: its cells and its egg symbol's cell.")
    players = KhlorPlayerViewOutput(many=True)
    scores = serializers.DictField(allow_null=True)


# A game's view, by the game it is (its `game`): Khôra's or Khlor's. The views are named in
# khora_site.schema.NAMED_PAYLOADS, since only this reference reaches them.
GAME_VIEW = {
    "oneOf": [
        {"$ref": f"#/components/schemas/{view.__name__}"}
        for view in (GameViewOutput, KhlorViewOutput)
    ]
}


class OptionDataOutput(serializers.Serializer):
    """What an option stands for; which members appear depends on the prompt's kind."""

    card = serializers.CharField(required=False, help_text="A politics card id.")
    tile = serializers.IntegerField(required=False, help_text="An action tile (0-6).")
    cost = serializers.IntegerField(required=False, help_text="Citizens the die costs.")
    citizens = serializers.IntegerField(required=False)
    philosophy = serializers.IntegerField(required=False, help_text="Philosophy tokens spent.")
    drachma = serializers.IntegerField(required=False, help_text="Drachmas spent.")
    track = serializers.CharField(required=False, help_text="economy, culture or military.")
    troops = serializers.IntegerField(required=False)
    space = serializers.CharField(required=False, help_text="An exploration space id.")
    colour = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="A knowledge token colour; Khlor's lay: the eggs' colour (null: lay none).",
    )
    tax = serializers.IntegerField(required=False)
    glory = serializers.IntegerField(required=False)
    level = serializers.IntegerField(required=False, help_text="A development level.")
    vp = serializers.IntegerField(required=False, help_text="Victory points gained.")
    token = serializers.CharField(
        required=False, help_text="A knowledge token, e.g. blue_minor (give_up_token)."
    )
    # Khlor's options: a placement (place, extra, extra_back), remove, lay.
    piece = serializers.CharField(required=False, help_text="Khlor: the piece placed (I..Z).")
    side = serializers.CharField(required=False, help_text="Khlor: front or back.")
    turn = serializers.IntegerField(required=False, help_text="Khlor: quarter turns (0-3).")
    demons = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Khlor: the demon squares."
    )
    egg = serializers.CharField(required=False, help_text="Khlor: the egg symbol's square.")
    catches = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Khlor: the colours caught."
    )
    remove = serializers.BooleanField(required=False, help_text="Khlor: remove the egg.")
    squares = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Khlor: where eggs are laid."
    )


class EventDataOutput(serializers.Serializer):
    """A log entry's data. A decision: `kind` (a prompt kind), `prompt`, `option`, and `bot`
    (its level) when a bot made it, with `playouts` when that bot searched. A chance
    outcome: `kind` (cities, deal, dice, draw, event, start_player) and the outcome; parts the
    reader may not see are replaced by counts until the game is finished. Khlor's: decisions
    of kind place, lay, remove or extra; its one chance outcome, the deal (stacks, circle)."""

    kind = serializers.CharField()
    prompt = serializers.CharField(required=False)
    option = serializers.CharField(required=False)
    bot = serializers.ChoiceField(
        choices=LEVEL_NAMES,
        required=False,
        help_text="The level of the bot that made this decision (a bot seat, or a bot playing "
        "for an absent player).",
    )
    playouts = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="The playouts the bot's search made for this decision (`strong` only): how "
        "hard it thought, whatever the server's load.",
    )
    seat = serializers.IntegerField(required=False, allow_null=True)
    stacks = serializers.JSONField(
        required=False,
        help_text="Khlor's deal: each valley square's demons by colour, bottom first.",
    )
    circle = serializers.JSONField(
        required=False, help_text="Khlor's deal: the circle's pieces in their order."
    )
    cities = serializers.JSONField(required=False)
    hands = serializers.JSONField(required=False)
    dice = serializers.JSONField(required=False)
    cards = serializers.JSONField(required=False)
    event = serializers.JSONField(required=False)
    hidden = serializers.BooleanField(
        required=False,
        help_text="True where a sealed choice of another seat (a draft pick, a tile) is left "
        "out: `option` is absent until the game is finished.",
    )
    step = serializers.CharField(
        required=False, help_text="revise: the sealed step reopened (draft_pick, assign_die)."
    )
    # Notices (the server's own entries), by their kind:
    reason = serializers.CharField(
        required=False, help_text="deadline_extended: why (server_down)."
    )
    down_from = serializers.DateTimeField(
        required=False, help_text="deadline_extended: when the server stopped ticking."
    )
    down_until = serializers.DateTimeField(
        required=False, help_text="deadline_extended: when it ticked again."
    )
    by_seconds = serializers.IntegerField(
        required=False, help_text="deadline_extended: how far the deadline moved."
    )
    deadline = serializers.DateTimeField(
        required=False, help_text="deadline_extended: the step's new deadline."
    )
    until = serializers.DateTimeField(
        required=False, allow_null=True, help_text="player_away: the holiday's end, if set."
    )
    days_left = serializers.FloatField(
        required=False, help_text="player_away: holiday days the player has left this year."
    )
    days = serializers.IntegerField(
        required=False,
        help_text="holiday_capped: the most holiday days in a row; pause_proposed, "
        "pause_started: the pause's length.",
    )
    player = serializers.CharField(
        required=False,
        help_text="substitute_joined, substitute_left: the substitute; seat_vote: the voter.",
    )
    original = serializers.CharField(
        required=False, help_text="substitute_joined, substitute_left: the seat's own player."
    )
    votes = serializers.IntegerField(
        required=False, help_text="seat_vote: the votes for a bot on the seat, this one included."
    )
    needed = serializers.IntegerField(
        required=False, help_text="seat_vote: the votes it takes (a majority of those present)."
    )
