"""Inputs and outputs of the account and token endpoints."""

from django.contrib.auth.validators import UnicodeUsernameValidator
from rest_framework import serializers

from accounts.models import LANGUAGE_CHOICES, TIME_ZONES
from common.inputs import StrictInput


class AccountCreateInput(StrictInput):
    username = serializers.CharField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="Letters, digits and @ . + - _ (letters of one script). Names equal up to "
        "letter case and Unicode form (ｍａｎ1, Man1, man1) are one name.",
    )
    # 254: the longest address SMTP carries, and the column's length.
    email = serializers.EmailField(max_length=254)
    password = serializers.CharField(
        write_only=True,
        min_length=8,
        max_length=4096,
        style={"input_type": "password"},
        help_text="At least 8 characters, not entirely digits, not a common password and not "
        "close to the username or email; a refused one is 422 weak_password with the reasons.",
    )
    time_zone = serializers.ChoiceField(choices=TIME_ZONES, default="UTC")
    language = serializers.ChoiceField(choices=LANGUAGE_CHOICES, default="en")


class TokenCreateInput(StrictInput):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(
        write_only=True, max_length=4096, style={"input_type": "password"}
    )


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
