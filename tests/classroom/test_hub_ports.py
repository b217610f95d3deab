"""The hub's own ports come from outside the range the system hands out by itself."""

from __future__ import annotations

import random
import socket

from sq2edu.hub import ports


def test_a_spare_port_is_free_and_below_the_systems_own_range() -> None:
    rng = random.Random(7)
    top = ports._handed_out_from()
    for _try in range(20):
        port = ports.spare_port(rng)
        assert 20000 <= port < top
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))  # free: binding it works


def test_a_port_in_use_is_never_offered() -> None:
    rng = random.Random(3)
    first = ports.spare_port(random.Random(3))
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", first))
        holder.listen()
        # The same random choices meet the taken port first and pass it by.
        assert ports.spare_port(rng) != first
