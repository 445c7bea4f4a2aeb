from django.db import models


class BareDecision(models.Model):
    """A row shaped like a decision, so the reference insert costs what a small insert costs."""

    prompt = models.CharField(max_length=64)
    option = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
