from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0005_notification_prompt"),
    ]

    operations = [
        migrations.AddField(
            model_name="notification",
            name="language",
            field=models.CharField(
                blank=True,
                help_text="The language it was composed in: composed again if its recipient's "
                "differs when it is sent.",
                max_length=8,
            ),
        ),
        migrations.CreateModel(
            name="SendingPause",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("until", models.DateTimeField()),
                ("reason", models.CharField(blank=True, max_length=500)),
            ],
        ),
    ]
