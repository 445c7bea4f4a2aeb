"""The client's version: its own, not the server's (pyproject.toml reads it from here)."""

__version__ = "1.0.0"
