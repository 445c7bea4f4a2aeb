"""UsedLoginLink is accounts' now (accounts 0003): only Django's state forgets it here; the
table stays."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0001_used_login_link"),
        ("accounts", "0003_used_login_link"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="UsedLoginLink")],
            database_operations=[],
        ),
    ]
