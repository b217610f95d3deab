"""Idle children's servers are stopped: the culler against a hub API of the test's own."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import tornado.web

from sq2edu.hub.culler import cull_idle
from tests.own_loop import run_apart

NOW = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)


def _server(minutes_ago: float | None, **state: Any) -> dict[str, Any]:
    last = None if minutes_ago is None else (NOW - dt.timedelta(minutes=minutes_ago)).isoformat()
    return {"ready": True, "pending": None, "last_activity": last, "started": last, **state}


def test_culler_stops_the_servers_idle_longer_than_the_limit_and_no_other() -> None:
    users = [
        {"name": "c-idle", "servers": {"": _server(45)}},
        {"name": "c-busy", "servers": {"": _server(2)}},
        {"name": "c-starting", "servers": {"": _server(90, ready=False, pending="spawn")}},
        {"name": "t-teacher", "servers": {}},
    ]
    stopped: list[str] = []
    tokens: list[str] = []

    class Users(tornado.web.RequestHandler):
        def get(self) -> None:
            tokens.append(self.request.headers.get("Authorization", ""))
            self.finish(json.dumps(users))

    class Server(tornado.web.RequestHandler):
        def delete(self, name: str) -> None:
            stopped.append(name)
            self.set_status(204)

    found: list[str] = []

    async def run() -> None:
        app = tornado.web.Application(
            [(r"/hub/api/users", Users), (r"/hub/api/users/([^/]+)/server", Server)]
        )
        server = app.listen(0, "127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        found.extend(
            await cull_idle(f"http://127.0.0.1:{port}/hub/api", "tok", 20 * 60, now=lambda: NOW)
        )
        server.stop()

    run_apart(run)
    assert stopped == ["c-idle"]
    assert found == ["c-idle"]
    assert tokens == ["token tok"]
