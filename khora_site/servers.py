"""Django's development server, sending what it writes at once.

Django's server (`runserver`, and the live server of the browser and client tests) writes a
response in several small pieces: the status line, a few headers, the rest of the headers,
the body. With Nagle's algorithm on, the kernel holds each piece after the first until the
client acknowledges the one before, and a Linux client delays that acknowledgement by 40 ms
(delayed ACK). On a kept-alive connection, which browsers and HTTP clients use, every request
then waits about 40 ms for nothing: measured on this site, 45 ms a request against 2 ms with
TCP_NODELAY (python/cpython#108736 describes the same for http.server). Production's uvicorn
sets TCP_NODELAY itself (asyncio does, for every TCP connection).
"""

from __future__ import annotations

import socket

from django.core.servers.basehttp import ThreadedWSGIServer, WSGIServer


class SendsAtOnce:
    """A socketserver mixin: every accepted TCP connection has Nagle's algorithm off."""

    def get_request(self):
        connection, address = super().get_request()  # type: ignore[misc]
        if connection.family in (socket.AF_INET, socket.AF_INET6):
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return connection, address


class NoDelayWSGIServer(SendsAtOnce, WSGIServer):
    """`runserver`'s server (it adds threads itself)."""


class NoDelayThreadedWSGIServer(SendsAtOnce, ThreadedWSGIServer):
    """The tests' live server (django.test.testcases.LiveServerThread.server_class)."""
