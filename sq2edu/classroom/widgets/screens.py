"""Changing what a box shows without leaving the old widgets behind.

Every widget lives on in the kernel (and keeps its comm to the page) until it is closed, even
when nothing shows it any more. A lobby redrawn each time a classmate makes a table, or a
child going back and forth between the menu, the Lab and games for a whole lesson, would
otherwise pile up thousands of them in one kernel.

A replaced widget is closed one change later, not at once: a click the child made on a
button a moment before the box was redrawn is still on its way, and must still arrive.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import ipywidgets as widgets

__all__ = ["Screens", "big_button", "widget_tree"]


def big_button(description: str = "", button_style: str = "") -> widgets.Button:
    """A button a child presses to get somewhere: 48 px high (a finger on a tablet), as
    wide as its words in any language."""
    return widgets.Button(
        description=description,
        button_style=button_style,
        layout=widgets.Layout(
            height="48px", min_width="170px", width="auto", align_self="flex-start"
        ),
        style={"font_size": "1.05rem"},
    )


def widget_tree(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """A widget and every widget inside it, with the layout and style widgets each one has
    of its own (so none may be shared between widgets that are closed apart)."""
    yield widget
    for part in ("layout", "style"):
        own = getattr(widget, part, None)
        if isinstance(own, widgets.Widget):
            yield own
    for child in getattr(widget, "children", ()):
        yield from widget_tree(child)


class Screens:
    """What one box shows, screen after screen.

    :param box: the box.
    :param keep: widgets the box shows again and again (a form's fields), never closed.
    """

    def __init__(self, box: widgets.Box, keep: Iterable[widgets.Widget] = ()) -> None:
        self.box = box
        self.keep = list(keep)
        self._retired: list[widgets.Widget] = []

    def show(self, children: Sequence[widgets.Widget]) -> None:
        """Show ``children``; close what was replaced the time before."""
        before = [widget for child in self.box.children for widget in widget_tree(child)]
        self.box.children = list(children)
        shown = {id(widget) for child in children for widget in widget_tree(child)}
        shown |= {id(widget) for kept in self.keep for widget in widget_tree(kept)}
        closed: set[int] = set()
        for widget in self._retired:
            if id(widget) not in shown and id(widget) not in closed:
                closed.add(id(widget))
                widget.close()
        retired = {id(widget): widget for widget in before if id(widget) not in shown}
        self._retired = list(retired.values())

    def close(self) -> None:
        """Close everything this box has shown or keeps, when the box itself goes: what it
        replaced last and the kept widgets it is not showing now would be left behind."""
        for widget in self._retired:
            widget.close()
        for kept in self.keep:
            for widget in widget_tree(kept):
                widget.close()
        self._retired = []
