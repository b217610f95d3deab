"""The class server on a school's hub: one Voilà for every child of the school, as
``sq2edu serve`` runs one for a class, instead of a Jupyter server per child.

The hub runs it as the service ``sq2edu-classroom`` (``python -m sq2edu.hub.classroom``);
a child who signs in lands on it. It is :class:`sq2edu.classroom.server.guard.ClassroomVoila`
with a warm pool of kernels that have already run the student app, signed in through the
hub's OAuth (:class:`~sq2edu.hub.identity.ClassroomIdentity`), and:

- only the hub's ``children`` group may use it (the ``sq2edu-child`` role): a teacher's hub
  login is refused by the hub before the page, and a request with no hub login goes to the
  hub's sign-in;
- each kernel belongs to the page it was served to (its cookie) and to the child signed in
  at that page (``ClassroomVoila.bind_users``): another child who knows or guesses its id,
  even with a stolen cookie, is refused its websocket, its REST address and its shutdown;
  a child holds a few kernels at most, a new page replacing their oldest;
- it holds no database credential, and no hub token reaches a kernel (the service's own is
  taken out of the environment before any kernel starts). A kernel learns its child when
  its page comes, with the key that speaks for that child to the class service
  (:func:`sq2edu.hub.private.child_key` of the class server's key); its records go through
  the class service (:mod:`sq2edu.hub.remote`);
- it answers only to the hub's names (``ClassroomVoila.allowed_hosts``), loopback and this
  machine's addresses, as ``sq2edu serve`` does.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq2edu.classroom.server.client import Client, say_ready, this_client
from sq2edu.hub.services import CLASS_KERNELS, CLASSROOM, POOL

__all__ = ["CLASS_KERNELS", "NAME", "POOL", "child_page", "main"]

#: The service's name in the hub.
NAME = CLASSROOM
#: The seconds before a warm kernel taken is replaced.
REFILL_SECONDS = 5.0
#: Kernels one child may hold; a new page replaces the oldest.
CHILD_PAGES = 3
#: Pages a child may load in a burst (then one every few seconds): a few reloads and tabs.
CHILD_BURST = 2 * CHILD_PAGES
_NOTEBOOK = "from sq2edu.hub.classroom import child_page\n\nchild_page()"
#: How long a kernel keeps asking a busy class service for its child's app.
_SERVICE_WAIT_SECONDS = 60.0


def _app_or_none(client: Client, store: Any, waited: float) -> Any:
    """One try at the student app for the child the page's client names: the app, or a
    page that says why there is none, or ``None`` to try again in a moment (a whole school
    arriving, the service restarting: the child waits a moment longer rather than meeting a
    page without their app, for :data:`_SERVICE_WAIT_SECONDS` at most)."""
    from sq2edu.classroom.storage.store import StoreError
    from sq2edu.classroom.widgets.app import StudentApp
    from sq2edu.hub.remote import ServiceRefusedError

    try:
        return StudentApp.on_the_hub(store)
    except StoreError as error:
        if isinstance(error, ServiceRefusedError) and error.status == 403:
            return _no_app(client, refused=True)  # not a child of a class
        if waited >= _SERVICE_WAIT_SECONDS:
            return _no_app(client, refused=False)
    return None


def _app_for(client: Client) -> Any:
    """The student app for the child the page's client names, as the notebook's cell runs
    (the cell waits: nothing else of the kernel's is going on yet)."""
    from sq2edu.hub.remote import ServiceStore

    store = ServiceStore(child=client.user, key=client.key)
    waited = 0.0
    while (app := _app_or_none(client, store, waited)) is None:
        time.sleep(1.0)
        waited += 1.0
    return app


async def _app_for_later(client: Client) -> Any:
    """:func:`_app_for` for a warm kernel whose page came after its cell ran: its waits
    between tries leave the kernel's event loop free (the page's messages, a shutdown)."""
    from sq2edu.hub.remote import ServiceStore

    store = ServiceStore(child=client.user, key=client.key)
    waited = 0.0
    while (app := _app_or_none(client, store, waited)) is None:
        await asyncio.sleep(1.0)
        waited += 1.0
    return app


def _no_app(client: Client, *, refused: bool) -> Any:
    """The page of a child who gets no app: not a child of a class, or the class service is
    too busy just now; with the hub's sign-out."""
    import ipywidgets as widgets

    from sq2edu.classroom.widgets.sign_out import sign_out_link
    from sq2edu.i18n import LANGUAGES, _, language
    from sq2edu.markup import html

    with language(client.language if client.language in LANGUAGES else "en"):
        words = (
            _("This page is for the children of a class.")
            if refused
            else _("The class computer is very busy just now. Reload the page in a moment.")
        )
        return widgets.VBox([widgets.HTML(html("<p>{}</p>", words)), sign_out_link()])


def child_page(
    client: Any = this_client, every: float = 0.05, ready: Callable[[], None] = say_ready
) -> Any:
    """The page a warm kernel shows: the student app of the child it is handed to, once the
    class server has written down who that is (:mod:`sq2edu.classroom.server.client`)."""
    import ipywidgets as widgets

    from sq2edu.classroom.server.kernel_log import keep_errors_in_the_server_log

    keep_errors_in_the_server_log()
    known: Client = client()
    if known.user and known.key:
        try:
            return _app_for(known)
        finally:
            ready()
    holder = widgets.VBox([widgets.HTML('<p aria-busy="true">…</p>')])

    async def wait() -> None:
        # A warm kernel may wait long for its page (a pool filled before the lesson): it
        # looks until one comes (a look is one missing file), and is shut down unused.
        while True:
            found: Client = client()
            if found.user and found.key:
                try:
                    holder.children = [await _app_for_later(found)]
                finally:
                    # The page waits for this before it connects: every widget of the app
                    # is there when it asks for them.
                    ready()
                return
            await asyncio.sleep(every)

    asyncio.get_event_loop().create_task(wait())
    return holder


#: What JupyterHub hands a service that no kernel may inherit, besides the token itself.
_SECRET_VARIABLES = ("JPY_API_TOKEN",)


def main() -> None:
    """Run the class server as the hub starts it: the class server's key in the file named
    by ``SQ2EDU_CLASSROOM_KEY_FILE``, the class service's address in
    ``SQ2EDU_CLASS_SERVICE``, the hub's names in ``SQ2EDU_HUB_NAMES`` (comma-separated), and
    its size in ``SQ2EDU_CLASS_KERNELS`` and ``SQ2EDU_CLASS_POOL``."""
    from sq2edu.classroom.server.guard import ClassroomVoila
    from sq2edu.hub.identity import ClassroomIdentity, run_voila
    from sq2edu.hub.private import child_key, read_private

    try:
        key = read_private(Path(os.environ.pop("SQ2EDU_CLASSROOM_KEY_FILE"))).encode()
        if not os.environ["SQ2EDU_CLASS_SERVICE"]:  # read by the kernels
            raise KeyError("SQ2EDU_CLASS_SERVICE")
    except (KeyError, OSError) as error:
        print(f"sq2edu: the class server has no key or class service: {error}", file=sys.stderr)
        sys.exit(2)
    # The service's hub token stays in this process: no kernel inherits it, under either of
    # the names JupyterHub gives it (JPY_API_TOKEN is its older name, set all the same).
    ClassroomIdentity.api_token = os.environ.pop("JUPYTERHUB_API_TOKEN", "")
    for name in _SECRET_VARIABLES:
        os.environ.pop(name, None)
    ClassroomVoila.child_keys = staticmethod(lambda hub_user: child_key(key, hub_user))
    kernels = int(os.environ.get("SQ2EDU_CLASS_KERNELS", CLASS_KERNELS))
    pool = int(os.environ.get("SQ2EDU_CLASS_POOL", POOL))
    names = [name for name in os.environ.get("SQ2EDU_HUB_NAMES", "").split(",") if name]
    run_voila(
        "classroom.ipynb",
        _NOTEBOOK,
        "students",
        kernels,
        pool=pool,
        refill=REFILL_SECONDS,
        identity=f"{ClassroomIdentity.__module__}.ClassroomIdentity",
        options=[
            "--ClassroomVoila.bind_users=True",
            f"--ClassroomVoila.device_pages={CHILD_PAGES}",
            # Every page comes through the hub's proxy, from one address: the "address"
            # shares count each signed-in child instead (pages in a burst, then one every
            # 3 s; websockets), so one child reloading fast slows only herself.
            f"--ClassroomVoila.address_pages={CHILD_BURST}",
            f"--ClassroomVoila.address_connections={kernels * 8}",
            # The hub's own names, and loopback and this machine's addresses.
            *(f"--ClassroomVoila.allowed_hosts={name}" for name in names or ["localhost"]),
        ],
    )


if __name__ == "__main__":
    main()
