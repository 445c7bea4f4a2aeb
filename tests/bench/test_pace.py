"""bench.pace in small: one game of three simulated players, one on push with standing answers,
played to its end through the real services with the clock moved virtually. Its invariants,
not the issue's targets (those need the full run: bench/README.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bench import pace_report, pace_sim, pace_world
from bench.pace_people import MIXES, Mix, Player, takes_part
from webhooks import transport

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_tiny_simulation_finishes_every_game_and_its_counts_add_up(settings):
    pace_world.configure(settings)
    mix = MIXES["half"]
    real_post = transport.post
    raw = pace_sim.run([mix], games_per_mix=1, seed=1, tick_every=timedelta(hours=24), log=str)
    assert transport.post is real_post  # the stand-in push service is gone after the run
    games = raw["games"]["half"]
    figures = pace_report.mix_figures(games)
    assert pace_report.problems(games, figures) == []
    assert figures["finished"] == figures["games"] == 1
    (game,) = games.values()
    assert game["players"] == 3 and game["rounds"] == 9
    assert figures["days_mean"] > 1  # people who sleep and read email after hours
    # Each kind of notice went out, and every your-turn notice belongs to a wait.
    assert figures["your_turn_emails"] > 0 and figures["your_turn_pushes"] > 0
    assert figures["your_turn_emails"] + figures["your_turn_pushes"] <= figures["waits"]
    # Every answer is in the log once: the players' looks, deadlines' defaults, standing rules.
    assert sum(figures["answers_by_actor"].values()) == figures["answers"]
    assert raw["counts"]["answers"] + figures["standing_answers"] <= figures["answers"]
    assert 0 <= figures["standing_share"] <= 1
    # The split by who left standing answers covers every player's notices.
    standing = pace_report.mix_figures(games, raw["standing_users"]["half"])
    assert raw["standing_users"]["half"] and standing["notices_per_player_round_with_rules"] >= 0
    (notices,) = [g["notices_by_user"] for g in games.values()]
    assert len(notices) == 3
    assert sum(notices.values()) == figures["your_turn_emails"] + figures["your_turn_pushes"]
    header, rows = pace_report.table([mix], {"half": figures})
    assert header == ["figure", mix.label] and all(len(row) == 2 for row in rows)


def test_players_sleep_at_night_on_their_own_clock_and_shares_spread_evenly():
    player = Player.of(0, Mix("x", "x", 0.5, 0.5), seed=1)
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    night = datetime(2026, 1, 6, 2, 0, tzinfo=ZoneInfo(player.time_zone)).astimezone(UTC)
    woken = player.awake_from(night)
    assert not player.asleep(woken) and woken > night
    assert woken.astimezone(ZoneInfo(player.time_zone)).hour == 7
    assert [takes_part(i, 0.5) for i in range(6)] == [False, True] * 3
    assert all(takes_part(i, 1.0) for i in range(5)) and not any(takes_part(i, 0) for i in range(5))


def test_the_benchmarks_never_read_outside_the_repository():
    """bench/ stands alone: no path to a sibling `shared` directory, as nothing in the
    repository may read ../shared."""
    import re
    from pathlib import Path

    bench = Path(__file__).resolve().parents[2] / "bench"
    outside = re.compile(r"\.\./shared|[\"']shared[\"']|parent\s*/\s*[\"']\.\.")
    readers = [
        path.name
        for path in bench.rglob("*.py")
        if outside.search(path.read_text(encoding="utf-8"))
    ]
    assert list(bench.glob("pace*.py")) and readers == []
