"""Writes for accounts and API tokens. Tokens are knox tokens: stored hashed, with an expiry."""

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from knox.models import AuthToken

from accounts.models import Profile
from games.errors import DomainError

User = get_user_model()


def account_create(
    *, username: str, email: str, password: str, time_zone: str = "UTC", language: str = "en"
) -> tuple[AuthToken, str]:
    """Create a user with a profile; return a fresh token and its text (shown only once)."""
    if User.objects.filter(username__iexact=username).exists():
        raise DomainError(
            "username_taken", f"The username {username!r} is taken; choose another one.", 409
        )
    candidate = User(username=username, email=email)
    try:
        validate_password(password, candidate)
    except ValidationError as error:
        raise DomainError(
            "weak_password",
            "The password was refused: " + " ".join(error.messages),
            400,
            {"errors": {"password": list(error.messages)}},
        ) from None
    with transaction.atomic():
        user = User.objects.create_user(username=username, email=email, password=password)
        Profile.objects.create(user=user, time_zone=time_zone, language=language)
        return AuthToken.objects.create(user)


def token_create(*, username: str, password: str, request=None) -> tuple[AuthToken, str]:
    """Check the credentials and issue a new token."""
    user = authenticate(request, username=username, password=password)
    if user is None:
        raise DomainError(
            "invalid_credentials",
            "The username or password is wrong; send the username and password of an account.",
            401,
        )
    return AuthToken.objects.create(user)


def token_revoke(*, token: AuthToken) -> None:
    token.delete()


def token_revoke_all(*, user: User) -> int:
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return deleted
