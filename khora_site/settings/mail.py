"""Email and play by email: how mail goes out (SMTP, a provider, the local mailbox, the console),
the reply address and the receiving server's caps, and a mail provider's webhooks."""

import os

from django.core.exceptions import ImproperlyConfigured

from khora_site.settings.base import DEBUG
from khora_site.settings.env import env_bool, env_int

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
