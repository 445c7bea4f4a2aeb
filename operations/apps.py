from django.apps import AppConfig


class OperationsConfig(AppConfig):
    name = "operations"

    def ready(self) -> None:
        # Per-task log lines and durations, and the decisions games commits: listeners only,
        # nothing runs until a task or a write does.
        from operations import observing

        observing.connect()
