"""What the 🔊 buttons say: every kind of sentence a child can have read aloud (verdicts,
near misses, remainders, hints, the Lab's prompts and its hints), in each language, with
each sign between numbers said as a word, the remainder said as one, and nothing else made
into arithmetic ("With your 2: 1 + 2 = 3 works!" was heard as "2 divided by 1 plus 2")."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from sq2edu.equations import check
from sq2edu.equations.hints import hints
from sq2edu.equations.remainder import check_remainder, with_rest
from sq2edu.i18n import LANGUAGES, _, language, local_signs
from sq2edu.practice import LEVELS
from sq2edu.practice.deal import deal_for
from sq2edu.practice.facts import skills_of
from sq2edu.practice.tasks import ladder, prompt
from sq2edu.ui.speech import spoken

_TERM = r"(?:\d|□)"
#: Signs between two numbers, by the word each must become.
_SIGNS = {
    "divide": rf"{_TERM}\s*÷\s*{_TERM}|{_TERM}\s+:\s+{_TERM}|{_TERM}:{_TERM}",
    "times": rf"{_TERM}\s*[×·]\s*{_TERM}",
    "minus": rf"{_TERM}\s*−\s*{_TERM}",
    "plus": rf"{_TERM}\s*\+\s*{_TERM}",
}
_WORDS = {
    "divide": "{number} divided by",
    "times": "{number} times",
    "minus": "minus",
    "plus": "plus",
}


def _count(pattern: str, text: str) -> int:
    """Signs between numbers, overlapping ones counted (2 + 3 + 4 has two)."""
    return len(re.findall(f"(?=({pattern}))", text))


def _sentences() -> Iterator[str]:
    rng = random.Random(7)
    for _number in range(250):
        a, b = rng.randint(1, 12), rng.randint(1, 12)
        for sign in "+−×÷":
            result = rng.choice([a + b, abs(a - b), a * b, a // b, rng.randint(1, 20)]) or 1
            text = f"{a} {sign} {b} = {result}"
            verdict = check(text, cards=[a, b, result, rng.randint(1, 10)])
            yield from (local_signs(line) for line in verdict.lines)
            if verdict.suggestion:
                yield local_signs(verdict.suggestion)
    for dividend in range(2, 21):
        for divisor in range(2, 6):
            quotient, rest = divmod(dividend, divisor)
            written = with_rest(local_signs(f"{dividend} ÷ {divisor} = {quotient}"), rest)
            yield written
            yield from check_remainder(written).lines
            wrong = with_rest(local_signs(f"{dividend} ÷ {divisor} = {quotient}"), rest + 1)
            yield from check_remainder(wrong).lines
    for hand in ([2, 3, 5], [2, 3, 6], [4, 4, 8, 1], [3, 9, 3], [7, 2, 5, 10]):
        yield from (hint.text for hint in hints(hand))
    for level in LEVELS.values():
        for skill in skills_of(level):
            deal = deal_for(level, skill, rng)
            yield prompt(deal)
            yield from (hint.text for hint in ladder(deal))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sign_between_numbers_is_said_and_nothing_else_is(lang: str) -> None:
    with language(lang):
        words = {key: _(text, number="").strip() for key, text in _WORDS.items()}
        rest_word = _("{number} remainder {rest}", number="", rest="").strip(" ,")
        sentences = list(dict.fromkeys(_sentences()))
        assert len(sentences) > 500
        for text in sentences:
            said = spoken(text)
            for key, pattern in _SIGNS.items():
                assert said.count(words[key]) >= _count(pattern, text), (text, said)
            # No sign, box or written remainder is left for the voice to spell out.
            assert not re.search(rf"{_TERM}\s*[÷×·−+=]\s*{_TERM}", said), (text, said)
            assert "□" not in said, (text, said)
            assert not re.search(r"\d\s*\(?\s*(?:r|ост\.)\s*\d", said), (text, said)
            if re.search(r"\d\s*\(?\s*(?:r|rest|ост\.)\s*\d+\)?\s*$", text):
                assert rest_word in said, (text, said)
            # A colon right after a number, with a space after it only, is a colon.
            for colon in re.finditer(r"(\d):\s(?=\d)", text):
                assert f"{colon.group(1)}: " in said, (text, said)


@pytest.mark.parametrize(
    ("lang", "text", "said"),
    [
        ("en", "With your 2: 1 + 2 = 3 works!", "With your 2: 1 plus 2 equals 3 works!"),
        ("en", "17 ÷ 5 = 3 r 2", "17 divided by 5 equals 3 remainder 2"),
        ("en", "9 − □ = 5", "9 minus box equals 5"),
        ("ru", "17 : 5 = 3 (ост. 2)", "17 разделить на 5 равно 3, остаток 2"),
        ("ru", "8 · 2 = 16", "8 умножить на 2 равно 16"),
        ("nb", "17 : 5 = 3 rest 2", "17 delt på 5 er lik 3, rest 2"),
        ("nb", "2 · 3 · 4 = 24", "2 ganger 3 ganger 4 er lik 24"),
    ],
)
def test_sentences_are_said_as_a_person_says_them(lang: str, text: str, said: str) -> None:
    with language(lang):
        assert spoken(text) == said
