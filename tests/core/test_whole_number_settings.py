"""Whole-number settings, checked the same way in every edition (``core.setup.whole_in``),
at the top of their range. The other ends and the wrong types are in each edition's
``test_rule_settings.py``."""

from __future__ import annotations

from typing import Any

import pytest

from sq2edu.rescue import Rules as RescueRules
from tests.rules_helpers import exactly

REALM_RANGE = "realm_limit is 1 to 10, and the green knight's limit is from there to 99"
REROLLS = "blue_rerolls is a whole number from 0 to 99"


@pytest.mark.parametrize("settings", [{"green_knight_limit": 99}, {"blue_rerolls": 99}])
def test_a_rescue_setting_may_be_99(settings: dict[str, Any]) -> None:
    rules = RescueRules(**settings)
    assert {name: getattr(rules, name) for name in settings} == settings
    assert RescueRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("settings", "message"),
    [({"green_knight_limit": 100}, REALM_RANGE), ({"blue_rerolls": 100}, REROLLS)],
)
def test_a_rescue_setting_of_100_is_refused(settings: dict[str, Any], message: str) -> None:
    """The words name 99 as the top."""
    with pytest.raises(ValueError, match=exactly(message)):
        RescueRules(**settings)
