"""One sheet, one set of rules, said in the sheet's words.

The key names every sign its answers use; a sum or product turned around is the same
equation in a fact family as in "find every equation", and both headings say so; no story
plays fewer cards than an equation needs, and no two stories on a sheet are told alike.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from sq2edu.equations import check
from sq2edu.i18n import LANGUAGES, language, local_signs
from sq2edu.practice import LEVELS
from sq2edu.worksheets import make_sheet, sheet_html
from sq2edu.worksheets.choose import _told
from sq2edu.worksheets.shown import heading
from sq2edu.worksheets.stories import story

SEEDS = range(0, 400, 23)


def turned(text: str) -> tuple[object, ...]:
    """An equation with its numbers' order forgotten: what "the same equation" means."""
    verdict = check(text)
    assert verdict.ok, text
    assert verdict.equation is not None
    equation = verdict.equation
    return (equation.operation, tuple(sorted(equation.numbers[:-1])), equation.numbers[-1])


@pytest.mark.parametrize("key", LEVELS)
def test_one_sheet_one_set_of_rules(key: str) -> None:
    """The key names every sign its answers use (a family of × has its ÷); a family and
    "find every equation" count a turned-around equation once; stories are told apart and
    never play fewer cards than an equation needs."""
    for seed in SEEDS:
        sheet = make_sheet([key], seed=seed)
        used = {c for e in sheet.exercises for a in e.answers for c in a if c in "+−×÷"}
        for lang in LANGUAGES:
            page = sheet_html(sheet, "a4", lang, key="only")
            named = re.search(r"(?:Signs|Знаки|Tegn): (.*?)</p>", page)
            assert named, (key, seed, lang)
            with language(lang):
                for sign in used:
                    assert local_signs(sign) in named.group(1).split(), (key, seed, lang, sign)
        for exercise in sheet.exercises:
            if exercise.kind in ("family", "find"):
                forms = [turned(answer) for answer in exercise.answers]
                assert len(forms) == len(set(forms)), (key, seed, exercise.answers)
        stories = [e for e in sheet.exercises if e.kind == "story"]
        told = Counter(_told(e) for e in stories)
        assert max(told.values(), default=1) == 1, (key, seed, [story(e.fact) for e in stories])
        assert not any("plays" in story(e.fact) for e in stories)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_headings_say_the_rule(lang: str) -> None:
    with language(lang):
        family, find = heading("family"), heading("find")
    assert "3 + 4 = 7" in family
    assert "4 + 3 = 7" in family
    assert family.endswith(find[find.index("3 + 4") :])
