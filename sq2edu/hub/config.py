"""The JupyterHub configuration sq2edu ships, and ``sq2edu hub`` that runs it.

:func:`configure` fills a hub's configuration: sq2edu's sign-in
(:class:`~sq2edu.hub.auth.SchoolAuthenticator`), the school's class server that serves
every child's page (:mod:`sq2edu.hub.classroom`), the class service (:mod:`sq2edu.hub.
service`) and the teachers' dashboard (:mod:`sq2edu.hub.teachers`), the only processes
besides the hub that are given the store's address. No one has a Jupyter server of their
own. ``deploy/jupyterhub/jupyterhub_config.py`` calls it for a school's own hub; :func:`run`
writes a configuration that calls it into a private folder and starts ``jupyterhub`` on
one machine.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from traitlets import Integer, List, Unicode
from traitlets.config import Configurable
from traitlets.config.loader import LazyConfigValue

from sq2edu.hub.ports import spare_port
from sq2edu.hub.private import (
    CLASSROOM_KEY_FILE,
    DB_FILE,
    classroom_key,
    key_in,
    read_private,
    write_private,
)
from sq2edu.hub.services import CLASS_KERNELS, POOL
from sq2edu.hub.services import CLASS_SERVICE as SERVICE_NAME
from sq2edu.hub.services import CLASSROOM as CLASSROOM_NAME
from sq2edu.hub.services import TEACHERS as TEACHERS_NAME
from sq2edu.markup import html

__all__ = [
    "HUB_OPTIONS",
    "NO_STORE",
    "HubConfigError",
    "SchoolHub",
    "configure",
    "find_proxy",
    "run",
]

#: Where ``make hub`` puts JupyterHub's proxy (``npm install --prefix .hub``).
LOCAL_PROXY = Path(".hub/node_modules/.bin/configurable-http-proxy")

#: Days a sign-in lasts on a device: a school day, then the child or teacher signs in again.
SIGN_IN_DAYS = 1

#: What every signed-in user may do of JupyterHub's own: see themselves, and reach
#: ``/hub/spawn`` to be told that no one has a server here. (JupyterHub's default, "self",
#: also lets a user make API tokens and share a server.)
USER_SCOPES = ("read:users!user", "users:activity!user", "servers!user")


def _is_teacher(user: Any) -> bool:
    return any(group.name == "teachers" for group in getattr(user, "groups", ()))


def landing(handler: Any) -> str:
    """Where a signed-in user lands: a teacher at the teachers' dashboard, a child at the
    class server."""
    user = handler.current_user
    root = handler.hub.base_url[: -len("hub/")]
    if user is not None and _is_teacher(user):
        return str(root + f"services/{TEACHERS_NAME}/")
    return str(root + f"services/{CLASSROOM_NAME}/")


def nobody_spawns(spawner: Any) -> None:
    """Refuse to start a server for anyone: children's pages are the class server's, a
    teacher's the teachers' dashboard.

    A :class:`~jupyterhub.spawner.SpawnException` is the hub's own word for a refusal by
    policy: whoever opens ``/hub/spawn`` reads why, with 403, and a link to their page.
    """
    from jupyterhub.spawner import SpawnException

    root = spawner.hub.base_url[: -len("hub/")]
    if _is_teacher(spawner.user):
        said = "Teachers have no server of their own: your page is {}."
        page, name = root + f"services/{TEACHERS_NAME}/", "the teachers' dashboard"
    else:
        said = "Children have no server of their own: your page is {}."
        page, name = root + f"services/{CLASSROOM_NAME}/", "the class's app"
    raise SpawnException(
        said.format(name),
        message_html=said.format(html('<a href="{}">{}</a>', page, name)),
        reason="no-server",
        status_code=403,
    )


def configure(
    c: Any,
    db: str,
    *,
    ip: str = "",
    port: int = 8000,
    service_port: int | None = None,
    teachers_port: int | None = None,
    classroom_port: int | None = None,
    data: Path | None = None,
    proxy: str | None = None,
    service_ip: str = "127.0.0.1",
    class_kernels: int = CLASS_KERNELS,
    class_pool: int = POOL,
    names: Sequence[str] = (),
    hub_port: int | None = None,
    proxy_api_port: int | None = None,
) -> None:
    """Fill the hub configuration ``c`` for a school whose store is ``db``.

    :param ip: the address the hub's proxy listens on (``""``: every address).
    :param service_port: the class service's port (default: a free one).
    :param teachers_port: the teachers' dashboard's port (default: a free one).
    :param classroom_port: the class server's port (default: a free one).
    :param data: where the hub keeps its own database and cookie secret.
    :param proxy: the ``configurable-http-proxy`` program (default: :func:`find_proxy`).
    :param service_ip: where the hub's services listen, and its proxy reaches them: this
        machine, or the hub's address as a proxy elsewhere sees it (a Kubernetes pod's).
    :param class_kernels: kernels the class server may run at once, warm ones included.
    :param class_pool: warm kernels the class server keeps ready.
    :param names: the names the hub is reached by (``hub.school.org``): the class server
        answers to these, to ``ip``, to loopback and to this machine's addresses, and
        refuses any other ``Host`` or ``Origin``.
    :param hub_port: the hub's API's port on 127.0.0.1 (default: a free one).
    :param proxy_api_port: the proxy's API's port on 127.0.0.1 (default: a free one).
    """
    from sq2edu.hub.auth import TEMPLATES, SchoolAuthenticator

    # The store's address and the hub's key in files only this account reads; the services
    # are given the files' paths (JupyterHub keeps its services' environment in its own
    # database).
    private = data if data is not None else Path(tempfile.mkdtemp(prefix="sq2edu-hub-"))
    private.mkdir(mode=0o700, parents=True, exist_ok=True)
    db = with_password(db)
    write_private(private / DB_FILE, db)
    key = key_in(private)
    # The class server gets a key of its own, made from the hub's, which it never sees.
    write_private(private / CLASSROOM_KEY_FILE, classroom_key(key).decode())
    # JupyterHub refuses a sign-in cookie older than its cookie_max_age_days itself; the
    # browser is told to drop it (and the services' own) then as well, where Tornado's
    # default would keep it thirty days on a shared device.
    settings = c.JupyterHub.tornado_settings
    # A school's `c.JupyterHub.tornado_settings.update(...)` is a lazy value until read.
    settings = dict(settings.get_value({}) if isinstance(settings, LazyConfigValue) else settings)
    cookie_options = {**settings.get("cookie_options", {}), "expires_days": SIGN_IN_DAYS}
    services_environment = {
        "SQ2EDU_DB_FILE": str(private / DB_FILE),
        "SQ2EDU_KEY_FOLDER": str(private),
        # The services' sign-in cookies last no longer than the hub's (HubOAuth reads this).
        "JUPYTERHUB_COOKIE_OPTIONS": json.dumps(cookie_options),
        # libpq's own files, if the school keeps the password there (their paths only).
        **{
            name: os.environ[name] for name in ("PGPASSFILE", "PGSERVICEFILE") if name in os.environ
        },
    }
    service_url = f"http://{service_ip}:{service_port or spare_port()}"
    c.JupyterHub.ip = ip
    c.JupyterHub.port = port
    # The hub's API and the proxy's API on this machine only, on ports of their own.
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = hub_port or spare_port()
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api_port or spare_port()}"
    c.JupyterHub.authenticator_class = SchoolAuthenticator
    c.SchoolAuthenticator.db = db
    # The class code or the teacher's password is the check (SchoolAuthenticator).
    c.SchoolAuthenticator.allow_all = True
    c.JupyterHub.template_paths = [str(TEMPLATES)]
    c.JupyterHub.default_url = landing
    # A hub sign-in lasts a school day, not JupyterHub's two weeks: a shared device left
    # signed in is signed out by the next morning (the device's own cookie stays a year).
    c.JupyterHub.cookie_max_age_days = SIGN_IN_DAYS
    c.JupyterHub.tornado_settings = {**settings, "cookie_options": cookie_options}
    c.Spawner.pre_spawn_hook = nobody_spawns
    # The hub gives up (and stops) when one of its services has not answered in this many
    # seconds (JupyterHub's default is 30): on a busy machine the Voilà servers take longer,
    # the class server longest (it fills its warm pool).
    services_timeout = 120
    hub_names = [*names, *([ip] if ip not in ("", "0.0.0.0", "::") else [])]
    c.JupyterHub.services = [
        {
            "name": SERVICE_NAME,
            "url": service_url,
            "command": [sys.executable, "-m", "sq2edu.hub.service"],
            "environment": services_environment,
            "display": False,
            "timeout": services_timeout,
        },
        {
            "name": TEACHERS_NAME,
            "url": f"http://{service_ip}:{teachers_port or spare_port()}",
            "command": [sys.executable, "-m", "sq2edu.hub.teachers"],
            "environment": services_environment,
            "oauth_no_confirm": True,
            "timeout": services_timeout,
        },
        {
            "name": CLASSROOM_NAME,
            "url": f"http://{service_ip}:{classroom_port or spare_port()}",
            "command": [sys.executable, "-m", "sq2edu.hub.classroom"],
            # Neither the store's address nor the hub's key: the class server's own key.
            "environment": {
                "SQ2EDU_CLASSROOM_KEY_FILE": str(private / CLASSROOM_KEY_FILE),
                "SQ2EDU_CLASS_SERVICE": f"{service_url}/services/{SERVICE_NAME}",
                "SQ2EDU_HUB_NAMES": ",".join(hub_names),
                "SQ2EDU_CLASS_KERNELS": str(class_kernels),
                "SQ2EDU_CLASS_POOL": str(class_pool),
                "JUPYTERHUB_COOKIE_OPTIONS": services_environment["JUPYTERHUB_COOKIE_OPTIONS"],
            },
            "oauth_no_confirm": True,
            "display": False,
            "timeout": services_timeout + 60,
        },
    ]
    # The class server is for the children group, the teachers' dashboard for the teachers
    # group; a user joins theirs by signing in. No one may make a token of their own, or
    # reach the class service with one: the class server's kernels reach it with their
    # child's key.
    c.SchoolAuthenticator.manage_groups = True
    c.JupyterHub.load_roles = [
        {"name": "user", "scopes": list(USER_SCOPES)},
        {
            "name": "sq2edu-child",
            "scopes": [f"access:services!service={CLASSROOM_NAME}"],
            "groups": ["children"],
        },
        {
            "name": "sq2edu-teacher",
            "scopes": [f"access:services!service={TEACHERS_NAME}"],
            "groups": ["teachers"],
        },
    ]
    # The proxy goes with the hub that starts it, even one killed outright (sq2edu.hub.tied).
    c.ConfigurableHTTPProxy.command = [
        sys.executable,
        "-m",
        "sq2edu.hub.tied",
        str(os.getpid()),
        proxy or find_proxy(),
    ]
    if data is not None:
        data.mkdir(mode=0o700, parents=True, exist_ok=True)
        c.JupyterHub.db_url = f"sqlite:///{data / 'jupyterhub.sqlite'}"
        c.JupyterHub.cookie_secret_file = str(data / "jupyterhub_cookie_secret")
        c.ConfigurableHTTPProxy.pid_file = str(data / "proxy.pid")
        c.JupyterHub.pid_file = str(data / "jupyterhub.pid")


def with_password(db: str) -> str:
    """The store's address with ``PGPASSWORD`` in it, if the hub was given one, taken out of
    the hub's environment: the hub's proxy and the class server's kernels inherit nothing of it, and
    the services (which JupyterHub starts with an environment of their own) read it from the
    hub's private file."""
    from sq2edu.classroom.storage.credentials import has_password
    from sq2edu.classroom.storage.store import is_database_url

    password = os.environ.pop("PGPASSWORD", None)
    if password is None or not is_database_url(db) or has_password(db):
        return db
    parts = urlsplit(db)
    query = "&".join(filter(None, (parts.query, urlencode({"password": password}))))
    return urlunsplit(parts._replace(query=query))


def root_warning() -> str:
    """What to say when the hub is started as root ("" otherwise): it, its proxy, its
    services and every child's kernel would run as root."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return ""
    return (
        "the hub runs as root, and so would the class server and every child's kernel. Run "
        "it as an account of its own: deploy/systemd/sq2edu-hub.service (docs/deploy.md)."
    )


def find_proxy() -> str:
    """JupyterHub's proxy, ``configurable-http-proxy``: on the ``PATH``, or where
    ``make hub`` installs it.

    :raises FileNotFoundError: if it is in neither place.
    """
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    if LOCAL_PROXY.exists():
        return str(LOCAL_PROXY.resolve())
    raise FileNotFoundError(
        "JupyterHub's proxy is missing: npm install --prefix .hub configurable-http-proxy "
        "(make hub does it)."
    )


#: What a hub is told when its store is not set.
NO_STORE = (
    "sq2edu: the school's store is not set. Put its address (postgresql://user:password@host/"
    "database) in a file only the hub's account can read (chmod 600), and name that file: "
    "c.SchoolHub.db_file in jupyterhub_config.py, or sq2edu hub --db-file FILE, or make hub "
    "DB_FILE=FILE (docs/deploy.md)."
)


class HubConfigError(SystemExit):
    """A setting the hub cannot start with, in plain words. A :class:`SystemExit`, so that
    JupyterHub, loading its configuration file, stops with these words and no traceback."""


class SchoolHub(Configurable):
    """sq2edu's part of a school's JupyterHub, set in its ``jupyterhub_config.py`` as
    ``c.SchoolHub.<option>`` and applied with ``SchoolHub(config=c).apply(c)``.

    Every option has a default but the store's file; ``sq2edu hub`` and ``make hub`` take
    the same options (``--db-file``, ``--hub-port``; ``DB_FILE=``, ``HUB_PORT=``). What it
    sets of JupyterHub's own (its authenticator, templates, ``default_url``, the spawner's
    hook that refuses every server, the ``user`` role, its services) is listed in
    ``docs/deploy.md``.
    """

    db_file = Unicode(
        "",
        help="A file only the hub's account can read (chmod 600) whose text is the school's "
        "store: postgresql://user:password@host/database, or a libpq service "
        "(postgresql://?service=name). Required.",
    ).tag(config=True)
    ip = Unicode("", help="The address children and teachers reach (empty: every address).").tag(
        config=True
    )
    port = Integer(8000, help="The port children and teachers reach (the proxy's).").tag(
        config=True
    )
    data = Unicode(
        "/var/lib/sq2edu-hub",
        help="The hub's own folder: its database, cookie secret (back it up), the store's "
        "address and the hub's keys, readable by the hub's account only.",
    ).tag(config=True)
    proxy = Unicode(
        "",
        help="JupyterHub's proxy program, configurable-http-proxy (empty: found on the PATH, "
        "or where make hub installs it, .hub/node_modules/.bin).",
    ).tag(config=True)
    hub_port = Integer(0, help="The hub's API's port on 127.0.0.1 (0: a free one).").tag(
        config=True
    )
    proxy_api_port = Integer(0, help="The proxy's API's port on 127.0.0.1 (0: a free one).").tag(
        config=True
    )
    service_port = Integer(0, help="The class service's port (0: a free one).").tag(config=True)
    teachers_port = Integer(
        0, help="The teachers' dashboard's port on 127.0.0.1 (0: a free one)."
    ).tag(config=True)
    classroom_port = Integer(0, help="The class server's port (0: a free one).").tag(config=True)
    service_ip = Unicode(
        "127.0.0.1",
        help="Where the hub's services listen and its proxy reaches them: this machine, or "
        "the hub's address as a proxy elsewhere sees it (a Kubernetes pod's).",
    ).tag(config=True)
    names = List(
        Unicode(),
        help="The names children reach the hub by (maths.school.example): the class server "
        "answers to these, to ip, to loopback and to this machine's addresses only.",
    ).tag(config=True)
    class_kernels = Integer(
        CLASS_KERNELS,
        help="Kernels the class server may run at once, warm ones included (one per child's "
        "page, about 90 MB each).",
    ).tag(config=True)
    class_pool = Integer(
        POOL, help="Warm kernels the class server keeps ready for children arriving."
    ).tag(config=True)

    def store(self) -> str:
        """The store's address, read from :attr:`db_file`.

        :raises HubConfigError: if it is not set, cannot be read, or others may read it.
        """
        if not self.db_file:
            raise HubConfigError(NO_STORE)
        try:
            address = read_private(Path(self.db_file))
        except OSError as error:
            raise HubConfigError(
                f"sq2edu: the store's file c.SchoolHub.db_file cannot be used: {error}"
            ) from error
        if not address:
            raise HubConfigError(f"sq2edu: the store's file {self.db_file} is empty.")
        return address

    def apply(self, c: Any) -> None:
        """Fill the hub configuration ``c`` with these options (:func:`configure`)."""
        configure(
            c,
            self.store(),
            ip=self.ip,
            port=self.port,
            data=Path(self.data),
            proxy=self.proxy or None,
            hub_port=self.hub_port or None,
            proxy_api_port=self.proxy_api_port or None,
            service_port=self.service_port or None,
            teachers_port=self.teachers_port or None,
            classroom_port=self.classroom_port or None,
            service_ip=self.service_ip,
            names=list(self.names),
            class_kernels=self.class_kernels,
            class_pool=self.class_pool,
        )


#: The options ``sq2edu hub`` passes on to :class:`SchoolHub` (all but ``db_file``).
HUB_OPTIONS = (
    "ip",
    "port",
    "proxy",
    "hub_port",
    "proxy_api_port",
    "service_port",
    "teachers_port",
    "classroom_port",
    "service_ip",
    "names",
    "class_kernels",
    "class_pool",
)

_CONFIG = """\
# Written by `sq2edu hub`: its options, as a school's own jupyterhub_config.py sets them.
from sq2edu.hub.config import SchoolHub

c = get_config()  # noqa: F821 - JupyterHub provides it
{options}
SchoolHub(config=c).apply(c)
"""


def run(
    db: str | None = None,
    ip: str = "",
    port: int = 8000,
    data: Path | None = None,
    *,
    db_file: Path | None = None,
    **options: Any,
) -> int:
    """Run a hub for the school whose store is ``db`` (or the address in ``db_file``, a file
    only this account reads) until Ctrl-C; the exit status.

    :param data: the hub's own folder (its database, cookie secret, configuration);
        default ``.hub/data``.
    :param options: :class:`SchoolHub`'s other options (:data:`HUB_OPTIONS`).
    """
    from sq2edu.classroom.storage.store import StoreError, open_store, redact
    from sq2edu.hub import signal_at_parent_death

    folder = (data or Path(".hub/data")).resolve()
    hub = SchoolHub(db_file=str(db_file or ""), ip=ip, port=port, data=str(folder), **options)
    try:
        if db is None:
            db = hub.store()
        else:
            # The address goes to the hub in a file only this account reads: never in its
            # environment or its command line, where its proxy and every process it starts
            # would find it.
            db = with_password(db)
            write_private(folder / DB_FILE, db)
            hub.db_file = str(folder / DB_FILE)
        open_store(db).close()  # a store that cannot be opened stops us before the hub
        hub.proxy = hub.proxy or find_proxy()
    except HubConfigError as error:
        print(error, file=sys.stderr)
        return 2
    except (StoreError, FileNotFoundError) as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        return 2
    warning = root_warning()
    if warning:
        print(f"sq2edu: {warning}", file=sys.stderr, flush=True)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.chmod(0o700)
    config = folder / "jupyterhub_config.py"
    settings = {"db_file": hub.db_file, "data": str(folder)} | {
        name: getattr(hub, name) for name in HUB_OPTIONS
    }
    config.write_text(
        _CONFIG.format(
            options="".join(f"c.SchoolHub.{name} = {value!r}\n" for name, value in settings.items())
        )
    )
    config.chmod(0o600)
    environment = {
        name: value
        for name, value in os.environ.items()
        # make's own variables (make hub DB_FILE=...) and the store's are not the hub's.
        if name not in ("SQ2EDU_DB", "PGPASSWORD", "MAKEFLAGS", "MFLAGS")
    }
    print(f"sq2edu: the school's hub  http://{ip or '127.0.0.1'}:{port}/", flush=True)
    print(f"sq2edu: progress store    {redact(db)}", flush=True)
    this = os.getpid()

    def tie_to_this() -> None:
        # The hub, and with it its proxy and services, stops when this command is killed
        # outright (a service manager's SIGKILL), not only when it is stopped.
        signal_at_parent_death(signal.SIGTERM)
        if os.getppid() != this:
            os._exit(1)

    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        env=environment,
        cwd=folder,
        start_new_session=True,
        preexec_fn=tie_to_this,
    )

    def stop(_signal: int, _frame: FrameType | None) -> None:
        process.send_signal(signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        return process.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
