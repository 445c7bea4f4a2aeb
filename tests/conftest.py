"""Settings every test shares."""

import os
import uuid

import pytest


def pytest_configure(config):
    """The live server (pytest-django's `live_server`, Django's LiveServerThread) sends each
    response at once, as `runserver` does here: without it every request on a kept-alive
    connection of the browser and client tests waits about 40 ms (khora_site.servers)."""
    try:
        from django.test.testcases import LiveServerThread

        from khora_site.servers import NoDelayThreadedWSGIServer
    except Exception:  # the engine tests run without Django (or unconfigured)
        return
    LiveServerThread.server_class = NoDelayThreadedWSGIServer


def pytest_itemcollected(item):
    """The integration tests are marked `real_worker` as they are collected, before any
    selection: bin/test runs the rest on two processes (`-m "not real_worker"`) and then these
    in one, since the Celery workers they start consume the broker's shared queues (a worker
    started for one process would take the other's tasks, for games its database lacks)."""
    if "tests/integration/" in str(item.fspath):
        item.add_marker(pytest.mark.real_worker)


@pytest.fixture(autouse=True, scope="session")
def cache_keys_of_this_run():
    """The shared cache (Redis in CI) outlives a run but the test database does not: ids start
    at 1 again, so an earlier run's throttle history for user 5 would count against this run's
    user 5. Each run keys the cache under a prefix of its own, and so do the workers and servers
    it starts (they inherit the environment)."""
    try:
        from django.conf import settings
        from django.test import override_settings

        caches = {name: dict(options) for name, options in settings.CACHES.items()}
    except Exception:  # the engine tests run without Django (or unconfigured)
        yield
        return
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    for options in caches.values():
        options["KEY_PREFIX"] = prefix
    saved = os.environ.get("CACHE_KEY_PREFIX")
    os.environ["CACHE_KEY_PREFIX"] = prefix
    with override_settings(CACHES=caches):
        yield
    if saved is None:
        os.environ.pop("CACHE_KEY_PREFIX", None)
    else:
        os.environ["CACHE_KEY_PREFIX"] = saved


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, whose drop at the end of the run is not refused by a
    connection some thread still holds: the live streams' read threads keep theirs for
    CONN_MAX_AGE, as they should in a server, so the run ends the ones left (PostgreSQL)."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
def tasks_run_in_process(request):
    """Celery tasks run eagerly in tests, even with REDIS_URL set (as in CI), except in the
    integration tests that start a real worker (marked `real_worker`)."""
    if request.node.get_closest_marker("real_worker"):
        yield
        return
    try:
        from khora_site.celery import app
    except ImportError:  # the engine tests run without Django installed too
        yield
        return
    from celery import _state

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = previous
        # Eager tasks run in several threads at once (the concurrency tests) can leave
        # Celery's process-wide "inside a task" flag set; clear it for the next test.
        _state._set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def throttles_off(request):
    """Throttles count across tests in the shared cache, so they are off unless a test sets
    its own rates (tests/accounts/test_throttles.py does, with fresh identities)."""
    try:
        from django.conf import settings
    except ImportError:
        yield
        return
    try:
        rates = getattr(settings, "API_THROTTLE_RATES", None)
    except Exception:  # Django is installed but not configured (engine-only runs)
        rates = None
    if rates is None:
        yield
        return
    saved = dict(rates)
    rates.update(dict.fromkeys(rates))
    try:
        yield
    finally:
        rates.update(saved)


@pytest.fixture(autouse=True)
def no_holidays_unless_asked(request):
    """A deadline passing starts an automatic holiday while the player has days left (issue
    24), so the deadline ladder's tests, written for the ladder alone, run with an empty bank;
    tests of holidays (tests/games/absences/) are marked `holidays` and run with the settings'."""
    if request.node.get_closest_marker("holidays"):
        yield
        return
    try:
        from django.conf import settings

        saved = settings.HOLIDAY_DAYS_PER_YEAR
    except Exception:  # the engine tests run without Django (or unconfigured)
        yield
        return
    settings.HOLIDAY_DAYS_PER_YEAR = 0
    try:
        yield
    finally:
        settings.HOLIDAY_DAYS_PER_YEAR = saved


@pytest.fixture(autouse=True, scope="session")
def responses_match_the_schema():
    """Every answer Django's test clients (APIClient too) get from /api/v1/ is checked against
    the served schema (tests/schema_check.py); a mismatch fails the test that got it."""
    try:
        from django.test.client import AsyncClient, Client

        from tests.schema_check import check_client_response
    except Exception:  # the engine tests run without Django (or unconfigured)
        yield
        return
    sync_request, async_request = Client.request, AsyncClient.request

    def checked(self, **request):
        response = sync_request(self, **request)
        check_client_response(response)
        return response

    async def checked_async(self, **request):
        response = await async_request(self, **request)
        check_client_response(response)
        return response

    Client.request, AsyncClient.request = checked, checked_async
    try:
        yield
    finally:
        Client.request, AsyncClient.request = sync_request, async_request


@pytest.fixture(autouse=True)
def no_stray_schema_mismatch():
    """A mismatch met in another thread than the test's (which it cannot fail there)."""
    try:
        from tests.schema_check import STRAY
    except Exception:
        yield
        return
    STRAY.clear()
    yield
    assert not STRAY, "\n\n".join(STRAY)
