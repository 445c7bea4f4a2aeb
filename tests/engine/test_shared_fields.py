"""A clone shares its lists and dicts with the state it was copied from (state.py,
SHARED_PLAYER_FIELDS and SHARED_STATE_FIELDS), so the rules must replace them, never change
them in place: `player.hand.append(card)` would change every earlier state too (the web's
past-state cache, the narration's state before). test_fast_paths checks this at run time on
random games; this test reads the engine's source, so a rare rule no random game reaches is
checked as well.

It catches the direct forms (`x.hand.append(...)`, `x.tokens[key] = ...`, `x.hand += [...]`,
`del x.hand[0]`), not a list first bound to a local name and then changed.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.khora.state import SHARED_PLAYER_FIELDS, SHARED_STATE_FIELDS

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "khora"
SHARED = SHARED_PLAYER_FIELDS | SHARED_STATE_FIELDS
MUTATING_METHODS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "clear",
    "sort",
    "reverse",
    "update",
    "setdefault",
    "popitem",
    "add",
    "discard",
    "__setitem__",
    "__delitem__",
    "__iadd__",
}


def _shared_attribute(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute) and node.attr in SHARED:
        return node.attr
    return None


def in_place_changes(source: str) -> list[tuple[int, str]]:
    """(line, what) for each change in place of a shared field in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = _shared_attribute(node.func.value)
            if name and node.func.attr in MUTATING_METHODS:
                found.append((node.lineno, f"{name}.{node.func.attr}(...)"))
        targets = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript) and _shared_attribute(target.value):
                found.append((node.lineno, f"{target.value.attr}[...] changed"))
            elif isinstance(node, ast.AugAssign) and _shared_attribute(target):
                found.append((node.lineno, f"{target.attr} {type(node.op).__name__}= (in place)"))
    return sorted(found)


def test_the_rules_never_change_a_shared_list_or_dict_in_place():
    offences = [
        f"{path.relative_to(ENGINE.parent.parent)}:{line}: {what}"
        for path in sorted(ENGINE.rglob("*.py"))
        for line, what in in_place_changes(path.read_text(encoding="utf-8"))
    ]
    assert not offences, "replace shared fields instead (state.without, [*items, item]):\n" + (
        "\n".join(offences)
    )


def test_the_check_sees_each_form_of_change_in_place():
    source = """
player.hand.append(card)
state.players[seat].tokens[key] = 2
player.set_aside += [tile]
del state.deck_unseen[0]
state.achievements_claimed.setdefault(name, [])
player.hand = [*player.hand, card]
player.agenda.append(task)
"""
    assert [line for line, _ in in_place_changes(source)] == [2, 3, 4, 5, 6]
