"""``python -m sq2edu.hub.tied``: the hub's proxy goes when its hub is killed outright."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a parent's death signal")

# A "hub" that starts a long-running program tied to itself, says its pid, and waits.
_HUB = """
import os, subprocess, sys, time
program = subprocess.Popen(
    [sys.executable, "-m", "sq2edu.hub.tied", str(os.getpid()), "sleep", "600"]
)
print(program.pid, flush=True)
time.sleep(600)
"""

# A "hub" that ties a program that is not there.
_MISSING = """
import os, subprocess, sys
sys.exit(subprocess.call([sys.executable, "-m", "sq2edu.hub.tied", str(os.getpid()), "{program}"]))
"""


def test_a_tied_program_ends_when_its_hub_is_killed_outright() -> None:
    hub = subprocess.Popen([sys.executable, "-c", _HUB], stdout=subprocess.PIPE, text=True)
    assert hub.stdout is not None
    program = psutil.Process(int(hub.stdout.readline()))
    # The program replaced the tie (exec): the pid JupyterHub records is the program's. Its
    # name can change a moment before its command line reads as the program's: wait for that.
    deadline = time.monotonic() + 30
    while program.cmdline() != ["sleep", "600"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert program.cmdline() == ["sleep", "600"]
    hub.kill()
    hub.wait()
    program.wait(timeout=30)  # psutil.TimeoutExpired if it went on
    assert not program.is_running()


def test_a_tie_to_a_hub_that_is_not_its_parent_refuses_to_start() -> None:
    """The hub went before the program could be tied to it: the program never runs."""
    done = subprocess.run(
        [sys.executable, "-m", "sq2edu.hub.tied", "1", "sleep", "600"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 1
    assert "is gone" in done.stderr


@pytest.mark.parametrize("arguments", [[], ["12"], ["twelve", "sleep", "1"]])
def test_a_tie_without_a_hub_and_a_program_says_how_it_is_used(arguments: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sq2edu.hub.tied", *arguments],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "usage: python -m sq2edu.hub.tied HUB_PID PROGRAM" in done.stderr


def test_a_tied_program_that_cannot_start_says_so(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _MISSING.format(program=tmp_path / "no-such-proxy")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 127
    assert "cannot start" in done.stderr
    assert "No such file or directory" in done.stderr
