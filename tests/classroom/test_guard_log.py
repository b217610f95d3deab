"""The classroom's log keeps to its size: a message repeated by an attack passes a few times a
minute, and the file is rotated by whichever process sees it too large first, every process
going on in the new file (an attack grew it by 240-507 MB before)."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from sq2edu.classroom.server.http_guard import climbs
from sq2edu.classroom.server.server_log import OftenFilter, look_once, open_log, quiet_floods


def _record(message: str) -> logging.LogRecord:
    return logging.LogRecord("sq2edu", logging.WARNING, __file__, 1, message, None, None)


def test_a_repeated_message_passes_five_times_a_minute_and_then_says_how_many_were_left_out() -> (
    None
):
    now = [0.0]
    only = OftenFilter(repeats=5, window=60.0, clock=lambda: now[0])
    passed = [only.filter(_record("not allowed")) for _try in range(1000)]
    assert passed.count(True) == 5
    assert only.filter(_record("another message"))  # counted apart
    now[0] = 61.0
    record = _record("not allowed")
    assert only.filter(record)
    assert record.msg == "not allowed (995 more like this were left out)"
    # A new minute: five again, the first of them the one saying what was left out.
    assert [only.filter(_record("not allowed")) for _try in range(5)] == [True] * 4 + [False]


def test_the_log_is_rotated_once_and_every_process_goes_on_in_the_new_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "classroom.log"
    # Two processes' standard error, both appending to the log.
    first, second = open_log(path), open_log(path)
    try:
        os.write(first, b"x" * 2000)
        assert look_once(path, (first,), max_bytes=1000)
        rotated = path.with_name("classroom.log.1")
        assert rotated.stat().st_size == 2000
        assert path.stat().st_size == 0
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        os.write(first, b"after\n")
        assert path.read_bytes() == b"after\n"
        # The other process sees a small file: it does not rotate again, it follows.
        assert look_once(path, (second,), max_bytes=1000)
        os.write(second, b"second\n")
        assert path.read_bytes() == b"after\nsecond\n"
        assert rotated.stat().st_size == 2000
        assert not look_once(path, (first, second), max_bytes=1000)
        # Past the size again: the older rotation is replaced, so two files at most.
        os.write(second, b"y" * 2000)
        assert look_once(path, (first,), max_bytes=1000)
        assert rotated.read_bytes().startswith(b"after\nsecond\n")
        assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
            "classroom.log",
            "classroom.log.1",
        ]
    finally:
        os.close(first)
        os.close(second)


@pytest.mark.parametrize(
    "target",
    [
        "/voila/static/../x",
        "/voila/templates/lab/static/..%2f..%2fx",
        "/voila/static/%2e%2e/x",
        "/voila/static/%252e%252e/x",
        "/voila/files/..%5cx",
        "/..",
        "/a/..?q=1",
    ],
)
def test_a_path_with_a_step_up_climbs(target: str) -> None:
    assert climbs(target)


@pytest.mark.parametrize(
    "target", ["/", "/voila/static/voila.js?v=1", "/a..b/c", "/x/...", "/?next=../x"]
)
def test_a_path_without_one_does_not(target: str) -> None:
    assert not climbs(target)


def test_the_classrooms_own_warnings_are_not_repeated_past_the_limit() -> None:
    """Its loggers have no handler of their own: Python's last resort writes them, and must
    keep to the limit too."""
    quiet_floods()
    assert logging.lastResort is not None
    assert any(isinstance(f, OftenFilter) for f in logging.lastResort.filters)
