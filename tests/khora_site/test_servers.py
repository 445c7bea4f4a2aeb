"""Django's development and live servers send each response at once (TCP_NODELAY)."""

from __future__ import annotations

import socket
import threading
import urllib.request

import pytest
from django.contrib.staticfiles.management.commands.runserver import (
    Command as StaticFilesRunserver,
)
from django.core.management import get_commands, load_command_class
from django.core.servers.basehttp import WSGIRequestHandler, WSGIServer
from django.test.testcases import LiveServerThread

from khora_site.servers import NoDelayThreadedWSGIServer, NoDelayWSGIServer


def nagle_setting_of_accepted_connection(server_class) -> int:
    """TCP_NODELAY on the server's side of a connection it accepted (0: Nagle's algorithm on)."""
    seen: list[int] = []

    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    class Handler(WSGIRequestHandler):
        def handle(self):
            seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            super().handle()

        def log_message(self, *args):
            pass

    server = server_class(("127.0.0.1", 0), Handler)
    server.set_app(app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/", timeout=5) as r:
            assert r.read() == b"ok"
    finally:
        server.shutdown()
        server.server_close()
    [setting] = seen
    return setting


@pytest.mark.parametrize("server_class", [NoDelayWSGIServer, NoDelayThreadedWSGIServer])
def test_our_servers_turn_nagles_algorithm_off(server_class):
    assert nagle_setting_of_accepted_connection(server_class) != 0


def test_djangos_own_server_leaves_it_on():
    # What the classes above change: without them the setting is off.
    assert nagle_setting_of_accepted_connection(WSGIServer) == 0


def test_runserver_is_ours_and_still_serves_static_files():
    command = load_command_class(get_commands()["runserver"], "runserver")
    assert command.server_cls is NoDelayWSGIServer
    assert isinstance(command, StaticFilesRunserver)


def test_the_tests_live_server_is_ours():
    assert LiveServerThread.server_class is NoDelayThreadedWSGIServer
