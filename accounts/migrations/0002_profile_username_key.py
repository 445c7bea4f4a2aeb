"""Every account gets a profile holding its folded username, unique in the database.

Existing accounts whose names already fold to the same key keep working: the oldest holds the
name, the later ones keep a null key (the column allows several nulls).
"""

from django.conf import settings
from django.db import migrations, models


def fill_username_keys(apps, schema_editor):
    from accounts.usernames import username_key

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Profile = apps.get_model("accounts", "Profile")
    has_profile = set(Profile.objects.values_list("user_id", flat=True))
    Profile.objects.bulk_create(
        Profile(user_id=user_id)
        for user_id in User.objects.exclude(pk__in=has_profile).values_list("pk", flat=True)
    )
    taken = set()
    for profile in Profile.objects.select_related("user").order_by("user__date_joined", "user_id"):
        key = username_key(profile.user.username)
        if key in taken:
            continue
        taken.add(key)
        profile.username_key = key
        profile.save(update_fields=["username_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="username_key",
            field=models.CharField(editable=False, max_length=150, null=True, unique=True),
        ),
        migrations.RunPython(fill_username_keys, migrations.RunPython.noop),
    ]
