"""The database's password, kept off the command line.

A command's arguments are public on the computer that runs it: any account may read them
(``ps``, ``/proc``). ``sq2edu serve``, ``hub`` and ``school`` therefore refuse a
``postgresql://`` address with a password in ``--db``, and take the password from where
PostgreSQL's own tools take it, each readable by the server's account only:

- the environment: ``PGPASSWORD``, or the whole address in ``SQ2EDU_DB`` (used when
  ``--db`` is not given);
- libpq's password file (``~/.pgpass``, or ``PGPASSFILE``) or service file (``PGSERVICEFILE``
  with ``postgresql://?service=name``);
- a file given with ``--db-password-file``, whose first line is the password; it must belong
  to this account and be unreadable by others (``chmod 600``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from sq2edu.classroom.storage.store import StoreError, is_database_url

__all__ = ["has_password", "read_password_file", "store_location"]


def has_password(location: str) -> bool:
    """Whether a store's address carries a password (in its user part or its query)."""
    if not is_database_url(location):
        return False
    parts = urlsplit(location)
    return bool(parts.password) or "password" in parse_qs(parts.query)


def read_password_file(path: Path) -> str:
    """The password on the first line of ``path``.

    :raises StoreError: if the file is missing, not this account's, or readable by others.
    """
    try:
        status = path.stat()
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise StoreError(f"Cannot read the password file {path} ({error.strerror}).") from error
    if not stat.S_ISREG(status.st_mode):
        raise StoreError(f"The password file {path} is not a file.")
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        raise StoreError(f"The password file {path} belongs to another account.")
    if status.st_mode & 0o077:
        raise StoreError(
            f"Others on this computer can read the password file {path}. "
            f"Make it yours alone first: chmod 600 {path}"
        )
    password = text.split("\n", 1)[0].rstrip("\r")
    if not password:
        raise StoreError(f"The password file {path} is empty.")
    return password


def store_location(given: str | None, password_file: Path | None = None) -> str | None:
    """The store a command opens: ``--db`` as given (else ``SQ2EDU_DB``), with the password
    of ``--db-password-file`` put where PostgreSQL's client looks (``PGPASSWORD``, in this
    process and the servers it starts).

    :raises StoreError: for a password in ``given`` (it would be public), or a password file
        that cannot be used.
    """
    if given is not None and has_password(given):
        raise StoreError(
            "A password in --db can be read by everyone on this computer. Give the address "
            "without it, and the password in PGPASSWORD, in ~/.pgpass, or in a file only you "
            "can read: --db-password-file FILE."
        )
    location = given if given is not None else os.environ.get("SQ2EDU_DB") or None
    if password_file is not None:
        os.environ["PGPASSWORD"] = read_password_file(password_file)
    return location
