"""All settings, read from the environment.

With nothing set the server runs embedded: a SQLite file, Celery tasks in-process (eager) and
email printed to the console. `DATABASE_URL` (PostgreSQL through psycopg 3) and `REDIS_URL`
switch to the real parts. Nonsense values fail loudly at start-up.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from operations.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use true or false.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)
# With DEBUG on, our own 404 and 500 pages are shown unless this asks for Django's technical ones.
TECHNICAL_ERROR_PAGES = env_bool("DJANGO_TECHNICAL_ERROR_PAGES", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is false.")
    SECRET_KEY = "insecure-development-key-only-used-when-debug-is-on"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
# The public address of the site, used for links printed by `manage.py demo` (and later emails).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# HTTPS only, on by default whenever debugging is off, so a production start is safe even when
# nobody thought about it: http is redirected, cookies never travel in clear, and browsers are
# told (HSTS) to use https alone. `manage.py check --deploy` is clean with these defaults.
HTTPS_ONLY = env_bool("DJANGO_HTTPS_ONLY", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS_ONLY
SESSION_COOKIE_SECURE = HTTPS_ONLY
CSRF_COOKIE_SECURE = HTTPS_ONLY
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS_ONLY else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
# Behind a proxy that terminates TLS, Django sees plain http; it may believe the proxy's
# X-Forwarded-Proto only when the proxy always sets it (else a client could claim https).
if env_bool("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

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

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Health checks: a connection kept across a PostgreSQL restart is replaced, not failed on.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
    if DATABASES["default"]["ENGINE"] not in (
        "django.db.backends.postgresql",
        "django.db.backends.sqlite3",
    ):
        raise ImproperlyConfigured("DATABASE_URL must name a PostgreSQL or SQLite database.")
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite ignores SELECT ... FOR UPDATE; taking the write lock at BEGIN keeps one writer per
    # game (runserver is threaded) instead of failing one of two racing writers.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The web and stream processes wait at most this long for a lock, and run a statement at most
# this long (khora_site/database.py); past either, 503 database_busy. Workers are not bounded.
DATABASE_REQUEST_LOCK_TIMEOUT_MS = env_int("DATABASE_REQUEST_LOCK_TIMEOUT_MS", 3000)
DATABASE_REQUEST_STATEMENT_TIMEOUT_MS = env_int("DATABASE_REQUEST_STATEMENT_TIMEOUT_MS", 10000)

REDIS_URL = os.environ.get("REDIS_URL", "")
# CACHE_KEY_PREFIX keeps apart sites (or test runs) that share one Redis.
# The cache keeps nothing that matters (common/cache.py): while Redis is down or frozen it
# answers as an empty cache, after at most CACHE_SOCKET_TIMEOUT seconds, and is not tried again
# for CACHE_RETRY_SECONDS.
CACHE_SOCKET_TIMEOUT = 0.5
CACHE_RETRY_SECONDS = 5
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "common.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
            "OPTIONS": {
                "socket_timeout": CACHE_SOCKET_TIMEOUT,
                "socket_connect_timeout": CACHE_SOCKET_TIMEOUT,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task whose worker died unacknowledged is delivered again once it is older than the
# visibility timeout; workers look for such tasks every CELERY_RESTORE_INTERVAL seconds. (The
# tick's sweep of games left due usually gets there first.)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": 1,
}
# Publishing gives up fast when Redis is down: the database keeps the work due for the tick.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0.1, "interval_step": 0.2}
# Email has its own queue (and, in production, its own worker): a slow or hung SMTP server
# then never delays a game's advance. A worker started without -Q serves both queues.
# (Processing a player's reply decides in a game: it stays on the default queue.)
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES: tuple[Queue, ...] = (Queue("celery"), Queue("email"))
CELERY_TASK_ROUTES = {
    "notifications.tasks.*": {"queue": "email"},
    "mailplay.tasks.send_inbound_reply": {"queue": "email"},
}

# Ratings (ratings/): a player's rating is provisional, and they are left off the leaderboard,
# until they have this many rated games of the type.
RATINGS_PROVISIONAL_GAMES = env_int("RATINGS_PROVISIONAL_GAMES", 5)
# Matchmaking (matchmaking/): a queue entry, and a rematch offer, ends unmatched after this many
# hours; a player waits in at most this many queues at once.
MATCHMAKING_ENTRY_HOURS = env_int("MATCHMAKING_ENTRY_HOURS", 72)
MATCHMAKING_MAX_ENTRIES = env_int("MATCHMAKING_MAX_ENTRIES", 5)

# Deadlines and the advance.
GAME_BOT_AFTER_MISSES = env_int("GAME_BOT_AFTER_MISSES", 3)
# The bot level (bots.LEVELS) that plays for an absent player once the ladder gives their seat
# to a bot. How much the `strong` level thinks about each decision: a count of playouts, so that
# its strength does not depend on how busy the worker is, and a wall-clock ceiling (seconds) it
# never passes, however few playouts it has made by then (kept under GAME_STUCK_SECONDS, past
# which the sweep would start a second advance to think alongside).
GAME_LADDER_BOT_LEVEL = os.environ.get("GAME_LADDER_BOT_LEVEL") or "standard"
try:
    GAME_STRONG_BOT_SECONDS = float(os.environ.get("GAME_STRONG_BOT_SECONDS") or 6.0)
except ValueError:
    GAME_STRONG_BOT_SECONDS = 0.0  # refused below
GAME_STRONG_BOT_PLAYOUTS = env_int("GAME_STRONG_BOT_PLAYOUTS", 80)
if (
    GAME_LADDER_BOT_LEVEL not in ("random", "standard", "strong")
    or not (0 < GAME_STRONG_BOT_SECONDS <= 60)
    or not (1 <= GAME_STRONG_BOT_PLAYOUTS <= 100_000)
):
    raise ImproperlyConfigured(
        "GAME_LADDER_BOT_LEVEL must be random, standard or strong, GAME_STRONG_BOT_SECONDS "
        "between 0 and 60, and GAME_STRONG_BOT_PLAYOUTS between 1 and 100000."
    )
GAME_ADVANCE_MAX_FAILURES = env_int("GAME_ADVANCE_MAX_FAILURES", 3)
# Long games among people (games/absences/): each player's yearly holiday bank, spent hour by hour
# while a deadline of theirs runs and they are away; at most so many days in a row per game
# (past it the ladder goes on); a pause by agreement of up to so many days, each player
# proposing so many a day in a game (each emails the others; 0: no limit); one nudge a day.
HOLIDAY_DAYS_PER_YEAR = env_int("HOLIDAY_DAYS_PER_YEAR", 14)
HOLIDAY_MAX_DAYS_IN_A_ROW = env_int("HOLIDAY_MAX_DAYS_IN_A_ROW", 7)
# A holiday the server started at a deadline (the player said nothing) holds a game at most so
# many days in a row: a player who vanished must not hold a table of people for a week.
HOLIDAY_AUTOMATIC_MAX_DAYS = env_int("HOLIDAY_AUTOMATIC_MAX_DAYS", 2)
PAUSE_MAX_DAYS = env_int("PAUSE_MAX_DAYS", 14)
PAUSE_PROPOSALS_PER_DAY = env_int("PAUSE_PROPOSALS_PER_DAY", 1)
NUDGE_EVERY_HOURS = env_int("NUDGE_EVERY_HOURS", 24)
# Substitute invitations in any 24 hours: made by one player, and emailed to one player from
# everyone (an invitation by email reaches someone who may not play with the inviter).
SUBSTITUTE_INVITES_PER_DAY = env_int("SUBSTITUTE_INVITES_PER_DAY", 10)
SUBSTITUTE_INVITE_EMAILS_PER_DAY = env_int("SUBSTITUTE_INVITE_EMAILS_PER_DAY", 3)
if (
    min(
        HOLIDAY_DAYS_PER_YEAR,
        HOLIDAY_MAX_DAYS_IN_A_ROW,
        HOLIDAY_AUTOMATIC_MAX_DAYS,
        PAUSE_PROPOSALS_PER_DAY,
    )
    < 0
    or min(
        PAUSE_MAX_DAYS,
        NUDGE_EVERY_HOURS,
        SUBSTITUTE_INVITES_PER_DAY,
        SUBSTITUTE_INVITE_EMAILS_PER_DAY,
    )
    < 1
):
    raise ImproperlyConfigured(
        "HOLIDAY_DAYS_PER_YEAR, HOLIDAY_MAX_DAYS_IN_A_ROW, HOLIDAY_AUTOMATIC_MAX_DAYS and "
        "PAUSE_PROPOSALS_PER_DAY must be 0 "
        "or more; PAUSE_MAX_DAYS, NUDGE_EVERY_HOURS, SUBSTITUTE_INVITES_PER_DAY and "
        "SUBSTITUTE_INVITE_EMAILS_PER_DAY at least 1."
    )
# The sweep re-enqueues a game still due an advance after GAME_STUCK_SECONDS (its task was
# lost: a killed worker, an emptied Redis); it runs every GAME_SWEEP_SECONDS.
GAME_SWEEP_SECONDS = env_int("GAME_SWEEP_SECONDS", 4)
GAME_STUCK_SECONDS = env_int("GAME_STUCK_SECONDS", 8)
# A gap this long between two minute ticks is an outage: deadlines that fell in it are
# extended by its length before any default is taken.
GAME_OUTAGE_SECONDS = env_int("GAME_OUTAGE_SECONDS", 180)
if min(GAME_SWEEP_SECONDS, GAME_STUCK_SECONDS, GAME_OUTAGE_SECONDS) < 1:
    raise ImproperlyConfigured(
        "GAME_SWEEP_SECONDS, GAME_STUCK_SECONDS and GAME_OUTAGE_SECONDS must be at least 1."
    )
CELERY_BEAT_SCHEDULE = {
    # A tick that waited longer than its period is dropped: the next one does it.
    "tick": {"task": "games.tasks.tick", "schedule": 60.0, "options": {"expires": 60}},
    # The sweep lives two periods: right after a fault the workers run behind, which is when a
    # lost advance needs it; a sweep dropped there made it wait a queue's latency plus 12 s.
    # (Two sweeps that both run are harmless: each enqueue is checked under the game's lock.)
    "sweep": {
        "task": "games.tasks.sweep",
        "schedule": float(GAME_SWEEP_SECONDS),
        "options": {"expires": 2 * GAME_SWEEP_SECONDS},
    },
    "prune-idempotency-records": {
        "task": "games.tasks.prune_idempotency_records",
        "schedule": 3600.0,
        "options": {"expires": 3600},
    },
    "prune-expired-tokens": {
        "task": "accounts.tasks.prune_expired_tokens",
        "schedule": 3600.0,
        "options": {"expires": 3600},
    },
    # Mail received but not processed (a worker died, the broker was down), answers not sent.
    "mail-sweep": {"task": "mailplay.tasks.sweep", "schedule": 60.0, "options": {"expires": 60}},
}

# Email goes out over SMTP once EMAIL_HOST is set. Until then the embedded default keeps it in
# the local mailbox (/mailbox/: read what players receive, and answer it through our own mail
# receiver); with debugging off and no mail server it is printed to the console.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
LOCAL_MAILBOX = env_bool(
    "LOCAL_MAILBOX", DEBUG and not EMAIL_HOST and not os.environ.get("EMAIL_BACKEND")
)
if LOCAL_MAILBOX and not DEBUG:
    raise ImproperlyConfigured("LOCAL_MAILBOX shows every email to anyone: never with DEBUG off.")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "localmail.backend.EmailBackend"
    if LOCAL_MAILBOX
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = EMAIL_HOST or "localhost"
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
# A sender holds its row lock, and its worker, while it talks to the server: a worker that
# serves both queues (a small site) must never keep a game waiting long on it. After one
# attempt finds the server unreachable or this slow, every send pauses for
# NOTIFY_PAUSE_SECONDS (notifications.sending), so a hung server costs one timeout a minute.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 1)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Khôra <khora@localhost>")

# Notifications: the reminder ladder (hours before a deadline), retries and the digest.
try:
    NOTIFY_REMINDER_HOURS = sorted(
        {int(hours) for hours in env_list("NOTIFY_REMINDER_HOURS", ["24", "2"])}, reverse=True
    )
except ValueError:
    raise ImproperlyConfigured("NOTIFY_REMINDER_HOURS must be comma-separated integers.") from None
if not NOTIFY_REMINDER_HOURS or NOTIFY_REMINDER_HOURS[-1] < 1:
    raise ImproperlyConfigured("NOTIFY_REMINDER_HOURS must list whole hours of at least 1.")
NOTIFY_MAX_ATTEMPTS = env_int("NOTIFY_MAX_ATTEMPTS", 6)
NOTIFY_RETRY_SECONDS = env_int("NOTIFY_RETRY_SECONDS", 60)  # doubles after every failure
NOTIFY_DIGEST_HOUR = env_int("NOTIFY_DIGEST_HOUR", 8)  # the default local hour of the digest
NOTIFY_PAUSE_SECONDS = env_int("NOTIFY_PAUSE_SECONDS", 60)  # no sends after the server hung
# A drain task stops claiming after this long and hands the rest to a new task, so a worker
# that also serves games takes their tasks in between.
NOTIFY_SEND_BUDGET_SECONDS = env_int("NOTIFY_SEND_BUDGET_SECONDS", 2)
if min(NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_SECONDS, NOTIFY_SEND_BUDGET_SECONDS, EMAIL_TIMEOUT) < 1:
    raise ImproperlyConfigured(
        "NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_SECONDS, NOTIFY_SEND_BUDGET_SECONDS and "
        "EMAIL_TIMEOUT must be at least 1."
    )
if NOTIFY_PAUSE_SECONDS < 0:
    raise ImproperlyConfigured("NOTIFY_PAUSE_SECONDS must be 0 (no pause) or more.")
if not 0 <= NOTIFY_DIGEST_HOUR <= 23:
    raise ImproperlyConfigured(f"NOTIFY_DIGEST_HOUR={NOTIFY_DIGEST_HOUR} is not an hour (0-23).")

# A player who answered this recently is at the table: their "your turn" email waits this
# long and is dropped if they answer first (0: never hold).
NOTIFY_ACTIVE_MINUTES = env_int("NOTIFY_ACTIVE_MINUTES", 5)
# An email that asks something tells at most this many lines of what happened since the
# player last looked (the newest), then "and N more".
NOTIFY_HISTORY_LINES = env_int("NOTIFY_HISTORY_LINES", 12)

# Table talk (chat/): a message's length, each player's rate (across games; 0 turns a limit
# off), how many messages the game page shows, and how many an email carries at most.
CHAT_MESSAGE_MAX_CHARS = env_int("CHAT_MESSAGE_MAX_CHARS", 1000)
CHAT_MESSAGES_PER_MINUTE = env_int("CHAT_MESSAGES_PER_MINUTE", 10)
CHAT_MESSAGES_PER_DAY = env_int("CHAT_MESSAGES_PER_DAY", 200)
CHAT_PAGE_MESSAGES = env_int("CHAT_PAGE_MESSAGES", 50)
CHAT_EMAIL_LINES = env_int("CHAT_EMAIL_LINES", 30)

# Play by email: replies go to <local>+<signed token>@<domain> (the domain's MX, or a relay,
# must deliver them to `manage.py receive_mail`, or a provider posts them to the webhook).
MAILPLAY_REPLY_ADDRESS = os.environ.get("MAILPLAY_REPLY_ADDRESS", "play@localhost")
if MAILPLAY_REPLY_ADDRESS.count("@") != 1 or "+" in MAILPLAY_REPLY_ADDRESS:
    raise ImproperlyConfigured("MAILPLAY_REPLY_ADDRESS must be one address like play@example.org.")
MAILPLAY_MAX_MESSAGE_BYTES = env_int("MAILPLAY_MAX_MESSAGE_BYTES", 1024 * 1024)
MAILPLAY_MAX_ATTEMPTS = env_int("MAILPLAY_MAX_ATTEMPTS", 5)
# Caps of the receiving SMTP server (mailplay/receiver.py): past them, a temporary 452.
MAILPLAY_MAX_MESSAGES_PER_CONNECTION = env_int("MAILPLAY_MAX_MESSAGES_PER_CONNECTION", 10)
MAILPLAY_MAX_MESSAGES_PER_SENDER = env_int("MAILPLAY_MAX_MESSAGES_PER_SENDER", 60)  # an hour
MAILPLAY_MAX_STORED_PER_DAY = env_int("MAILPLAY_MAX_STORED_PER_DAY", 20_000)
# A hosted mail provider's webhooks (django-anymail), e.g. "mailgun": its inbound mail at
# /mail/provider/<provider>/inbound/, its delivery tracking (bounces and complaints suppress
# the address) at /mail/provider/<provider>/tracking/. Unset, every such address answers 404.
ANYMAIL_WEBHOOK_PROVIDER = os.environ.get("ANYMAIL_WEBHOOK_PROVIDER", "")
# django-anymail's own settings, each from ANYMAIL_<NAME> (e.g. ANYMAIL_MAILGUN_API_KEY and
# EMAIL_BACKEND=anymail.backends.mailgun.EmailBackend to send through Mailgun;
# ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY or ANYMAIL_WEBHOOK_SECRET for its webhooks).
ANYMAIL = {
    name.removeprefix("ANYMAIL_"): value
    for name, value in os.environ.items()
    if name.startswith("ANYMAIL_") and name != "ANYMAIL_WEBHOOK_PROVIDER"
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.password_validation.RepetitiveOrSequentialValidator"},
]

# Content-Security-Policy on every response (django-csp): scripts, styles and everything else
# from this site alone, never inline, never eval. htmx is told not to need either (its config
# in web/base.html). The API docs' inline scripts carry the request's nonce (their templates in
# khora_site/templates); Swagger UI and ReDoc also write inline styles, so those two pages
# alone allow them (khora_site/urls.py). See docs/security.md.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Cookies: Secure in HTTPS mode (sessions, CSRF, the language), never readable by scripts
# except the CSRF token's (htmx reads it from the page, not the cookie), and SameSite=Lax.
LANGUAGE_COOKIE_SECURE = HTTPS_ONLY
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

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

REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "accounts.authentication.RefuseUnacceptedAuthorization",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": [
        "common.renderers.ProblemJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["common.parsers.BoundedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.problems.problem_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

# CORS, for third-party clients running in a browser on another origin: none allowed unless
# listed. Only the API answers them; tokens travel in the Authorization header, never cookies.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", [])
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = (
    "accept",
    "authorization",
    "content-type",
    "idempotency-key",
    "if-none-match",
    "accept-language",
)
CORS_EXPOSE_HEADERS = ("ETag", "Retry-After", "Idempotent-Replayed")
CORS_PREFLIGHT_MAX_AGE = 3600


# Throttles (accounts/throttles.py), "<requests>/<second|minute|hour|day>" or "off", counted
# in the shared cache; an exceeded one is 429 with Retry-After.
def env_rate(name: str, default: str) -> str | None:
    raw = os.environ.get(name) or default
    if raw.strip().lower() == "off":
        return None
    number, _, period = raw.partition("/")
    if not number.strip().isdigit() or period.strip()[:1] not in ("s", "m", "h", "d"):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a rate like 10/hour, or off.")
    return raw.strip()


# The client's address is REMOTE_ADDR, unless the server runs behind this many proxies of our
# own, each appending to X-Forwarded-For the address it saw (accounts/throttles.py). Set it
# to the exact number: more lets a client forge its address, fewer counts the proxy as one.
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXIES", 0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("DJANGO_TRUSTED_PROXIES must be 0 (no proxy) or more.")
REST_FRAMEWORK["NUM_PROXIES"] = TRUSTED_PROXY_COUNT
# Log-ins: attempts per client; wrong passwords per (account, client), and per account.
API_THROTTLE_RATES = {
    "login_account_client": env_rate("THROTTLE_LOGIN_PER_ACCOUNT_CLIENT", "10/hour"),
    "login_account": env_rate("THROTTLE_LOGIN_PER_ACCOUNT", "100/hour"),
    "login_client": env_rate("THROTTLE_LOGIN_PER_CLIENT", "30/hour"),
    "sign_up": env_rate("THROTTLE_SIGN_UP", "5/hour"),
    "game_create": env_rate("THROTTLE_GAME_CREATE", "20/hour"),
    "game_start": env_rate("THROTTLE_GAME_JOIN_START", "60/hour"),
}
# Caps: lobbies a player has created and not yet started, and live API tokens per account
# (logging in past the cap revokes the least recently used tokens).
GAME_MAX_OPEN_LOBBIES = env_int("GAME_MAX_OPEN_LOBBIES", 10)
TOKEN_MAX_PER_USER = env_int("TOKEN_MAX_PER_USER", 10)
if GAME_MAX_OPEN_LOBBIES < 1 or TOKEN_MAX_PER_USER < 1:
    raise ImproperlyConfigured("GAME_MAX_OPEN_LOBBIES and TOKEN_MAX_PER_USER must be at least 1.")

# An Idempotency-Key's first response is replayed for this long, then forgotten.
IDEMPOTENCY_KEY_HOURS = 24

# Request bodies nest arrays and objects at most this deep (deeper ones are refused, 400 too_deep).
API_JSON_MAX_DEPTH = 32

REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Bearer",
    "TOKEN_TTL": timedelta(days=env_int("TOKEN_TTL_DAYS", 30)),
    "AUTO_REFRESH": True,
}
# A checked token is trusted by the process that checked it for this many seconds (0: never):
# a token revoked through another process still works there that long (accounts/token_auth.py).
TOKEN_CACHE_SECONDS = env_int("TOKEN_CACHE_SECONDS", 5)
TOKEN_CACHE_SIZE = 10_000  # entries per process; past it, only stale ones make room

SPECTACULAR_SETTINGS = {
    "TITLE": "Khôra turn server API",
    "DESCRIPTION": (
        "Play Khôra: Rise of an Empire slowly over a REST API. Every 4xx response is "
        "`application/problem+json` (RFC 9457) with a stable `code`: 400 when a request does "
        "not match this schema, 422 when it does but the rules refuse it, 409 when it "
        "conflicts with the game's state, 429 with `Retry-After` when throttled. Send tokens "
        "as `Authorization: Bearer <token>`."
    ),
    "VERSION": "1.0.0",
    # 3.1: nullable is JSON Schema's `"null"` type, which strict validators and generators read
    # the same way (3.0's `nullable` beside a `$ref` is ignored or refused by them).
    "OAS_VERSION": "3.1.0",
    # Paths are absolute (/api/v1/...): the schema describes the server that serves it.
    "SERVERS": [{"url": "/", "description": "The server this schema is served by."}],
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "khora_site.schema.add_named_payloads",
        "drf_spectacular.hooks.postprocess_schema_enums",
        "khora_site.schema.name_enum_members",
        "khora_site.schema.close_request_objects",
        "khora_site.schema.open_callbacks",
        "khora_site.schema_responses.declare_responses",
    ],
    # The docs pages load Swagger UI and ReDoc from our static files (no CDN: they work offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The schemes a client can use; the last class only refuses headers nobody accepted.
    "AUTHENTICATION_WHITELIST": [
        "accounts.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # One name for the choice every email kind shares (immediately, digest, off).
    "ENUM_NAME_OVERRIDES": {
        "DeliveryEnum": "notifications.models.Delivery",
        "BotLevelEnum": "bots.levels.LEVEL_NAMES",
        "GameStatusEnum": "games.models.Game.Status",
        "GameOverStatusEnum": "live.schema.GAME_OVER_STATUSES",
        "WebhookEventTypeEnum": "webhooks.models.EVENT_TYPES",
    },
}

# Logs go to stderr (journald under systemd): plain text, or one JSON object a line with the
# request's or task's id, user, game and duration (operations/logs.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT") or "text"
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT={LOG_FORMAT!r} is neither text nor json.")
LOGGING = logging_config(LOG_FORMAT, os.environ.get("LOG_LEVEL", "INFO"))
# A Celery worker or beat replaces the root logger's handlers with its own text format unless
# told not to: with JSON logs they keep this configuration, as every other process does.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT != "json"

# Event streams (live/): a comment line this often keeps proxies and clients from timing out
# an idle stream.
STREAM_HEARTBEAT_SECONDS = env_int("STREAM_HEARTBEAT_SECONDS", 15)
# Under ASGI the streams' reads run in this many threads, each with one database connection.
STREAM_READ_THREADS = 4
# Open streams at once (live/limits.py; 0: no limit): per signed-in user, per client address
# (as the throttles see it, DJANGO_TRUSTED_PROXIES), per stream process. Past one: 429.
STREAM_LIMIT_PER_USER = env_int("STREAM_LIMIT_PER_USER", 16)
STREAM_LIMIT_PER_ADDRESS = env_int("STREAM_LIMIT_PER_ADDRESS", 48)
STREAM_LIMIT_PER_PROCESS = env_int("STREAM_LIMIT_PER_PROCESS", 4000)
# A stream's lease on the shared counts lapses this long after its process last renewed it
# (a process that died without closing its streams frees their places within it).
STREAM_LEASE_SECONDS = 30
# Under ASGI each request has a database connection of its own: at most this many stream
# requests of a process open theirs at once (the others wait, then 503 streams_busy).
STREAM_OPENING_AT_ONCE = 8
STREAM_OPENING_WAIT_SECONDS = 10
STREAM_PROCESS_RETRY_SECONDS = 5
# A stream request waits this long for the process's Redis listener, else 503 live_unavailable.
STREAM_LISTENER_WAIT_SECONDS = 2
# A stream checks its token or session again this often even when nothing announced a change
# (rows deleted behind Django's back); announced revocations reach it at once.
STREAM_RECHECK_SECONDS = env_int("STREAM_RECHECK_SECONDS", 300)
# Streams asked of the WSGI server hold one of its threads for hours: refused (421) in
# production, where uvicorn serves them; served by the embedded runserver's threads.
STREAMS_OVER_WSGI = env_bool("STREAMS_OVER_WSGI", DEBUG)

# Webhooks (webhooks/): deliveries have their own queue, so a slow receiver never delays a game
# or an email; the sweep sends what is due (retries, a task lost with the broker).
CELERY_TASK_QUEUES = (*CELERY_TASK_QUEUES, Queue("webhooks"))
CELERY_TASK_ROUTES = {**CELERY_TASK_ROUTES, "webhooks.tasks.*": {"queue": "webhooks"}}
CELERY_BEAT_SCHEDULE = {
    **CELERY_BEAT_SCHEDULE,
    "webhooks-sweep": {
        "task": "webhooks.tasks.sweep_webhooks",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
}
# One attempt's whole exchange (resolving, connecting, TLS, sending, reading the answer's
# status, headers and body) ends by this many seconds, however slowly the receiver answers.
WEBHOOKS_DEADLINE_SECONDS = env_int("WEBHOOKS_DEADLINE_SECONDS", 5)
# Receivers on private, loopback or link-local addresses are refused unless this is on (tests,
# a receiver on the same private network).
WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOKS_ALLOW_PRIVATE_ADDRESSES", False)
# The wait before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27.6 h in all).
WEBHOOKS_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000]
WEBHOOKS_MAX_PER_USER = 10
# The embedded default (no broker) sends deliveries from threads of the server's process: at
# most this many at once; the ticker's sweep hands on what found no thread.
WEBHOOKS_EMBEDDED_THREADS = env_int("WEBHOOKS_EMBEDDED_THREADS", 4)
# Fairness: one delivery at a time per endpoint, and at most this many per account at once,
# so one account's slow endpoints hold at most this many of the webhooks workers.
WEBHOOKS_IN_FLIGHT_PER_ACCOUNT = env_int("WEBHOOKS_IN_FLIGHT_PER_ACCOUNT", 2)
# The circuit breaker: an endpoint whose attempts failed this many times in a row is turned
# off and its owner told (by email, and in the API).
WEBHOOKS_DISABLE_AFTER_FAILURES = env_int("WEBHOOKS_DISABLE_AFTER_FAILURES", 20)
# After a secret's rotation, deliveries are signed with the old secret too for this long.
WEBHOOKS_SECRET_OVERLAP_HOURS = env_int("WEBHOOKS_SECRET_OVERLAP_HOURS", 24)

# Web Push (webpush/, docs/operations.md#web-push): the VAPID private key (base64url, as
# docs/operations.md makes it; unset: push is off and the pages say so) and the contact the
# push services may write to. Pushes go on the email queue, each POST done by
# WEBPUSH_DEADLINE_SECONDS through webhooks' address-checked transport; http and private or
# loopback push services only with WEBPUSH_ALLOW_PRIVATE_ADDRESSES (tests, a local setup).
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("WEBPUSH_VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_SUBJECT = os.environ.get("WEBPUSH_VAPID_SUBJECT", "mailto:admin@localhost")
WEBPUSH_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBPUSH_ALLOW_PRIVATE_ADDRESSES", False)
WEBPUSH_DEADLINE_SECONDS = env_int("WEBPUSH_DEADLINE_SECONDS", 5)
WEBPUSH_MAX_DEVICES = env_int("WEBPUSH_MAX_DEVICES", 10)
# A failed push is tried again after this many seconds, doubled each time, at most this often.
WEBPUSH_RETRY_SECONDS = env_int("WEBPUSH_RETRY_SECONDS", 60)
WEBPUSH_MAX_ATTEMPTS = env_int("WEBPUSH_MAX_ATTEMPTS", 5)
# After this many failures in a row the preferences page says the device stopped answering.
WEBPUSH_STOPPED_AFTER_FAILURES = env_int("WEBPUSH_STOPPED_AFTER_FAILURES", 3)
# How long a push service keeps a message for a device that is off (a turn waits for days).
WEBPUSH_TTL_SECONDS = env_int("WEBPUSH_TTL_SECONDS", 86400)
CELERY_TASK_ROUTES = {**CELERY_TASK_ROUTES, "webpush.tasks.*": {"queue": "email"}}

# Operations (operations/, docs/operations.md): the token /metrics and /health/deep/ ask for
# (unset: both answer 404), and the deep check's thresholds.
MONITORING_TOKEN = os.environ.get("MONITORING_TOKEN", "")
HEALTH_WORKER_TIMEOUT_SECONDS = env_int("HEALTH_WORKER_TIMEOUT_SECONDS", 1)
HEALTH_TICK_MAX_SECONDS = env_int("HEALTH_TICK_MAX_SECONDS", 180)
HEALTH_EMAIL_DUE_MAX_SECONDS = env_int("HEALTH_EMAIL_DUE_MAX_SECONDS", 300)
HEALTH_WEBHOOK_BACKLOG_MAX = env_int("HEALTH_WEBHOOK_BACKLOG_MAX", 500)
HEALTH_ADVANCE_OVERDUE_SECONDS = env_int("HEALTH_ADVANCE_OVERDUE_SECONDS", 60)
if min(HEALTH_WORKER_TIMEOUT_SECONDS, HEALTH_TICK_MAX_SECONDS, HEALTH_ADVANCE_OVERDUE_SECONDS) < 1:
    raise ImproperlyConfigured(
        "HEALTH_WORKER_TIMEOUT_SECONDS, HEALTH_TICK_MAX_SECONDS and "
        "HEALTH_ADVANCE_OVERDUE_SECONDS must be at least 1."
    )
# Error reports (Sentry or GlitchTip) only when a DSN is set; nothing is sent without one.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
SENTRY_ENVIRONMENT = os.environ.get("SENTRY_ENVIRONMENT", "")
if SENTRY_DSN:
    from operations.errors import start as start_error_reports

    start_error_reports(SENTRY_DSN, SENTRY_ENVIRONMENT)
