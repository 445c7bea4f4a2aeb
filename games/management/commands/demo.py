"""`manage.py demo`: demo players with fresh tokens, a game with bots in the other seats, links."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, OutputWrapper
from django.db import transaction
from knox.models import AuthToken

from accounts.login_links import login_url
from accounts.models import Profile
from games import services

User = get_user_model()


class Command(BaseCommand):
    help = "Create demo users (printing their tokens) and a game where bots fill the other seats."

    def add_arguments(self, parser):
        parser.add_argument(
            "--players",
            default="alice,bob",
            help="Comma-separated usernames of the human players (default: alice,bob).",
        )
        parser.add_argument(
            "--seats", type=int, default=3, help="Seats in the demo game, 2 to 4 (default: 3)."
        )
        parser.add_argument(
            "--password", default="", help="Password for the demo users (default: random)."
        )
        parser.add_argument(
            "--details-to",
            default="",
            help="Write the tokens, password and API examples to this file and print only "
            "each player's log-in link (what bin/run shows).",
        )

    def handle(
        self, *args, players: str, seats: int, password: str, details_to: str = "", **options
    ):
        names = [name.strip() for name in players.split(",") if name.strip()]
        if not names or len(names) > seats:
            raise CommandError(f"Give 1 to {seats} player names for {seats} seats.")
        password = password or secrets.token_urlsafe(9)
        with transaction.atomic():
            accounts = [
                self._demo_user(name, password, staff=index == 0)
                for index, name in enumerate(names)
            ]
            users = [user for user, _ in accounts]
            game = services.game_create(
                creator=users[0], game_type="khora", seats=seats, options={}, step_hours=48
            )
            for user in users[1:]:
                services.game_join(public_id=game.public_id, user=user)
            if len(users) < seats:
                services.game_start(public_id=game.public_id, user=users[0], fill_with_bots=True)
        if details_to:
            with open(details_to, "w", encoding="utf-8") as details:
                self._print_links(game.public_id, accounts, password, OutputWrapper(details))
            self._print_log_in_links(game.public_id, accounts)
        else:
            self._print_links(game.public_id, accounts, password, self.stdout)

    def _demo_user(self, username: str, password: str, staff: bool):
        user, _ = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@example.com"}
        )
        user.set_password(password)
        # The first demo user may open the admin.
        user.is_staff = user.is_superuser = staff
        user.save()
        Profile.objects.get_or_create(user=user)
        _, token = AuthToken.objects.create(user)
        return user, token

    def _print_log_in_links(self, public_id: str, accounts) -> None:
        """One line per human player: who, and a link that logs them in once at the game."""
        if settings.LOCAL_MAILBOX:
            self.stdout.write(
                f"  Every email the players get: {settings.SITE_URL}/mailbox/"
                " (read it, and reply there to play by email)"
            )
        for index, (user, _) in enumerate(accounts):
            where = "" if index == 0 else " (in a second browser or a private window)"
            self.stdout.write(
                f"  Log in as {user.username}{where}:\n    "
                + login_url(user, f"/games/{public_id}/")
            )

    def _print_links(self, public_id: str, accounts, password: str, out) -> None:
        site = settings.SITE_URL
        game_url = f"{site}/api/v1/games/{public_id}/"
        out.write("Demo ready.")
        first = accounts[0][0]
        out.write(
            f"\nPlay in your browser as {first.username} (this link logs in once):\n  "
            + login_url(first, f"/games/{public_id}/")
        )
        out.write(f"\nPlayers (password for all: {password})")
        for user, token in accounts:
            out.write(f"  {user.username:<10} token: {token}")
        out.write(f"\nGame:            {game_url}")
        out.write(f"Your prompt:     {game_url}prompt/")
        out.write(f"The log:         {game_url}log/")
        out.write(f"API docs:        {site}/api/v1/docs/")
        out.write(f"Browsable login: {site}/api-auth/login/")
        out.write(f"Admin:           {site}/admin/  (as {accounts[0][0].username})")
        user, token = accounts[0]
        out.write("\nTry it:")
        out.write(f'  curl -H "Authorization: Bearer {token}" {game_url}prompt/')
        out.write(
            f'  curl -H "Authorization: Bearer {token}" -H "Content-Type: application/json" '
            f'-d \'{{"prompt": "<prompt id>", "option": "<option id>"}}\' {game_url}decisions/'
        )
