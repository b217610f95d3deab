"""A student's kernel says nothing technical to the student's browser.

A kernel's standard error goes to its page: ipykernel forwards everything written to it,
down to the file descriptor, as output of the notebook. An error deep in the widgets
(a trait sent with a value of the wrong type, say) is logged with its traceback, and the
traceback, with the server's paths and source lines, would reach the browser.
:func:`keep_errors_in_the_server_log` sends the kernel's logging and its standard error to
the classroom's log file instead, where the school's IT person reads them; the child sees
only the kind words the app shows (:func:`kindly`).
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq2edu.classroom.server.server_log import keep_bounded, open_log, quiet_floods

__all__ = ["LOG", "keep_errors_in_the_server_log", "kindly"]

#: The classroom's own logger; its records go to the classroom's log file.
LOG = logging.getLogger("sq2edu.classroom")


def keep_errors_in_the_server_log(path: str | Path | None = None) -> Path | None:
    """Send this process's logging and standard error to ``path`` (default
    ``$SQ2EDU_LOG``), not to the page; ``None`` (and nothing changed) without a log file.

    The same message is logged a few times a minute at most, and the file is kept to its
    size (:mod:`sq2edu.classroom.server.server_log`).
    """
    target = path if path is not None else os.environ.get("SQ2EDU_LOG")
    if not target:
        return None
    log_path = Path(target)
    # Python's tracebacks and warnings, and whatever a library writes to the descriptor;
    # written through descriptor 2, which follows the file when it is rotated.
    descriptor = open_log(log_path)
    os.dup2(descriptor, 2)
    os.close(descriptor)
    stream = open(2, "w", buffering=1, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = stream
    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    for logger in loggers:
        for handler in getattr(logger, "handlers", []):
            if isinstance(handler, logging.StreamHandler) and not isinstance(
                handler, logging.FileHandler
            ):
                handler.setStream(stream)
    _no_tracebacks_to_the_page()
    if not LOG.handlers:
        handler = logging.StreamHandler(stream)
        handler.setFormatter(
            logging.Formatter(f"%(asctime)s kernel {os.getpid()} %(levelname)s %(message)s")
        )
        LOG.addHandler(handler)
        LOG.setLevel(logging.INFO)
        LOG.propagate = False
    quiet_floods()
    keep_bounded(log_path, (2,))
    return log_path


def _no_tracebacks_to_the_page() -> None:
    """The widgets show a failing message handler's traceback as the notebook's output (an
    ``error`` message on the page's channel): here it goes to the log instead."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the kernel
        return
    shell = get_ipython()
    if shell is None:
        return

    def log_it(*_args: Any, **_kwargs: Any) -> None:
        LOG.error("an error in a student's kernel", exc_info=sys.exc_info())

    shell.showtraceback = log_it


def kindly(handler: Callable[..., Any], tell: Callable[[], None]) -> Callable[..., None]:
    """``handler``, which on failure logs the traceback and calls ``tell`` (kind words for
    the child) instead of letting the error reach the page."""

    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            handler(*args, **kwargs)
        except Exception:
            LOG.exception("a student's click failed")
            tell()

    return run
