"""Email about games: an outbox written with its cause, preferences, reminders and digests."""
