"""Standing answers on the real write path and the API: applied in the change that asks the
prompt, in the log's order, with no "your turn" email or push for it, and nothing new for
the other seats to see."""

from games.models import GameEvent, PendingAsk
from games.standing import kinds
from games.standing.models import StandingAnswer, StandingUse
from notifications.models import Notification
from tests.players import assert_problem, start_game, url
from webpush import announcing
from webpush.models import PushMessage

STANDING = "/api/v1/me/standing-answers/"


def _play_defaults_until(players, game, done, limit=300):
    """Both players answer their prompts with the defaults until `done()`."""
    for _ in range(limit):
        if done():
            return
        moved = False
        for player in players:
            prompt = player.get(url(game, "prompt")).json()["prompt"]
            if prompt:
                player.post(
                    url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]}
                )
                moved = True
        assert moved, "nobody asked, yet the rules did not answer"
    raise AssertionError("the game never reached the prompt")


def test_the_progress_phase_answered_by_both_seats_rules_in_the_log_order(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    for player in (alice, bob):
        response = player.post(
            url(game, "standing-answers"),
            {"kind": "progress", "params": {"track": "economy", "max_price": 20}},
        )
        assert response.status_code == 201, response.content

    def both_used():
        return StandingUse.objects.filter(game=game).values("answer__user").distinct().count() == 2

    _play_defaults_until([alice, bob], game, both_used)

    uses = list(StandingUse.objects.filter(game=game).order_by("seq"))
    for use in uses:
        entry = GameEvent.objects.get(game=game, seq=use.seq)
        assert entry.type == "decision"
        assert entry.seat == game.seats.get(user=use.answer.user).position
        assert entry.payload["option"] == use.option == "advance:economy"
        assert not entry.auto and entry.actor == "player"  # the player's own decision
        # Taken in the change that asked it: never an email or a push asking it.
        user = use.answer.user
        assert not Notification.objects.filter(recipient=user, prompt=use.prompt).exists()
        assert not PushMessage.objects.filter(game=game, prompt=use.prompt).exists()
    assert [u.seq for u in uses] == sorted({u.seq for u in uses})  # one log entry each

    # Each sees only their own rules and marks; the log reads the same for both.
    mine = alice.get(url(game, "standing-answers")).json()
    assert {a["kind"] for a in mine["answers"]} == {"progress"}
    alice_seqs = {u.seq for u in uses if u.answer.user == alice.user}
    assert {int(seq) for seq in mine["marks"]} == alice_seqs
    theirs = bob.get(url(game, "standing-answers")).json()
    assert not alice_seqs & {int(seq) for seq in theirs["marks"]}
    seq = min(alice_seqs)
    bob_log = bob.get(url(game, "log") + f"?after={seq - 1}&limit=1").json()
    entry = bob_log["events"][0]
    assert entry["seq"] == seq and entry["actor"]["kind"] == "player", entry
    assert "standing" not in str(entry)


def test_the_api_refuses_bad_rules_strangers_and_others_rules(make_player):
    alice, bob, eve = make_player("alice"), make_player("bob"), make_player("eve")
    game = start_game([alice, bob])
    unknown_member = {"kind": "progress", "params": {"x": 1}}  # not in the schema
    assert_problem(alice.post(url(game, "standing-answers"), unknown_member), 400, "invalid_input")
    other_kinds = {"kind": "progress", "params": {"reward": "glory"}}  # an achievement's
    bad = alice.post(url(game, "standing-answers"), other_kinds)
    assert_problem(bad, 422, "invalid_standing_answer")
    unknown = alice.post(url(game, "standing-answers"), {"kind": "teleport"})
    assert_problem(unknown, 422, "invalid_standing_answer")
    stranger = eve.post(url(game, "standing-answers"), {"kind": "explore"})
    assert_problem(stranger, 403, "not_seated")
    ahead = bob.post(
        STANDING, {"kind": "ahead", "params": {"prompt_kind": "explore", "option": "skip"}}
    )
    assert_problem(ahead, 422, "invalid_standing_answer")

    khlor = alice.post("/api/v1/games/", {"game": "khlor", "seats": 2, "bots": ["random"]})
    other = alice.post(f"/api/v1/games/{khlor.json()['id']}/standing-answers/", {"kind": "explore"})
    assert_problem(other, 422, "invalid_standing_answer")  # the kinds answer Khôra's prompts

    made = alice.post(STANDING, {"kind": "achievement", "params": {"reward": "glory"}}).json()
    assert_problem(bob.client.delete(f"{STANDING}{made['id']}/"), 404, "standing_answer_not_found")
    assert bob.get(STANDING).json()["answers"] == []
    cancelled = alice.client.delete(f"{STANDING}{made['id']}/").json()
    assert not cancelled["active"] and cancelled["cancel_reason"] == "cancelled_by_player"
    assert alice.get(STANDING).json()["answers"] == []  # a player's own cancel needs no notice
    assert not StandingAnswer.objects.filter(pk=made["id"]).exists()  # never used


def test_a_prompt_a_rule_takes_after_a_wait_brings_no_your_turn_email_or_push(
    make_player, monkeypatch
):
    # The draft's second pick stands in for a prompt of a kind a rule answers: alice, who
    # waited on bob, would be asked again by email and push when his pick closes the round
    # (tests/games/write/test_submission_round_trips.py holds that she is). Her rule (the
    # prompt's default, as `explore` answers) takes it in that very change instead.
    monkeypatch.setattr(kinds, "OPEN_KINDS", (*kinds.OPEN_KINDS, "draft_pick"))
    monkeypatch.setitem(kinds.PROMPT_KIND, "explore", "draft_pick")
    pushes: list = []
    monkeypatch.setattr(announcing, "hand_over", lambda *handed: pushes.append(handed))
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    first = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": first["id"], "option": first["default"]})
    assert alice.post(url(game, "standing-answers"), {"kind": "explore"}).status_code == 201
    emails = Notification.objects.filter(recipient=alice.user).count()
    pushes.clear()  # the start's

    pick = bob.get(url(game, "prompt")).json()["prompt"]
    bob.post(url(game, "decisions"), {"prompt": pick["id"], "option": pick["default"]})

    use = StandingUse.objects.get(game=game)
    assert GameEvent.objects.get(game=game, seq=use.seq).seat == 0 and use.prompt != first["id"]
    assert Notification.objects.filter(recipient=alice.user).count() == emails
    assert not Notification.objects.filter(recipient=alice.user, prompt=use.prompt).exists()
    assert not PendingAsk.objects.filter(game=game, position=0).exists()
    asked = [ask[0] for _game, _kind, asks in pushes for ask in asks]
    assert alice.user.pk not in asked, pushes
