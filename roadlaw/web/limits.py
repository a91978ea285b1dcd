"""How many questions one address may ask a minute: a token bucket per client address.

Each address holds up to `per_minute` questions, refilled evenly over the
minute, so a learner asking follow-ups never meets it and a script hammering
the server is told to wait (429, with Retry-After). The buckets live in each
worker process, so with N workers an address may get up to N times the rate.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

# Past this many addresses, full buckets (nobody asking lately) are forgotten.
KEEP_ADDRESSES = 10_000


class RateLimit:
    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._rate = per_minute / 60.0
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def wait(self, address: str) -> float:
        """0 when `address` may ask now (and its question is counted), else the seconds until it may."""
        if self.per_minute <= 0:
            return 0.0
        now = self._clock()
        with self._lock:
            tokens, at = self._buckets.get(address, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - at) * self._rate)
            if tokens >= 1.0:
                self._buckets[address] = (tokens - 1.0, now)
                if len(self._buckets) > KEEP_ADDRESSES:
                    self._forget_full(now)
                return 0.0
            self._buckets[address] = (tokens, now)
            return (1.0 - tokens) / self._rate

    def _forget_full(self, now: float) -> None:
        refilled = [
            address
            for address, (tokens, at) in self._buckets.items()
            if tokens + (now - at) * self._rate >= self.per_minute
        ]
        for address in refilled:
            del self._buckets[address]


def retry_after(seconds: float) -> str:
    """A Retry-After header's whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))
