"""All settings, read from the environment, one module per concern.

With nothing set the server runs embedded: a SQLite file, Celery tasks in-process (eager) and
email printed to the console. `DATABASE_URL` (PostgreSQL through psycopg 3) and `REDIS_URL`
switch to the real parts. Nonsense values fail loudly at start-up.

DJANGO_SETTINGS_MODULE stays `khora_site.settings`: this package gathers every concern's
settings here. Each setting is defined in exactly one module; a module needing another's value
imports it from there (tests/khora_site/test_settings_modules.py checks both). Every variable
read is listed in docs/operations.md#configuration.
"""

# The concerns in the order a reader meets them, not sorted: monitoring must come last.
# ruff: noqa: I001
from khora_site.settings.base import *  # noqa: F403
from khora_site.settings.security import *  # noqa: F403
from khora_site.settings.database import *  # noqa: F403
from khora_site.settings.cache import *  # noqa: F403
from khora_site.settings.api import *  # noqa: F403
from khora_site.settings.games import *  # noqa: F403
from khora_site.settings.matchmaking import *  # noqa: F403
from khora_site.settings.mail import *  # noqa: F403
from khora_site.settings.notifications import *  # noqa: F403
from khora_site.settings.live import *  # noqa: F403
from khora_site.settings.webhooks import *  # noqa: F403
from khora_site.settings.webpush import *  # noqa: F403
from khora_site.settings.queues import *  # noqa: F403

# Last: error reports start once every other setting is read.
from khora_site.settings.monitoring import *  # noqa: F403

# The helpers stay importable from here, where they were before the split.
from khora_site.settings.env import env_bool as env_bool
from khora_site.settings.env import env_int as env_int
from khora_site.settings.env import env_list as env_list
from khora_site.settings.env import env_rate as env_rate
