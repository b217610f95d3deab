"""Property tests: solve() against brute force, and check() on anything at all."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sq2edu.equations import (
    EquationSyntaxError,
    Verdict,
    check,
    parse,
    solve,
)
from tests.equations.reference import brute_force

hands = st.lists(st.integers(min_value=1, max_value=10), min_size=0, max_size=6)
small_hands = st.lists(st.integers(min_value=1, max_value=10), min_size=0, max_size=5)
operation_sets = st.sets(st.sampled_from("+-*/"), min_size=1).map(lambda s: "".join(sorted(s)))


@pytest.mark.slow  # 300 hands against the brute force: make test, not make check
@settings(max_examples=300, deadline=None)
@given(hands, operation_sets)
def test_solve_equals_brute_force(cards: list[int], signs: str) -> None:
    assert {e.text for e in solve(cards, signs)} == brute_force(cards, signs)


@pytest.mark.slow  # 150 hands against the brute force: make test, not make check
@settings(max_examples=150, deadline=None)
@given(small_hands, operation_sets)
def test_solve_with_the_red_knight_equals_brute_force(cards: list[int], signs: str) -> None:
    assert {e.text for e in solve(cards, signs, adjust=True)} == brute_force(
        cards, signs, adjust=True
    )


@settings(max_examples=200, deadline=None)
@given(hands, st.booleans())
def test_everything_solve_returns_passes_check(cards: list[int], adjust: bool) -> None:
    found = solve(cards, adjust=adjust)
    assert len({e.text for e in found}) == len(found)
    for equation in found:
        verdict = check(equation, cards=cards, adjust=adjust)
        assert verdict.ok, (equation.text, verdict.codes)
        # The same equation typed as text is accepted too, the knight's change found again.
        assert check(equation.text, cards=cards, adjust=adjust).ok


@settings(max_examples=200, deadline=None)
@given(hands)
def test_solve_is_in_its_documented_order(cards: list[int]) -> None:
    found = solve(cards)
    sizes = [len(e.numbers) for e in found]
    assert sizes == sorted(sizes, reverse=True)


alphabet = st.sampled_from([*list("0123456789+-−×xX*÷/:= ()a.,_'\"\\\n\t"), "\xa0", "😀"])


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(), st.text(alphabet=alphabet, max_size=60)))
@example("__import__('os').system('rm -rf /')")
@example("2 + 3 = 5" * 100)
def test_check_on_any_text_gives_a_verdict(text: str) -> None:
    verdict = check(text, cards=[1, 2, 3, 4, 5])
    assert isinstance(verdict, Verdict)
    assert verdict.explanation
    if verdict.ok:
        assert verdict.problems == ()


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=alphabet, max_size=60)))
def test_parse_on_any_text_raises_only_syntax_errors(text: str) -> None:
    try:
        equation = parse(text)
    except EquationSyntaxError as error:
        assert error.code
        assert error.position is None or 0 <= error.position <= max(len(text), 1)
    else:
        # Whatever is read back reads again the same.
        assert parse(equation.text) == equation


def test_a_megabyte_is_rejected_before_its_characters_are_read() -> None:
    # A letter at the start would be a bad-character error if the text were scanned first;
    # being told "too long" shows the length is checked before anything else. (Its speed is
    # measured in benchmarks, see docs/performance.md.)
    verdict = check("a" + "1" * 1_000_000)
    assert verdict.problems[0].detail == "too-long"
