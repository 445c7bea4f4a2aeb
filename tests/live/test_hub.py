"""The notices' channels in Redis carry the site's prefix: two sites on one Redis (or two test
runs) never wake each other's streams."""

from __future__ import annotations

import os

import pytest
import redis
from django.conf import settings

from live.hub import HUB, prefix
from live.publish import game_channel, publish


@pytest.fixture
def shared_redis():
    if not settings.REDIS_URL:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but REDIS_URL is not set: this test needs Redis")
        pytest.skip("needs Redis: set REDIS_URL=redis://127.0.0.1:6379/0")
    return redis.Redis.from_url(settings.REDIS_URL)


def test_the_channels_carry_the_cache_key_prefix(shared_redis):
    site = settings.CACHES["default"]["KEY_PREFIX"]
    assert site and prefix() == f"{site}khora:live:"
    subscription = HUB.subscribe([game_channel("prefixtest000001")])
    try:
        # Another site on the same Redis, same game id: not a notice for us.
        shared_redis.publish(f"other-{site}khora:live:game:prefixtest000001", "")
        shared_redis.publish("khora:live:game:prefixtest000001", "")  # one with no prefix
        assert subscription.wait(0.5) == set()
        publish([(game_channel("prefixtest000001"), "")])
        assert subscription.wait(2) == {("game:prefixtest000001", "")}
    finally:
        subscription.close()


def test_a_prefix_with_glob_characters_matches_only_itself(shared_redis, settings):
    """The listener subscribes to the pattern prefix + "*": a prefix's own * ? [ are escaped."""
    from live.hub import _glob_escaped

    pattern = _glob_escaped("a*b?[c]") + "*"
    listener = shared_redis.pubsub(ignore_subscribe_messages=True)
    listener.psubscribe(pattern)
    listener.get_message(timeout=1)
    shared_redis.publish("aXbYcZ-khora", "no")
    shared_redis.publish("a*b?[c]khora:live:game:x", "yes")
    received = []
    for _ in range(20):
        message = listener.get_message(timeout=0.1)
        if message:
            received.append(message["data"])
    listener.close()
    assert received == [b"yes"]
