"""Which addresses a webhook may be sent to: the address policy, asked of every address a
host resolves to and again of the address actually connected to.

An address is allowed when it is on the public internet. Python's `is_global` is asked too,
but this module's own tables decide: the interpreter's tables lag the IANA registries (3.11
calls 64:ff9b:1::/48, 3fff::/20 and 5f00::/16 global), and IPv6 has forms that carry an
IPv4 address inside them, which `is_global` judges as IPv6 only (`::127.0.0.1` is "global").

- IPv4: refused in the special-purpose ranges below (private, loopback, link-local with the
  cloud metadata address, shared, documentation, benchmarking, reserved, multicast, the
  deprecated 6to4 relays).
- IPv6: only the global unicast space 2000::/3 is allowed, minus the ranges below. Two forms
  that embed an IPv4 address stand for that IPv4 host and are judged as it: IPv4-mapped
  (::ffff:0:0/96) and NAT64's well-known prefix (64:ff9b::/96, what DNS64 answers for an
  IPv4-only host when the server sits on an IPv6-only network). Every other form that embeds
  IPv4 is refused outright, whatever it embeds: IPv4-compatible (::/96, deprecated), SIIT
  (::ffff:0:0:0/96), local-use NAT64 (64:ff9b:1::/48), 6to4 (2002::/16, deprecated) and
  Teredo (2001::/32, inside 2001::/23); so are site-local (fec0::/10, deprecated), unique
  local, link-local and multicast, which lie outside 2000::/3.
"""

from __future__ import annotations

import ipaddress

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

REFUSED_IPV4 = {
    ipaddress.IPv4Network(network): why
    for network, why in (
        ("0.0.0.0/8", "this network"),
        ("10.0.0.0/8", "private"),
        ("100.64.0.0/10", "shared address space (carrier-grade NAT)"),
        ("127.0.0.0/8", "loopback"),
        ("169.254.0.0/16", "link-local (the cloud metadata address)"),
        ("172.16.0.0/12", "private"),
        ("192.0.0.0/24", "IETF protocol assignments"),
        ("192.0.2.0/24", "documentation"),
        ("192.88.99.0/24", "6to4 relay anycast (deprecated)"),
        ("192.168.0.0/16", "private"),
        ("198.18.0.0/15", "benchmarking"),
        ("198.51.100.0/24", "documentation"),
        ("203.0.113.0/24", "documentation"),
        ("224.0.0.0/4", "multicast"),
        ("240.0.0.0/4", "reserved, and the broadcast address"),
    )
}
GLOBAL_UNICAST_IPV6 = ipaddress.IPv6Network("2000::/3")
REFUSED_IPV6 = {
    ipaddress.IPv6Network(network): why
    for network, why in (
        ("2001::/23", "IETF protocol assignments (Teredo 2001::/32 among them)"),
        ("2001:db8::/32", "documentation"),
        ("2002::/16", "6to4 (deprecated)"),
        ("3fff::/20", "documentation"),
    )
}
IPV4_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
# Outside 2000::/3, so refused by the rule above; named for the documentation and the tests.
REFUSED_OUTSIDE_GLOBAL_UNICAST = {
    ipaddress.IPv6Network(network): why
    for network, why in (
        ("::/96", "IPv4-compatible (deprecated), the unspecified and loopback addresses"),
        ("::ffff:0:0:0/96", "SIIT translated IPv4"),
        ("64:ff9b:1::/48", "local-use NAT64"),
        ("100::/64", "discard-only"),
        ("5f00::/16", "SRv6 segment identifiers"),
        ("fc00::/7", "unique local"),
        ("fe80::/10", "link-local"),
        ("fec0::/10", "site-local (deprecated)"),
        ("ff00::/8", "multicast"),
    )
}


def parse(address: str) -> IPAddress:
    """An address as getaddrinfo or a socket gives it (an IPv6 zone, `%eth0`, left out)."""
    return ipaddress.ip_address(address.split("%", 1)[0])


def is_allowed(ip: IPAddress) -> bool:
    """Whether a webhook may be sent to `ip` (see the module's docstring for every range)."""
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _judged_as_ipv4(ip)
        if embedded is not None:
            return is_allowed(embedded)
        return (
            ip in GLOBAL_UNICAST_IPV6
            and not any(ip in network for network in REFUSED_IPV6)
            and ip.is_global
        )
    return not any(ip in network for network in REFUSED_IPV4) and ip.is_global


def _judged_as_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 host an IPv4-mapped or well-known-NAT64 address stands for; None otherwise."""
    if ip in IPV4_MAPPED or ip in NAT64_WELL_KNOWN:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None
