from django.db import migrations, models


def bots_of_running_games_stay_random(apps, schema_editor):
    """Bot seats created before levels existed played random options: they keep doing so."""
    apps.get_model("games", "Seat").objects.filter(is_bot=True).update(bot_level="random")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_pending_ask"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="bot_level",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.RunPython(bots_of_running_games_stay_random, migrations.RunPython.noop),
    ]
