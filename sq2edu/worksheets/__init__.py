"""Worksheets and card sets to print, from the same levels and checker as the Lab.

>>> from sq2edu.worksheets import make_sheet, sheet_html
>>> sheet = make_sheet(["tables-2-5-10"], count=8, seed=3)
>>> page = sheet_html(sheet, paper="letter", lang="nb")
>>> page.startswith("<!doctype html>"), "·" in page
(True, True)
"""

from sq2edu.worksheets.exercises import KINDS, Exercise, UncheckedAnswerError, verify
from sq2edu.worksheets.html import KEYS, sheet_html
from sq2edu.worksheets.paper import PAPERS
from sq2edu.worksheets.sheet import MAX_COUNT, MAX_NUMBER, Sheet, make_sheet

__all__ = [
    "KEYS",
    "KINDS",
    "MAX_COUNT",
    "MAX_NUMBER",
    "PAPERS",
    "Exercise",
    "Sheet",
    "UncheckedAnswerError",
    "make_sheet",
    "sheet_html",
    "verify",
]
