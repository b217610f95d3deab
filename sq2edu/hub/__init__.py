"""A whole school on JupyterHub: many classes, their teachers, and one store.

- :mod:`sq2edu.hub.auth`: children sign in with their class code and nickname, teachers with
  a password.
- :mod:`sq2edu.hub.classroom`: the class server, one Voilà for every child of the school,
  each child's kernel theirs only.
- :mod:`sq2edu.hub.service`: the class service, the one place (with the hub) that holds the
  store's credential; :mod:`sq2edu.hub.remote` is the store a child's kernel uses through it.
- :mod:`sq2edu.hub.config`: the hub's configuration, and ``sq2edu hub`` on one machine.
- :mod:`sq2edu.hub.tied`: the hub's proxy, started so that it goes when the hub goes.

``docs/deploy.md`` explains the whole for a school's IT person.
"""

import os
import signal
import sys
import threading
import time

__all__ = ["signal_at_parent_death", "stop_on_interrupt", "stop_with_hub"]

#: Seconds between two looks at whether the hub that started this process is still there.
HUB_WATCH_EVERY = 1.0


def stop_on_interrupt() -> None:
    """Let SIGINT stop this process, as the hub expects of its services: it interrupts them
    first and waits ten seconds before it terminates them.

    A process started from a shell in the background (a school's service manager, CI)
    inherits SIGINT as ignored, and Python then raises no ``KeyboardInterrupt``; each
    process of the hub would cost its ten seconds at every stop.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)


def signal_at_parent_death(sig: int) -> bool:
    """Ask the system to send this process ``sig`` when the thread that started it ends
    (Linux's ``PR_SET_PDEATHSIG``, kept across ``exec``); whether it will."""
    if sys.platform != "linux":
        return False
    import ctypes

    try:
        set_parent_death_signal = 1  # PR_SET_PDEATHSIG
        return bool(ctypes.CDLL(None, use_errno=True).prctl(set_parent_death_signal, sig) == 0)
    except (OSError, AttributeError):
        return False


def stop_with_hub(every: float = HUB_WATCH_EVERY) -> None:
    """Stop this process, as the hub would (an interrupt), when the hub that started it is
    gone: a hub killed outright (``kill -9``, the machine out of memory) left its services
    running, and the old class service kept its port, so the next
    hub's could not start.

    On Linux the system sends the interrupt the moment the hub dies; elsewhere, and in case
    that is missed, a thread looks every ``every`` seconds whether this process was handed
    to another parent. A process with no parent of its own to watch (the first process of a
    container, which its spawner stops) watches nothing. A process that is still there ten
    seconds after its interrupt ends at once.
    """
    parent = os.getppid()
    if parent <= 1:
        return
    told = signal_at_parent_death(signal.SIGINT)  # else the thread below tells it

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        if not told:
            # Once only: a second interrupt would break off the stop it began (its kernels
            # left running).
            os.kill(os.getpid(), signal.SIGINT)
        time.sleep(10)
        os._exit(1)

    threading.Thread(target=watch, name="sq2edu-hub-watch", daemon=True).start()
    if os.getppid() != parent:  # the hub went before the watch began
        os.kill(os.getpid(), signal.SIGINT)
