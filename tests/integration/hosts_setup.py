"""The harness's database before the site starts: migrated, with `n` players, each with a
token. Run on the clients' host against the database host, before any server process:
`python -m tests.integration.hosts_setup <n>` prints {"username": token, ...} as JSON."""

from __future__ import annotations

import json
import sys


def main() -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from knox.models import AuthToken

    from accounts.models import Profile

    call_command("migrate", verbosity=0, interactive=False)
    tokens = {}
    for number in range(int(sys.argv[1])):
        username = f"player{number}"
        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@players.example", password=None
        )
        Profile.objects.create(user=user)
        tokens[username] = AuthToken.objects.create(user)[1]
    print(json.dumps(tokens))


if __name__ == "__main__":
    main()
