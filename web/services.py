"""Writes the web pages need beyond the games and notifications services: a player's
language, and fresh login links sent by email."""

from __future__ import annotations

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation

from accounts import login_links
from accounts.models import Profile


def language_set(*, user, language: str) -> None:
    Profile.objects.update_or_create(user=user, defaults={"language": language})


def login_link_send(*, user, next_path: str) -> bool:
    """Email `user` a fresh login link to `next_path`; False when they have no address."""
    if not user.email:
        return False
    language = getattr(getattr(user, "profile", None), "language", "en")
    with translation.override(language):
        context = {"user": user, "url": login_links.login_url(user, next_path)}
        subject = render_to_string("web/email/login_link_subject.txt", context).strip()
        body = render_to_string("web/email/login_link.txt", context)
    send_mail(subject, body, None, [user.email])
    return True
