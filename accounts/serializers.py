"""Inputs and outputs of the account and token endpoints."""

from django.contrib.auth.validators import UnicodeUsernameValidator
from rest_framework import serializers

from accounts import usernames
from accounts.models import LANGUAGE_CHOICES, TIME_ZONES


class AccountCreateInput(serializers.Serializer):
    username = serializers.CharField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="Letters, digits and @ . + - _ (letters of one script). Names equal up to "
        "letter case and Unicode form (ｍａｎ1, Man1, man1) are one name.",
    )
    # 254: the longest address SMTP carries, and the column's length.
    email = serializers.EmailField(max_length=254)
    password = serializers.CharField(write_only=True, style={"input_type": "password"})
    time_zone = serializers.ChoiceField(choices=TIME_ZONES, default="UTC")
    language = serializers.ChoiceField(choices=LANGUAGE_CHOICES, default="en")

    def validate_username(self, value: str) -> str:
        value = usernames.normalize(value)
        if usernames.mixes_scripts(value):
            scripts = ", ".join(sorted(usernames.scripts_of(value))).lower()
            raise serializers.ValidationError(
                f"A username is written in one script; this one mixes {scripts}."
            )
        return value


class TokenCreateInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class TokenOutput(serializers.Serializer):
    token = serializers.CharField(help_text="Send as 'Authorization: Bearer <token>'. Shown once.")
    expiry = serializers.DateTimeField(allow_null=True)
    username = serializers.CharField()


class AccountOutput(TokenOutput):
    email = serializers.EmailField()
    time_zone = serializers.CharField()
    language = serializers.CharField()


class RevokedOutput(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many tokens were revoked.")
