"""Run every benchmark suite and write ``docs/performance.md``.

Usage: ``python -m benchmarks.run [--quick] [--write docs/performance.md]`` (``make bench``).
Timings depend on the machine and on the hour (a shared machine's speed moves through the
day); each section of the file says when and on which machine it was measured, so that a
suite run alone (``--only``) does not make the others look measured then and there.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import sys
from pathlib import Path

from benchmarks import (
    adaptive,
    bots,
    challenge_load,
    classroom,
    engines,
    equations,
    hub_load,
    loadtest,
    luck,
    roster,
    table,
    tables_load,
    worksheets,
)

SUITES = [equations, engines, bots, luck, adaptive, table, classroom, roster, worksheets]


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


def _sections(report: str) -> dict[str, str]:
    """The sections of an earlier report, by title."""
    found = {}
    for part in report.split("\n## ")[1:]:
        title = part.split("\n", 1)[0].strip()
        found[title] = "## " + part.rstrip("\n") + "\n"
    return found


#: The line under a section's title that says when and where its figures were measured.
MEASURED = re.compile(r"^_Measured (?P<when>[^_]+)\._$", re.MULTILINE)
#: The lines of a report written before sections carried their own dates and machines.
_OLD_DATE = re.compile(r"^- Date: (?P<when>.+)$", re.MULTILINE)
_OLD_MACHINE = re.compile(r"^- Machine: (?P<machine>.+)$", re.MULTILINE)


def dated(section: str, when: str, where: str) -> str:
    """``section`` with the line saying when and on which machine it was measured (replacing
    any it had)."""
    title, _newline, body = section.partition("\n")
    body = MEASURED.sub("", body, count=1).lstrip("\n")
    return f"{title}\n\n_Measured {when} on {where}._\n\n{body}"


def _kept(report: str) -> dict[str, str]:
    """An earlier report's sections, each saying when and where it was measured: one from
    before sections were dated was measured at the latest when that report was written, on
    the machine it names."""
    old, machine = _OLD_DATE.search(report), _OLD_MACHINE.search(report)
    return {
        title: section
        if MEASURED.search(section) or old is None or machine is None
        else dated(section, f"on or before {old['when']}", machine["machine"])
        for title, section in _sections(report).items()
    }


def _rank(order: list[str], title: str) -> int:
    return order.index(title) if title in order else len(order)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    parser.add_argument("--write", type=Path, help="write the report to this file")
    parser.add_argument(
        "--only", help="run one suite and replace only its section of the --write file"
    )
    args = parser.parse_args()
    header = [
        "# Performance",
        "",
        "Written by `make bench` (`python -m benchmarks.run`); do not edit by hand.",
        "",
        "- Times are wall-clock on one core unless a section says otherwise; p50 is the median,",
        "  p95 the 95th percentile. Each section says when and on which machine it was",
        "  measured: compare a figure only with one from the same machine at the same hour, as",
        "  a shared machine's speed moves through the day.",
        "",
    ]
    heavy = [loadtest, tables_load, hub_load, challenge_load]
    suites = [s for s in [*SUITES, *heavy] if args.only in (None, s.__name__.rpartition(".")[2])]
    if args.only is None:
        suites = list(SUITES)  # the class of thirty runs only when asked for (make loadtest)
    sections = {}
    for suite in suites:
        print(f"running {suite.TITLE} ...", file=sys.stderr, flush=True)
        started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        sections[suite.TITLE] = dated(suite.run(quick=args.quick), started, machine())
    order = [suite.TITLE for suite in [*SUITES, *heavy]]
    if args.write and args.write.exists():
        # Sections of suites not run now (the class of thirty, say) keep their last figures;
        # a section no suite writes any more goes.
        kept = _kept(args.write.read_text(encoding="utf-8"))
        sections = {**{title: kept[title] for title in kept if title in order}, **sections}
    sections = dict(sorted(sections.items(), key=lambda item: _rank(order, item[0])))
    report = "\n".join(header) + "\n" + "\n".join(sections.values())
    print(report)
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
