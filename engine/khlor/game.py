"""The Khlor game object: the engine's contract (engine/core.py's Game) for this game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from engine.core import Choice, Event, IllegalDecision, InvalidEvent, LeftOut, Option, Prompt
from engine.khlor import rules, scoring, text, views
from engine.khlor.data import (
    BOARDS,
    COLOURS,
    DEFAULT_BOARD,
    DEMON_SQUARES,
    DEMONS_PER_COLOUR,
    DEMONS_PER_SQUARE,
    PIECES,
)
from engine.khlor.geometry import BACK, BY_ID, FRONT
from engine.khlor.options import SETUP
from engine.khlor.state import DEAL, LAY, OVER, PLACE, REMOVE, State
from engine.options import check_setup

if TYPE_CHECKING:
    from random import Random

RULES_VERSION = "khlor-1"


def _check_deal(data: dict[str, Any]) -> tuple[dict[str, list[str]], list[str]]:
    """The deal's outcome, refused unless it is one the setup can give (K2, K8)."""
    stacks, circle = data.get("stacks"), data.get("circle")
    if not isinstance(stacks, dict) or sorted(stacks) != sorted(DEMON_SQUARES):
        raise InvalidEvent("bad_chance", "The deal must give a stack to every demon square.")
    if not all(
        isinstance(stack, list) and all(isinstance(colour, str) for colour in stack)
        for stack in stacks.values()
    ):
        raise InvalidEvent("bad_chance", "Each stack must be a list of colours.")
    sizes = Counter(len(stack) for stack in stacks.values())
    short = len(DEMON_SQUARES) * DEMONS_PER_SQUARE - DEMONS_PER_COLOUR * len(COLOURS)
    if sizes != Counter({DEMONS_PER_SQUARE: len(DEMON_SQUARES) - short, 1: short}):
        raise InvalidEvent("bad_chance", "Every square gets 2 demons but one, which gets 1.")
    colours = Counter(colour for stack in stacks.values() for colour in stack)
    if colours != Counter(dict.fromkeys(COLOURS, DEMONS_PER_COLOUR)):
        raise InvalidEvent("bad_chance", f"The deal must hold {DEMONS_PER_COLOUR} of each colour.")
    if (
        not isinstance(circle, list)
        or not all(isinstance(piece, str) for piece in circle)
        or sorted(circle) != sorted(PIECES)
    ):
        raise InvalidEvent("bad_chance", "The circle must hold each of the 7 pieces once.")
    return stacks, circle


class KhlorGame:
    name = "khlor"
    rules_version = RULES_VERSION
    languages = text.LANGUAGES
    setup = SETUP
    min_players = SETUP.min_players
    max_players = SETUP.max_players
    prompt_kinds = (PLACE, REMOVE, LAY, rules.EXTRA_FRONT, rules.EXTRA_BACK)

    def new_game(self, num_players: int, options: dict[str, Any] | None = None) -> State:
        options = check_setup(SETUP, num_players, options)  # declared in engine/khlor/options.py
        board = BOARDS[options.get("board", DEFAULT_BOARD)]
        return State(num_players=num_players, options=options, square_colours=dict(board))

    # --- chance ---------------------------------------------------------------------------

    def needs_chance(self, state: State) -> bool:
        return state.phase == DEAL

    def sample_chance(self, state: State, rng: Random) -> Event:
        """The setup's deal: the demons shuffled onto the squares (2 each, one square 1) and
        the pieces' circle in a random order. The only chance of the game."""
        if state.phase != DEAL:
            raise IllegalDecision("no_chance_needed", "The game needs no chance outcome now.")
        demons = [colour for colour in COLOURS for _ in range(DEMONS_PER_COLOUR)]
        rng.shuffle(demons)
        single = rng.choice(DEMON_SQUARES)
        stacks: dict[str, list[str]] = {}
        for square in DEMON_SQUARES:
            size = 1 if square == single else DEMONS_PER_SQUARE
            stacks[square], demons = demons[:size], demons[size:]
        circle = list(PIECES)
        rng.shuffle(circle)
        return Event("chance", {"kind": "deal", "stacks": stacks, "circle": circle})

    # --- decisions ------------------------------------------------------------------------

    def _options(self, state: State) -> list[Option]:
        step = state.step
        if step in (PLACE, rules.EXTRA_FRONT, rules.EXTRA_BACK):
            if step == PLACE:
                found = rules.legal(state, rules.ahead(state), FRONT)
            else:
                side = FRONT if step == rules.EXTRA_FRONT else BACK
                found = rules.legal(state, state.circle, side)
            result = []
            for placement in found:
                tops = [state.stacks[square][-1] for square in placement.demons]
                label = text.placement_label(
                    placement.piece, placement.side, placement.demons, placement.egg, tops
                )
                data = {
                    "piece": placement.piece,
                    "side": placement.side,
                    "turn": placement.turn,
                    "demons": list(placement.demons),
                    "egg": placement.egg,
                    "catches": tops,
                }
                result.append(Option(placement.id, label, data))
            return result
        assert state.placed is not None
        if step == REMOVE:
            square = BY_ID[state.placed].egg
            colour = state.eggs[square]
            return [
                Option("keep", text.remove_label(False, colour, square), {"remove": False}),
                Option("remove", text.remove_label(True, colour, square), {"remove": True}),
            ]
        options = [Option("none", text.lay_label(None, ()), {"colour": None, "squares": []})]
        for colour, where in rules.lay_choices(state):
            options.append(
                Option(
                    f"{colour}:{'.'.join(where)}",
                    text.lay_label(colour, where),
                    {"colour": colour, "squares": list(where)},
                )
            )
        return options

    def _prompt_id(self, state: State) -> str:
        return f"t{state.turn}-{state.step}"

    def deciding(self, state: State) -> list[int]:
        return [] if state.phase in (DEAL, OVER) else [state.seat]

    def choice(self, state: State, seat: int) -> Choice:
        if seat not in self.deciding(state):
            raise IllegalDecision("not_your_turn", f"Seat {seat} has nothing to decide now.")
        return Choice(self._prompt_id(state), state.step, self._options(state))

    def choices(self, state: State) -> dict[int, Choice]:
        return {seat: self.choice(state, seat) for seat in self.deciding(state)}

    def pending(self, state: State) -> dict[int, Prompt]:
        result = {}
        for seat in self.deciding(state):
            options = tuple(self._options(state))
            kind = state.step
            default = options[0].id  # the first placement; keep the egg; lay none
            prompt_text = text.prompt_text(kind)
            result[seat] = Prompt(self._prompt_id(state), seat, kind, prompt_text, options, default)
        return result

    def left_out(self, state: State, seat: int) -> tuple[LeftOut, ...]:
        """Khlor lists every legal option and leaves none out to explain."""
        return ()

    def prompt_dict(
        self, state: State, seat: int, lang: str = "en", previews: bool = False
    ) -> dict[str, Any] | None:
        """The seat's open prompt as data, texts in `lang`. `previews` is accepted as every
        game's prompt takes it (engine.contract.Game), but Khlor has none to add: an option's data
        already says what it catches."""
        prompt = self.pending(state).get(seat)
        return prompt.to_dict(lang) if prompt is not None else None

    def step_key(self, state: State) -> str:
        """Names the step the game is in; it changes with every prompt (one seat at a time)."""
        return f"t{state.turn}-{state.step}"

    def revise(self, state: State, seat: int) -> Event:
        raise IllegalDecision(
            "nothing_to_revise", "Khlor has no sealed choice to take back: every answer is final."
        )

    def decide(self, state: State, seat: int, prompt_id: str, option_id: str) -> Event:
        if state.phase == OVER:
            raise IllegalDecision("game_over", "The game is over; there is nothing to decide.")
        if state.phase == DEAL:
            raise IllegalDecision("waiting_for_chance", "The demons are not dealt yet.")
        if seat != state.seat:
            raise IllegalDecision(
                "not_your_turn",
                f"Seat {seat} has nothing to decide now.",
                {"waiting_for": [state.seat]},
            )
        current = self._prompt_id(state)
        if prompt_id != current:
            raise IllegalDecision(
                "stale_prompt",
                f"Prompt {prompt_id!r} is no longer open; the current prompt is {current!r}.",
                {"current_prompt": current},
            )
        try:
            self._answered(state, option_id)
        except InvalidEvent:
            legal = [option.id for option in self._options(state)]
            raise IllegalDecision(
                "illegal_option",
                f"{option_id!r} is not an option of this prompt; legal options: "
                f"{', '.join(legal)}.",
                {"legal_options": legal},
            ) from None
        return Event("decision", {"prompt": current, "kind": state.step, "option": option_id}, seat)

    def take(self, state: State, seat: int, choice: Choice, option: Option) -> Event:
        return Event(
            "decision", {"prompt": choice.prompt, "kind": choice.kind, "option": option.id}, seat
        )

    # --- applying events ------------------------------------------------------------------

    def apply(self, state: State, event: Event, _in_place: bool = False) -> State:
        if state.phase == OVER:
            raise InvalidEvent("game_over", "The game is over; no event can follow.")
        new = state if _in_place else state.clone()
        if event.type == "chance":
            if state.phase != DEAL or event.data.get("kind") != "deal":
                raise InvalidEvent("unexpected_chance", "Only the setup's deal is chance.")
            stacks, circle = _check_deal(event.data)
            rules.deal(new, stacks, circle)
            return new
        if event.type != "decision":
            raise InvalidEvent("malformed_event", f"Unknown event type {event.type!r}.")
        if state.phase == DEAL:
            raise InvalidEvent("waiting_for_chance", "A chance outcome must come first.")
        if event.seat != state.seat or event.data.get("prompt") != self._prompt_id(state):
            raise InvalidEvent("stale_prompt", "This decision answers a prompt that is not open.")
        self._resolve(new, self._answered(state, event.data.get("option")))
        return new

    def _answered(self, state: State, option_id: object) -> Option:
        """The option a logged decision chose, checked without listing every option."""
        if isinstance(option_id, str):
            if state.step in (REMOVE, LAY):
                for option in self._options(state):
                    if option.id == option_id:
                        return option
            else:
                placement = BY_ID.get(option_id)
                if placement is not None and rules.allowed(state, placement):
                    return Option(option_id, option_id)
        raise InvalidEvent("illegal_option", "This decision is not a legal option.")

    def advance(self, state: State, event: Event) -> State:
        return self.apply(state, event, _in_place=True)

    @staticmethod
    def _resolve(state: State, option: Option) -> None:
        if state.step == REMOVE:
            rules.remove(state, bool(option.data["remove"]))
        elif state.step == LAY:
            rules.lay(state, option.data["colour"], tuple(option.data["squares"]))
        else:
            rules.place(state, BY_ID[option.id])

    # --- reading --------------------------------------------------------------------------

    def view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """Khlor hides nothing once dealt: every viewer sees the same table."""
        return views.view(state, seat, self.deciding(state))

    def redact(self, event: Event, seat: int | None) -> dict[str, Any]:
        return event.to_dict()  # perfect information: nothing to hide

    def apply_recorded(self, state: State, event: Event) -> tuple[State, list[dict[str, Any]]]:
        """Apply an event (on a copy) and return the lines it caused."""
        new = state.clone()
        lines: list[dict[str, Any]] = []
        new.journal = lines
        self.apply(new, event, _in_place=True)
        new.journal = None
        return new, lines

    def narrate_lines(
        self, lines: list[dict[str, Any]], viewer: int | None, everything: bool = False
    ) -> list[dict[str, Any]]:
        return [dict(line) for line in lines]  # nothing is secret

    def narrate(self, state: State, event: Event, viewer: int | None) -> list[dict[str, Any]]:
        return self.narrate_lines(self.apply_recorded(state, event)[1], viewer)

    def history(
        self,
        num_players: int,
        options: dict[str, Any] | None,
        events: Iterable[Event | dict[str, Any]],
        viewer: int | None,
        onto: State | None = None,
    ) -> list[list[dict[str, Any]]]:
        """Replay `events` (from the setup, or from `onto`: the state before the first of them)
        and return, per event, its lines for `viewer`."""
        state = onto if onto is not None else self.new_game(num_players, options)
        result = []
        for event in events:
            if isinstance(event, dict):
                event = self.event_from_dict(event)
            state, lines = self.apply_recorded(state, event)
            result.append(self.narrate_lines(lines, viewer))
        return result

    def render(
        self, line: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return text.render_line(line, lang, names)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> dict[str, Any]:
        found = state.final_scores or scoring.score(
            state.caught, state.eggs, state.square_colours, state.bonus
        )
        return {**found, "final": state.phase == OVER}

    def event_from_dict(self, raw: dict[str, Any]) -> Event:
        return Event.from_dict(raw)
