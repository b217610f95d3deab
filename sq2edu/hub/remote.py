"""The progress store of a child's kernel on the hub's class server: every record goes
through the class service (:mod:`sq2edu.hub.service`), so the kernel holds no database
credential and no hub token.

Each request names the kernel's child (their hub user, ``X-Sq2edu-Child``) and carries the
key the class server gave the kernel for that child (:func:`sq2edu.hub.private.child_key`);
the service makes the same key, and acts for that child only. Tables of classmates go the
same way (:mod:`sq2edu.hub.remote_tables`), and so does the class challenge
(:mod:`sq2edu.hub.remote_challenge`). What a child's kernel may not do (a teacher's work:
renaming, new classes, reading the class's attempts) it cannot even ask: it is a
:class:`~sq2edu.classroom.storage.store.ChildStore`, not a teacher's
:class:`~sq2edu.classroom.storage.store.ProgressStore`, and the service refuses such calls again."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any, Self

from sq2edu.classroom.storage.store import ChildStore, StoreError
from sq2edu.hub.private import CHILD_HEADER, SERVER_KEY_HEADER
from sq2edu.hub.remote_challenge import RemoteChallenges
from sq2edu.hub.remote_tables import RemoteTables, RemoteWatch
from sq2edu.hub.wire import OWN_ATTEMPTS, attempt_from, attempt_to, game_to
from sq2edu.progress.records import MARKS, Attempt, GameRecord, GuardEvent

__all__ = ["ServiceRefusedError", "ServiceStore", "StudentIdentity"]

_TIMEOUT_SECONDS = 15


class ServiceRefusedError(StoreError):
    """The class service answered, and refused (``status``: its HTTP status)."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(words)
        self.status = status


class StudentIdentity:
    """Who the service says this kernel's child is."""

    def __init__(self, room: str, nickname: str) -> None:
        self.room = room
        self.nickname = nickname


class ServiceStore:
    """A :class:`~sq2edu.classroom.storage.store.ChildStore` kept by the class service.

    :param child: the hub user of the child this kernel was handed to.
    :param key: that child's key (:func:`sq2edu.hub.private.child_key`).
    :param url: the service's address (default ``SQ2EDU_CLASS_SERVICE``).
    """

    def __init__(self, child: str, key: str, url: str | None = None) -> None:
        self.url = (url or os.environ["SQ2EDU_CLASS_SERVICE"]).rstrip("/")
        self._child = child
        self._key = key

    def _call(self, method: str, **args: Any) -> Any:
        headers = {
            CHILD_HEADER: self._child,
            SERVER_KEY_HEADER: self._key,
            "Content-Type": "application/json",
        }
        request = urllib.request.Request(
            f"{self.url}/api/{method}",
            data=json.dumps(args).encode(),
            headers=headers,
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=_TIMEOUT_SECONDS) as answer:
                return json.loads(answer.read())["result"]
        except urllib.error.HTTPError as error:
            reason = error.read().decode(errors="replace")
            try:
                reason = json.loads(reason)["error"]
            except (ValueError, KeyError, TypeError):
                reason = error.reason
            raise ServiceRefusedError(
                error.code, f"The class service refused {method}: {reason}"
            ) from error
        except (OSError, ValueError) as error:
            raise StoreError(f"The class service cannot be reached: {error}") from error

    def who(self) -> StudentIdentity:
        """The child this server belongs to."""
        found = self._call("who")
        return StudentIdentity(found["room"], found["nickname"])

    # -- what a child's kernel does ----------------------------------------------------

    def join(self, nickname: str, device: str | None = None, *, only: bool = False) -> bool:
        """Whether the child may be ``nickname`` (the hub signed them in as one child only,
        so no device holds a name here)."""
        return bool(self._call("join", nickname=nickname))

    def device_name(self, device: str) -> tuple[str, str] | None:
        """``None``: on the hub a name is the child's sign-in, not held by a device."""
        return None

    def class_code(self) -> str | None:
        """``None``: the hub's sign-in checks the class code before the child's page opens."""
        return None

    def students(self) -> list[str]:
        """The children of the open class."""
        return list(self._call("students"))

    def seen(self, nickname: str, at: str | None = None, language: str = "") -> None:
        """Note that the child is here now, and the language their page shows."""
        self._call("seen", nickname=nickname, language=language)

    def groups(self) -> dict[str, tuple[list[str], dict[str, Any]]]:
        """The groups the child is in (a child's kernel sees no other group)."""
        found = self._call("groups")
        return {name: (list(members), dict(focus)) for name, (members, focus) in found.items()}

    def record_attempt(self, attempt: Attempt) -> None:
        """Keep one of the child's attempts."""
        self._call("record_attempt", attempt=attempt_to(attempt))

    def record_game(self, game: GameRecord) -> None:
        """Keep a game the child played."""
        self._call("record_game", game=game_to(game))

    def record_event(self, event: GuardEvent) -> None:
        """Keep a refusal for the teacher to see (the service notes the address)."""
        self._call("record_event", kind=event.kind, detail=event.detail)

    def events(
        self, since: str = "", kind: str | None = None, address: str | None = None
    ) -> list[GuardEvent]:
        """A child's kernel sees no refusals: a class code is checked at the hub's sign-in."""
        return []

    def settings(self) -> dict[str, Any]:
        """The class's settings."""
        return dict(self._call("settings"))

    def current_class(self) -> tuple[int, str]:
        """The open class: its number and name."""
        number, name = self._call("current_class")
        return int(number), str(name)

    def last_seen(self) -> dict[str, str]:
        """When each classmate was last here (a table plays for a child who is away)."""
        return {str(name): str(at) for name, at in self._call("last_seen").items()}

    def shared_tables(self) -> RemoteTables:
        """The class's tables of classmates, through the service."""
        return RemoteTables(self)

    def challenges(self) -> RemoteChallenges:
        """The class challenge of the child's class, through the service."""
        return RemoteChallenges(self)

    def watch(self) -> RemoteWatch:
        """Whether the class's tables changed, asked of the service (twice a second)."""
        return RemoteWatch(self)

    def attempts(self, student: str, limit: int | None = None) -> list[Attempt]:
        """The child's own latest attempts (the Lab reads them)."""
        wanted = min(limit or OWN_ATTEMPTS, OWN_ATTEMPTS)
        found = self._call("own_attempts", student=student, limit=wanted)
        return [attempt_from(item) for item in found]

    def lesson_progress(self, student: str) -> dict[str, dict[int, str]]:
        """The lesson exercises the child has answered, by lesson, and how each went."""
        found = self._call("own_lessons", student=student)
        if not isinstance(found, dict):
            raise StoreError("the class service sent no lessons")
        return {
            str(lesson): {
                pair[0]: pair[1]
                for pair in marks
                if isinstance(pair, list)
                and len(pair) == 2
                and isinstance(pair[0], int)
                and pair[1] in MARKS
            }
            for lesson, marks in found.items()
            if isinstance(marks, list)
        }

    def close(self) -> None:
        """Nothing to close: each request is its own."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


# mypy checks here that ServiceStore offers everything a child's page may ask of a store.
_SERVICE_IS_A_CHILDS_STORE: type[ChildStore] = ServiceStore
