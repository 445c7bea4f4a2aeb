"""Every line, prompt and option of Khlor reads in English and in Ukrainian."""

import random
import re

import pytest

from engine.khlor import game, text
from tests.engine.khlor.table import play, table

NAMES = ["Аня", "Богдан", "Віра", "Гліб"]
# What may stay Latin in Ukrainian: square names (B2) and the pieces' letters (фігура T).
ALLOWED_LATIN = re.compile(r"\b[A-G][1-7]\b|\b[IOTSZLJ]\b")


def _ukrainian_is_clean(sentence):
    rest = ALLOWED_LATIN.sub("", sentence)
    assert not re.search(r"[A-Za-z{}]", rest), sentence


def _played_games():
    """Lines and prompts of random games (2-4 players), and of a table whose end has every
    kind of additional turn."""
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_game(2 + seed % 3)
        state, lines = game.apply_recorded(state, game.sample_chance(state, rng))
        yield lines, []
        while not game.is_over(state):
            seat, prompt = next(iter(game.pending(state).items()))
            event = game.decide(state, seat, prompt.id, rng.choice(prompt.options).id)
            state, lines = game.apply_recorded(state, event)
            yield lines, [prompt]
    state = table(stacks={"C1": ["green"], "A2": ["blue"], "B2": ["yellow"]}, seat=1)
    prompt = game.pending(state)[1]
    _, lines = game.apply_recorded(state, game.decide(state, 1, prompt.id, prompt.default))
    yield lines, [prompt]


def test_every_line_prompt_and_option_reads_in_both_languages():
    kinds, prompts = set(), set()
    for lines, asked in _played_games():
        for line in lines:
            kinds.add(line["msg"])
            english = game.render(line, "en", NAMES)
            ukrainian = game.render(line, "uk", NAMES)
            assert english and ukrainian and english != ukrainian
            _ukrainian_is_clean(ukrainian)
            assert "Player" in game.render(line, "en") or line["seat"] is None
        for prompt in asked:
            prompts.add(prompt.kind)
            shown = prompt.to_dict("uk")
            _ukrainian_is_clean(shown["text"])
            for option in shown["options"][:20]:
                _ukrainian_is_clean(option["label"])
            assert prompt.to_dict("en")["text"] != shown["text"]
    assert kinds == set(text.MESSAGES)  # each message is seen in play
    assert prompts == set(text.PROMPTS)


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, "1 зелене яйце"), (2, "2 зелені яйця"), (5, "5 зелених яєць"), (11, "11 зелених яєць"),
     (21, "21 зелене яйце"), (22, "22 зелені яйця")],
)  # fmt: skip
def test_ukrainian_numbers_agree_with_their_nouns(count, expected):
    assert text.eggs(count, "green", "uk") == expected
    assert (
        text.points(count, "uk").split()[1]
        == {0: "очко", 1: "очки", 2: "очок"}[text.plural_uk(count)]
    )


def test_a_catch_reads_as_what_happened():
    state = table(stacks={"A1": ["green", "blue"], "B1": ["pink"], "C1": ["yellow"]})
    prompt = game.pending(state)[0]
    _, lines = game.apply_recorded(state, game.decide(state, 0, prompt.id, "I:A1.B1.C1:D1"))
    assert game.render(lines[0], "en", NAMES) == (
        "Аня places piece I on A1, B1, C1 (egg symbol on D1) and catches blue, pink, yellow."
    )
    assert game.render(lines[0], "uk", NAMES) == (
        "Аня ставить фігуру I на A1, B1, C1 (знак яйця на D1); улов: синій, рожевий, жовтий."
    )
    state = play(state, "I:A1.B1.C1:D1")
    labels = {o.id: o.to_dict("uk")["label"] for o in game.pending(state)[0].options}
    assert labels["pink:B1.C1"] == "Покласти 2 рожеві яйця на B1, C1"
    assert labels["none"] == "Не класти яєць"
