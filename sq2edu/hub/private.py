"""What the hub's own processes share and no one else may read: the store's address and
the key that tells a child's server from anything else that holds a hub token.

On a class server (:mod:`sq2edu.hub.classroom`) many children's kernels share one server:
the hub gives that server :func:`classroom_key` (never the key itself), and the server gives
each kernel :func:`child_key` of the child it was handed to. A kernel sends that key and its
child's hub name (``X-Sq2edu-Child``) instead of a hub token; the class service, which holds
the key, makes the same digest and acts for that child only.

The hub keeps each in a file of its data folder that only its account can read
(``chmod 600``), and gives its services the file's path, never the text: JupyterHub keeps
its services' environment in its own database, which is not as private.

A child's server is given :func:`server_key` of its hub user (in ``SQ2EDU_SERVER_KEY``) and
sends it with every call to the class service. A token a child makes for themselves (the
hub's Token page, its API) carries no such key, so it does not reach the service.
"""

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
    "server_key",
    "store_address",
    "write_private",
]

#: The file, in the hub's data folder, that holds the store's address.
DB_FILE = "sq2edu-store-address"
#: The file, in the hub's data folder, that holds the key of children's servers.
KEY_FILE = "sq2edu-server-key"
#: The header a child's server sends its key in (and a class server's kernel its child's).
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
    """The key of children's servers kept in ``folder`` (made there the first time)."""
    path = folder / KEY_FILE
    if not path.exists():
        write_private(path, secrets.token_hex(32))
    return read_private(path).encode()


def server_key(key: bytes, hub_user: str) -> str:
    """The key the server of ``hub_user`` proves itself with."""
    return hmac.new(key, f"sq2edu-server:{hub_user}".encode(), hashlib.sha256).hexdigest()


def classroom_key(key: bytes) -> bytes:
    """The class server's key, made from the key of children's servers: with it the class
    server proves its kernels' children, and it cannot make a child's server's key."""
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
