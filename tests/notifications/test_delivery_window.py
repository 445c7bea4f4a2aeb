"""At-least-once delivery with the narrowest window: a row is committed as sent before the
SMTP conversation ends, so a worker dying after the server accepted a message can resend it
(same Message-ID) only if it died within one database round trip (issue 15, point 7)."""

from __future__ import annotations

import psycopg
import pytest

from notifications import services
from tests.integration.conftest import SmtpSink, database_url
from tests.notifications.conftest import turn_context

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


class StatusAtQuitSink(SmtpSink):
    """Reads, when the client says goodbye, what the database says of each message received."""

    def __init__(self, dsn: str):
        super().__init__()
        self.dsn = dsn
        self.at_quit: dict[str, str] = {}

    async def handle_QUIT(self, server, session, envelope):  # aiosmtpd's hook name
        uuids = [str(m["Message-ID"]).strip("<>").split("@")[0] for m in self.messages]
        with psycopg.connect(self.dsn, autocommit=True) as connection:
            rows = connection.execute(
                "SELECT uuid::text, status FROM notifications_notification "
                "WHERE uuid::text = ANY(%s)",
                [uuids],
            ).fetchall()
        self.at_quit.update(dict(rows))
        return "221 Bye"


def test_rows_are_committed_as_sent_before_the_smtp_connection_closes(
    make_user, game, settings, monkeypatch
):
    monkeypatch.setattr(services, "send_after_commit", lambda pk: None)  # send_due sends
    sink = StatusAtQuitSink(database_url())
    sink.start()
    try:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
        rows = [
            services.notify(user=make_user(name), game=game, step="4", kind="your_turn",
                            context=turn_context(game))
            for name in ("alice", "bob")
        ]  # fmt: skip
        assert services.send_due() == 2
    finally:
        sink.stop()
    assert len(sink.messages) == 2, "one connection carried both"
    assert sink.at_quit == {str(row.uuid): "sent" for row in rows}
