"""Settings every test shares."""

import pytest


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
