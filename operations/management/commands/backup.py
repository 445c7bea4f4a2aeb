"""`manage.py backup DIRECTORY`: the database's dump and its manifest, in a new directory."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from operations import backups


class Command(BaseCommand):
    help = "Back up the database (pg_dump, or SQLite's backup API) into a new directory."

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path, help="where the backup's directory is made")

    def handle(self, *args, directory: Path, **options):
        try:
            made = backups.backup(directory)
        except (OSError, ValueError) as error:
            raise CommandError(f"Backup failed: {error}") from error
        except backups.subprocess.CalledProcessError as error:
            raise CommandError(f"pg_dump failed: {error.stderr.strip()}") from error
        manifest = backups.read_manifest(made)
        self.stdout.write(
            f"{made} ({manifest['bytes']} bytes: {manifest['games']} games, "
            f"{manifest['events']} events). DJANGO_SECRET_KEY is not in it: keep the "
            "environment file apart, it signs the links in players' mailboxes."
        )
