"""One module per phase of play. Importing this package registers their steps and tasks."""

from engine.khora.phases import (  # noqa: F401
    achievements,
    actions,
    development,
    dice,
    draws,
    event_resolution,
    politics,
    progress,
    round_start,
    scoring,
    setup,
)
