"""``benchmarks.cpu_by_process``: a command's CPU by kind of process, its grandchildren too."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from benchmarks.cpu_by_process import Sampler, _Seen, busy_seconds, kind_of, main

#: A grandchild that spins for a second of CPU, then leaves a file; its parent waits for the
#: file and ends without ever waiting for the grandchild itself.
SPIN = (
    "import pathlib, sys, time\n"
    "end = time.process_time() + 1\n"
    "while time.process_time() < end: pass\n"
    "pathlib.Path(sys.argv[1]).touch()"
)
PARENT = (
    "import pathlib, subprocess, sys, time\n"
    "subprocess.Popen([sys.executable, '-c', sys.argv[1], sys.argv[2]])\n"
    "deadline = time.monotonic() + 60\n"
    "while not pathlib.Path(sys.argv[2]).exists() and time.monotonic() < deadline:\n"
    "    time.sleep(0.05)"
)


def test_a_grandchild_its_parent_never_waited_for_is_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = busy_seconds()
    done = tmp_path / "done"
    assert main([sys.executable, "-c", PARENT, SPIN, str(done)]) == 0
    said = capsys.readouterr().err
    assert done.exists()
    assert busy_seconds() - before >= 0.9
    kinds = said.split("by kind of process:", 1)[1].split("\n")
    assert sum(float(line.split()[0]) for line in kinds if line.strip()) >= 0.7, said
    assert all(re.search(r", (1 process|\d+ processes)$", line) for line in kinds if line.strip())


def test_each_process_is_counted_once_by_its_kind() -> None:
    # Keyed by (pid, start time): a pid used again by a new process is a new process.
    sampler = Sampler(
        seen={
            (101, 5): _Seen("kernels", 0.0, 1.2),
            (101, 9): _Seen("kernels", 0.0, 0.9),
            (102, 5): _Seen("kernels", 0.4, 1.0),
            (103, 6): _Seen("Chromium: renderer", 0.0, 2.0),
        }
    )
    assert sampler.processes_by_kind() == {"kernels": 3, "Chromium: renderer": 1}


def test_a_process_older_than_the_first_reading_counts_only_what_it_spends_after() -> None:
    sampler = Sampler()
    sampler.read_once()
    sampler.read_once()
    # Everything running was there at the first reading: a moment later, next to nothing.
    assert sum(sampler.by_kind().values()) < 0.5


@pytest.mark.parametrize(
    ("command", "name", "kind"),
    [
        (
            "/usr/lib/chromium/chromium --type=gpu-process --headless",
            "chromium",
            "Chromium: gpu-process",
        ),
        (
            "/usr/lib/chromium/chromium --headless --remote-debugging-pipe",
            "chromium",
            "Chromium: browser",
        ),
        ("/usr/lib/postgresql/15/bin/postgres -D data", "postgres", "PostgreSQL"),
        (
            "python -m sq2edu.classroom.server.guard classroom.ipynb",
            "python",
            "Voilà and Jupyter servers",
        ),
        (
            "python -m jupyterhub -f jupyterhub_config.py",
            "python",
            "JupyterHub and the hub's services",
        ),
        ("python -u -c import sys;exec(eval(sys.stdin.readline()))", "python", "test workers"),
        ("bash -c true", "bash", "other"),
    ],
)
def test_each_kind_of_process_is_named(command: str, name: str, kind: str) -> None:
    assert kind_of(command, name) == kind
