"""The address policy (issue 41): every IPv6 form that embeds or maps IPv4 is judged, the
address connected to is checked again, refusals never say what a name resolves to, and a
malformed URL is a 422, never a 500."""

from __future__ import annotations

import ipaddress

import pytest

from tests.players import assert_problem
from webhooks import addresses, transport
from webhooks.models import Endpoint

REFUSED = [
    # the forms issue 41 found accepted
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254, the cloud metadata address
    "::127.0.0.1",  # IPv4-compatible
    "2002:7f00:1::",  # 6to4 of 127.0.0.1
    "fec0::1",  # site-local
    # the other embeddings: refused whatever they embed, or judged as the IPv4 they stand for
    "::8.8.8.8",  # IPv4-compatible, of a public address
    "2002:808:808::1",  # 6to4, of a public address
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "64:ff9b:1::808:808",  # local-use NAT64
    "::ffff:0:808:808",  # SIIT
    "::ffff:127.0.0.1",  # IPv4-mapped loopback
    "::ffff:169.254.169.254",
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    # IPv6 outside the public internet
    "::",
    "::1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "100::1",
    "2001:db8::1",
    "3fff::1",
    "5f00::1",
    "2001:10::1",
    # IPv4
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "127.0.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "192.0.0.9",
    "192.0.2.1",
    "192.88.99.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.1",
    "203.0.113.1",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
]
ALLOWED = [
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",  # IPv4-mapped: the public IPv4 host itself
    "64:ff9b::808:808",  # NAT64 (what DNS64 answers on an IPv6-only network) of 8.8.8.8
]


@pytest.mark.parametrize("address", REFUSED)
def test_addresses_off_the_public_internet_are_refused(address):
    assert not addresses.is_allowed(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", ALLOWED)
def test_public_addresses_are_allowed(address):
    assert addresses.is_allowed(ipaddress.ip_address(address))


def test_every_range_the_policy_names_is_refused_from_its_first_address_to_its_last():
    tables = [
        addresses.REFUSED_IPV4,
        addresses.REFUSED_IPV6,
        addresses.REFUSED_OUTSIDE_GLOBAL_UNICAST,
    ]
    for table in tables:
        for network in table:
            for address in (network[0], network[-1]):
                assert not addresses.is_allowed(address), (network, address)


def register(player, url: str):
    return player.post("/api/v1/me/webhooks/", {"url": url, "event_types": ["game.over"]})


@pytest.mark.parametrize(
    "url",
    [
        "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
        "http://[::127.0.0.1]/",
        "http://[2002:7f00:1::]/",
        "http://[fec0::1]/",
        "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
        "http://[::ffff:7f00:1]:8080/",
        "http://2130706433/",  # 127.0.0.1 as one number
        "http://0x7f.1/",
    ],
)
def test_registration_refuses_internal_addresses_in_every_form(make_player, url):
    response = register(make_player("alice"), url)
    assert_problem(response, 422, "webhook_url_refused")
    assert response.json()["detail"] == transport.NOT_ALLOWED
    assert not Endpoint.objects.exists()


def test_a_public_ipv4_host_through_nat64_is_accepted(make_player):
    assert register(make_player("alice"), "https://[64:ff9b::808:808]/hook").status_code == 201


def test_registration_never_says_what_a_name_resolves_to(make_player):
    """Issue 41: `http://vm/` answered "vm resolves to 127.0.0.1": an outsider could map our
    network's names. An internal name and a name that does not exist get the same words."""
    alice = make_player("alice")
    internal = register(alice, "http://localhost/")
    missing = register(alice, "http://no-such-host.invalid/")
    for response in (internal, missing):
        assert_problem(response, 422, "webhook_url_refused")
        assert "127.0.0.1" not in response.content.decode()
        assert "::1" not in response.content.decode()
    assert internal.json()["detail"] == missing.json()["detail"] == transport.NOT_ALLOWED


@pytest.mark.parametrize(
    "url",
    [
        "http://[::1",
        "http://[",
        "http://[::1]x/",
        "http://example.org:99999/",
        "http://example.org:port/",
        "https://",
        "example.org/hook",
        "javascript:alert(1)",
    ],
)
def test_a_malformed_url_is_a_422_saying_what_a_webhook_url_is(make_player, url):
    response = register(make_player("alice"), url)
    assert_problem(response, 422, "webhook_url_refused")
    assert response.json()["detail"] == transport.MALFORMED


def test_the_address_actually_connected_to_is_checked_again(monkeypatch, receiver, settings):
    """A name that resolved to a public address when checked, and whose connection lands on
    loopback anyway, sends nothing: the peer is judged before the first byte."""
    settings.WEBHOOKS_DEADLINE_SECONDS = 1
    hook = receiver(200)
    real_checked = transport.checked

    def as_if_public(url, deadline, allow_private):  # the name's check passed (DNS rebinding)
        return real_checked(url, deadline, allow_private=True)

    monkeypatch.setattr(transport, "checked", as_if_public)
    outcome = transport.post(hook.url, b"{}", {}, transport.deadline_in(1))
    assert outcome.status_code is None and outcome.error == transport.NOT_ALLOWED
    assert not hook.requests
