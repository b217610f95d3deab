"""Children's servers that nobody uses are stopped, so that the machine's memory comes back
after a lesson (each server holds about 180 MB while it runs, kernel or not).

The class service does it, once a minute: it asks the hub for the running servers and when
each was last used (the hub learns it from its proxy), and stops every child's server idle
for longer than ``SQ2EDU_CULL_AFTER`` seconds (20 minutes by default; 0: never). A child
who comes back signs in again, and the hub starts a new server; nothing is lost, every
record is in the store. The service's hub token may list users, read their activity and
servers, and stop servers; nothing else (the ``sq2edu-culler`` role).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Callable
from urllib.parse import quote

from tornado.httpclient import AsyncHTTPClient

__all__ = ["CULLER_SCOPES", "CULL_AFTER", "cull_idle"]

#: Seconds without activity after which a child's server is stopped.
CULL_AFTER = 20 * 60
#: What the class service's own token may do of the hub's for that.
CULLER_SCOPES = ["list:users", "read:users:activity", "read:servers", "delete:servers"]

log = logging.getLogger("sq2edu.hub.culler")


def _when(stamp: object) -> dt.datetime | None:
    if not isinstance(stamp, str):
        return None
    try:
        when = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


async def cull_idle(
    hub_api: str,
    token: str,
    after: float,
    now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
) -> list[str]:
    """Stop every server idle for more than ``after`` seconds; the users whose server was
    stopped.

    :param hub_api: the hub's API (``JUPYTERHUB_API_URL``).
    :param token: a token with :data:`CULLER_SCOPES`.
    """
    client = AsyncHTTPClient()
    headers = {"Authorization": f"token {token}"}
    answer = await client.fetch(f"{hub_api.rstrip('/')}/users?state=ready", headers=headers)
    stopped = []
    for user in json.loads(answer.body):
        server = (user.get("servers") or {}).get("")
        if not server or server.get("pending") or not server.get("ready"):
            continue
        last = _when(server.get("last_activity")) or _when(server.get("started"))
        if last is None or (now() - last).total_seconds() <= after:
            continue
        name = str(user["name"])
        stop = await client.fetch(
            f"{hub_api.rstrip('/')}/users/{quote(name)}/server",
            method="DELETE",
            headers=headers,
            raise_error=False,
        )
        if stop.code in (202, 204):
            stopped.append(name)
            log.info("stopped the server of %s: idle since %s", name, last.isoformat())
        else:
            log.warning("could not stop the idle server of %s: %s", name, stop.code)
    return stopped
