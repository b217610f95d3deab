"""Run every benchmark suite and write ``docs/performance.md``.

Usage: ``python -m benchmarks.run [--quick] [--write docs/performance.md]`` (``make bench``).
Timings depend on the machine; the file records which machine and when.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
from pathlib import Path

from benchmarks import bots, equations, rescue, table

SUITES = [equations, rescue, bots, table]


def machine() -> str:
    """A one-line description of this machine."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    parser.add_argument("--write", type=Path, help="write the report to this file")
    args = parser.parse_args()
    header = [
        "# Performance",
        "",
        "Written by `make bench` (`python -m benchmarks.run`); do not edit by hand.",
        "",
        f"- Date: {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- Machine: {machine()}",
        "- Times are wall-clock on one core; p50 is the median, p95 the 95th percentile.",
        "",
    ]
    sections = []
    for suite in SUITES:
        print(f"running {suite.TITLE} ...", file=sys.stderr, flush=True)
        sections.append(suite.run(quick=args.quick))
    report = "\n".join(header) + "\n" + "\n".join(sections)
    print(report)
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
