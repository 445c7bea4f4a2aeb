"""gunicorn's configuration hooks (`gunicorn -c python:operations.gunicorn_hooks`, as
deploy/systemd/khora-web.service runs it): a worker that exits stops counting in the live
gauges of the metrics' multiprocess directory."""


def child_exit(server, worker) -> None:
    from operations.metrics import process_exited

    process_exited(worker.pid)
