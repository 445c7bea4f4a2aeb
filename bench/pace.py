"""How fast games go among people: a simulated month of 3- and 4-player games, per mix of
players on email, on push and with standing answers (issue 48).

    .venv/bin/python -m bench.pace --games 12 [--mixes none push standing half all]

Every game is played through the real services (games.services, the worker's tick in-process,
the outbox and the pushes: bench.pace_world) with the server's clock moved virtually from one
moment something happens to the next (bench.pace_sim); the simulated people look at the site
when told or on their own visits, never at night (bench.pace_people). The report sets the mixes
side by side (bench.pace_report) and says whether the issue's targets are met.

The database: `--database-url` (PostgreSQL, a name containing `bench`: dropped and created
anew), or by default a new SQLite file in a temporary directory, removed after the run.
Standing answers are driven through games.standing's services; a tree without them runs the
other mixes and says so.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.pace_people import MIXES

DEFAULT_MIXES = ["none", "push", "standing", "half", "all"]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per mix")
    parser.add_argument("--mixes", nargs="*", default=DEFAULT_MIXES, choices=sorted(MIXES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--step-hours", type=int, default=48, help="the games' deadline")
    parser.add_argument("--max-days", type=float, default=150)
    parser.add_argument("--tick-hours", type=float, default=1, help="the tick's period")
    parser.add_argument("--database-url", default="", help="PostgreSQL (name with 'bench')")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pace-") as scratch:
        _set_up(args.database_url, Path(scratch))
        figures = simulate(args)
    sys.exit(1 if figures["problems"] else 0)


def _set_up(database_url: str, scratch: Path) -> None:
    """Django on the simulation's own database, tasks run in-process, no shared cache."""
    if database_url:
        from bench.harness import recreate_database

        recreate_database(database_url)  # refuses a name without "bench"
    else:
        database_url = f"sqlite:///{scratch / 'pace.sqlite3'}"
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "khora_site.settings",
            "DATABASE_URL": database_url,
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "DJANGO_DEBUG": "false",  # no query log kept for a month of games
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),  # this run's only
            "DJANGO_HTTPS_ONLY": "false",
            "LOG_LEVEL": "WARNING",
        }
    )
    os.environ.pop("REDIS_URL", None)  # the cache in-process: the attention hints are its own
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from bench import pace_world

    pace_world.configure(settings)


def simulate(args) -> dict:
    from bench import pace_report, pace_sim, pace_world
    from bench.harness import machine, print_table, write_results

    mixes = [MIXES[key] for key in args.mixes]
    if not pace_world.standing_answers_available():
        skipped = [mix.key for mix in mixes if mix.standing]
        mixes = [mix for mix in mixes if not mix.standing]
        if skipped:
            print(f"standing answers are not in this tree: mixes {skipped} left out")
    started = time.perf_counter()
    raw = pace_sim.run(
        mixes,
        args.games,
        args.seed,
        args.step_hours,
        args.max_days,
        tick_every=timedelta(hours=args.tick_hours),
    )
    seconds = time.perf_counter() - started
    figures = {
        key: pace_report.mix_figures(games, raw["standing_users"].get(key, set()))
        for key, games in raw["games"].items()
    }
    header, rows = pace_report.table(mixes, figures)
    print_table(header, rows)
    print()
    print_table(*pace_report.by_prompt_table(mixes, figures))
    print()
    for line in pace_report.targets(figures):
        print(line)
    found = [
        f"{key}: {problem}"
        for key, games in raw["games"].items()
        for problem in pace_report.problems(games, figures[key])
    ]
    for problem in found:
        print(f"PROBLEM {problem}")
    print(f"{raw['counts']} in {seconds:.0f} s")
    result = {
        "machine": machine(),
        "arguments": vars(args),
        "seconds": round(seconds, 1),
        "counts": raw["counts"],
        "mixes": figures,
        "targets": pace_report.targets(figures),
        "problems": found,
    }
    print(f"written to {write_results('pace', result)}")
    return result


if __name__ == "__main__":
    main()
