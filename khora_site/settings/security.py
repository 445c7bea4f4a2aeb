"""Security: the secret key, hosts, HTTPS, cookies, the Content-Security-Policy, CORS,
password rules, the client's address behind proxies, throttles and per-account caps
(docs/security.md)."""

import os

from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.base import DEBUG
from khora_site.settings.env import env_bool, env_int, env_list, env_rate

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is false.")
    SECRET_KEY = "insecure-development-key-only-used-when-debug-is-on"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

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

# The client's address is REMOTE_ADDR, unless the server runs behind this many proxies of our
# own, each appending to X-Forwarded-For the address it saw (accounts/throttles.py). Set it
# to the exact number: more lets a client forge its address, fewer counts the proxy as one.
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXIES", 0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("DJANGO_TRUSTED_PROXIES must be 0 (no proxy) or more.")

# Throttles (accounts/throttles.py), each a rate (env_rate) or off, counted in the shared cache;
# an exceeded one is 429 with Retry-After.
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
