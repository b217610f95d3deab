"""The lesson notebooks: one per lesson and language, written from the package, executed and
saved cleanly.

Their outputs are compared cell by cell by ``pytest --nbval lessons/`` (run by ``make test``);
these tests check what nbval cannot: that the notebooks are the ones the package writes, and
their saved state.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sq2edu.i18n import LANGUAGES
from sq2edu.lessons import LESSONS
from sq2edu.lessons.notebooks import GUIDE, notebook_name, write_all
from sq2edu.ui.lesson import LessonPages

FOLDER = Path(__file__).parent.parent / "lessons"
NOTEBOOKS = sorted(FOLDER.glob("*/*.ipynb"))


def cells(path: Path) -> list[dict[str, Any]]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(notebook["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def test_every_lesson_and_guide_has_a_notebook_in_every_language_and_nothing_else() -> None:
    expected = {
        FOLDER / lang / name
        for lang in LANGUAGES
        for name in [*(notebook_name(key) for key in LESSONS), GUIDE]
    }
    assert set(NOTEBOOKS) == expected
    assert not list(FOLDER.glob("*.ipynb"))


def test_the_notebooks_are_the_ones_the_package_writes(tmp_path: Path) -> None:
    """So a lesson is changed in the package, and `make lessons` brings the notebooks along."""
    for written in write_all(tmp_path):
        saved = FOLDER / written.relative_to(tmp_path)
        assert [source(c) for c in cells(saved)] == [source(c) for c in cells(written)], saved
        assert json.loads(saved.read_text(encoding="utf-8"))["metadata"]["voila"] == {
            "template": "sq2edu"
        }


def test_the_readme_links_every_lesson_in_order() -> None:
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    linked = re.findall(r"\]\(en/(\d\d-[\w-]+\.ipynb)\)", readme)
    assert linked == [notebook_name(key) for key in LESSONS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_notebook_is_saved_executed_top_to_bottom_without_error_or_warning(path: Path) -> None:
    code = cells(path)
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in code:
        assert cell["outputs"], source(cell)
        for output in cell["outputs"]:
            assert output["output_type"] != "error", source(cell)
            assert output.get("name") != "stderr", source(cell)
            text = json.dumps(output.get("data", {}))
            assert "Traceback" not in text, source(cell)
            assert "Warning" not in text, source(cell)


def saved_html(cell: dict[str, Any]) -> str:
    (shown,) = [o for o in cell["outputs"] if o["output_type"] == "execute_result"]
    html = shown["data"]["text/html"]
    return html if isinstance(html, str) else "".join(html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_saved_pages_and_guides_are_what_the_package_shows_now(lang: str) -> None:
    """A picture or a word changed in the package without `make lessons` fails here, in
    seconds, rather than in nbval at the end of `make test`."""
    for key in LESSONS:
        pages = LessonPages(key, language=lang)
        for cell in cells(FOLDER / lang / notebook_name(key)):
            asked = re.fullmatch(r"lesson\.page\((\d+)\)", source(cell))
            if asked:
                shown = pages.page(int(asked.group(1)))._repr_html_()
                assert saved_html(cell) == shown, (lang, key, source(cell))
    for key, cell in zip(LESSONS, cells(FOLDER / lang / GUIDE), strict=True):
        assert saved_html(cell) == LessonPages(key, language=lang).guide()._repr_html_(), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_notebook_ends_with_its_book_seeded(lang: str) -> None:
    for key in LESSONS:
        last = source(cells(FOLDER / lang / notebook_name(key))[-1])
        assert last == "lesson.book(seed=1)"
