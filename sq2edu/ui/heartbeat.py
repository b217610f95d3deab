"""A banner for a page that has lost its class.

When the classroom's server stops, the network goes or the kernel is gone, a page stays on
screen and does nothing: a child keeps clicking and wonders. :class:`Heartbeat` asks the
kernel every few seconds whether it is still there (a tiny message each way); without an
answer for twelve seconds the page shows, in the child's language, that the connection is
lost and what to do, and hides it again when answers come back. A page whose kernel the
class server stopped (it held more memory than its share) asks the server why, and says so;
one whose server was started again since says to reload the page (nothing else brings it
back: its kernel went with the old server).
The teacher's dashboard has one too, whose words are for the teacher: a tab a newer one
replaced says so, rather than that the server stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from sq2edu.i18n import _, language
from sq2edu.ui.game_table import asset

__all__ = ["Heartbeat"]


class Heartbeat(anywidget.AnyWidget):
    """Answers the page's "still there?" and holds the banner's words.

    :param lang: the language of the words (:meth:`set_language` changes it).
    :param teacher: the words are for the teacher's dashboard, not a child's page.
    """

    _esm = asset("heartbeat.js")
    _css = asset("heartbeat.css")

    words = traitlets.Dict().tag(sync=True)
    #: The language the child chose; the page keeps it on its device (a cookie) for the
    #: next page it opens ("": none chosen).
    chosen = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", teacher: bool = False) -> None:
        super().__init__()
        self.teacher = teacher
        self.answered = 0
        #: Called at each "still there?" the page asks (a student's app notes them present).
        self.listeners: list[Callable[[], None]] = []
        self.set_language(lang)
        self.on_msg(self._answer)

    def set_language(self, lang: str) -> None:
        """Say the banner's words in ``lang``."""
        with language(lang):
            if self.teacher:
                self.words = {
                    "lost": _(
                        "The dashboard has lost its connection: the class server may have "
                        "stopped. Start it again (make serve), then open the dashboard's "
                        "address it shows."
                    ),
                    # The teacher's server keeps a few dashboard tabs; a newer one took
                    # this one's place while the server runs on.
                    "replaced": _(
                        "A newer dashboard tab replaced this one (the dashboard keeps a few "
                        "tabs at a time). The class server is still running: use the newer "
                        "tab, or reload this one."
                    ),
                    # The class server stopped and started again: this tab's kernel went
                    # with it, and the teacher's address still opens the dashboard.
                    "restarted": _(
                        "The class server has started again. Reload this page to go on."
                    ),
                }
                return
            self.words = {
                "lost": _(
                    "Your page lost its connection to the class. Wait a moment; if this "
                    "stays, reload the page or ask your teacher."
                ),
                # The class server stopped this page: it held more memory than its share.
                "memory": _(
                    "This page was stopped because it used too much of the class computer. "
                    "Reload the page to go on."
                ),
                # The class server stopped and started again: the page's kernel went with
                # it, and only a reload brings the child back to their name and finds.
                "restarted": _("The class has started again. Reload the page to go on."),
            }

    def _answer(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("ping"), int):
            self.answered += 1
            self.send({"pong": content["ping"]})
            for listener in self.listeners:
                listener()
