"""Which classes a teacher signed in to the school's hub keeps, read from the school's store.

Apart from the teachers' dashboard (:mod:`sq2edu.hub.teachers`) so that the teacher's
server can ask it for a download without loading a widget.
"""

from __future__ import annotations

import os

from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import SQLStore, open_store

__all__ = ["classes_of", "teachers_store"]


def _school() -> School:
    return School(open_store(os.environ["SQ2EDU_DB"]))


def _teacher(school: School, hub_user: str) -> str | None:
    user = school.hub_user(hub_user) if hub_user else None
    return None if user is None else user.teacher


def classes_of(hub_user: str) -> tuple[str | None, list[str]]:
    """The teacher the hub user is (``None``: not a teacher) and the classes they keep."""
    school = _school()
    try:
        teacher = _teacher(school, hub_user)
        return teacher, (school.rooms_of(teacher) if teacher else [])
    finally:
        school.store.close()


def teachers_store(hub_user: str, room: str) -> SQLStore | None:
    """The store of ``room`` if the hub user is a teacher who keeps it, else ``None``."""
    teacher, rooms = classes_of(hub_user)
    if teacher is None or room not in rooms:
        return None
    return open_store(os.environ["SQ2EDU_DB"], room)
