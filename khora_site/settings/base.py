"""The site itself: debugging, its address, apps, middleware, templates, languages, static
files and the log-in pages."""

import os
from datetime import timedelta
from pathlib import Path

from khora_site.settings.env import env_bool, env_int

# The repository's root (this file is khora_site/settings/base.py).
BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DJANGO_DEBUG", True)
# With DEBUG on, our own 404 and 500 pages are shown unless this asks for Django's technical ones.
TECHNICAL_ERROR_PAGES = env_bool("DJANGO_TECHNICAL_ERROR_PAGES", False)

# The public address of the site, used for links printed by `manage.py demo` (and later emails).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "corsheaders",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "games",
    "notifications",
    "mailplay",
    "localmail",
    "chat",
    "ratings",
    "matchmaking",
    "webhooks",
    "live",
    "webpush",
    "games.absences",
    "games.standing",
    "django_htmx",
    "csp",
    "web",
    # Health probes, metrics, JSON logs, error reports, backups (docs/operations.md).
    "operations",
    # The top layer: the site's own commands (the embedded beat, the translations' build,
    # runserver sending at once: khora_site.servers).
    "khora_site",
    # After khora_site, whose runserver (serving static files as this app's does) must be the
    # one found: of two apps with a command of the same name, the one listed first wins.
    "django.contrib.staticfiles",
]

MIDDLEWARE = [
    # The probes first: answered on loopback without the https redirect or the Host check.
    "operations.probes.ProbesMiddleware",
    # Every other request: its id, its log line, its count and duration.
    "operations.requests.RequestsMiddleware",
    "khora_site.middleware.ApiProblemMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a logged-in player's pages speak the language of their profile.
    "web.middleware.ProfileLanguageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Our 404 and 500 pages with DEBUG on too (the embedded default), in the page's language;
    # inside the CSP middleware, so that they carry the policy too.
    "web.error_pages.ErrorPagesMiddleware",
]

ROOT_URLCONF = "khora_site.urls"
WSGI_APPLICATION = "khora_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "khora_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("uk", "Ukrainian")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "web:home"
# A login link in an email works once, for this long.
WEB_LOGIN_LINK_MAX_AGE = timedelta(days=env_int("WEB_LOGIN_LINK_DAYS", 7))
