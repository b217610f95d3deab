"""The lesson notebooks: complete, in order, executed and saved cleanly.

Their outputs are compared cell by cell by ``pytest --nbval lessons/`` (run by ``make test``);
these tests check what nbval cannot: the shape every lesson promises and the saved state.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

LESSONS = Path(__file__).parent.parent / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))
#: Calls whose results depend on chance: a lesson must seed each one.
SEEDED_CALLS = ("EquationLab(", "RescueTable(", "new_game(", "run_tournament(", "make_bot(")


def cells(path: Path) -> list[dict[str, Any]]:
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(notebook["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def test_there_are_eight_lessons_numbered_in_order() -> None:
    assert [path.name[:3] for path in NOTEBOOKS] == [f"0{n}-" for n in range(1, 9)]


def test_the_readme_links_every_lesson_in_order() -> None:
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    linked = re.findall(r"\]\((\d\d-[\w-]+\.ipynb)\)", readme)
    assert linked == [path.name for path in NOTEBOOKS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_has_its_parts(path: Path) -> None:
    """What you will learn, examples, your turn with the Lab or a game, a teacher's note."""
    markdown = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "markdown")
    code = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "code")
    assert markdown.startswith(f"# Lesson {int(path.name[:2])} · ")
    for heading in ("**What you will learn**", "## Your turn", "## Teacher's note"):
        assert heading in markdown, heading
    assert "Exercise(" in code or "RescueTable(" in code
    assert markdown.index("## Your turn") < markdown.index("## Teacher's note")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_is_saved_executed_top_to_bottom(path: Path) -> None:
    code = [c for c in cells(path) if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_shows_no_error_and_no_warning(path: Path) -> None:
    for cell in cells(path):
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", source(cell)
            assert output.get("name") != "stderr", source(cell)
            text = json.dumps(output.get("data", {}))
            assert "Traceback" not in text, source(cell)
            assert "Warning" not in text, source(cell)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_everything_left_to_chance_is_seeded(path: Path) -> None:
    """So every run prints what the saved lesson shows."""
    for cell in cells(path):
        text = source(cell)
        for call in SEEDED_CALLS:
            for found in re.finditer(re.escape(call), text):
                closing = text.index(")", found.end())
                assert "seed=" in text[found.end() : closing], f"{call} in {text!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_exercise_has_an_answer_cell_left_for_the_child(path: Path) -> None:
    code = [source(c) for c in cells(path) if c["cell_type"] == "code"]
    names = [m.group(1) for text in code for m in re.finditer(r"^(\w+) = Exercise\(", text, re.M)]
    for name in names:
        assert f'{name}.answer("")' in code, name
        assert any(f"{name}.answers()" in text for text in code), name
