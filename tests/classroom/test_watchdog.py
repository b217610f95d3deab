"""The classroom server's reading of its kernels' memory."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import psutil
import pytest

from sq2edu.classroom.server.watchdog import kernel_pid, kernels_memory

# A parent holding little that starts a child holding 60 MB: the child's memory is the
# kernel's too (a kernel could start a process to hide its memory from a reading of its own).
_PARENT = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "block = bytearray(60 * 2**20); import time; print('ready', flush=True); time.sleep(120)"], stdout=subprocess.PIPE)
print(child.stdout.readline().decode().strip(), flush=True)
time.sleep(120)
"""


@pytest.fixture
def family() -> Iterator[subprocess.Popen[bytes]]:
    parent = subprocess.Popen([sys.executable, "-c", _PARENT], stdout=subprocess.PIPE)
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline().strip() == b"ready"
        yield parent
    finally:
        for process in psutil.Process(parent.pid).children(recursive=True):
            process.kill()
        parent.kill()
        parent.wait()


def test_a_kernels_memory_counts_every_process_under_it(
    family: subprocess.Popen[bytes],
) -> None:
    child = psutil.Process(family.pid).children()[0]
    used = kernels_memory({"family": family.pid, "alone": child.pid})
    parent_rss = psutil.Process(family.pid).memory_info().rss
    assert used["alone"] >= 60 * 2**20
    # The family is the parent and the child, counted once each.
    assert used["family"] >= used["alone"] + parent_rss // 2
    assert used["family"] < used["alone"] + 2 * parent_rss


def test_a_kernel_that_is_gone_holds_nothing() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert kernels_memory({"gone": gone.pid}) == {"gone": 0}


def test_a_kernel_managers_process_id_is_read_from_its_provisioner() -> None:
    class Provisioner:
        pid = 1234

    class Manager:
        provisioner = Provisioner()

    class Remote:
        provisioner = None
        kernel = None

    assert kernel_pid(Manager()) == 1234
    assert kernel_pid(Remote()) is None
