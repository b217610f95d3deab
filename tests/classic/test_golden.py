"""Golden playthroughs: seeded games, played again, must match their saved text exactly."""

from __future__ import annotations

import difflib

import pytest

from tests.classic.golden import PLAYTHROUGHS, REGENERATE, Playthrough, action_text, render

#: Lines of unified diff shown when a playthrough differs from its file.
DIFF_LINES = 40
#: Words of the events every golden file shows at least once, between them all.
SPECIAL_RULES = (
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


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=lambda p: p.path.name)
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


def test_golden_files_record_whole_games_that_reach_the_special_rules() -> None:
    """Each golden game ends with a winner within the recorded steps, and each shows the
    Rose's bonus, the Cat and Dog, a block, a Sleeping Potion and both Jester outcomes."""
    for playthrough in PLAYTHROUGHS:
        text = playthrough.path.read_text(encoding="utf-8")
        assert "The whole game:" in text.splitlines()[2], playthrough.path.name
        assert "\n== the end, after " in text, playthrough.path.name
        for words in SPECIAL_RULES:
            before, _, after = words.partition("{}")
            assert any(before in line and after in line for line in text.splitlines()), (
                f"{playthrough.path.name} never shows {words!r}"
            )


def test_a_changed_line_is_shown_in_the_diff() -> None:
    """The diff helper points at the first changed step (a check on the test's own tool)."""
    shown = _first_differences("a\nb\nc\nd\n", "a\nB\nc\nd\n")
    assert "-b" in shown
    assert "+B" in shown


def test_a_cut_off_game_says_so() -> None:
    """With a step limit shorter than the game, the file says only the first steps are there."""
    text = render(PLAYTHROUGHS[0], max_steps=5)
    assert "only its first 5 steps are recorded" in text
    assert "== step 5 " in text
    assert "== step 6 " not in text


def test_actions_are_written_compactly() -> None:
    """An action's dict becomes one short line, with the equation text quoted."""
    line = action_text(
        {"kind": "classic-discard-equation", "cards": ["n2a", "n3a", "n5a"], "text": "2 + 3 = 5"}
    )
    assert line == 'classic-discard-equation(cards=[n2a n3a n5a], text="2 + 3 = 5")'
    assert action_text({"kind": "classic-no-block"}) == "classic-no-block"
