"""Signed, expiring, single-use login links for emails.

A link carries the user, the page to open and a random nonce, signed with a timestamp. Opening
it (a GET) only shows a page with a button, because mail scanners open links; the POST from
that button logs in and records the nonce, so the same link never works twice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from accounts.models import UsedLoginLink

if TYPE_CHECKING:
    from django.contrib.auth.models import User as UserModel  # settings.AUTH_USER_MODEL

SALT = "web.login-link"  # as when the web app signed them: links already sent still work
User = get_user_model()


@dataclass(frozen=True)
class LinkCheck:
    """What a token says. `problem` is None, "expired", "used" or "invalid"."""

    user: UserModel | None
    next_path: str
    nonce: str
    problem: str | None


def login_token(user, next_path: str = "/") -> str:
    return signing.dumps(
        {"u": user.pk, "n": secrets.token_urlsafe(12), "p": safe_path(next_path)},
        salt=SALT,
        compress=True,
    )


def login_url(user, next_path: str = "/") -> str:
    return settings.SITE_URL + reverse("web:login-link", args=[login_token(user, next_path)])


def safe_path(path: str) -> str:
    """Only paths on this site: a link must never send anyone elsewhere."""
    if path and path.startswith("/") and url_has_allowed_host_and_scheme(path, allowed_hosts=None):
        return path
    return "/"


def check(token: str) -> LinkCheck:
    max_age = settings.WEB_LOGIN_LINK_MAX_AGE
    problem = None
    try:
        data = signing.loads(token, salt=SALT, max_age=max_age)
    except signing.SignatureExpired:
        problem = "expired"
        data = _unsigned_payload(token)
    except signing.BadSignature:
        return LinkCheck(None, "/", "", "invalid")
    if not isinstance(data, dict):
        return LinkCheck(None, "/", "", "invalid")
    user_id = data.get("u")
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id else None
    if user is None:
        return LinkCheck(None, "/", "", "invalid")
    nonce = str(data.get("n", ""))
    if problem is None and UsedLoginLink.objects.filter(nonce=nonce).exists():
        problem = "used"
    return LinkCheck(user, safe_path(str(data.get("p", "/"))), nonce, problem)


def spend(nonce: str) -> bool:
    """Record the link as used; False when it already was (two clicks racing)."""
    try:
        with transaction.atomic():
            UsedLoginLink.objects.create(nonce=nonce)
    except IntegrityError:
        return False
    return True


def _unsigned_payload(token: str):
    # The signature was good but old: read it again without the age limit to know whose it
    # was, so the page can offer that user a fresh link by email.
    try:
        return signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None


def email_link(user, url: str) -> str:
    """A link to a page of this site in an email to `user`, as a login link to that page."""
    site = settings.SITE_URL
    if not url.startswith(site + "/"):
        return url
    return login_url(user, url[len(site) :])


def target_of(url: str) -> str | None:
    """The page a login link opens (for tests and support); None if it is not one."""
    marker = "/login/link/"
    if marker not in url:
        return None
    checked = check(url.split(marker, 1)[1].strip("/"))
    return checked.next_path if checked.problem in (None, "used", "expired") else None
