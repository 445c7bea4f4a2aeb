"""bench.pace's figures from the raw per-game counts of bench.pace_sim, and its invariants.

Per mix, over its finished games (a game still playing when the run stopped is counted apart):
- days per finished game: from its start to its end, in the virtual clock;
- waits per player per round: the times a player was asked after waiting on others (the
  writer's `called`, the cause of "your turn"), plus the first prompts of the game's start;
- your-turn notices per player per round: "your turn" emails sent plus "your turn" pushes the
  push service took (the start's email and reminders are listed apart);
- the share of the players' answers made by standing answers (their StandingUse entries among
  the decisions of the log);
- the notices split between the players who left standing answers and those who did not
  (in a mix of both, the players without rules pull the mix's figure up).
"Per player per round" divides by the sum over games of players × rounds played.
"""

from __future__ import annotations

from statistics import mean, median

from bench.pace_people import Mix


def mix_figures(games: dict[int, dict], standing_users: set[int] | None = None) -> dict:
    """`standing_users`: the ids of the mix's players who left standing answers."""
    finished = [g for g in games.values() if g["status"] == "finished"]
    with_rules, without_rules = _notices_split(finished, standing_users or set())
    player_rounds = sum(g["players"] * g["rounds"] for g in finished) or 1
    days = [(g["finished_at"] - g["started_at"]).total_seconds() / 86400 for g in finished]
    emails = _sum(finished, "emails")
    pushes = _sum(finished, "pushes")
    decisions = _sum(finished, "decisions")
    answers = sum(decisions.values())
    standing = sum(g.get("standing_uses", 0) for g in finished)
    reminders = sum(n for kind, n in emails.items() if kind.startswith("reminder"))
    waits = sum(g["waits"] + g["players"] for g in finished)
    wait_kinds = _sum(finished, "wait_kinds")
    return {
        "games": len(games),
        "finished": len(finished),
        "unfinished": len(games) - len(finished),
        "days_mean": round(mean(days), 2) if days else None,
        "days_median": round(median(days), 2) if days else None,
        "player_rounds": player_rounds,
        "waits": waits,
        "waits_per_player_round": round(waits / player_rounds, 3),
        # After the start's: which prompts the players were called to (where the waits are).
        "waits_per_player_round_by_prompt": {
            kind: round(n / player_rounds, 3)
            for kind, n in sorted(wait_kinds.items(), key=lambda item: -item[1])
        },
        "your_turn_emails": emails.get("your_turn", 0),
        "your_turn_pushes": pushes.get("your_turn", 0),
        "notices_per_player_round": round(
            (emails.get("your_turn", 0) + pushes.get("your_turn", 0)) / player_rounds, 3
        ),
        "notices_per_player_round_with_rules": with_rules,
        "notices_per_player_round_without_rules": without_rules,
        "reminders_per_player_round": round(reminders / player_rounds, 3),
        "game_started_emails": emails.get("game_started", 0),
        "answers": answers,
        "answers_by_actor": decisions,
        "standing_answers": standing,
        "standing_share": round(standing / answers, 3) if answers else 0.0,
        "deadline_defaults_per_player_round": round(
            decisions.get("deadline", 0) / player_rounds, 3
        ),
    }


def _notices_split(finished: list[dict], standing_users: set[int]):
    """Your-turn notices per player per round of the players with standing answers, and of
    those without (None for a group the mix has not)."""
    notices, player_rounds = [0, 0], [0, 0]
    for game in finished:
        for user_id, count in game.get("notices_by_user", {}).items():
            group = 0 if user_id in standing_users else 1
            notices[group] += count
            player_rounds[group] += game["rounds"]
    return tuple(
        round(n / rounds, 3) if rounds else None
        for n, rounds in zip(notices, player_rounds, strict=True)
    )


def _sum(games: list[dict], key: str) -> dict[str, int]:
    total: dict[str, int] = {}
    for game in games:
        for kind, count in game[key].items():
            total[kind] = total.get(kind, 0) + count
    return total


def table(mixes: list[Mix], figures: dict[str, dict]) -> tuple[list[str], list[list[str]]]:
    """The report: one row per figure, one column per mix, side by side."""
    header = ["figure", *(mix.label for mix in mixes)]
    lines = [
        ("games finished / played", lambda f: f"{f['finished']} / {f['games']}"),
        ("days per finished game, mean", lambda f: _num(f["days_mean"], 1)),
        ("days per finished game, median", lambda f: _num(f["days_median"], 1)),
        ("waits per player per round", lambda f: _num(f["waits_per_player_round"], 2)),
        ("your-turn notices per player per round", _per("notices_per_player_round")),
        (
            "  of which emails / pushes",
            lambda f: f"{f['your_turn_emails']} / {f['your_turn_pushes']}",
        ),
        (
            "  players with standing answers / without",
            lambda f: (
                f"{_num(f.get('notices_per_player_round_with_rules'), 2)} / "
                f"{_num(f.get('notices_per_player_round_without_rules'), 2)}"
            ),
        ),
        ("reminders per player per round", _per("reminders_per_player_round")),
        ("deadline defaults per player per round", _per("deadline_defaults_per_player_round")),
        ("share answered by standing answers", lambda f: f"{100 * f['standing_share']:.0f} %"),
    ]
    rows = [[name, *(show(figures[mix.key]) for mix in mixes)] for name, show in lines]
    return header, rows


def by_prompt_table(mixes: list[Mix], figures: dict[str, dict]):
    """Waits per player per round by the prompt the player was called to, per mix."""
    kinds: dict[str, float] = {}
    for mix in mixes:
        for kind, value in figures[mix.key]["waits_per_player_round_by_prompt"].items():
            kinds[kind] = max(kinds.get(kind, 0.0), value)
    header = ["called to (waits per player per round)", *(mix.label for mix in mixes)]
    rows = [
        [
            kind,
            *(
                _num(figures[mix.key]["waits_per_player_round_by_prompt"].get(kind, 0), 2)
                for mix in mixes
            ),
        ]
        for kind in sorted(kinds, key=lambda k: -kinds[k])
    ]
    return header, rows


def _per(key: str):
    return lambda figures: _num(figures[key], 2)


def _num(value, places: int) -> str:
    return "—" if value is None else f"{value:.{places}f}"


def targets(figures: dict[str, dict]) -> list[str]:
    """The issue's targets, each said as met or not (only for the mixes that were run)."""
    said = []
    for key in ("standing", "half", "all"):
        if key in figures:
            value = figures[key]["notices_per_player_round"]
            verdict = "met" if value <= 1.5 else "NOT met"
            users = figures[key].get("notices_per_player_round_with_rules")
            of_users = f" (its players with rules: {users:.2f})" if users is not None else ""
            said.append(
                f"notices per player per round ≤ 1.5 ({key}): {value:.2f}, {verdict}{of_users}"
            )
    if "none" in figures and "half" in figures:
        none, half = figures["none"]["days_mean"], figures["half"]["days_mean"]
        if none and half:
            fewer = 1 - half / none
            verdict = "met" if fewer >= 0.3 else "NOT met"
            said.append(
                f"days per game, half standing + push vs none: {fewer:.0%} fewer, {verdict}"
            )
    return said


def problems(raw_games: dict[int, dict], figures: dict) -> list[str]:
    """What must hold of any run: every game finished, and the counts add up (each notice
    belongs to a wait or the end, no more your-turn notices than waits per channel)."""
    found = []
    for game_id, game in raw_games.items():
        if game["status"] != "finished":
            found.append(f"game {game_id} did not finish ({game['status']})")
        if game["status"] == "finished" and game["rounds"] < 1:
            found.append(f"game {game_id} finished without a round")
    if figures["your_turn_emails"] > figures["waits"]:
        found.append("more your-turn emails than waits")
    if figures["your_turn_pushes"] > figures["waits"]:
        found.append("more your-turn pushes than waits")
    if figures["standing_answers"] > figures["answers"]:
        found.append("more standing answers than answers")
    return found
