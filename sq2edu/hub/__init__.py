"""A whole school on JupyterHub: many classes, their teachers, and one store.

- :mod:`sq2edu.hub.auth`: children sign in with their class code and nickname, teachers with
  a password.
- :mod:`sq2edu.hub.student`: each child's server runs the student app and nothing else.
- :mod:`sq2edu.hub.service`: the class service, the one place (with the hub) that holds the
  store's credential; :mod:`sq2edu.hub.remote` is the store a child's server uses through it.
- :mod:`sq2edu.hub.config`: the hub's configuration, and ``sq2edu hub`` on one machine.

``docs/deploy.md`` explains the whole for a school's IT person.
"""

import signal

__all__ = ["stop_on_interrupt"]


def stop_on_interrupt() -> None:
    """Let SIGINT stop this process, as the hub expects of its services and children's
    servers: it interrupts them first and waits ten seconds before it terminates them.

    A process started from a shell in the background (a school's service manager, CI)
    inherits SIGINT as ignored, and Python then raises no ``KeyboardInterrupt``; each
    process of the hub would cost its ten seconds at every stop.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
