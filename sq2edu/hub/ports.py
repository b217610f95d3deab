"""Ports for the hub's own processes that no other program is handed meanwhile.

The hub decides the ports of its API, its proxy's API and its services before they start,
and each process binds its port a moment later. A port the system handed out as free (port
0) lies in the range the system hands every new connection and every kernel's sockets from,
so on a busy machine another process could take it in that moment: the class service then
stopped with "Address already in use" and the hub with it. These ports come from below that
range, where the system hands nothing out by itself.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

__all__ = ["spare_port"]

_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_LOWEST = 20000


def _handed_out_from() -> int:
    """The first port of the range the system hands out by itself (Linux; 32768 elsewhere)."""
    try:
        return int(_RANGE_FILE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def spare_port(rng: random.Random | None = None) -> int:
    """A port on 127.0.0.1 that is free now and outside the system's own range; a port from
    the system (port 0) if none is found in 200 tries."""
    choose = rng or random.SystemRandom()
    top = _handed_out_from() - 1
    if top > _LOWEST:
        for _try in range(200):
            port = choose.randint(_LOWEST, top)
            if _free(port):
                return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        found: int = sock.getsockname()[1]
        return found
