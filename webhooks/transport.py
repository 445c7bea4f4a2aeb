"""One POST to a receiver, within one wall-clock budget, to an address the policy allows.

The budget (WEBHOOKS_DEADLINE_SECONDS) covers the whole exchange: resolving the host,
connecting, the TLS handshake, sending, and reading the status, the headers and the body
(at most RESPONSE_BYTES_READ of it). Every socket operation waits only for what is left of
it, so a receiver that answers a byte at a time is cut off at the deadline like one that
never answers. Per-operation timeouts do not bound that: urllib3's `Timeout(total=2)` let a
receiver dribbling its answer hold a request 16 s (measured while writing this module), and
httpx has no overall timeout at all.

The host is resolved once and every address it resolves to is checked (webhooks.addresses);
the connection then goes to a checked address (the host name still sent as Host and, for
https, as the TLS server name), and the address actually connected to is checked again
before anything is sent, so no second resolution can point it elsewhere (DNS rebinding).
Redirects are never followed. Refusals never say what a name resolves to: the attempt log
and the registration's error would otherwise tell an outsider our internal names.
"""

from __future__ import annotations

import http.client
import io
import re
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from webhooks import addresses

# What the receiver says is not ours to keep: enough to see the answer end, no more.
RESPONSE_BYTES_READ = 16 * 1024
NOT_ALLOWED = (
    "Webhooks go only to hosts on the public internet: this URL's host does not resolve to "
    "one we may send to."
)
MALFORMED = (
    "This is not a webhook URL: use http:// or https://, a host name or address, an optional "
    "port and path, and no user name or password."
)


class AddressRefused(ValueError):
    pass


class DeadlinePassed(TimeoutError):
    pass


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str


@dataclass
class Outcome:
    status_code: int | None
    error: str

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def target_of(url: str) -> Target:
    """The parts of a webhook URL, or AddressRefused(MALFORMED)."""
    try:
        parts = urlsplit(url)
        port = parts.port  # raises on a port that is no port
    except ValueError:  # "http://[::1", "http://[", "http://h:99999/"
        raise AddressRefused(MALFORMED) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressRefused(MALFORMED)
    if parts.username is not None or parts.password is not None:
        raise AddressRefused(MALFORMED)
    # What urlsplit lets through around the host ("[::1]x", "host:") is no part of a URL.
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    if not re.fullmatch(re.escape(host) + r"(:[0-9]{1,5})?", parts.netloc.lower()):
        raise AddressRefused(MALFORMED)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default_port = 443 if parts.scheme == "https" else 80
    return Target(parts.scheme, parts.hostname, port or default_port, path)


def deadline_in(seconds: float) -> float:
    """A deadline on the monotonic clock, `seconds` from now."""
    return time.monotonic() + seconds


def checked(
    url: str, deadline: float, allow_private: bool | None = None
) -> tuple[Target, list[tuple]]:
    """The URL's target and the socket addresses it may be sent to, every one allowed by the
    policy (unless `allow_private`, by default WEBHOOKS_ALLOW_PRIVATE_ADDRESSES), or
    AddressRefused; DeadlinePassed when resolving took the whole budget. (Web Push sends
    through this module too, with its own setting: webpush.delivering.)"""
    target = target_of(url)
    infos = _resolve(target.host, target.port, deadline)
    if not infos:
        raise AddressRefused(NOT_ALLOWED)
    if allow_private is None:
        allow_private = settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES
    if not allow_private:
        for _family, sockaddr in infos:
            if not addresses.is_allowed(addresses.parse(sockaddr[0])):
                raise AddressRefused(NOT_ALLOWED)
    return target, infos


def _resolve(host: str, port: int, deadline: float) -> list[tuple]:
    """getaddrinfo within the budget. The resolver cannot be interrupted, so it runs in a
    thread of its own that is left to finish by itself when the budget runs out."""
    found: list = []

    def resolve() -> None:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            found.append([(info[0], info[4]) for info in infos])
        except (OSError, UnicodeError, ValueError):  # no such host, a label too long, a NUL
            found.append([])

    worker = threading.Thread(target=resolve, name="webhook-resolve", daemon=True)
    worker.start()
    worker.join(max(deadline - time.monotonic(), 0))
    if not found:
        raise DeadlinePassed
    unique = {(family, sockaddr[:2]): (family, sockaddr) for family, sockaddr in found[0]}
    return list(unique.values())


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    deadline: float,
    allow_private: bool | None = None,
) -> Outcome:
    """POST `body` to `url`, all of it by `deadline` (time.monotonic()). `headers` may set
    their own Content-Type and User-Agent (a Web Push message is no JSON)."""
    budget = settings.WEBHOOKS_DEADLINE_SECONDS
    if allow_private is None:
        allow_private = settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES
    sock: socket.socket | None = None
    try:
        target, infos = checked(url, deadline, allow_private)
        sock = _connect(infos, deadline, allow_private)
        if target.scheme == "https":
            sock = _tls(sock, target.host, deadline)
        return _exchange(_DeadlineSocket(sock, deadline), target, body, headers)
    except AddressRefused as refusal:
        return Outcome(None, str(refusal))
    except TimeoutError:
        return Outcome(None, f"no complete answer within {budget:g} s")
    except (OSError, http.client.HTTPException) as error:
        return Outcome(None, f"{type(error).__name__}: {error}"[:300])
    finally:
        if sock is not None:
            sock.close()


def _connect(infos: list[tuple], deadline: float, allow_private: bool) -> socket.socket:
    """A connection to the first checked address that takes one; the peer checked again."""
    failure: OSError = ConnectionError("no address to connect to")
    for family, sockaddr in infos:
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.settimeout(_left(deadline))
            sock.connect(sockaddr)
            peer = sock.getpeername()[0]
            allowed = addresses.is_allowed(addresses.parse(peer))
            if not allowed and not allow_private:
                raise AddressRefused(NOT_ALLOWED)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock
        except TimeoutError:
            sock.close()
            raise
        except OSError as error:
            sock.close()
            failure = error
        except AddressRefused:
            sock.close()
            raise
    raise failure


def _tls(sock: socket.socket, host: str, deadline: float) -> ssl.SSLSocket:
    # The handshake's timeout bounds the whole handshake, not each read within it.
    wrapped = ssl.create_default_context().wrap_socket(
        sock, server_hostname=host, do_handshake_on_connect=False
    )
    wrapped.settimeout(_left(deadline))
    wrapped.do_handshake()
    return wrapped


def _exchange(sock: _DeadlineSocket, target: Target, body: bytes, headers: dict) -> Outcome:
    connection = http.client.HTTPConnection(target.host, target.port)
    connection.auto_open = 0  # never a connection of its own: only the checked one below
    connection.sock = sock  # type: ignore[assignment]
    connection.request(
        "POST",
        target.path,
        body=body,
        headers={"Content-Type": "application/json", "User-Agent": "Khora-Webhooks", **headers},
    )
    response = connection.getresponse()
    response.read(RESPONSE_BYTES_READ)
    if 300 <= response.status < 400:
        return Outcome(response.status, "redirects are not followed")
    return Outcome(response.status, "" if 200 <= response.status < 300 else "not 2xx")


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise DeadlinePassed
    return left


class _DeadlineSocket:
    """What http.client uses of a socket (sendall, makefile, close), each operation given
    only the time left before the deadline."""

    def __init__(self, sock: socket.socket, deadline: float):
        self._sock, self._deadline = sock, deadline

    def sendall(self, data: bytes) -> None:
        self._sock.settimeout(_left(self._deadline))  # sendall's timeout bounds all of it
        self._sock.sendall(data)

    def makefile(self, mode: str) -> io.BufferedReader:
        return io.BufferedReader(_DeadlineReader(self._sock, self._deadline))

    def close(self) -> None:
        self._sock.close()


class _DeadlineReader(io.RawIOBase):
    def __init__(self, sock: socket.socket, deadline: float):
        self._sock, self._deadline = sock, deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        self._sock.settimeout(_left(self._deadline))
        return self._sock.recv_into(buffer)
