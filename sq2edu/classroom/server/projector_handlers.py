"""The teacher's server's challenge addresses: the projector's page, its board, the CSV.

Each reads the store in a worker thread (:mod:`~sq2edu.classroom.server.off_loop`), and is
teacher-only like the dashboard's downloads (:class:`~sq2edu.classroom.server.guard`'s
teacher handlers: the teacher's token or the hub's sign-in, a loopback ``Host``). The board
is a long poll: it answers as soon as the challenge changes (the store's watch tells), or
after :data:`HOLD_SECONDS` with the same board, so a find is on the projector a moment after
the child's Check.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import tornado.web

from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.off_loop import in_thread, reading
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import StoreError
from sq2edu.classroom.views.projector import (
    HOLD_SECONDS,
    board_html,
    projector_page,
    said,
    unreadable_html,
    unreadable_words,
)
from sq2edu.i18n import language

__all__ = ["HOLD_SECONDS", "challenge_handlers"]

_LOG = logging.getLogger("sq2edu.classroom")

#: How often a waiting board request looks at the store's watch (a look costs microseconds).
_LOOK_SECONDS = 0.03


def _text(token: bytes | str) -> str:
    return token.decode() if isinstance(token, bytes) else token


def challenge_handlers(base: type[Any], request_store: Any, join: Any, base_url: str) -> list[Any]:
    """The handlers, made on the teacher's handler class ``base`` of
    :mod:`~sq2edu.classroom.server.guard` with its way of opening the store a request reads."""

    class ProjectorHandler(base):  # type: ignore[misc]
        """``/sq2edu/projector``: the page for the projector, in the class's language."""

        @tornado.web.authenticated
        async def get(self) -> None:
            token = _text(self.xsrf_token)

            def page_of(store: Any) -> str:
                with language(ClassSettings.from_dict(store.settings()).language):
                    return projector_page(Challenges(store).board(), token)

            try:
                page = await reading(lambda: request_store(self), page_of)
            except StoreError as error:
                # A store this server cannot read (written by a newer sq2edu while it ran):
                # the wall says what happened and what to do, never a bare "500".
                _LOG.warning("sq2edu: the projector cannot read the store: %s", error)
                page = projector_page(None, token, unreadable=True)
                self.set_status(503)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(page)

    class BoardHandler(base):  # type: ignore[misc]
        """``/sq2edu/projector/board?seen=STAMP``: the board once it differs from ``seen``."""

        @tornado.web.authenticated
        async def get(self) -> None:
            seen = self.get_argument("seen", "")[:64]
            try:
                store = await in_thread(request_store, self)
            except StoreError as error:
                _LOG.warning("sq2edu: the projector cannot read the store: %s", error)
                # Answered as a board, so that the wall shows the words and keeps asking
                # (a refusal would read as a stopped server); back once the store reads.
                self.set_header("Content-Type", "application/json; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                await asyncio.sleep(1)
                words = unreadable_words()
                self.finish(
                    json.dumps({"stamp": "unreadable", "html": unreadable_html(), "said": words})
                )
                return
            watch = None
            try:
                challenges = Challenges(store)
                stamp = await in_thread(challenges.stamp)
                if stamp == seen:
                    watch = store.watch()
                    deadline = time.monotonic() + HOLD_SECONDS
                    while stamp == seen and time.monotonic() < deadline:
                        await asyncio.sleep(_LOOK_SECONDS)
                        if self.request.connection.stream.closed():
                            return
                        if watch.changed():
                            stamp = await in_thread(challenges.stamp)

                def answer_of() -> dict[str, str]:
                    with language(ClassSettings.from_dict(store.settings()).language):
                        board = challenges.board()
                        return {"stamp": stamp, "html": board_html(board), "said": said(board)}

                answer = await in_thread(answer_of)
            finally:
                if watch is not None:
                    watch.close()
                await in_thread(store.close)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(answer))

    class ChallengeCSVHandler(base):  # type: ignore[misc]
        """``/sq2edu/challenge.csv``: every try of every challenge round of the class."""

        @tornado.web.authenticated
        async def get(self) -> None:
            text = await reading(lambda: request_store(self), lambda store: Challenges(store).csv())
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="challenge.csv"')
            self.set_header("Cache-Control", "no-store")
            self.finish(text)

    return [
        (join(base_url, r"/sq2edu/projector/board"), BoardHandler),
        (join(base_url, r"/sq2edu/projector"), ProjectorHandler),
        (join(base_url, r"/sq2edu/challenge\.csv"), ChallengeCSVHandler),
    ]
