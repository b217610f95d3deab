"""Write the lesson notebooks: each lesson in each language, and a teacher's guide per
language (``python -m sq2edu.lessons.notebooks lessons``).

A notebook holds no lesson text of its own: each cell shows a part of a lesson from the
package, in the notebook's language, so the words are kept (and translated) in one place.
``make lessons`` writes them and runs them, and ``pytest --nbval lessons/`` compares every
cell's output with the saved one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from sq2edu.i18n import LANGUAGES
from sq2edu.lessons import LESSONS
from sq2edu.lessons.exercises import Choice, Exercise

__all__ = ["GUIDE", "notebook_name", "write_all"]

#: The teacher's guide's file name in each language's folder.
GUIDE = "00-teachers-guide.ipynb"
_IMPORT = "from sq2edu.ui.lesson import LessonPages"


def notebook_name(key: str) -> str:
    """``01-number-bonds.ipynb`` for the lesson ``number-bonds``."""
    return f"{LESSONS[key].number:02d}-{key}.ipynb"


def _cells(key: str, lang: str) -> list[str]:
    lesson = LESSONS[key]
    cells = [f'{_IMPORT}\n\nlesson = LessonPages("{key}", language="{lang}")\nlesson']
    for number, page in enumerate(lesson.pages, start=1):
        if any(not isinstance(block, Exercise | Choice) for block in page.blocks):
            cells.append(f"lesson.page({number})")
    cells.append("lesson.book(seed=1)")
    return cells


def _guide_cells(lang: str) -> list[str]:
    guides = [f'LessonPages("{key}", language="{lang}").guide()' for key in LESSONS]
    return [f"{_IMPORT}\n\n{guides[0]}", *guides[1:]]


def write_all(folder: Path) -> list[Path]:
    """Write every notebook (not run) under ``folder/<language>/``; return their paths."""
    written = []
    for lang in LANGUAGES:
        (folder / lang).mkdir(parents=True, exist_ok=True)
        sources = {notebook_name(key): _cells(key, lang) for key in LESSONS}
        sources[GUIDE] = _guide_cells(lang)
        for name, cells in sources.items():
            path = folder / lang / name
            path.write_text(json.dumps(_notebook(name, cells), indent=1, ensure_ascii=False) + "\n")
            written.append(path)
    return written


def _notebook(name: str, cells: list[str]) -> dict[str, Any]:
    """A notebook (format 4.5) of code cells, not run; cell ids are stable from run to run."""
    stem = name.removesuffix(".ipynb")
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"{stem}-{number}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for number, source in enumerate(cells, start=1)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            # Voilà's page that asks no other host for anything (widgets/voila/sq2edu).
            "voila": {"template": "sq2edu"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "lessons")):
        print(path)
