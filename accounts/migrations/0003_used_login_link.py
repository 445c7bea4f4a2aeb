"""UsedLoginLink moves from web to accounts: its table stays as it is (web_usedloginlink);
only Django's state changes (web's 0002 removes it there)."""

from django.db import migrations, models

import common.clock


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_profile_username_key"),
        ("web", "0001_used_login_link"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="UsedLoginLink",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("nonce", models.CharField(max_length=32, unique=True)),
                        ("used_at", models.DateTimeField(default=common.clock.now)),
                    ],
                    options={"db_table": "web_usedloginlink"},
                ),
            ],
            database_operations=[],
        ),
    ]
