"""A small client for the Khôra turn server: the REST API and its event streams."""

from khora_client.client import ApiError, Event, KhoraClient

__all__ = ["ApiError", "Event", "KhoraClient"]
