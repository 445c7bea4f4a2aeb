"""`manage.py restore DIRECTORY [--verify]`: put a backup back, then (with --verify) replay
every game's log and compare it with the states stored beside it."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from operations import backups, verifying


class Command(BaseCommand):
    help = "Replace the database with a backup made by `manage.py backup`."

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path, help="a backup's directory")
        parser.add_argument(
            "--verify",
            action="store_true",
            help="replay every game's log after the restore and compare with its snapshots",
        )
        parser.add_argument(
            "--yes", action="store_true", help="do not ask before replacing the database"
        )
        parser.add_argument(
            "--verify-only", action="store_true", help="only verify the database as it is"
        )

    def handle(self, *args, directory: Path, verify: bool, yes: bool, verify_only: bool, **_):
        if not verify_only:
            self._restore(directory, yes)
        if verify or verify_only:
            self._verify()

    def _restore(self, directory: Path, yes: bool) -> None:
        try:
            manifest = backups.read_manifest(directory)
        except (OSError, ValueError) as error:
            raise CommandError(f"{directory} is not a backup: {error}") from error
        if not yes and input(
            f"Replace this site's database with the backup of {manifest['created_at']}? [y/N] "
        ).strip().lower() not in ("y", "yes"):
            raise CommandError("Nothing restored.")
        try:
            backups.restore(directory)
        except ValueError as error:
            raise CommandError(str(error)) from error
        except backups.subprocess.CalledProcessError as error:
            raise CommandError(f"pg_restore failed: {error.stderr.strip()}") from error
        found = backups.counts()
        self.stdout.write(
            f"Restored the backup of {manifest['created_at']}: {found['games']} games, "
            f"{found['events']} events (the manifest says {manifest['games']} and "
            f"{manifest['events']})."
        )
        if found["games"] != manifest["games"] or found["events"] != manifest["events"]:
            raise CommandError("The restored database does not hold what the backup held.")
        if manifest["secret_key_fingerprint"] != backups.key_fingerprint():
            self.stderr.write(
                "DJANGO_SECRET_KEY differs from the one of the backed-up site: the answer and "
                "login links already sent no longer work."
            )

    def _verify(self) -> None:
        verdict = verifying.verify_all()
        for line in verdict.skipped:
            self.stdout.write(f"skipped {line}")
        for line in verdict.mismatches:
            self.stderr.write(f"MISMATCH {line}")
        self.stdout.write(
            f"Verified {verdict.games} games: {verdict.events} events replayed, "
            f"{verdict.compared} stored states compared, {len(verdict.mismatches)} mismatches."
        )
        if not verdict.ok:
            raise CommandError("The restored logs do not replay to their stored states.")
