"""The Django project of the Khôra turn server."""

from khora_site.celery import app as celery_app

__all__ = ["celery_app"]
