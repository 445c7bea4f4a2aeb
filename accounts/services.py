"""Writes for accounts and API tokens. Tokens are knox tokens: stored hashed, with an expiry."""

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from knox.models import AuthToken

from accounts import usernames
from accounts.models import Profile
from accounts.token_auth import expired_tokens_delete
from common.errors import DomainError

User = get_user_model()


def account_create(
    *, username: str, email: str, password: str, time_zone: str = "UTC", language: str = "en"
) -> tuple[AuthToken, str]:
    """Create a user with a profile; return a fresh token and its text (shown only once).

    The profile's unique `username_key` makes the database the judge between racing sign-ups
    of one name (in any letter case or Unicode form): the loser gets `username_taken`.
    """
    username = usernames.normalize(username)
    if usernames.mixes_scripts(username):
        scripts = ", ".join(sorted(usernames.scripts_of(username))).lower()
        message = f"A username is written in one script; this one mixes {scripts}."
        raise DomainError(
            "username_mixed_scripts",
            f"The username was refused: {message}",
            422,
            {"errors": {"username": [message]}},
        )
    if _name_taken(username):
        raise _username_taken(username)
    candidate = User(username=username, email=email)
    try:
        validate_password(password, candidate)
    except ValidationError as error:
        raise DomainError(
            "weak_password",
            "The password was refused: " + " ".join(error.messages),
            422,
            {"errors": {"password": list(error.messages)}},
        ) from None
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            Profile.objects.create(user=user, time_zone=time_zone, language=language)
            return AuthToken.objects.create(user)
    except IntegrityError:
        raise _username_taken(username) from None


def _name_taken(username: str) -> bool:
    key = usernames.username_key(username)
    return (
        Profile.objects.filter(username_key=key).exists()
        or User.objects.filter(username__iexact=username).exists()
    )


def _username_taken(username: str) -> DomainError:
    return DomainError(
        "username_taken", f"The username {username!r} is taken; choose another one.", 409
    )


def token_create(*, username: str, password: str, request=None) -> tuple[AuthToken, str]:
    """Check the credentials and issue a new token."""
    user = authenticate(request, username=username, password=password)
    if user is None:
        raise DomainError(
            "invalid_credentials",
            "The username or password is wrong; send the username and password of an account.",
            401,
        )
    with transaction.atomic():
        expired_tokens_delete(user)  # not on every request: see accounts.token_auth
        issued = AuthToken.objects.create(user)
        _revoke_beyond_cap(user)
    return issued


def _revoke_beyond_cap(user) -> None:
    """Keep at most TOKEN_MAX_PER_USER live tokens: the least recently used go (each use
    renews a token's expiry, so they are the ones that expire first)."""
    keep = AuthToken.objects.filter(user=user).order_by("-expiry", "-created")
    beyond = list(keep.values_list("pk", flat=True)[settings.TOKEN_MAX_PER_USER :])
    if beyond:
        AuthToken.objects.filter(pk__in=beyond).delete()


def token_revoke(*, token: AuthToken) -> None:
    token.delete()


def token_revoke_all(*, user: AbstractBaseUser) -> int:
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return deleted
