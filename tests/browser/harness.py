"""A card table in Chromium, wired straight to a widget in this test process.

The real browser module (``widgets/table.js`` and ``table.css``) draws the real widget's
``state`` and ``catalog``; every intent the page sends goes to the widget's own ``handle``
and the traits that changed come back, as anywidget's comm would carry them. Only the
transport is ours: the Voilà tests (``test_table.py``, ``test_classroom.py``) cover the comm
itself, and this harness lets one test look at hundreds of states (every phase, knight and
language at three screen sizes) in seconds rather than a Voilà start each.

A page can show one widget after another: each :func:`show_widget` loads the page afresh
(a new document, nothing kept from the widget before), without the cost of a new browser
context and its renderer for every state; or, for a sweep of hundreds of states, draws it
anew in the page already loaded (a new element and model, as a notebook draws a second
view of a widget).

>>> PAGE_ORIGIN
'http://sq2edu.test'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from playwright.sync_api import Page, Route

from sq2edu.ui.game_table import asset

__all__ = ["PAGE_ORIGIN", "Drawn", "show_widget"]

PAGE_ORIGIN = "http://sq2edu.test"
"""A made-up origin the page is served from (Playwright answers every request itself)."""

_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sq2edu</title>
<link rel="stylesheet" href="/table.css">
<style>body {{ margin: 0; padding: 8px; font-family: system-ui, sans-serif; }}</style>
</head>
<body>
<script type="module">
import widget from "/table.js";
let shown = null;
let views = 0;
// Draw the widget the test process shows now, in a new element with a new model: nothing
// of the one before is kept (the module keeps a half-built equation per model).
async function show() {{
  if (shown) {{
    shown.stop();
    shown.el.remove();
  }}
  const values = await window.sq2eduTraits();
  const listeners = new Map();
  function apply(changed) {{
    for (const [key, value] of Object.entries(changed)) {{
      values[key] = value;
      for (const callback of listeners.get("change:" + key) || []) callback();
    }}
  }}
  views += 1;
  const model = {{
    model_id: `view-${{views}}`,
    get: (key) => values[key],
    on: (event, callback) => {{
      if (!listeners.has(event)) listeners.set(event, []);
      listeners.get(event).push(callback);
    }},
    off: (event, callback) => {{
      const list = listeners.get(event) || [];
      listeners.set(event, list.filter((item) => item !== callback));
    }},
    send: async (content) => {{
      window.sq2eduPending += 1;
      try {{
        apply(await window.sq2eduSend(content));
      }} finally {{
        window.sq2eduPending -= 1;
      }}
    }},
  }};
  window.sq2eduUpdate = apply;
  const el = document.createElement("main");
  el.id = "widget";
  document.body.append(el);
  window.scrollTo(0, 0);
  shown = {{ el, stop: widget.render({{ model, el }}) }};
}}
window.sq2eduShow = async (lang) => {{
  if (document.activeElement) document.activeElement.blur();
  document.documentElement.lang = lang;
  await show();
}};
window.sq2eduPending = 0;
await show();
</script>
</body>
</html>
"""

_SYNCED = ("state", "catalog")


class Widget(Protocol):
    """What the harness needs of a table or a Lab."""

    language: str
    state: dict[str, Any]
    catalog: dict[str, Any]

    def handle(self, intent: Any) -> None: ...


class Drawn:
    """A widget drawn in a page: push its traits again after changing it from Python."""

    def __init__(self, page: Page, widget: Widget) -> None:
        self.page = page
        self.widget = widget
        self.sent = self._traits()

    def _traits(self) -> dict[str, str]:
        return {key: json.dumps(getattr(self.widget, key), sort_keys=True) for key in _SYNCED}

    def changed(self) -> dict[str, Any]:
        """The traits that differ from what the page has, as the comm would send them."""
        now = self._traits()
        out = {key: json.loads(now[key]) for key in _SYNCED if now[key] != self.sent[key]}
        self.sent = now
        return out

    def push(self) -> None:
        """Send what changed in Python (a loaded position, a new language) to the page."""
        changed = self.changed()
        if changed:
            before = self.version()
            self.page.evaluate("(changed) => window.sq2eduUpdate(changed)", changed)
            self.page.wait_for_function(
                f"Number(document.querySelector('.sq2-table').dataset.version) > {before}"
            )

    def version(self) -> int:
        """How many times the table has been drawn."""
        return int(self.page.locator(".sq2-table").get_attribute("data-version") or 0)

    def settle(self) -> None:
        """Wait until every intent the page sent has come back and been drawn (a click on
        the page may send one; the page draws what comes back before it counts it done)."""
        self.page.wait_for_function("window.sq2eduPending === 0")


class _Transport:
    """The page's side of the comm, installed once per page: whichever widget the page
    shows now answers it."""

    def __init__(self, page: Page) -> None:
        self.widget: Widget | None = None
        self.drawn: Drawn | None = None
        self.on_intent: Callable[[Any], None] | None = None
        page.route(f"{PAGE_ORIGIN}/**", self.serve)
        page.expose_function("sq2eduTraits", self.traits)
        page.expose_function("sq2eduSend", self.send)

    def _shown(self) -> tuple[Widget, Drawn]:
        if self.widget is None or self.drawn is None:
            raise RuntimeError("the page asked for a widget before one was shown")
        return self.widget, self.drawn

    def serve(self, route: Route) -> None:
        path = route.request.url.removeprefix(PAGE_ORIGIN)
        if path in _FILES:
            name, kind = _FILES[path]
            route.fulfill(body=asset(name).read_text(), content_type=kind)
        elif path in ("/", ""):
            widget, _drawn = self._shown()
            route.fulfill(body=_PAGE.format(lang=widget.language), content_type="text/html")
        else:
            route.fulfill(status=404, body="")

    def traits(self) -> dict[str, Any]:
        widget, _drawn = self._shown()
        return {key: getattr(widget, key) for key in _SYNCED}

    def send(self, content: Any) -> dict[str, Any]:
        widget, drawn = self._shown()
        if self.on_intent is not None:
            self.on_intent(content)
        widget.handle(content)
        return drawn.changed()


_FILES = {"/table.js": ("table.js", "text/javascript"), "/table.css": ("table.css", "text/css")}
_TRANSPORTS: WeakKeyDictionary[Page, _Transport] = WeakKeyDictionary()


def show_widget(
    page: Page,
    widget: Widget,
    on_intent: Callable[[Any], None] | None = None,
    *,
    same_page: bool = False,
) -> Drawn:
    """Draw ``widget`` in ``page`` with the real browser module and wait for the first drawing.

    The page is loaded afresh, so a page that showed another widget before shows this one
    alone.

    :param on_intent: called with every intent the page sends, before the widget handles it.
    :param same_page: draw it in the page already loaded, once the intents the page sent
        have come back: a new element and a new model at the top of the page, focus on
        nothing, as a new page draws it, without the new page's cost (scripts added to the
        page run at a new page only).
    """
    transport = _TRANSPORTS.get(page)
    loaded = transport is not None and page.url == f"{PAGE_ORIGIN}/"
    if transport is None:
        transport = _TRANSPORTS[page] = _Transport(page)
    if same_page and loaded:
        page.wait_for_function("window.sq2eduPending === 0")
    drawn = Drawn(page, widget)
    transport.widget, transport.drawn, transport.on_intent = widget, drawn, on_intent
    if same_page and loaded:
        page.evaluate("(lang) => window.sq2eduShow(lang)", widget.language)
    else:
        page.goto(f"{PAGE_ORIGIN}/")
    page.wait_for_selector(".sq2-table[data-version]")
    return drawn
