"""Celery and its beat: the broker, how tasks are acknowledged and retried, the queues and
routes, and the schedule the beat (or `manage.py ticker`, embedded) runs."""

from kombu import Queue

from khora_site.settings.cache import REDIS_URL
from khora_site.settings.env import env_bool, env_int
from khora_site.settings.games import GAME_SWEEP_SECONDS

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
# Webhooks (webhooks/): deliveries have their own queue, so a slow receiver never delays a game
# or an email; the sweep sends what is due (retries, a task lost with the broker).
# Web pushes (webpush/) go on the email queue.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES: tuple[Queue, ...] = (Queue("celery"), Queue("email"), Queue("webhooks"))
CELERY_TASK_ROUTES = {
    "notifications.tasks.*": {"queue": "email"},
    "mailplay.tasks.send_inbound_reply": {"queue": "email"},
    "webhooks.tasks.*": {"queue": "webhooks"},
    "webpush.tasks.*": {"queue": "email"},
}
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
    "webhooks-sweep": {
        "task": "webhooks.tasks.sweep_webhooks",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
}
