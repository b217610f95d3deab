"""The sq2edu command: the equation engine from a terminal, and serve's start-up."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest

from sq2edu import cli
from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.storage.school import School


def test_check_prints_the_explanation_and_exits_1_when_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["check", "2 + 3 = 6", "--cards", "2", "3", "6"]) == 1
    assert capsys.readouterr().out == "Not yet.\n2 + 3 makes 5, not 6.\nTry ×: 2 × 3 = 6 works!\n"


def test_check_exits_0_when_right(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "8 = 5 + 3"]) == 0
    assert capsys.readouterr().out.startswith("Yes! 8 = 5 + 3 works.")


def test_solve_lists_equations_and_the_red_knights_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["solve", "2", "3", "4", "--operations", "+", "--red-knight"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "2 + 3 = 5   (red knight: 4 counts as 5)" in out


def test_hint_prints_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hint", "2", "3", "6", "7"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "Hint 2: Try the 2, the 3 and the 6."


def test_bad_arguments_are_a_clear_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["solve", "2", "0", "4"]) == 2
    assert "number cards are whole numbers from 1 to 999" in capsys.readouterr().err


def test_serve_refuses_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["lab", "--notebooks", str(tmp_path / "nowhere")]) == 2
    assert "there is no folder" in capsys.readouterr().err


def test_serve_starts_jupyterlab_on_the_notebooks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[list[str]] = []

    def fake_call(command: list[str]) -> int:
        started.append(command)
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    assert cli.main(["lab", "--notebooks", str(tmp_path), "--port", "9999"]) == 0
    (command,) = started
    assert command[1] == "lab"
    assert f"--notebook-dir={tmp_path.resolve()}" in command
    assert "--ServerApp.port=9999" in command


def test_serve_refuses_an_unreachable_database_without_showing_its_password(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The whole address in the environment, which only this account reads.
    monkeypatch.setenv("SQ2EDU_DB", "postgresql://teacher:secret-words@127.0.0.1:1/sq2edu")
    assert cli.main(["serve", "--port", "1", "--teacher-port", "2"]) == 2
    error = capsys.readouterr().err
    assert "Cannot open the progress store at postgresql://teacher:***@127.0.0.1:1/sq2edu" in error
    assert "secret-words" not in error


@pytest.mark.parametrize("command", ["serve", "hub", "school"])
@pytest.mark.parametrize(
    "address",
    [
        "postgresql://teacher:secret-words@127.0.0.1:1/sq2edu",
        "postgresql://teacher@127.0.0.1:1/sq2edu?password=secret-words",
    ],
)
def test_a_password_on_the_command_line_is_refused(
    capsys: pytest.CaptureFixture[str], command: str, address: str
) -> None:
    """Every account on the computer reads a command's arguments (ps): a password there is
    no secret, so the command stops before it uses it, and does not repeat it."""
    arguments = [command, "--db", address, *(["list"] if command == "school" else [])]
    assert cli.main(arguments) == 2
    error = capsys.readouterr().err
    assert "A password in --db can be read by everyone on this computer." in error
    assert "--db-password-file" in error
    assert "secret-words" not in error


def test_the_password_file_must_be_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PGPASSWORD", raising=False)
    secret = tmp_path / "db-password"
    secret.write_text("secret-words\n")
    secret.chmod(0o644)
    address = "postgresql://teacher@127.0.0.1:1/sq2edu"
    arguments = ["serve", "--db", address, "--db-password-file", str(secret)]
    assert cli.main(arguments) == 2
    assert f"chmod 600 {secret}" in capsys.readouterr().err
    assert "PGPASSWORD" not in os.environ
    secret.chmod(0o600)
    # Read, and handed to PostgreSQL's client (the database is unreachable here).
    assert cli.main([*arguments, "--port", "1", "--teacher-port", "2"]) == 2
    assert os.environ["PGPASSWORD"] == "secret-words"
    assert "secret-words" not in capsys.readouterr().err


def test_serve_refuses_a_damaged_store_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    damaged = tmp_path / "class.sqlite3"
    damaged.write_bytes(b"not a database " * 200)
    assert cli.main(["serve", "--db", str(damaged)]) == 2
    assert "is not a progress store that sq2edu can read" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["-1", "soon", "nan", "100000"])
def test_serve_refuses_a_pool_refill_that_is_not_a_sensible_number_of_seconds(
    capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", f"--pool-refill={seconds}"])
    assert "is not a number of seconds from 0 to 86400" in capsys.readouterr().err


def test_school_makes_classes_and_teachers_and_lists_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = str(tmp_path / "school.sqlite3")
    assert cli.main(["school", "--db", db, "add-class", "3B", "--code", "owl7"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("a long password\n"))
    assert cli.main(["school", "--db", db, "add-teacher", "Anna"]) == 0
    assert cli.main(["school", "--db", db, "give", "3B", "Anna"]) == 0
    capsys.readouterr()
    assert cli.main(["school", "--db", db, "list"]) == 0
    assert capsys.readouterr().out == "class 3B: code OWL7, teachers Anna\nteachers: Anna\n"
    with SQLiteStore(db) as store:
        assert School(store).check_password("Anna", "a long password")


def test_school_refuses_in_plain_words_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = str(tmp_path / "school.sqlite3")
    assert cli.main(["school", "--db", db, "add-class", "3B", "--code", "OWL"]) == 2
    assert capsys.readouterr().err == (
        "sq2edu: A class code is 4 to 12 letters A-Z and digits, for example OWL7.\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert cli.main(["school", "--db", db, "add-teacher", "Anna"]) == 2
    assert "at least 8 characters" in capsys.readouterr().err
    assert cli.main(["school", "--db", db, "list"]) == 0
    assert capsys.readouterr().out == "teachers: (none)\n"


def test_serve_refuses_a_class_the_school_never_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "school.sqlite3")
    assert cli.main(["serve", "--db", db, "--room", "4C", "--no-qr"]) == 2
    assert capsys.readouterr().err.startswith("sq2edu: This school has no class called '4C'.")


def test_school_without_a_store_says_so_and_opens_no_local_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SQ2EDU_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert cli.main(["school", "add-class", "3B", "--code", "OWL7"]) == 2
    assert "needs its store: --db or SQ2EDU_DB" in capsys.readouterr().err
    assert not any(path.is_file() for path in tmp_path.rglob("*"))


def test_hub_without_a_store_says_where_to_put_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SQ2EDU_DB", raising=False)
    assert cli.main(["hub", "--data", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert "the school's store is not set" in said
    assert "--db-file FILE" in said
    assert "c.SchoolHub.db_file" in said
    address = tmp_path / "address"
    address.write_text("postgresql://sq2edu:pw@db/sq2edu")
    address.chmod(0o644)
    assert cli.main(["hub", "--db-file", str(address), "--data", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert "chmod 600" in said
    assert "pw@" not in said


def test_hub_passes_the_class_servers_size_on_to_the_hub(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--class-pool`` and ``--class-kernels`` are SchoolHub's options; left out, the hub's
    own defaults hold (a pool of 30, 120 kernels)."""
    from sq2edu.hub import config

    given: list[dict[str, object]] = []

    def run(*_args: object, **options: object) -> int:
        given.append(options)
        return 0

    monkeypatch.setattr(config, "run", run)
    hub = ["hub", "--db", str(tmp_path / "school.sqlite3"), "--data", str(tmp_path)]
    assert cli.main([*hub, "--class-pool", "12"]) == 0
    assert cli.main([*hub, "--class-kernels", "60"]) == 0
    assert given[0]["class_pool"] == 12
    assert "class_kernels" not in given[0]
    assert given[1]["class_kernels"] == 60
    assert config.SchoolHub().class_pool == 30
