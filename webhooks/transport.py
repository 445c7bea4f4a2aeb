"""One POST to a receiver: to an address we checked, 5 s at most, never following a redirect.

The host is resolved once and every address it resolves to is checked: private, loopback,
link-local, multicast, reserved and unspecified addresses are refused unless
WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on. The connection then goes to the checked address (the
host name still sent as Host and, for https, as the TLS server name), so a second resolution
cannot point it elsewhere (DNS rebinding).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings


class AddressRefused(ValueError):
    pass


@dataclass
class Outcome:
    status_code: int | None
    error: str

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def checked_address(url: str) -> tuple[str, str, int, str]:
    """(scheme, host, port, address to connect to) of `url`, or AddressRefused saying why."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressRefused("A webhook URL is an http:// or https:// address with a host.")
    if parts.username or parts.password:
        raise AddressRefused("A webhook URL carries no user name or password.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as error:
        raise AddressRefused(f"The URL's port is not a port: {error}.") from None
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise AddressRefused(f"The host {parts.hostname!r} does not resolve.") from None
    addresses = sorted({str(info[4][0]) for info in infos})
    if not settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES:
        for address in addresses:
            ip = ipaddress.ip_address(address.split("%")[0])
            if not ip.is_global or ip.is_multicast:
                raise AddressRefused(
                    f"{parts.hostname} resolves to {address}, a private, loopback, link-local "
                    "or reserved address: webhooks go to public addresses only."
                )
    return parts.scheme, parts.hostname, port, addresses[0]


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def post(url: str, body: bytes, headers: dict[str, str]) -> Outcome:
    try:
        scheme, host, port, address = checked_address(url)
    except AddressRefused as refusal:
        return Outcome(None, str(refusal))
    parts = urlsplit(url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    connection = kind(host, port, address, settings.WEBHOOKS_TIMEOUT_SECONDS)
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={**headers, "Content-Type": "application/json", "User-Agent": "Khora-Webhooks"},
        )
        response = connection.getresponse()
        response.read(64 * 1024)  # what the receiver says is not ours to keep
        if 300 <= response.status < 400:
            return Outcome(response.status, "redirects are not followed")
        return Outcome(response.status, "" if 200 <= response.status < 300 else "not 2xx")
    except TimeoutError:
        return Outcome(None, f"no answer within {settings.WEBHOOKS_TIMEOUT_SECONDS} s")
    except (OSError, http.client.HTTPException) as error:
        return Outcome(None, f"{type(error).__name__}: {error}"[:300])
    finally:
        connection.close()
