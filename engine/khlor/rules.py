"""The order of play: the deal, a turn's three steps, the end and its additional turns.

Each function changes the state it is given; `game.py` clones first when the caller keeps the
state before. What happens is noted for the narration (`State.note`).
"""

from __future__ import annotations

from itertools import combinations

from engine.khlor import scoring
from engine.khlor.data import CHOICES_AHEAD, COLOURS, STUCK_BONUS
from engine.khlor.geometry import BACK, BY_ID, FRONT, PLACEMENTS, Placement
from engine.khlor.state import EXTRA, LAY, OVER, PLACE, REMOVE, TURN, State

EXTRA_FRONT, EXTRA_BACK = "extra", "extra_back"


def ahead(state: State) -> list[str]:
    """The pieces just ahead of the dragon token, which a normal turn chooses from (K8)."""
    size = len(state.circle)
    return [state.circle[(state.token + k) % size] for k in range(CHOICES_AHEAD)]


def fits(stacks: dict[str, list[str]], placement: Placement) -> bool:
    """Each demon symbol lies over at least one demon (K6)."""
    first, second, third = placement.demons
    return bool(stacks.get(first) and stacks.get(second) and stacks.get(third))


def legal(state: State, pieces: list[str], side: str) -> list[Placement]:
    """Where these pieces may lie (K6)."""
    stacks = state.stacks
    return [p for piece in pieces for p in PLACEMENTS[(piece, side)] if fits(stacks, p)]


def can_catch(state: State, pieces: list[str], side: str) -> bool:
    stacks = state.stacks
    return any(fits(stacks, p) for piece in pieces for p in PLACEMENTS[(piece, side)])


def allowed(state: State, placement: Placement) -> bool:
    """Whether the open step may take this placement: its piece and side, and it fits."""
    if state.step == PLACE:
        pieces, side = ahead(state), FRONT
    elif state.step in (EXTRA_FRONT, EXTRA_BACK):
        pieces, side = state.circle, FRONT if state.step == EXTRA_FRONT else BACK
    else:
        return False
    return placement.piece in pieces and placement.side == side and fits(state.stacks, placement)


def empty_under(state: State, placement: Placement) -> list[str]:
    """Squares under the piece holding neither demons nor an egg (K9)."""
    return [
        square
        for square in placement.squares
        if not state.stacks.get(square) and square not in state.eggs
    ]


def lay_choices(state: State) -> list[tuple[str, tuple[str, ...]]]:
    """(colour, squares) for every way to lay eggs this turn, within the supply (K3, K9)."""
    assert state.placed is not None
    empties = empty_under(state, BY_ID[state.placed])
    found = []
    for colour in COLOURS:
        if colour not in state.caught_now:
            continue
        for size in range(1, min(len(empties), state.supply[colour]) + 1):
            for where in combinations(empties, size):
                found.append((colour, where))
    return found


def deal(state: State, stacks: dict[str, list[str]], circle: list[str]) -> None:
    state.stacks = {square: list(stack) for square, stack in stacks.items()}
    state.circle = list(circle)
    state.token = 0
    state.phase = TURN
    state.seat = state.start_player
    state.note("deal", None, circle=list(circle))
    start_turn(state)


def start_turn(state: State) -> None:
    """A normal turn begins, or the end does (K11)."""
    state.turn += 1
    state.step = PLACE
    state.placed = None
    state.caught_now = []
    if can_catch(state, ahead(state), FRONT):
        return
    ends_now = state.seat == state.start_player
    state.note("end_begins", state.seat, ends_now=ends_now)
    if ends_now:
        finish(state)
        return
    state.phase = EXTRA
    seat, state.extra_seats = state.seat, []
    while seat != state.start_player:
        state.extra_seats.append(seat)
        seat = (seat + 1) % state.num_players
    next_extra(state)


def next_extra(state: State) -> None:
    """The next additional turn: any front side, else any back side, else 3 points (K11)."""
    while state.extra_seats:
        state.seat = state.extra_seats[0]
        state.turn += 1
        state.placed = None
        if can_catch(state, state.circle, FRONT):
            state.step = EXTRA_FRONT
            return
        if can_catch(state, state.circle, BACK):
            state.step = EXTRA_BACK
            return
        state.bonus[state.seat] += STUCK_BONUS
        state.note("stuck", state.seat, points=STUCK_BONUS)
        state.extra_seats.pop(0)
    finish(state)


def place(state: State, placement: Placement) -> None:
    """The piece lies: the top demon of each demon square is caught (K7); the dragon token
    moves just past the piece (K8); then the egg steps, on a normal turn."""
    seat = state.seat
    caught = [state.stacks[square].pop() for square in placement.demons]
    for colour in caught:
        state.caught[seat][colour] += 1
    state.caught_now = caught
    state.placed = placement.id
    state.note(
        "caught",
        seat,
        piece=placement.piece,
        side=placement.side,
        squares=list(placement.demons),
        egg=placement.egg,
        colours=caught,
    )
    if state.phase == EXTRA:
        state.extra_seats.pop(0)
        next_extra(state)
        return
    state.token = (state.circle.index(placement.piece) + 1) % len(state.circle)
    if placement.egg in state.eggs:
        state.step = REMOVE
        return
    to_lay(state)


def remove(state: State, taken: bool) -> None:
    assert state.placed is not None
    if taken:
        square = BY_ID[state.placed].egg
        colour = state.eggs.pop(square)
        state.supply[colour] += 1
        state.note("egg_removed", state.seat, square=square, colour=colour)
    to_lay(state)


def to_lay(state: State) -> None:
    if lay_choices(state):
        state.step = LAY
        return
    end_turn(state)


def lay(state: State, colour: str | None, where: tuple[str, ...]) -> None:
    if colour is not None:
        for square in where:
            state.eggs[square] = colour
        state.supply[colour] -= len(where)
        state.note("eggs_laid", state.seat, colour=colour, squares=list(where))
    end_turn(state)


def end_turn(state: State) -> None:
    state.seat = (state.seat + 1) % state.num_players
    start_turn(state)


def finish(state: State) -> None:
    state.phase = OVER
    state.step = OVER
    state.extra_seats = []
    state.final_scores = scoring.score(state.caught, state.eggs, state.square_colours, state.bonus)
    for seat, total in enumerate(state.final_scores["totals"]):
        state.note("final_score", seat, total=total)
