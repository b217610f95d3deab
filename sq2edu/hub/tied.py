"""Run a program that stops when the hub that started it goes::

    python -m sq2edu.hub.tied HUB_PID PROGRAM [ARGUMENT ...]

JupyterHub's proxy outlives a hub killed outright (``kill -9``, the machine out of
memory): it keeps the school's port and sends children to services that are gone, until a
hub is started again. Started through this, the proxy is sent SIGTERM the moment its hub
dies (on Linux; elsewhere the program runs as it would without it). The program replaces
this process (``exec``), so its process id is the one JupyterHub records.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Tie this process to the hub ``HUB_PID``, then become ``PROGRAM``; an exit status
    only if it cannot."""
    from sq2edu.hub import signal_at_parent_death

    arguments = list(sys.argv[1:] if argv is None else argv)
    if len(arguments) < 2 or not arguments[0].isdigit():
        print("usage: python -m sq2edu.hub.tied HUB_PID PROGRAM [ARGUMENT ...]", file=sys.stderr)
        return 2
    hub, program = int(arguments[0]), arguments[1:]
    signal_at_parent_death(signal.SIGTERM)
    if os.getppid() != hub:
        print(f"sq2edu: the hub {hub} that started {program[0]} is gone", file=sys.stderr)
        return 1
    try:
        os.execvp(program[0], program)
    except OSError as error:
        print(f"sq2edu: cannot start {program[0]}: {error.strerror}", file=sys.stderr)
    return 127


if __name__ == "__main__":
    sys.exit(main())
