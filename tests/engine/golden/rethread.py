"""Re-thread a golden log after a change of order: same choices, the engine's new interleaving.

    python -m tests.engine.golden.rethread 3 [--write]

Takes each seat's decisions and each chance outcome from the stored log, in their order, and
feeds them to the current engine: a seat answers whenever the engine asks it, with its next
stored answer. The only departures allowed are printed for a person to check against the
rules: a question the engine now asks that has one answer (it is answered), and a tile
payment or set-aside the engine now does by itself (the stored answer is dropped). Any
other mismatch stops it; where the rules changed what a seat could choose, a person works
out the new answer and gives it with `--answer ROUND:SEAT:OLD=NEW` (it replaces that seat's
stored answer OLD in that round). `--write` replaces the log and the expected views; the
scores are left for the test to hold against `hand_checked_scores`, which this never touches.
"""

from __future__ import annotations

import argparse
import json
from collections import deque

import engine
from engine.core import Event
from engine.khora import flow
from tests.engine.golden.record import HERE, final_position

game = engine.get_game("khora")


def rethread(golden: dict, replaced: dict | None = None) -> tuple[list[Event], list[str], object]:
    replaced = replaced or {}
    setup = golden["setup"]
    chance: deque = deque()
    draws: dict[int, deque] = {}
    answers: dict[int, deque] = {}
    for index, raw in enumerate(golden["events"]):
        event = Event.from_dict(raw)
        if event.type == "chance" and event.data["kind"] == "draw":
            draws.setdefault(event.seat, deque()).append(event)
        elif event.type == "chance":
            chance.append(event)
        else:
            answers.setdefault(event.seat, deque()).append((index, event.data))
    state = game.new_game(setup["num_players"], setup["options"])
    events: list[Event] = []
    notes: list[str] = []

    def apply(event: Event) -> None:
        nonlocal state
        state = game.apply(state, event)
        events.append(event)

    while not game.is_over(state):
        request = flow.chance_request(state)
        if request is not None:
            queue = draws[request["seat"]] if request["kind"] == "draw" else chance
            event = queue.popleft()
            assert event.data["kind"] == request["kind"], (event, request)
            apply(event)
            continue
        pending = game.pending(state)
        waiting = sorted(pending, key=lambda s: answers[s][0][0] if answers.get(s) else 1e9)
        for seat in waiting:
            prompt = pending[seat]
            stored = answers.get(seat)
            if stored and stored[0][1]["kind"] == prompt.kind:
                option = stored.popleft()[1]["option"]
                new = replaced.get((state.round, seat, option))
                if new:
                    notes.append(f"round {state.round}: seat {seat} answers {new}, not {option}")
                    option = new
                assert prompt.option(option), (state.round, seat, prompt, option)
                apply(game.decide(state, seat, prompt.id, option))
                break
        else:
            seat = waiting[0]
            prompt = pending[seat]
            stored = answers.get(seat)
            if len(prompt.options) == 1:
                only = prompt.options[0].id
                notes.append(f"round {state.round}: seat {seat} now asked {prompt.kind} ({only})")
                apply(game.decide(state, seat, prompt.id, prompt.options[0].id))
            elif stored and stored[0][1]["kind"] == "adjust_citizens":
                dropped = stored[0][1]["option"]
                notes.append(f"round {state.round}: seat {seat}'s {dropped} now done by the engine")
                stored.popleft()
            else:
                raise AssertionError((state.round, seat, prompt, stored and stored[0]))
    leftover = {seat: list(queue) for seat, queue in answers.items() if queue}
    assert not leftover and not chance and not any(draws.values()), leftover
    return events, notes, state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("players", type=int)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--answer", action="append", default=[])
    args = parser.parse_args()
    replaced = {}
    for answer in args.answer:
        where, new = answer.split("=")
        rnd, seat, old = where.split(":", 2)
        replaced[(int(rnd), int(seat), old)] = new
    path = HERE / f"{args.players}p.json"
    golden = json.loads(path.read_text())
    events, notes, state = rethread(golden, replaced)
    print("\n".join(notes) or "no departures")
    print(final_position(state))
    print(json.dumps(game.scores(state)["breakdown"]))
    if args.write:
        golden["events"] = [event.to_dict() for event in events]
        golden["expected"] = {
            "scores": game.scores(state),
            "views": {str(s): game.view(state, s) for s in [None, *range(args.players)]},
        }
        path.write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n")
        print("wrote", path.name)


if __name__ == "__main__":
    main()
