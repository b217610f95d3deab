"""The pinned widget stack renders live widgets in Voilà, in a real Chromium.

When ipywidgets, jupyterlab_widgets and Voilà's widget manager disagree, widgets show up as
plain text such as ``Button(description=...)``; only a browser sees that.
"""

from __future__ import annotations

import sys
import urllib.parse
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from sq2edu.classroom.server.serve import write_cell_notebook

KERNEL_START_TIMEOUT_MS = 60_000
"""A cold kernel start plus the first import of ipywidgets can take a while on a busy machine."""

CELL_SOURCE = """\
import sys

import ipywidgets as widgets
from IPython.display import display

# "Ready" also proves that the kernel runs in the interpreter the tests run in.
label = widgets.HTML(
    "Ready" if sys.prefix == {prefix!r} else f"Wrong kernel: {{sys.prefix}}"
)
button = widgets.Button(description="Check my equation")


def show_clicked(_button):
    label.value = "Clicked!"


button.on_click(show_clicked)
display(button, label)
"""


def write_notebook(path: Path) -> Path:
    """Write the one-cell widget notebook to ``path``.

    :param path: where to write the ``.ipynb`` file.
    :returns: ``path``.
    """
    return write_cell_notebook(path, CELL_SOURCE.format(prefix=sys.prefix))


def test_button_click_updates_label(
    page: Page, voila_server: Callable[[Path], str], tmp_path: Path, artifacts_dir: Path
) -> None:
    base_url = voila_server(write_notebook(tmp_path / "widgets.ipynb"))

    # Voilà streams the page while the kernel runs the notebook, so "load" comes late.
    page.goto(base_url, wait_until="commit", timeout=KERNEL_START_TIMEOUT_MS)

    button = page.get_by_role("button", name="Check my equation")
    expect(button, "the widget never rendered as a button").to_be_visible(
        timeout=KERNEL_START_TIMEOUT_MS
    )
    expect(
        page.get_by_text("Ready", exact=True),
        "no 'Ready' label: the kernel is not this interpreter (see the screenshot)",
    ).to_be_visible()

    button.click()
    expect(page.get_by_text("Clicked!", exact=True)).to_be_visible(timeout=KERNEL_START_TIMEOUT_MS)

    # Voilà strips cell sources by default; children must never see the code.
    expect(page.locator("body")).not_to_contain_text("on_click")
    assert "on_click" not in page.content()

    page.screenshot(path=artifacts_dir / "voila_widgets.png")


def test_a_notebook_opened_with_voila_as_the_readme_shows_asks_no_other_host(
    page: Page, voila_server: Callable[[Path], str]
) -> None:
    """``voila notebooks/play.ipynb``: Voilà's own page links an icon font on a CDN, which a
    school with no internet fails to fetch on every page; the notebooks name a page that
    does not."""
    outside: list[str] = []

    def refuse_outside(route: Route) -> None:
        if urllib.parse.urlsplit(route.request.url).hostname not in ("127.0.0.1", None):
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", refuse_outside)
    notebook = Path(__file__).parents[2] / "notebooks" / "play.ipynb"
    page.goto(voila_server(notebook), wait_until="commit", timeout=KERNEL_START_TIMEOUT_MS)
    page.wait_for_selector(".sq2-table[data-version]", timeout=KERNEL_START_TIMEOUT_MS)
    page.wait_for_load_state("load")
    assert outside == []
