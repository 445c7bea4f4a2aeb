from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="gamestep",
            name="key",
            # Steps written before the key existed get their number as key, so it stays unique.
            field=models.CharField(default="", help_text="The engine's step key.", max_length=64),
            preserve_default=False,
        ),
        migrations.RunSQL(
            "UPDATE games_gamestep SET key = 'n' || number WHERE key = ''",
            reverse_sql=migrations.RunSQL.noop,
        ),
        migrations.AddConstraint(
            model_name="gamestep",
            constraint=models.UniqueConstraint(fields=("game", "key"), name="unique_step_key"),
        ),
    ]
