"""Example programs built on the client; each is installed as a command (pyproject.toml)."""
