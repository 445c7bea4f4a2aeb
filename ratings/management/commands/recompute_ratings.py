from django.core.management.base import BaseCommand

from ratings.recompute import recompute_all


class Command(BaseCommand):
    help = "Recompute every rating from the finished games' results (deterministic)."

    def handle(self, *args, **options) -> None:
        count = recompute_all()
        self.stdout.write(f"rated {count} finished games")
