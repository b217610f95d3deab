"""Changing what a box shows without leaving the old widgets behind.

Every widget lives on in the kernel (and keeps its comm to the page) until it is closed, even
when nothing shows it any more. A lobby redrawn each time a classmate makes a table, or a
child going back and forth between the menu, the Lab and games for a whole lesson, would
otherwise pile up thousands of them in one kernel.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import ipywidgets as widgets

__all__ = ["replace_children", "widget_tree"]


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


def replace_children(
    box: widgets.Box, children: Sequence[widgets.Widget], keep: Iterable[widgets.Widget] = ()
) -> None:
    """Show ``children`` in ``box``, and close what it showed before that is neither shown
    now nor in ``keep`` (widgets the box shows again later, such as a form's fields)."""
    before = [widget for child in box.children for widget in widget_tree(child)]
    box.children = list(children)
    staying = {id(widget) for child in children for widget in widget_tree(child)}
    staying |= {id(widget) for kept in keep for widget in widget_tree(kept)}
    for widget in before:
        if id(widget) not in staying:
            staying.add(id(widget))  # a widget shown twice is closed once
            widget.close()
