"""A secret prompt's standing answer on the real deadline path: not taken when asked (that
would tell the others it fitted), taken at the step's deadline instead of the default, as the
player's own decision, with no missed deadline counted."""

from datetime import timedelta

from common import clock
from games.models import GameEvent, GameStep, Seat
from games.standing import kinds
from games.standing.models import StandingAnswer, StandingUse
from games.workers import advancing
from tests.players import start_game, url


def test_a_secret_prompts_rule_waits_for_the_deadline_then_answers_for_its_player(
    make_player, monkeypatch
):
    # The draft is the first secret prompt of every game: it stands here for Legislation's
    # keep, which a game reaches only by chance.
    monkeypatch.setattr(kinds, "SEALED_KINDS", ("legislation_keep", "draft_pick"))
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    assert prompt["kind"] == "draft_pick"
    chosen = next(o["id"] for o in prompt["options"] if o["id"] != prompt["default"])
    rule = StandingAnswer.objects.create(
        user=alice.user,
        game=game,
        kind="ahead",
        params={"prompt_kind": "draft_pick", "option": chosen},
        set_at_seq=game.last_seq,
    )
    bob_prompt = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": bob_prompt["id"], "option": bob_prompt["default"]})
    assert alice.get(url(game, "prompt")).json()["prompt"]["id"] == prompt["id"], (
        "answered at once, it would tell bob that the rule fitted"
    )

    step = GameStep.objects.get(game=game, closed_at__isnull=True)
    with clock.frozen_at(step.deadline + timedelta(minutes=1)):
        assert advancing.step_expire(step.pk)

    use = StandingUse.objects.get(game=game)
    entry = GameEvent.objects.get(game=game, seq=use.seq)
    assert entry.seat == 0 and entry.payload["option"] == chosen and use.prompt == prompt["id"]
    assert not entry.auto and entry.actor == "player"
    assert Seat.objects.get(game=game, position=0).missed_deadlines == 0
    rule.refresh_from_db()
    assert not rule.active and rule.uses == 1  # an answer given ahead is used once
