"""What a student's kernel may know of the device on the other side of its page.

When the classroom's server (:mod:`sq2edu.classroom.server.guard`) hands a kernel to a page, it
writes down the page's network address and a digest of the secret the device keeps (a
cookie the page's JavaScript cannot read) in ``$SQ2EDU_RUNTIME/clients/<kernel id>.json``.
The kernel reads it here: the address counts wrong class codes across pages, the device key
tells a returning child from another device using the same nickname. A kernel started
outside the classroom (a notebook, a test) has no such file and knows nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from sq2edu.i18n import LANGUAGES

__all__ = [
    "CLIENTS_FOLDER",
    "LANGUAGE_COOKIE",
    "Client",
    "device_key",
    "ready_path",
    "say_ready",
    "this_client",
]

#: The folder of the runtime directory where pages' clients are written down.
CLIENTS_FOLDER = "clients"
#: The cookie in which a page keeps the language its child chose, on that device.
LANGUAGE_COOKIE = "sq2edu-language"
_KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json$")


def device_key(secret: str) -> str:
    """What the store keeps of a device's secret: a digest, never the secret itself."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Client:
    """The device a kernel's page runs on.

    :ivar address: its network address (``""`` when unknown).
    :ivar device: the digest of its secret (``None`` when unknown).
    :ivar user: who signed in on it, where a school's hub signs people in (``""``: nobody).
    :ivar language: the language its child chose on it (``""``: none yet, or unknown).
    :ivar key: on a school's class server, the key that speaks for the signed-in child to
        the class service (:func:`sq2edu.hub.private.child_key`; ``""``: none).
    """

    address: str = ""
    device: str | None = None
    user: str = ""
    language: str = ""
    key: str = ""


def _kernel_id() -> str | None:
    try:
        from ipykernel.connect import get_connection_file
    except ImportError:  # pragma: no cover - ipykernel comes with the widgets
        return None
    try:
        found = _KERNEL_FILE.search(get_connection_file())
    except (RuntimeError, AttributeError):
        return None  # not inside a kernel
    return found.group(1) if found else None


def ready_path(runtime: str, kernel_id: str) -> Path:
    """The file a kernel makes once its page's content is built for the client written down
    for it (on a school's class server the page waits for it, so that the page's widgets
    are all there before it connects)."""
    return Path(runtime) / CLIENTS_FOLDER / f"{kernel_id}.ready"


def say_ready(runtime: str | None = None, kernel_id: str | None = None) -> None:
    """Make this kernel's :func:`ready_path` (nothing outside a classroom)."""
    folder = runtime if runtime is not None else os.environ.get("SQ2EDU_RUNTIME", "")
    kernel = kernel_id if kernel_id is not None else _kernel_id()
    if folder and kernel:
        with contextlib.suppress(OSError):
            ready_path(folder, kernel).touch(mode=0o600)


def this_client(runtime: str | None = None, kernel_id: str | None = None) -> Client:
    """The client of this kernel's page, as the classroom's server wrote it down.

    :param runtime: the classroom's runtime folder (default ``$SQ2EDU_RUNTIME``).
    :param kernel_id: this kernel's id (default: read from its connection file).
    """
    folder = runtime if runtime is not None else os.environ.get("SQ2EDU_RUNTIME", "")
    kernel = kernel_id if kernel_id is not None else _kernel_id()
    if not folder or not kernel:
        return Client()
    try:
        data = json.loads((Path(folder) / CLIENTS_FOLDER / f"{kernel}.json").read_text())
    except (OSError, ValueError):
        return Client()
    address = data.get("address") if isinstance(data, dict) else None
    device = data.get("device") if isinstance(data, dict) else None
    user = data.get("user") if isinstance(data, dict) else None
    lang = data.get("language") if isinstance(data, dict) else None
    key = data.get("key") if isinstance(data, dict) else None
    return Client(
        address if isinstance(address, str) else "",
        device if isinstance(device, str) and re.fullmatch(r"[0-9a-f]{64}", device) else None,
        user if isinstance(user, str) else "",
        lang if isinstance(lang, str) and lang in LANGUAGES else "",
        key if isinstance(key, str) and re.fullmatch(r"[0-9a-f]{64}", key) else "",
    )
