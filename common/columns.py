"""Column names for SQL written out by hand (the queries the ORM took too long to compile)."""

from __future__ import annotations

from django.db import models


def column_of(field: models.Field) -> str:
    """A concrete field's column: the type allows None, which only fields without a column of
    their own (a many-to-many relation) have."""
    if field.column is None:
        raise ValueError(f"{field} has no column")
    return field.column
