"""gunicorn's configuration hooks (`gunicorn -c python:operations.gunicorn_hooks`, as
deploy/systemd/khora-web.service runs it): a worker that exits stops counting in the live
gauges of the metrics' multiprocess directory.

gunicorn's master reads this file and runs the hook, and never sets Django up (the workers
load the site): so it imports no module of the site (operations.metrics reads the models),
only prometheus-client, as operations.metrics.process_exited does."""

import os

from prometheus_client.multiprocess import mark_process_dead


def child_exit(server, worker) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        mark_process_dead(worker.pid)
