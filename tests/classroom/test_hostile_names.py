"""A nickname is a child's own text: every screen that shows one shows it as words, never as
markup (the screens build HTML with ``sq2edu.markup.html``; these fail if a value slips in
unescaped)."""

from __future__ import annotations

import re
from pathlib import Path

from sq2edu.classroom.domain.challenge import Round
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.views import panels
from sq2edu.classroom.views.projector import board_html, projector_page
from sq2edu.classroom.widgets.dashboard.challenge import _status_html
from sq2edu.progress.records import Attempt, GameRecord

HOSTILE = '<img src=x onerror="alert(1)">'


def _no_tag_from(page: str, shown: bool = True) -> None:
    """No tag came from the name; where the page names the child, it shows the name as
    words."""
    assert "<img" not in page
    if shown:
        assert re.search(r"&lt;img src=x onerror=(&#34;|&quot;)alert\(1\)(&#34;|&quot;)&gt;", page)


def test_the_dashboards_panels_show_a_hostile_name_as_words(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "class.sqlite3") as store:
        store.record_attempt(Attempt(HOSTILE, "2 + 3 = 6", False, ("not-true",), (2, 3, 6)))
        store.record_attempt(Attempt(HOSTILE, "2 + 3 = 5", True, (), (2, 3, 5)))
        summary = ClassSummary()
        summary.update(store)
        game = GameRecord((HOSTILE, "Leo"), {}, HOSTILE, 12, 60.0)
        for page in (
            panels.here_html([HOSTILE], summary, {}),
            panels.grid_html([HOSTILE], summary),
            panels.mistakes_html(summary),
            panels.games_html([game], [HOSTILE, "Leo"]),
            panels.report_html(HOSTILE, HOSTILE, summary, [game], "en"),
            panels.lessons_html([HOSTILE], store.lesson_marks(), ("number-bonds",)),
        ):
            _no_tag_from(page)
        _no_tag_from(panels.student_html(HOSTILE, summary), shown=False)


def test_the_challenge_panel_and_projector_show_a_hostile_name_as_words(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "class.sqlite3") as store:
        challenges = Challenges(store)
        number = challenges.start(Round(0, (2, 3, 5, 6, 8), "+−×÷")).number
        challenges.record(HOSTILE, number, "2 + 3 = 6")
        challenges.show_names(True)
        board = challenges.board()
        panel = _status_html(board)
        _no_tag_from(panel)
        challenges.record(HOSTILE, number, "2 + 3 = 5")
        challenges.end()
        for page in (board_html(challenges.board()), projector_page(challenges.board())):
            _no_tag_from(page)
