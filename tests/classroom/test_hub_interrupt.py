"""The hub stops its services and children's servers with SIGINT, and terminates them only
ten seconds later: each of sq2edu's processes stops at the interrupt, even when it was
started from a shell in the background, which hands SIGINT down as ignored."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

WAITS_FOR_AN_INTERRUPT = """
import time
from sq2edu.hub import stop_on_interrupt
stop_on_interrupt()
try:
    print("ready", flush=True)
    time.sleep(120)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def _ignoring_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("helped", [True, False], ids=["sq2edu-process", "without-help"])
def test_a_process_started_with_sigint_ignored_stops_at_the_hubs_interrupt(helped: bool) -> None:
    code = (
        WAITS_FOR_AN_INTERRUPT
        if helped
        else WAITS_FOR_AN_INTERRUPT.replace("stop_on_interrupt()\n", "")
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_ignoring_interrupts,  # as a shell starts a process in the background
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        process.send_signal(signal.SIGINT)
        try:
            # A process that stops at an interrupt does so at once; one that ignores it is
            # given a few seconds to show that it goes on.
            rest = process.communicate(timeout=20 if helped else 3)[0]
        except subprocess.TimeoutExpired:
            rest = None
        # The check that the help is needed: without it, the interrupt is lost.
        assert (rest is not None and "interrupted" in rest) is helped
    finally:
        process.kill()
        process.wait()


# A hub (the parent) that starts one of its processes and then waits; the process says its
# pid and waits for an interrupt.
HUB_THAT_STARTS_A_PROCESS = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]])
time.sleep(120)
"""
STOPS_WITH_ITS_HUB = """
import os, time
from sq2edu.hub import stop_on_interrupt, stop_with_hub
stop_on_interrupt()
stop_with_hub(every=0.2)
print(os.getpid(), flush=True)
try:
    time.sleep(120)
except KeyboardInterrupt:
    pass
"""


@pytest.mark.parametrize("helped", [True, False], ids=["sq2edu-process", "without-help"])
def test_a_process_of_the_hub_stops_when_the_hub_is_killed_outright(helped: bool) -> None:
    """A hub killed with SIGKILL left its class service running, holding its port."""
    import psutil

    body = (
        STOPS_WITH_ITS_HUB if helped else STOPS_WITH_ITS_HUB.replace("stop_with_hub(every=0.2)", "")
    )
    hub = subprocess.Popen(
        [sys.executable, "-c", HUB_THAT_STARTS_A_PROCESS, body], stdout=subprocess.PIPE, text=True
    )
    try:
        assert hub.stdout is not None
        process = psutil.Process(int(hub.stdout.readline()))
        hub.kill()
        hub.wait(10)
        try:
            # A process that stops with its hub does so within its watch's round (0.2 s); one
            # left behind is given a few seconds to show that it goes on.
            process.wait(10 if helped else 3)
            stopped = True
        except psutil.TimeoutExpired:
            stopped = False
            process.kill()
        assert stopped == helped
    finally:
        hub.kill()
