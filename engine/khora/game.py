"""The Khôra game object: the public contract of the engine for this game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.core import Choice, Event, IllegalDecision, InvalidEvent, LeftOut, Option, Prompt
from engine.khora import (
    catalog,
    flow,
    journal,
    preview,
    prompting,
    rulebook,
    sealed,
    seat_tasks,
    views,
)
from engine.khora.content.cards import CARDS
from engine.khora.content.events import RANDOM_POOL
from engine.khora.content.exploration import SPACES
from engine.khora.journal import Line
from engine.khora.options import SETUP
from engine.khora.phases.scoring import compute_scores
from engine.khora.phases.setup import setup_steps
from engine.khora.preview_text import Preview
from engine.khora.state import Player, State
from engine.options import check_setup

if TYPE_CHECKING:
    from random import Random

RULES_VERSION = "khora-1"
_make_choice = tuple.__new__
# The step a chance outcome belongs to, as the cause of what it changes (journal.py).
CHANCE_STEPS = {
    "cities": "random_cities",
    "deal": "deal",
    "start_player": "pick_start_player",
    "event": "announce",
    "dice": "roll",
    "draw": "draw",
}


def _check_setup(num_players: int, options: dict[str, Any]) -> None:
    check_setup(SETUP, num_players, options)  # the setup declared once (engine/khora/options.py)


def _fresh(state: State, in_place: bool) -> State:
    """The state an event is applied to: a clone (its cache empty), or `state` itself with
    its cache emptied (derived from the state before: stale once the event is applied)."""
    if in_place:
        state.cache = {}
        return state
    return state.clone()


class KhoraGame:
    name = "khora"
    rules_version = RULES_VERSION
    languages = catalog.LANGUAGES
    setup = SETUP
    min_players = SETUP.min_players
    max_players = SETUP.max_players
    # The kinds a seat may be asked (tasks the engine runs by itself ask nothing).
    prompt_kinds = tuple(
        sorted(kind for kind, task in seat_tasks.HANDLERS.items() if not task.automatic)
    )

    def new_game(self, num_players: int, options: dict[str, Any] | None = None) -> State:
        options = dict(options or {})
        _check_setup(num_players, options)
        state = State(
            num_players=num_players,
            options=options,
            players=[Player(seat) for seat in range(num_players)],
            deck_unseen=sorted(CARDS),
            events_unseen=list(RANDOM_POOL),
            exploration=list(SPACES),
            rules_version=RULES_VERSION,
        )
        state.steps = setup_steps(state)
        flow.run(state)
        return state

    # --- chance ---------------------------------------------------------------------------

    def needs_chance(self, state: State) -> bool:
        if state.finished:
            return False
        cache = state.cache
        if "chance" in cache:  # flow.chance_request, inlined: asked before every event
            return cache["chance"] is not None
        return flow.chance_request(state) is not None

    def sample_chance(self, state: State, rng: Random) -> Event:
        request = flow.chance_request(state)
        if request is None:
            raise IllegalDecision("no_chance_needed", "The game needs no chance outcome now.")
        outcome = flow.CHANCE[request["kind"]].sample(state, rng)
        return Event("chance", {"kind": request["kind"], **outcome}, seat=request.get("seat"))

    # --- decisions ------------------------------------------------------------------------

    def pending(self, state: State) -> dict[int, Prompt]:
        return dict(self._pending(state))

    @staticmethod
    def _pending(state: State) -> dict[int, Prompt]:
        """`pending`, kept in the state's cache (the caller must not change it)."""
        cached = state.cache.get("pending")
        if cached is not None:
            return cached
        cached = state.cache["pending"] = {}
        if state.finished or flow.chance_request(state) is not None:
            return cached
        # Prompts kept from the state before (flow.run): each for the task its kept options
        # were listed for, which must still be the seat's open task.
        carried = state.cache.get("prompts", {})
        listed = state.cache.get("options", {})
        handlers = seat_tasks.HANDLERS
        for seat, player in enumerate(state.players):
            agenda = player.agenda
            if not agenda:
                continue
            task = agenda[0]  # seat_tasks.open_task, inlined: this is a hot path
            if task.kind == "draw" or handlers[task.kind].automatic:
                continue
            prompt, known = carried.get(seat), listed.get(seat)
            if prompt is not None and known and task.id == known[0]:
                cached[seat] = prompt
            else:
                cached[seat] = prompting.prompt_for(state, seat, task)
        return cached

    @staticmethod
    def deciding(state: State) -> list[int]:
        """The seats with an open prompt, in seat order: `sorted(pending(state))` without
        building the prompts."""
        asked = state.cache.get("deciding")
        if asked is not None:  # as flow.run left them
            return asked[:]
        if state.finished or flow.chance_request(state) is not None:
            return []
        handlers = seat_tasks.HANDLERS
        seats = []
        for seat, player in enumerate(state.players):
            agenda = player.agenda
            if agenda:
                kind = agenda[0].kind
                if kind != "draw" and not handlers[kind].automatic:
                    seats.append(seat)
        return seats

    @staticmethod
    def choice(state: State, seat: int) -> Choice:
        """The open prompt of a seat in `deciding(state)` as a playout reads it: its id, kind
        and options, the same as `pending`'s prompt (a test checks), without its texts or
        default."""
        player = state.players[seat]
        task = player.agenda[0]
        kind = task.kind
        known = state.cache.get("options", {}).get(seat)  # as flow.run listed them
        if known is not None and task.id == known[0]:
            options = known[1]
        else:
            options = seat_tasks.HANDLERS[kind].options(state, seat, task)
        if player.glory > 0:  # seat_tasks.exchange_options, only when it can offer any
            options = options + seat_tasks.exchange_options(state, seat)
        # Choice(...) without its generated __new__: a tuple of the same fields, as fast as
        # building the tuple (a choice per playout move)
        return _make_choice(Choice, (f"p{seat}-{task.id}", kind, options))

    def choices(self, state: State) -> dict[int, Choice]:
        """`choice` of every seat in `deciding(state)`."""
        return {seat: self.choice(state, seat) for seat in self.deciding(state)}

    @staticmethod
    def take(state: State, seat: int, choice: Choice, option: Option) -> Event:
        """The decision taking `option` of the seat's `choice` (from `choice(state, seat)`), not
        checked: the playout's counterpart of `decide`."""
        option_id = option.id
        state.cache["decided"] = (seat, choice.prompt, option_id, option)
        return Event(
            "decision", {"prompt": choice.prompt, "kind": choice.kind, "option": option_id}, seat
        )

    def advance(self, state: State, event: Event) -> State:
        """`apply`, changing `state` itself into the next state (returned): for a caller
        that keeps no earlier state, e.g. a playout or a replay."""
        return self.apply(state, event, _in_place=True)

    def left_out(self, state: State, seat: int) -> tuple[LeftOut, ...]:
        """Options the seat's open prompt leaves out that a player would ask about (a card it
        cannot afford, a space too far), each with why: `LeftOut(id, label, reasons)`."""
        if seat not in self.pending(state):
            return ()
        return seat_tasks.left_out(state, seat)

    def previews(self, state: State, seat: int) -> dict[str, Preview]:
        """What each option of the seat's open prompt will do if nothing else happens first,
        with warnings on those that do nothing or waste what they pay (preview.py). Computed
        on request, from what the seat may see."""
        prompt = self.pending(state).get(seat)
        if prompt is None:
            return {}
        return preview.previews(state, seat, prompt.options)

    def prompt_dict(
        self, state: State, seat: int, lang: str = "en", previews: bool = False
    ) -> dict[str, Any] | None:
        """The seat's open prompt as data, texts in `lang`, with the options it leaves out;
        `previews`: each option also carries its `preview` (text, changes, warnings)."""
        prompt = self.pending(state).get(seat)
        if prompt is None:
            return None
        payload = prompt.to_dict(lang)
        payload["unavailable"] = [item.to_dict(lang) for item in self.left_out(state, seat)]
        if previews:
            found = self.previews(state, seat)
            for option in payload["options"]:
                option["preview"] = found[option["id"]].to_dict(lang)
        return payload

    def step_key(self, state: State) -> str:
        """Names the step the game is in. All prompts of one simultaneous step (and the chain of
        atomic prompts each seat answers in it) share a key; it changes when the game moves on."""
        return f"r{state.round}.s{state.steps_started}"

    def decide(self, state: State, seat: int, prompt_id: str, option_id: str) -> Event:
        if state.finished:
            raise IllegalDecision("game_over", "The game is over; there is nothing to decide.")
        if flow.chance_request(state) is not None:  # needs_chance (the game is not over)
            raise IllegalDecision(
                "waiting_for_chance", "The game is waiting for a roll or a draw; try again."
            )
        prompt = self._pending(state).get(seat)
        if prompt is None:
            raise IllegalDecision(
                "not_your_turn",
                f"Seat {seat} has nothing to decide now.",
                {"waiting_for": sorted(self.pending(state))},
            )
        if prompt_id != prompt.id:
            raise IllegalDecision(
                "stale_prompt",
                f"Prompt {prompt_id!r} is no longer open; the current prompt is {prompt.id!r}.",
                {"current_prompt": prompt.id},
            )
        option = prompt.option(option_id)
        if option is None:
            legal = [option.id for option in prompt.options]
            raise IllegalDecision(
                "illegal_option",
                f"{option_id!r} is not an option of this prompt; legal options: "
                f"{', '.join(legal)}.",
                {"legal_options": legal},
            )
        # The decision just checked, with its option: `apply` need not check it again.
        state.cache["decided"] = (seat, prompt.id, option_id, option)
        return Event(
            "decision", {"prompt": prompt.id, "kind": prompt.kind, "option": option_id}, seat=seat
        )

    def revise(self, state: State, seat: int) -> Event:
        """Take back a seat's sealed choice (draft pick, tile assignment) before the reveal."""
        step = sealed.revisable_step(state, seat)
        if step is None:
            raise IllegalDecision(
                "nothing_to_revise",
                f"Seat {seat} has no sealed choice to take back: a draft pick or a tile "
                "assignment can be changed only until every player has made theirs.",
            )
        return Event("decision", {"kind": "revise", "step": step}, seat=seat)

    # --- applying events ------------------------------------------------------------------

    def apply(self, state: State, event: Event, _in_place: bool = False) -> State:
        if state.finished:
            raise InvalidEvent("game_over", "The game is over; no event can follow.")
        event_type, data = event.type, event.data
        if event_type == "decision":
            decided = state.cache.get("decided")
            if (  # the decision `decide` checked on this very state
                decided is not None
                and decided[0] == event.seat
                and decided[1] == data.get("prompt")
                and decided[2] == data.get("option")
            ):
                return flow.answer(state, decided[0], decided[3], _in_place)
            if data.get("kind") == "revise":
                return self._revise(state, event, _in_place)
            seat, option = self._option_answered(state, event)
            return flow.answer(state, seat, option, _in_place)
        if event_type == "chance":
            new = _fresh(state, _in_place)
            self._apply_chance(new, event)
            flow.run(new)
            return new
        raise InvalidEvent("malformed_event", f"Unknown event type {event.type!r}.")

    def _revise(self, state: State, event: Event, in_place: bool) -> State:
        """A seat taking back its sealed choice (`revise`)."""
        seat = self._decided_seat(state, event)
        step = sealed.revisable_step(state, seat) if seat is not None else None
        if seat is None or step is None or step != event.data.get("step"):
            raise InvalidEvent("nothing_to_revise", "No sealed choice can be taken back now.")
        new = _fresh(state, in_place)
        sealed.reopen(new, seat, step)
        flow.run(new)
        return new

    def _option_answered(self, state: State, event: Event) -> tuple[int, Option]:
        """The seat that took a decision event and the option it chose; refuses a stale or
        illegal one. Checks the event against the seat's open task and its option ids,
        without building prompts."""
        if flow.chance_request(state) is not None:
            raise InvalidEvent("waiting_for_chance", "A chance outcome must come first.")
        seat = self._decided_seat(state, event)
        if seat is None:
            raise InvalidEvent("malformed_event", "A decision names the seat that took it.")
        task = seat_tasks.open_task(state, seat)
        if task is None or seat_tasks.prompt_id(seat, task) != event.data.get("prompt"):
            raise InvalidEvent("stale_prompt", "This decision answers a prompt that is not open.")
        option = seat_tasks.chosen_option(state, seat, task, event.data.get("option"))
        if option is None:
            raise InvalidEvent("illegal_option", "This decision is not a legal option.")
        return seat, option

    @staticmethod
    def _decided_seat(state: State, event: Event) -> int | None:
        """The seat a decision event names, or None if it names none of this game's."""
        seat = event.seat
        return seat if isinstance(seat, int) and 0 <= seat < state.num_players else None

    def _apply_chance(self, state: State, event: Event) -> None:
        request = flow.chance_request(state)
        kind = event.data.get("kind")
        if request is None or request["kind"] != kind:
            expected = request["kind"] if request else "none"
            raise InvalidEvent("unexpected_chance", f"Expected chance {expected}, got {kind!r}.")
        if state.chance is not None:
            state.chance = None
        state.cause = ("step", CHANCE_STEPS.get(kind, kind))
        flow.CHANCE[kind].apply(state, event.data)
        state.cause = ()

    # --- reading --------------------------------------------------------------------------

    def view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What `seat` may see (None: a spectator); names and texts in `lang`."""
        return views.view(state, seat, sorted(self.pending(state)), catalog.language(lang))

    def redact(self, event: Event, seat: int | None) -> dict[str, Any]:
        return views.redact(event, seat)

    # --- narration (journal.py, catalog.py) -----------------------------------------------

    def apply_recorded(self, state: State, event: Event) -> tuple[State, list[Line]]:
        """Apply an event (like `apply`, on a copy) and return every line it caused, for
        every viewer: pass them through `narrate_lines` before showing them to anyone."""
        new = state.clone()
        new.journal = lines = []
        if event.auto and event.seat is not None:
            lines.append(Line("deadline_default", event.seat))
        self.apply(new, event, _in_place=True)
        new.journal = None
        return new, lines

    def narrate_lines(
        self, lines: list[Line], viewer: int | None, everything: bool = False
    ) -> list[dict[str, Any]]:
        """Lines as `viewer` may see them (None: a spectator), structured, to be rendered;
        `everything`: unredacted (a finished game's log shows all)."""
        if everything:
            return [line.to_dict() for line in lines]
        return [journal.redact(line, viewer) for line in lines]

    def narrate(self, state: State, event: Event, viewer: int | None) -> list[dict[str, Any]]:
        """The lines `event` causes when applied to `state`, redacted for `viewer`."""
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

    def render(self, line: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> str:
        """One narrated line as a sentence in `lang` ("en" or "uk"); `names` name the seats."""
        return catalog.render_line(line, lang, names)

    # --- the rules page (rulebook.py) ----------------------------------------------------

    def rules_page(self, lang: str = "en") -> dict[str, Any]:
        """The rules as sections of entries with stable anchors, in `lang`."""
        return rulebook.rules_page(catalog.language(lang))

    def rules_anchor(
        self, prompt_kind: str | None = None, cause: list[Any] | tuple[Any, ...] | None = None
    ) -> str | None:
        """The rules entry that explains a prompt kind, or a history line's cause."""
        if prompt_kind is not None:
            return rulebook.anchor_for_prompt(prompt_kind)
        return rulebook.anchor_for_cause(cause)

    def is_over(self, state: State) -> bool:
        return state.finished

    def scores(self, state: State) -> dict[str, Any]:
        scores = state.final_scores or compute_scores(state)
        return {**scores, "final": state.finished}

    def event_from_dict(self, raw: dict[str, Any]) -> Event:
        return Event.from_dict(raw)
