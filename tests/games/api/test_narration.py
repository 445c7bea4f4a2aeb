"""The log and the history tell what happened, as each requester may see it, in their language."""

from accounts.models import Profile
from engine.khora.catalog import card_name
from games.models import Game
from tests.games.api.test_log_and_state import dealt_hands
from tests.players import start_game, url


def _strip(lines):
    return [{key: value for key, value in line.items() if key != "text"} for line in lines]


def _without_text(entries):
    return [{**entry, "lines": _strip(entry["lines"])} for entry in entries]


def test_log_lines_name_my_cards_to_me_only_and_use_usernames(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    hands = dealt_hands(game)
    deal = next(
        e for e in bob.get(url(game, "log")).json()["events"] if e["data"].get("kind") == "deal"
    )
    told = " ".join(line["text"] for line in deal["lines"])
    assert all(card_name(card, "en") in told for card in hands[1])
    assert not any(card_name(card, "en") in told for card in hands[0])
    assert "alice is dealt 5 politics cards" in told and "bob is dealt" in told
    cities = next(e for e in bob.get(url(game, "log")).json()["events"])["lines"]
    assert {line["msg"] for line in cities} <= {
        "city",
        "cards_dealt",
        "cards_dealt_hidden",
        "start_player",
        "phase",
        "round",
    }


def test_history_tells_what_happened_since_a_seq(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    seen = Game.objects.get(pk=game.pk).last_seq
    prompt = alice.get(url(game, "prompt")).json()["prompt"]
    alice.post(url(game, "decisions"), {"prompt": prompt["id"], "option": prompt["default"]})

    history = bob.get(url(game, "history") + f"?after={seen}").json()
    assert history["viewer"] == 1 and history["after"] == seen
    assert history["lines"] and all(line["seq"] > seen for line in history["lines"])
    picked = next(line for line in history["lines"] if line["seat"] == 0)
    assert picked["msg"] == "draft_picked_hidden" and "card" not in picked["params"]
    assert picked["text"] == "Draft: alice has kept a card"

    mine = alice.get(url(game, "history") + f"?after={seen}").json()["lines"]
    assert next(line for line in mine if line["seat"] == 0)["msg"] == "draft_picked"
    everything = bob.get(url(game, "history")).json()
    assert everything["lines"][0]["seq"] == 1 and everything["next_after"] is None


def test_texts_follow_the_profile_then_accept_language_and_nothing_else_changes(
    make_player, anonymous
):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    english = bob.get(url(game, "log")).json()["events"]
    Profile.objects.filter(user=bob.user).update(language="uk")
    ukrainian = bob.get(url(game, "log")).json()["events"]
    assert _without_text(english) == _without_text(ukrainian)
    texts = [line["text"] for e in ukrainian for line in e["lines"]]
    assert any("отримує карти" in t for t in texts), texts
    # the profile wins over the header
    header_en = bob.get(url(game, "log"), HTTP_ACCEPT_LANGUAGE="en-GB").json()["events"]
    assert header_en == ukrainian

    spectator_en = anonymous.get(url(game, "history")).json()["lines"]
    spectator_uk = anonymous.get(
        url(game, "history"), HTTP_ACCEPT_LANGUAGE="de;q=1, uk-UA;q=0.8, en;q=0.5"
    )
    assert spectator_uk["Vary"].count("Accept-Language") == 1
    lines_uk = spectator_uk.json()["lines"]
    assert _strip(lines_uk) == _strip(spectator_en)
    assert all(uk["text"] != en["text"] for uk, en in zip(lines_uk, spectator_en, strict=True))


def test_the_prompt_and_view_speak_the_profile_language_with_the_same_ids(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    game = start_game([alice, bob])
    english = alice.get(url(game, "prompt")).json()["prompt"]
    english_view = alice.get(url(game, "")).json()["view"]
    Profile.objects.filter(user=alice.user).update(language="uk")
    ukrainian = alice.get(url(game, "prompt")).json()["prompt"]
    ukrainian_view = alice.get(url(game, "")).json()["view"]
    assert ukrainian["text"].startswith("Відбір:") and english["text"].startswith("Draft:")
    assert [o["id"] for o in ukrainian["options"]] == [o["id"] for o in english["options"]]
    assert [o["data"] for o in ukrainian["options"]] == [o["data"] for o in english["options"]]
    assert ukrainian["default"] == english["default"]
    hand = ukrainian_view["players"][0]["draft_hand"]
    assert [c["id"] for c in hand] == [c["id"] for c in english_view["players"][0]["draft_hand"]]
    assert all(card_name(c["id"], "uk") == c["name"] for c in hand)
    assert {"cost", "needs", "kind"} <= set(hand[0])
