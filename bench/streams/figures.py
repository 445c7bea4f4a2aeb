"""How the parts summarise their samples and judge their targets."""

from __future__ import annotations

from bench.harness import latency_ms


def ms(seconds: list[float]) -> dict | None:
    return latency_ms(seconds) if seconds else None


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"
