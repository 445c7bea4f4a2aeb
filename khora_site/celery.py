"""The Celery app. Its broker is REDIS_URL; with nothing set, tasks run in-process (eager)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "khora_site.settings")

app = Celery("khora_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
