"""``make bench``'s report: each section says when and on which machine it was measured."""

from __future__ import annotations

from benchmarks.run import _kept, dated

OLD_REPORT = """# Performance

- Date: 2026-12-01 09:00 UTC
- Machine: two cores

## Equation engine

| what | ms |

## Card table

_Measured 2026-12-02 10:00 UTC on four cores._

| what | ms |
"""


def test_a_section_run_now_carries_its_own_time_and_replaces_an_old_one() -> None:
    fresh = dated("## Card table\n\n| what | ms |\n", "2026-12-03 18:00 UTC", "two cores")
    assert fresh == (
        "## Card table\n\n_Measured 2026-12-03 18:00 UTC on two cores._\n\n| what | ms |\n"
    )
    again = dated(fresh, "2026-12-04 08:00 UTC", "four cores")
    assert again.count("_Measured") == 1
    assert "_Measured 2026-12-04 08:00 UTC on four cores._" in again


def test_a_kept_section_keeps_its_time_and_an_undated_one_is_dated_by_its_report() -> None:
    kept = _kept(OLD_REPORT)
    assert "_Measured 2026-12-02 10:00 UTC on four cores._" in kept["Card table"]
    assert "_Measured on or before 2026-12-01 09:00 UTC on two cores._" in kept["Equation engine"]
    assert kept["Equation engine"].startswith("## Equation engine\n\n_Measured")
