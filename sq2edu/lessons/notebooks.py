"""Write the lesson notebooks: each lesson in each language, and a teacher's guide per
language (``python -m sq2edu.lessons.notebooks lessons``).

A notebook holds no lesson text of its own: each cell shows a part of a lesson from the
package, in the notebook's language, so the words are kept (and translated) in one place.
``make lessons`` writes them and runs them, and ``pytest --nbval lessons/`` compares every
cell's output with the saved one.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
    return [_IMPORT] + [f'LessonPages("{key}", language="{lang}").guide()' for key in LESSONS]


def write_all(folder: Path) -> list[Path]:
    """Write every notebook (not run) under ``folder/<language>/``; return their paths."""
    import nbformat

    written = []
    for lang in LANGUAGES:
        (folder / lang).mkdir(parents=True, exist_ok=True)
        sources = {notebook_name(key): _cells(key, lang) for key in LESSONS}
        sources[GUIDE] = _guide_cells(lang)
        for name, cells in sources.items():
            notebook = nbformat.v4.new_notebook(
                cells=[nbformat.v4.new_code_cell(source) for source in cells],
                metadata={
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    },
                    "language_info": {"name": "python"},
                },
            )
            path = folder / lang / name
            nbformat.write(notebook, path)
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "lessons")):
        print(path)
