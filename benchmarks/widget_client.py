"""A student without a browser: speaks to the classroom app the way its page does.

A load test that draws thirty Chromium pages on the server's own two cores measures mostly
the drawing. This client loads the same page, connects to the same kernel over the same
websocket and sends the same widget messages a page sends (``request_states``, a changed
text, a button click, the Equation Lab's ``check``), so thirty of them load the server as
a class does while costing the machine little; a few real Chromium pages beside them show
what a child sees. Only the page's own script and style files are fetched, once each, as a
browser with an empty cache would; what those scripts load later is left out. Like a
browser, it keeps the cookies the page sets: the classroom hands a kernel only to the page
that was served with it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import time
import uuid
from typing import Any
from urllib.parse import urljoin

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

__all__ = ["WidgetClient"]

_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
#: The ipywidgets 8 protocols: widgets' own messages, and the one asking for all of them.
_PROTOCOL = "2.1.0"
_CONTROL_PROTOCOL = "1.0.0"
_ASSETS = re.compile(r'<(?:script|link)[^>]+(?:src|href)="(/[^"]+)"')


class WidgetClient:
    """One kernel's widgets, seen and clicked through the Jupyter messaging protocol."""

    def __init__(
        self,
        base_url: str,
        keep_raw: bool = False,
        cookies: dict[str, str] | None = None,
        source: str | None = None,
    ) -> None:
        """:param source: the local address to connect from (``127.0.0.2``: another device
        on the network, as the server sees it)."""
        self.base_url = base_url
        self.source = source
        self.session = uuid.uuid4().hex
        #: The cookies the server set, as a browser keeps them (with those it had already,
        #: such as a hub's sign-in).
        self.cookies: dict[str, str] = dict(cookies or {})
        #: Every message the kernel sent, as received (when ``keep_raw``).
        self.raw: list[str] = []
        self._keep_raw = keep_raw
        #: The kernel the page was served with.
        self.kernel_id = ""
        #: Every widget model the kernel told about: id -> its state.
        self.models: dict[str, dict[str, Any]] = {}
        self._socket: WebSocketClientConnection | None = None
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        #: Called with a widget's id whenever the kernel changes that widget.
        self.on_update: list[Any] = []
        #: Why the kernel's websocket stopped, once it has ("" while it is open).
        self.gone = ""

    async def open(self, timeout: float) -> None:
        """Load the page and its files, connect to its kernel and learn its widgets."""
        http = AsyncHTTPClient()
        page = await http.fetch(
            HTTPRequest(
                self.base_url,
                request_timeout=timeout,
                headers=self.headers(),
                network_interface=self.source,
            )
        )
        for header in page.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        html = page.body.decode()
        found = _KERNEL_ID.search(html)
        if found is None:
            raise RuntimeError("the page names no kernel")
        self.kernel_id = found.group(1)
        for asset in dict.fromkeys(_ASSETS.findall(html)):
            await http.fetch(
                HTTPRequest(
                    urljoin(self.base_url, asset),
                    request_timeout=timeout,
                    headers=self.headers(),
                    network_interface=self.source,
                )
            )
        self._socket = await websocket_connect(
            HTTPRequest(
                self.channels_url(),
                headers=self.headers(),
                connect_timeout=timeout,
                network_interface=self.source,
            )
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())
        control = uuid.uuid4().hex
        opening = {"comm_id": control, "target_name": "jupyter.widget.control"}
        self._send("comm_open", opening, version=_CONTROL_PROTOCOL)
        request = {"comm_id": control, "data": {"method": "request_states"}}
        self._send("comm_msg", request, version=_CONTROL_PROTOCOL)
        await self.wait_for(lambda: bool(self.models), timeout)

    def headers(self) -> dict[str, str]:
        """What a browser sends with every request to this server: its cookies."""
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}

    def channels_url(self, kernel_id: str | None = None) -> str:
        """The websocket of a kernel (this page's by default)."""
        ws_url = self.base_url.split("?", 1)[0].replace("http", "ws", 1).rstrip("/")
        kernel = kernel_id or self.kernel_id
        return f"{ws_url}/api/kernels/{kernel}/channels?session_id={self.session}"

    async def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        if self._reader is not None:
            self._reader.cancel()

    def find(self, model_name: str, **state: Any) -> str | None:
        """The id of a widget of that kind whose state has those values, if there is one."""
        for model_id, model in self.models.items():
            if model.get("_model_name") == model_name and all(
                model.get(key) == value for key, value in state.items()
            ):
                return model_id
        return None

    def find_table(self) -> str | None:
        """The id of the card table or Equation Lab on the page (the anywidget with a state;
        the app's connection watch is an anywidget too)."""
        for model_id, model in self.models.items():
            if model.get("_model_name") == "AnyModel" and "state" in model:
                return model_id
        return None

    def find_heartbeat(self) -> str | None:
        """The id of the connection watch (the anywidget with words and no state)."""
        for model_id, model in self.models.items():
            if model.get("_model_name") == "AnyModel" and "words" in model:
                return model_id
        return None

    def children_of(self, model_id: str) -> list[str]:
        """The ids of a box's children."""
        return [
            child.removeprefix("IPY_MODEL_") for child in self.models[model_id].get("children", [])
        ]

    def set_value(self, model_id: str, **state: Any) -> None:
        """Change a widget's values, as typing into it does."""
        self.models[model_id].update(state)
        message = {"method": "update", "state": state, "buffer_paths": []}
        self._send("comm_msg", {"comm_id": model_id, "data": message})

    def send(self, model_id: str, content: dict[str, Any]) -> None:
        """A widget's own message: a button's click, the Lab's ``check``."""
        message = {"method": "custom", "content": content}
        self._send("comm_msg", {"comm_id": model_id, "data": message})

    def click(self, model_id: str) -> None:
        self.send(model_id, {"event": "click"})

    def send_message(
        self,
        msg_type: str,
        content: dict[str, Any],
        channel: str = "shell",
        version: str = _PROTOCOL,
    ) -> None:
        """Any Jupyter message, as a page could send it (the server decides what it takes).

        :param version: the widget protocol's version in the metadata (``"1.0.0"`` for the
            widgets' control channel).
        """
        self._send(msg_type, content, version=version, channel=channel)

    async def widget(self, model_name: str, timeout: float, **state: Any) -> str:
        """The id of a widget of that kind and state, waiting for it to arrive: the kernel
        tells of its widgets one message each, and a page may connect before the last."""
        await self.wait_for(lambda: self.find(model_name, **state), timeout)
        return self.find(model_name, **state) or ""

    async def wait_for(self, condition: Any, timeout: float) -> None:
        """Wait until ``condition()`` holds, re-checked whenever a widget changes."""
        deadline = time.monotonic() + timeout
        while not condition():
            if self.gone:
                raise ConnectionError(self.gone)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the page did not change in time")
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                continue

    def _send(
        self,
        msg_type: str,
        content: dict[str, Any],
        version: str = _PROTOCOL,
        channel: str = "shell",
    ) -> None:
        assert self._socket is not None
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "session": self.session,
            "username": "student",
            "date": dt.datetime.now(dt.UTC).isoformat(),
            "version": "5.3",
        }
        message = {
            "header": header,
            "parent_header": {},
            "metadata": {"version": version},
            "content": content,
            "channel": channel,
            "buffers": [],
        }
        self._socket.write_message(json.dumps(message))

    async def _read(self) -> None:
        assert self._socket is not None
        try:
            while True:
                raw = await self._socket.read_message()
                if raw is None:
                    code, reason = self._socket.close_code, self._socket.close_reason
                    said = f"{code} {reason}" if reason else f"{code}"
                    self.gone = f"the kernel's websocket closed ({said})"
                    return
                self._take(raw)
        except Exception as error:  # told to whoever waits, not lost in a dead task
            self.gone = f"reading the kernel's messages failed: {error!r}"[:200]
        finally:
            self._changed.set()

    def _take(self, raw: str | bytes) -> None:
        """One message from the kernel: the widgets it tells of."""
        if isinstance(raw, bytes):
            return  # binary frames carry buffers; none of these widgets use them
        if self._keep_raw:
            self.raw.append(raw)
        message = json.loads(raw)
        kind = message.get("msg_type") or message["header"]["msg_type"]
        content = message.get("content", {})
        data = content.get("data", {})
        if kind == "comm_open":
            self.models[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_msg":
            if data.get("method") == "update_states":
                for model_id, model in data["states"].items():
                    self.models[model_id] = dict(model["state"])
            elif data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data["state"])
                for listener in self.on_update:
                    listener(content["comm_id"])
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        self._changed.set()
