"""A child's equation reaches the teacher in the language's signs, whatever keys typed it:
``2 x 4 = 8``, ``6 : 2 = 3`` and ``8 - 2`` are shown as the lessons and the projector write
them, on the dashboard, in the parent report, among the class's mistakes and in the CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.exports import attempts_csv, shown_equation
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.views.panels import mistakes_html, report_html, student_html
from sq2edu.equations import check
from sq2edu.i18n import language
from sq2edu.progress.records import Attempt

TYPED = ["2 x 4 = 8", "6 : 2 = 3", "8 - 2", "9/3=3", "2*5 = 8", "7 – 1 = 5"]
#: Each as the teacher reads it, in English and in Russian (· and :).
SHOWN = {
    "en": ["2 × 4 = 8", "6 ÷ 2 = 3", "8 − 2", "9 ÷ 3 = 3", "2 × 5 = 8", "7 − 1 = 5"],
    "ru": ["2 · 4 = 8", "6 : 2 = 3", "8 − 2", "9 : 3 = 3", "2 · 5 = 8", "7 − 1 = 5"],
}
#: What the child typed that must not come back.
KEYS = ["x 4", "8 - 2", "9/3", "2*5", "7 – 1"]


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "class.sqlite3")
    store.join("Ola")
    for text in TYPED:
        verdict = check(text)
        store.record_attempt(Attempt("Ola", text, verdict.ok, verdict.codes, level="within-20"))
    return store


@pytest.mark.parametrize("lang", sorted(SHOWN))
def test_every_place_a_teacher_reads_an_equation_shows_the_language_s_signs(
    store: SQLiteStore, lang: str
) -> None:
    summary = ClassSummary()
    summary.update(store)
    with language(lang):
        assert [shown_equation(text) for text in TYPED] == SHOWN[lang]
        one = str(student_html("Ola", summary))
        report = report_html("Ola", "3B", summary, store.games(), lang)
        mistakes = str(mistakes_html(summary))
        table = list(csv.reader(io.StringIO(attempts_csv(store.attempts()).lstrip("\ufeff"))))
    column = table[0].index("equation" if lang == "en" else table[0][5])
    assert sorted(row[column].lstrip("'") for row in table[1:]) == sorted(SHOWN[lang])
    for shown in SHOWN[lang]:
        assert shown in one
        assert shown in report
    for page in (one, report, mistakes):
        for typed in KEYS:
            assert typed not in page, (typed, page[:200])
    assert SHOWN[lang][4] in mistakes  # 2*5 = 8, a wrong product, as an example


def test_text_that_is_no_equation_is_left_as_typed() -> None:
    assert shown_equation("hello") == "hello"
    assert shown_equation("  ") == ""
    assert shown_equation("12=12") == "12 = 12"
