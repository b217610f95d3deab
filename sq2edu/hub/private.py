"""What the hub's own processes share and no one else may read: the store's address and
the keys that tell a child's kernel from anything else.

The hub keeps each in a file of its data folder that only its account can read
(``chmod 600``), and gives its services the file's path, never the text: JupyterHub keeps
its services' environment in its own database, which is not as private.

The class server (:mod:`sq2edu.hub.classroom`) is given :func:`classroom_key` of the hub's
key (never the key itself), and gives each of its kernels :func:`child_key` of the child
it was handed to. A kernel sends that key and its child's hub name (``X-Sq2edu-Child``)
with every call to the class service, which holds the hub's key, makes the same digest and
acts for that child only. No token a child could make carries such a key."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

__all__ = [
    "CHILD_HEADER",
    "CLASSROOM_KEY_FILE",
    "DB_FILE",
    "KEY_FILE",
    "SERVER_KEY_HEADER",
    "child_key",
    "classroom_key",
    "key_in",
    "read_private",
    "store_address",
    "write_private",
]

#: The file, in the hub's data folder, that holds the store's address.
DB_FILE = "sq2edu-store-address"
#: The file, in the hub's data folder, that holds the hub's key.
KEY_FILE = "sq2edu-server-key"
#: The header a class server's kernel sends its child's key in.
SERVER_KEY_HEADER = "X-Sq2edu-Server-Key"
#: The header a class server's kernel names its child in (the child's hub user).
CHILD_HEADER = "X-Sq2edu-Child"
#: The file, in the hub's data folder, that holds the class server's key.
CLASSROOM_KEY_FILE = "sq2edu-classroom-key"


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, readable by this account only (made so before it holds
    anything)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(text)


def read_private(path: Path) -> str:
    """The text of ``path``, a file of this account that no one else may read.

    :raises PermissionError: if the file belongs to another account or others may read it.
    :raises OSError: if it cannot be read.
    """
    status = path.stat()
    if not stat.S_ISREG(status.st_mode):
        raise PermissionError(f"{path} is not a file")
    if hasattr(os, "getuid") and status.st_uid != os.getuid():
        raise PermissionError(f"{path} belongs to another account")
    if status.st_mode & 0o077:
        raise PermissionError(f"others on this computer can read {path}: chmod 600 {path}")
    return path.read_text(encoding="utf-8").strip()


def key_in(folder: Path) -> bytes:
    """The hub's key kept in ``folder`` (made there the first time)."""
    path = folder / KEY_FILE
    if not path.exists():
        write_private(path, secrets.token_hex(32))
    return read_private(path).encode()


def classroom_key(key: bytes) -> bytes:
    """The class server's key, made from the hub's: with it the class server proves its
    kernels' children, and it cannot make the hub's key."""
    return hmac.new(key, b"sq2edu-classroom", hashlib.sha256).hexdigest().encode()


def child_key(classroom: bytes, hub_user: str) -> str:
    """The key a class server's kernel proves, with the class server's key ``classroom``,
    that it was handed to ``hub_user``."""
    return hmac.new(classroom, f"sq2edu-child:{hub_user}".encode(), hashlib.sha256).hexdigest()


def store_address() -> str:
    """The store's address as the hub gives it to its services: the file named by
    ``SQ2EDU_DB_FILE``, or ``SQ2EDU_DB`` itself.

    :raises KeyError: if neither is set.
    """
    named = os.environ.get("SQ2EDU_DB_FILE")
    if named:
        return read_private(Path(named))
    return os.environ["SQ2EDU_DB"]
