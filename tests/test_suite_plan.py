"""The suite's plan holds however pytest is started, not only for ``make test``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_notebook_collected_alone_keeps_its_cells_on_one_worker() -> None:
    # Run from the repository, as a contributor would, with only a notebook named: nothing
    # under tests/ is collected, so only the repository's own conftest.py can plan the run.
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "--nbval",
            "-m",
            "xdist_group",
            "notebooks/equations.ipynb",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    cells = [line for line in collected.stdout.splitlines() if "::Cell " in line]
    assert collected.returncode == 0, collected.stdout + collected.stderr
    assert len(cells) >= 2, collected.stdout
