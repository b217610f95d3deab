"""Small timing helpers shared by the benchmark suites."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Percentiles of many timed calls, in seconds."""

    samples: int
    p50: float
    p95: float
    mean: float

    def row(self, label: str) -> str:
        """A Markdown table row in milliseconds."""
        return f"| {label} | {self.samples} | {ms(self.p50)} | {ms(self.p95)} | {ms(self.mean)} |"


def ms(seconds: float) -> str:
    """Seconds as milliseconds with three significant digits."""
    return f"{seconds * 1000:.3g}"


def time_calls(calls: Sequence[Callable[[], object]], repeat: int = 1) -> Timing:
    """Time each call (``repeat`` times) and summarise."""
    times: list[float] = []
    for call in calls:
        for _ in range(repeat):
            started = time.perf_counter()
            call()
            times.append(time.perf_counter() - started)
    times.sort()
    return Timing(
        samples=len(times),
        p50=statistics.median(times),
        p95=times[min(len(times) - 1, round(0.95 * (len(times) - 1)))],
        mean=statistics.fmean(times),
    )


TABLE_HEAD = "| what | calls | p50 ms | p95 ms | mean ms |\n|---|---:|---:|---:|---:|"
