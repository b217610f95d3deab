"""Golden playthroughs of both editions: seeded games, played again, must match their
saved text exactly (the writer is ``tests.golden``)."""

from __future__ import annotations

import difflib

import pytest

from tests.classic.golden import PLAYTHROUGHS as CLASSIC
from tests.golden import Playthrough, action_text, render
from tests.rescue.golden import PLAYTHROUGHS as RESCUE

#: Lines of unified diff shown when a playthrough differs from its file.
DIFF_LINES = 40
REGENERATE = "make golden"
#: Words of the classic events its golden files show, each file at least once.
CLASSIC_SPECIAL_RULES = (
    "lets {} wake one more queen",
    "fight like cats and dogs",
    "stops the {} with a",
    "fell asleep and went back to the middle",
    "who wakes a queen",
    "and plays again",
)


def _first_differences(expected: str, actual: str) -> str:
    diff = difflib.unified_diff(
        expected.splitlines(),
        actual.splitlines(),
        fromfile="golden file",
        tofile="this run",
        lineterm="",
        n=2,
    )
    lines = list(diff)
    shown = "\n".join(lines[:DIFF_LINES])
    more = f"\n... and {len(lines) - DIFF_LINES} more diff lines" if len(lines) > DIFF_LINES else ""
    return shown + more


@pytest.mark.parametrize("playthrough", RESCUE + CLASSIC, ids=lambda p: p.path.name)
def test_playthrough_matches_its_golden_file(playthrough: Playthrough) -> None:
    """The game plays out exactly as recorded: the same views, choices and words."""
    if not playthrough.path.exists():
        pytest.fail(f"{playthrough.path} is missing; write it with: {REGENERATE}")
    expected = playthrough.path.read_text(encoding="utf-8")
    actual = render(playthrough)
    if actual != expected:
        pytest.fail(
            f"{playthrough.path.name} differs from this run:\n"
            f"{_first_differences(expected, actual)}\n"
            f"If the change is intended, regenerate the golden files with: {REGENERATE}",
            pytrace=False,
        )


@pytest.mark.parametrize("playthrough", RESCUE + CLASSIC, ids=lambda p: p.path.name)
def test_golden_files_record_whole_games(playthrough: Playthrough) -> None:
    """Each golden game ends with a winner within the recorded steps (none is cut off)."""
    text = playthrough.path.read_text(encoding="utf-8")
    assert "The whole game:" in text.splitlines()[2]
    assert "\n== the end, after " in text
    assert f"Regenerate after an intended change: {REGENERATE}" in text


@pytest.mark.parametrize("playthrough", CLASSIC, ids=lambda p: p.path.name)
def test_classic_golden_games_reach_the_special_rules(playthrough: Playthrough) -> None:
    """Each classic golden game shows the Rose's bonus, the Cat and Dog, a block, a
    Sleeping Potion and both Jester outcomes."""
    lines = playthrough.path.read_text(encoding="utf-8").splitlines()
    for words in CLASSIC_SPECIAL_RULES:
        before, _, after = words.partition("{}")
        assert any(before in line and after in line for line in lines), f"never shows {words!r}"


def test_a_changed_line_is_shown_in_the_diff() -> None:
    """The diff helper points at the first changed step (a check on the test's own tool)."""
    shown = _first_differences("a\nb\nc\nd\n", "a\nB\nc\nd\n")
    assert "-b" in shown
    assert "+B" in shown


@pytest.mark.parametrize("playthrough", [RESCUE[0], CLASSIC[0]], ids=["rescue", "classic"])
def test_a_cut_off_game_says_so(playthrough: Playthrough) -> None:
    """With a step limit shorter than the game, the file says only the first steps are there."""
    text = render(playthrough, max_steps=5)
    assert "only its first 5 steps are recorded" in text
    assert "== step 5 " in text
    assert "== step 6 " not in text
    assert "== stopped after 5 steps; the game goes on" in text


def test_actions_are_written_compactly() -> None:
    """An action's dict becomes one short line, with the equation text quoted."""
    line = action_text(
        {"kind": "make-equation", "cards": ["n2a", "n3a", "n5a"], "text": "2 + 3 = 5"}
    )
    assert line == 'make-equation(cards=[n2a n3a n5a], text="2 + 3 = 5")'
    assert action_text({"kind": "classic-no-block"}) == "classic-no-block"
