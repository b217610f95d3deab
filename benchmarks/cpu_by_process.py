"""Where a command's CPU goes, by kind of process.

``.venv/bin/python -m benchmarks.cpu_by_process make test`` runs ``make test`` and says.

``time make test`` adds a child's CPU only once the child has been waited for, and the
child's own children only if it waited for them in turn: a process whose parent ended first,
or never waited for it, is left out, and in a test run that is a third of the CPU (servers'
kernels, browsers' processes). This tool reads every process's
CPU from ``/proc`` four times a second while the command runs, and adds it up by kind
(Chromium by its process type, kernels, the Voilà and Jupyter servers, the hub's services,
PostgreSQL, the test workers, Playwright's driver), with the machine's own count of busy
time beside it. A process's last quarter of a second is missed, so the kinds add up to a
little less than the machine's count.

Linux only (it reads ``/proc``).

>>> kind_of("/usr/lib/chromium/chromium --type=renderer --lang=en-US", "chromium")
'Chromium: renderer'
>>> kind_of("/work/.venv/bin/python -m ipykernel_launcher -f kernel.json", "python")
'kernels'
>>> kind_of("/work/.venv/bin/python -m sq2edu.classroom.server.class_kernel -f k.json", "python")
'kernels'
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Sampler", "busy_seconds", "kind_of", "main"]

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK")
EVERY = 0.25
"""Seconds between two readings of every process."""

_KINDS: tuple[tuple[str, str], ...] = (
    ("ipykernel", "kernels"),
    ("-m sq2edu.classroom.server.class_kernel ", "kernels"),
    ("playwright/driver", "Playwright's driver"),
    ("configurable-http-proxy", "the hub's proxy"),
    ("jupyterhub", "JupyterHub and the hub's services"),
    ("sq2edu.hub", "JupyterHub and the hub's services"),
    ("sq2edu hub", "JupyterHub and the hub's services"),
    ("sq2edu.classroom.server", "Voilà and Jupyter servers"),
    ("voila", "Voilà and Jupyter servers"),
    ("jupyter", "Voilà and Jupyter servers"),
    ("sq2edu serve", "Voilà and Jupyter servers"),
    ("sq2edu.cli serve", "Voilà and Jupyter servers"),
    ("mypy", "mypy"),
    ("ruff", "ruff"),
    ("exec(eval(sys.stdin.readline()))", "test workers"),
    ("pytest", "pytest"),
    ("multiprocessing", "processes of the tests"),
)


def kind_of(command: str, name: str) -> str:
    """The kind of a process, from its command line and its name."""
    if "chrom" in name or "chromium" in command or command.startswith("/proc/self/exe"):
        found = re.search(r"--type=(\S+)", command)
        return f"Chromium: {found.group(1) if found else 'browser'}"
    if "postgres" in name:
        return "PostgreSQL"
    for mark, kind in _KINDS:
        if mark in command:
            return kind
    return "other"


def busy_seconds() -> float:
    """The machine's CPU time spent busy since it started, over all its cores (``/proc/stat``)."""
    fields = (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]
    values = [int(value) for value in fields[:8]]
    idle = values[3] + values[4]
    return (sum(values) - idle) / TICKS


@dataclass
class _Seen:
    kind: str
    first: float
    last: float


@dataclass
class Sampler:
    """Reads every process's CPU until stopped; processes older than it count from its start."""

    seen: dict[tuple[int, int], _Seen] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)
    _read: bool = False

    def read_once(self) -> None:
        """Read every process's CPU now (the first reading is where older processes start)."""
        for entry in PROC.iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The name is in parentheses and may hold spaces; the fields follow it.
            name = stat[stat.find("(") + 1 : stat.rfind(")")]
            fields = stat[stat.rfind(")") + 2 :].split()
            cpu = (int(fields[11]) + int(fields[12])) / TICKS
            key = (int(entry.name), int(fields[19]))
            known = self.seen.get(key)
            if known is not None:
                known.last = cpu
                continue
            try:
                command = (
                    (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                )
            except OSError:
                command = ""
            # A process there before the first reading counts only what it spends after it.
            self.seen[key] = _Seen(kind_of(command, name), 0.0 if self._read else cpu, cpu)
        self._read = True

    def run(self) -> None:
        """Read until :meth:`stop`."""
        while not self._stop.is_set():
            self.read_once()
            self._stop.wait(EVERY)

    def stop(self) -> None:
        self._stop.set()

    def by_kind(self) -> dict[str, float]:
        """Seconds of CPU by kind of process since the first reading, the largest first."""
        totals: dict[str, float] = {}
        for process in self.seen.values():
            totals[process.kind] = totals.get(process.kind, 0.0) + process.last - process.first
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def processes_by_kind(self) -> dict[str, int]:
        """How many processes of each kind were seen, those already running at the first
        reading included (one that starts and ends between two readings is missed)."""
        counts: dict[str, int] = {}
        for process in self.seen.values():
            counts[process.kind] = counts.get(process.kind, 0) + 1
        return counts


def main(argv: list[str] | None = None) -> int:
    """Run the command, then say where its CPU went; the command's exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to run")
    command = parser.parse_args(argv).command
    if not command:
        parser.error("name a command to run, such as: make test")
    sampler = Sampler()
    sampler.read_once()
    reader = threading.Thread(target=sampler.run, daemon=True)
    busy, started = busy_seconds(), time.monotonic()
    reader.start()
    code = subprocess.call(command)
    sampler.stop()
    reader.join()
    sampler.read_once()
    wall, busy = time.monotonic() - started, busy_seconds() - busy
    totals, counts = sampler.by_kind(), sampler.processes_by_kind()
    print(f"\n{' '.join(command)}: {wall:.0f} s, exit code {code}", file=sys.stderr)
    print(
        f"the machine was busy {busy:.0f} s of CPU ({busy / wall:.2f} of its "
        f"{os.cpu_count()} cores on average); by kind of process:",
        file=sys.stderr,
    )
    for kind, seconds in totals.items():
        if seconds >= 0.5:
            many = counts[kind]
            print(
                f"  {seconds:8.1f} s  {kind}, {many} process{'' if many == 1 else 'es'}",
                file=sys.stderr,
            )
    return code


if __name__ == "__main__":
    sys.exit(main())
