"""``sq2edu worksheet``: a sheet, its answers or a card set, to a file, from a terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sq2edu import cli
from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.progress.records import Attempt


def test_a_sheet_is_written_as_html_the_same_for_the_same_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, again = tmp_path / "a.html", tmp_path / "b.html"
    arguments = ["worksheet", "--level", "tables-2-5-10", "--count", "8", "--seed", "7"]
    assert cli.main([*arguments, "--language", "nb", "--paper", "letter", "--out", str(first)]) == 0
    assert cli.main([*arguments, "--language", "nb", "--paper", "letter", "--out", str(again)]) == 0
    assert first.read_text() == again.read_text()
    page = first.read_text()
    assert '<html lang="nb">' in page
    assert "size: 215.9mm 279.4mm" in page
    assert "<h1>Gangetabellen for 2, 5 og 10</h1>" in page
    assert "ark 7 · side 1 av" in page
    assert "·" in page
    assert "×" not in page
    said = capsys.readouterr().out
    assert re.search(r"wrote .*a\.html \(\d+ pages? of exercises, 1 page of answers\)", said)


def test_the_answers_alone_and_a_sheet_without_them(tmp_path: Path) -> None:
    answers, sheet = tmp_path / "answers.html", tmp_path / "sheet.html"
    base = ["worksheet", "--level", "bonds-10", "--seed", "3"]
    assert cli.main([*base, "--key", "only", "--out", str(answers)]) == 0
    assert cli.main([*base, "--key", "none", "--out", str(sheet)]) == 0
    assert answers.read_text().count('<section class="page sheet') == 0
    assert answers.read_text().count('<section class="page answers') == 1
    assert sheet.read_text().count('<section class="page answers') == 0


def test_a_card_set_is_written(tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    assert (
        cli.main(
            ["worksheet", "--cards", "--level", "tables-10", "--copies", "1", "--out", str(out)]
        )
        == 0
    )
    page = out.read_text()
    assert page.count('<div class="cut">') + page.count('<div class="cut"') >= 42
    assert ">100<" in page


def test_a_child_s_sheet_comes_from_the_store_in_the_class_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "class.sqlite3"
    with SQLiteStore(db) as store:
        store.join("Mia")
        store.save_settings(ClassSettings(language="ru").to_dict())
        for _ in range(3):
            store.record_attempt(
                Attempt("Mia", "7 − 3 = 5", False, ("not-true",), level="bonds-10")
            )
    out = tmp_path / "mia.html"
    assert (
        cli.main(
            ["worksheet", "--student", "Mia", "--db", str(db), "--seed", "2", "--out", str(out)]
        )
        == 0
    )
    page = out.read_text()
    assert '<html lang="ru">' in page
    assert '<span class="blank">Mia</span>' in page
    assert "Больше заданий на: − с двумя числами" in page


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ([], "choose a level (--level bonds-10) or whom the sheet is for"),
        (["--level", "fractions"], "'fractions' is not a level; the levels are bonds-10"),
        (
            ["--level", "bonds-10", "--out", "sheet.docx"],
            "write the sheet to a .pdf or an .html file",
        ),
        (["--level", "bonds-10", "--operations", "%"], "'%' is not an operation"),
        (["--cards"], "choose the levels of the cards with --level"),
        (["--cards", "--level", "bonds-10", "--copies", "9"], "print 1 to 4 copies of a set"),
        (
            ["--student", "Mia", "--db", "nowhere.sqlite3"],
            "there is no progress store at nowhere.sqlite3",
        ),
        (
            ["--student", "Mia", "--level", "bonds-10"],
            "--level chooses the level of a sheet for the class",
        ),
    ],
)
def test_bad_arguments_are_a_clear_error_and_write_nothing(
    arguments: list[str],
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["worksheet", *arguments]) == 2
    assert words in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_without_a_browser_says_what_to_do_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SQ2EDU_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no browser on this PATH
    out = tmp_path / "sheet.pdf"
    assert cli.main(["worksheet", "--level", "bonds-10", "--out", str(out)]) == 2
    assert (
        "No Chromium or Chrome was found to make a PDF. Save the sheet as .html"
        in capsys.readouterr().err
    )
    assert not out.exists()
    # Without --out, the sheet is written as HTML to print from a browser.
    monkeypatch.chdir(tmp_path)
    assert cli.main(["worksheet", "--level", "bonds-10", "--seed", "5"]) == 0
    assert (tmp_path / "worksheet-5.html").is_file()


def test_a_browser_named_that_is_not_there_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQ2EDU_CHROMIUM", "/no/such/chromium")
    assert cli.main(["worksheet", "--level", "bonds-10", "--out", str(tmp_path / "a.pdf")]) == 2
    assert "SQ2EDU_CHROMIUM='/no/such/chromium' is not a program" in capsys.readouterr().err


@pytest.mark.browser
def test_a_pdf_is_printed_by_chromium(chromium_path: str, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    arguments = ["worksheet", "--level", "remainders", "--seed", "9", "--paper", "letter"]
    assert cli.main([*arguments, "--out", str(out)]) == 0
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF")
    html = tmp_path / "sheet.html"
    assert cli.main([*arguments, "--out", str(html)]) == 0
    pages = html.read_text().count('<section class="page')
    assert len(re.findall(rb"/MediaBox\s*\[\s*0 0 612 792\s*\]", pdf)) == pages
