"""Every word the table shows comes from Python, where it can be translated."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from sq2edu.core import Action
from sq2edu.rescue import actions
from sq2edu.ui.words import action_label, table_words

SCRIPT = resources.files("sq2edu.widgets").joinpath("table.js").read_text(encoding="utf-8")


def test_every_word_the_browser_asks_for_exists() -> None:
    asked = set(re.findall(r'\bt\("([A-Za-z]+)"', SCRIPT))
    asked |= set(re.findall(r'"(plus|minus|times|dividedBy)"', SCRIPT))
    assert asked, "the script asks for no words at all?"
    assert asked <= set(table_words()), asked - set(table_words())


def test_the_script_holds_no_sentences_of_its_own() -> None:
    # Text nodes are set from t(), from labels or from the kernel's state; a quoted English
    # sentence in the script would escape translation.
    sentences = re.findall(r'"[A-Z][a-z]+ [a-z]+ [a-z]+[^"]*"', SCRIPT)
    assert sentences == []


def test_every_action_has_words_on_its_button() -> None:
    names = ["Mia", "Leo"]
    examples: dict[type[Action], dict[str, Any]] = {
        actions.Roll: {},
        actions.Reroll: {},
        actions.KeepRoll: {},
        actions.WakeQueen: {"queen": "q-owl"},
        actions.Decline: {},
        actions.PlayInstant: {"card": "gnome1"},
        actions.TakeCompanion: {"slot": 2},
        actions.StealCard: {"target": 1, "card": "n7a"},
        actions.TakeQueenFromDiscard: {"queen": "q-fox"},
        actions.SwapKnights: {"first": 0, "second": 1},
        actions.SwitchCards: {"mine": "n2a", "target": 1, "theirs": "q-owl"},
        actions.MakeEquation: {"cards": ("n2a", "n3a", "n5a"), "text": "2 + 3 = 5"},
        actions.WakeWithPair: {"first": "n4a", "second": "n4b"},
        actions.UseSpellBook: {"book": "book1", "card": "n7a"},
        actions.Rescue: {"queen": "q-owl", "companion": "c-lion"},
        actions.TakeKing: {"king": "k-dino"},
        actions.EndActions: {},
        actions.Discard: {"card": "n9a"},
    }
    assert set(examples) == {getattr(actions, name) for name in actions.__all__}
    labels = {
        cls.kind: action_label(cls(**fields).to_dict(), names) for cls, fields in examples.items()
    }
    assert labels["steal-card"] == "Take the 7 from Leo"
    assert labels["switch-cards"] == "Give your 2, take Leo's Owl Queen"
    assert labels["rescue"] == "Rescue a king with the Owl Queen and the Lion"
    assert labels["take-companion"] == "Take the companion in place 3"
    for kind, label in labels.items():
        assert label, kind
        assert label != kind, kind
