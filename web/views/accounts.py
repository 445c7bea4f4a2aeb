"""Account pages: sign up, preferences, login links from emails, the language switch.

Log in, log out and password reset are Django's own auth views with our templates.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from accounts import login_links
from accounts import services as account_services
from common.errors import DomainError
from notifications import selectors as notification_selectors
from notifications import services as notification_services
from web import services as web_services
from web.forms import PreferencesForm, SignUpForm

BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("web:home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            token, _text = account_services.account_create(
                **form.cleaned_data, language=request.LANGUAGE_CODE
            )
        except DomainError as error:
            field = "username" if error.code == "username_taken" else "password"
            form.add_error(field, error.message)
        else:
            # The account service issues an API token; the browser uses a session instead.
            account_services.token_revoke(token=token)
            login(request, token.user, backend=BACKEND)
            messages.success(request, _("Welcome, %(name)s!") % {"name": token.user.username})
            return redirect("web:home")
    return render(request, "web/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    current = notification_selectors.preferences_get(request.user)
    current["language"] = request.LANGUAGE_CODE
    form = PreferencesForm(request.POST or None, initial=current)
    if request.method == "POST" and form.is_valid():
        changes = dict(form.cleaned_data)
        language = changes.pop("language")
        try:
            notification_services.preferences_update(user=request.user, changes=changes)
        except DomainError as error:
            for field, problems in error.details.get("errors", {}).items():
                form.add_error(field if field in form.fields else None, " ".join(problems))
        else:
            web_services.language_set(user=request.user, language=language)
            translation.activate(language)  # the confirmation in the language just chosen
            messages.success(request, _("Your preferences are saved."))
            response = redirect("web:preferences")
            # The same cookie, with the same flags, as the language switch (set_language) sets.
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
            return response
    return render(request, "web/preferences.html", {"form": form})


@never_cache  # a page that logs in must never be stored by a browser or a proxy
@require_http_methods(["GET", "POST"])
def login_link(request, token: str):
    """GET shows a button; only the POST from it logs in (mail scanners open links)."""
    checked = login_links.check(token)
    if checked.problem is None and request.method == "POST":
        if login_links.spend(checked.nonce):
            login(request, checked.user, backend=BACKEND)
            return redirect(checked.next_path)
        checked = login_links.LinkCheck(checked.user, checked.next_path, checked.nonce, "used")
    status = 200 if checked.problem is None else 410 if checked.user else 400
    return render(request, "web/login_link.html", {"check": checked, "token": token}, status=status)


@require_POST
def login_link_resend(request, token: str):
    """A fresh link by email for the owner of an expired or used one (never shown here)."""
    checked = login_links.check(token)
    if checked.user is not None:
        web_services.login_link_send(user=checked.user, next_path=checked.next_path)
    messages.info(request, _("If that link was yours, a new one is on its way to your inbox."))
    return redirect("login")


@require_POST
def language_switch(request):
    """Django's set_language, remembered in the profile of a logged-in player."""
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        web_services.language_set(user=request.user, language=language)
    return set_language(request)
