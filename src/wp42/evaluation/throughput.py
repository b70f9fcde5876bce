"""Throughput of a batch of evaluations (issue 14, item 5): how many are done, how many per second, and when the
rest will be, for ``wp42 score`` and ``wp42 validate`` to print as they go.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Throughput:
    """Items finished against a planned ``total`` (None when unknown), counted from construction.

    Thread-safe: workers of a ``-j`` pool call :meth:`advance` as each item finishes. ``clock`` returns seconds
    (default :func:`time.monotonic`); tests pass their own.
    """

    def __init__(self, total: int | None, unit: str = "attempts", clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.unit = unit
        self._clock = clock
        self._started = clock()
        self._done = 0
        self._lock = threading.Lock()

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more items finished."""
        with self._lock:
            self._done += count

    @property
    def done(self) -> int:
        with self._lock:
            return self._done

    def elapsed(self) -> float:
        """Seconds since the batch started."""
        return max(self._clock() - self._started, 0.0)

    def rate(self) -> float | None:
        """Items per second so far; None before the first item or the first instant."""
        done, elapsed = self.done, self.elapsed()
        return done / elapsed if done and elapsed > 0 else None

    def eta_seconds(self) -> float | None:
        """Seconds until ``total`` at the rate so far; None without a total or a rate, 0 when done."""
        rate = self.rate()
        if self.total is None or rate is None:
            return None
        return max(self.total - self.done, 0) / rate

    def line(self) -> str:
        """``"12/40 attempts, 3.10 attempts/s, ETA 9 s"`` while running; ``"40 attempts in 12.9 s, 3.10 attempts/s"``
        once ``total`` is reached (or when there is no total)."""
        done, rate, eta = self.done, self.rate(), self.eta_seconds()
        speed = f"{rate:.2f} {self.unit}/s" if rate is not None else f"- {self.unit}/s"
        if self.total is None or done >= self.total:
            return f"{done} {self.unit} in {self.elapsed():.1f} s, {speed}"
        remaining = "ETA -" if eta is None else f"ETA {_duration(eta)}"
        return f"{done}/{self.total} {self.unit}, {speed}, {remaining}"


class PeriodicLines:
    """Emit ``throughput.line()`` at most every ``every_s`` seconds (where no progress bar is drawn: CI logs and
    files still show the rate and the ETA as a long batch goes). Thread-safe; does nothing unless ``enabled``."""

    def __init__(self, throughput: Throughput, emit: Callable[[str], None], *, every_s: float = 10.0,
                 enabled: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.throughput, self.emit, self.every_s, self.enabled = throughput, emit, every_s, enabled
        self._clock = clock
        self._last = clock()
        self._lock = threading.Lock()

    def maybe_emit(self) -> bool:
        """Emit a line if ``every_s`` passed since the last one (or the start); returns whether it did."""
        if not self.enabled:
            return False
        with self._lock:
            now = self._clock()
            if now - self._last < self.every_s:
                return False
            self._last = now
        self.emit(self.throughput.line())
        return True


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 05 s``, ``2 h 04 min``."""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
