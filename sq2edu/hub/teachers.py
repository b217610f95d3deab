"""The teachers' dashboard on a school's hub: each teacher sees the classes they keep, and
no other.

The hub runs it as the service ``sq2edu-teachers`` (``python -m sq2edu.hub.teachers``),
reachable by the hub's ``teachers`` group only. It holds the store's address (read from
the file named by ``SQ2EDU_DB_FILE``), as the class service does; each page is the
classroom's dashboard (:class:`~sq2edu.classroom.widgets.dashboard.Dashboard`) for one class,
chosen among the signed-in teacher's classes (:class:`TeacherDesk`). The downloads of a
page (every attempt as CSV, a child's report) name the class, and are served only to a
teacher who keeps it.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from sq2edu.classroom.server.client import Client, this_client
from sq2edu.classroom.storage.school import School
from sq2edu.classroom.storage.store import open_store
from sq2edu.classroom.widgets.dashboard import CSV_PATH, Dashboard
from sq2edu.classroom.widgets.sign_out import sign_out_link
from sq2edu.hub.services import TEACHERS
from sq2edu.hub.teacher_classes import classes_of
from sq2edu.i18n import _, language
from sq2edu.markup import html

__all__ = ["NAME", "TEACHER_KERNELS", "TeacherDesk", "main"]

#: The service's name in the hub.
NAME = TEACHERS
#: Dashboards open at once across the school's teachers.
TEACHER_KERNELS = 20
_NOTEBOOK = "from sq2edu.hub.teachers import TeacherDesk\n\nTeacherDesk.from_environment()"


class TeacherDesk(widgets.VBox):  # type: ignore[misc]
    """A signed-in teacher's classes: a choice of class, and its dashboard.

    :param teacher: the teacher's name (``None``: the page's user is not a teacher).
    :param rooms: the classes they keep.
    """

    def __init__(self, teacher: str | None, rooms: list[str]) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.teacher = teacher
        self.rooms = rooms
        self.dashboard: Dashboard | None = None
        if teacher is None:
            words = _("This page is for teachers.")
            self.children = [widgets.HTML(html("<p>{}</p>", words)), sign_out_link()]
        elif not rooms:
            words = _(
                "No class is yours yet, {name}. Ask whoever runs the school's hub to give you "
                "one (sq2edu school give).",
                name=teacher,
            )
            self.children = [widgets.HTML(html("<p>{}</p>", words)), sign_out_link()]
        else:
            self.show(rooms[0])

    def show(self, room: str) -> None:
        """The dashboard of one of the teacher's classes."""
        if room not in self.rooms:
            return
        if self.dashboard is not None:
            self.dashboard.stop()
        store = open_store(os.environ["SQ2EDU_DB"], room)
        school = School(store)
        self.dashboard = Dashboard(
            store,
            csv_url=f"{CSV_PATH}?room={quote(room)}",
            class_code=school.room(room).code or "",
            room=room,
            # One class picker: the dashboard's own offers the teacher's other classes.
            rooms=self.rooms,
            on_room=self.show,
        )
        # The desk speaks the class's language, as its dashboard does.
        with language(self.dashboard.language):
            title = _("Your classes")
            header = widgets.HTML(html("<h2>{}</h2>", title))
            self.children = [header, sign_out_link(), self.dashboard]

    @classmethod
    def for_user(cls, hub_user: str) -> TeacherDesk:
        """The desk of the teacher signed in as ``hub_user``."""
        teacher, rooms = classes_of(hub_user)
        return cls(teacher, rooms)

    @classmethod
    def from_environment(cls, client: Any = this_client) -> widgets.Widget:
        """The page's desk, once the server has said who signed in (it writes the page's
        client down as it hands the kernel over)."""
        known: Client = client()
        if known.user:
            return cls.for_user(known.user)
        holder = widgets.VBox([widgets.HTML("<p>…</p>")])

        async def wait() -> None:
            for _try in range(600):
                found: Client = client()
                if found.user:
                    holder.children = [cls.for_user(found.user)]
                    return
                await asyncio.sleep(0.1)

        asyncio.get_event_loop().create_task(wait())
        return holder


def main() -> None:
    """Run the teachers' dashboard as the hub starts it."""
    from sq2edu.hub.identity import run_voila
    from sq2edu.hub.private import store_address

    os.environ["SQ2EDU_HUB_TEACHERS"] = "1"
    # The dashboard's kernels (this process's children) read the store's address from the
    # environment; the hub gave only the path of the file that holds it.
    os.environ["SQ2EDU_DB"] = store_address()
    run_voila("teachers.ipynb", _NOTEBOOK, "hub-teachers", TEACHER_KERNELS)


if __name__ == "__main__":
    main()
