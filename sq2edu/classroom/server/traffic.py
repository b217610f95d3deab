"""What a page may send its kernel: widget messages, small, few, and no new widgets.

A page speaks to its kernel over a websocket, and the kernel keeps what it is sent: one
page that opened widgets of a megabyte each grew its kernel from 96 MB to 2.5 GB in twenty
seconds. :class:`PageTraffic` looks at each message a page sends before it reaches the
kernel (the server of :mod:`sq2edu.classroom.server.guard` asks it) and lets through only:

- messages up to :data:`MAX_MESSAGE` bytes (Tornado closes the websocket of a larger one);
- within a budget per kernel: a burst of :data:`MESSAGE_BURST` messages and
  :data:`BYTES_BURST` bytes, then :data:`MESSAGES_PER_SECOND` messages and
  :data:`BYTES_PER_SECOND` bytes a second (a child's clicks and typing use a fraction);
- widgets the kernel made: a page may open the widgets' control channel (which asks the
  kernel for its widgets) a few times, :data:`CONTROL_COMMS` in a kernel's life, and no
  other ``comm_open`` (which would make the kernel build and keep a widget of the page's
  choosing).

The message types themselves are kept to widget messages by the kernel manager
(:data:`sq2edu.classroom.server.guard.PAGE_MESSAGES`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
)

from sq2edu.classroom.server.limits import TokenBucket

__all__ = [
    "BYTES_BURST",
    "BYTES_PER_SECOND",
    "CONTROL_COMMS",
    "MAX_MESSAGE",
    "MESSAGES_PER_SECOND",
    "MESSAGE_BURST",
    "PageTraffic",
]

#: The largest message a page may send (a click or typed text is well under a kilobyte).
MAX_MESSAGE = 64 * 1024
MESSAGE_BURST = 200
MESSAGES_PER_SECOND = 40.0
BYTES_BURST = 1024 * 1024
BYTES_PER_SECOND = 128 * 1024.0
#: The widgets' control channel, the only comm a page may open, and how often.
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_COMMS = 8
_V1 = "v1.kernel.websocket.jupyter.org"


def _read(message: str | bytes, subprotocol: str | None) -> tuple[str, dict[str, Any]]:
    """The type and content of a page's message, in either websocket protocol.

    :raises ValueError: for a message that cannot be read.
    """
    if subprotocol == _V1:
        if not isinstance(message, bytes):
            raise ValueError("a v1 message is binary")
        _channel, parts = deserialize_msg_from_ws_v1(message)  # type: ignore[no-untyped-call]
        header, content = json.loads(parts[0]), json.loads(parts[3])
    else:
        whole = (
            deserialize_binary_message(message)  # type: ignore[no-untyped-call]
            if isinstance(message, bytes)
            else json.loads(message)
        )
        header, content = whole.get("header"), whole.get("content")
    if not isinstance(header, dict) or not isinstance(content, dict):
        raise ValueError("a message without a header or content")
    return str(header.get("msg_type", "")), content


@dataclass
class _Kernel:
    messages: TokenBucket
    data: TokenBucket
    controls: int = 0


@dataclass
class PageTraffic:
    """The budget of each kernel's pages (see the module's description)."""

    clock: Callable[[], float] = time.monotonic
    kernels: dict[str, _Kernel] = field(default_factory=dict)

    def refusal(self, kernel: str, message: str | bytes, subprotocol: str | None) -> str:
        """Why ``message`` from a page may not reach ``kernel`` (``""``: it may)."""
        budget = self.kernels.get(kernel)
        if budget is None:
            budget = self.kernels[kernel] = _Kernel(
                TokenBucket(MESSAGE_BURST, 1.0 / MESSAGES_PER_SECOND, self.clock),
                TokenBucket(BYTES_BURST, 1.0 / BYTES_PER_SECOND, self.clock),
            )
        size = len(message.encode() if isinstance(message, str) else message)
        if size > MAX_MESSAGE:
            return "too large"
        if not budget.messages.take() or not budget.data.take(size):
            return "too many"
        try:
            kind, content = _read(message, subprotocol)
        except (ValueError, IndexError, UnicodeDecodeError, TypeError):
            return "unreadable"
        if kind == "comm_open":
            if content.get("target_name") != CONTROL_TARGET:
                return "a widget of its own"
            if budget.controls >= CONTROL_COMMS:
                return "too many widget channels"
            budget.controls += 1
        return ""

    def forget(self, kernel: str) -> None:
        """The kernel is gone."""
        self.kernels.pop(kernel, None)
