"""Every word the table shows comes from Python, where it can be translated."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from sq2edu.core import Action
from sq2edu.rescue import actions
from sq2edu.ui.classic_words import classic_action_label, classic_catalog
from sq2edu.ui.words import action_label, table_words

SCRIPT = resources.files("sq2edu.widgets").joinpath("table.js").read_text(encoding="utf-8")


def test_every_word_the_browser_asks_for_exists() -> None:
    asked = set(re.findall(r'\bt\("([A-Za-z]+)"', SCRIPT))
    asked |= set(re.findall(r'"(plus|minus|times|dividedBy)"', SCRIPT))
    assert asked, "the script asks for no words at all?"
    known = set(table_words()) | set(classic_catalog()["words"])
    assert asked <= known, asked - known


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


def test_every_classic_action_has_words_on_its_button() -> None:
    from sq2edu import classic

    examples: list[Action] = [
        classic.PlayKing("k-fire", 2),
        classic.PlayKnight("knight1", 1, "q-cat"),
        classic.PlayPotion("potion1", 1, "q-dog"),
        classic.PlayJester("jester1"),
        classic.ChooseQueen(0),
        classic.Block("dragon1"),
        classic.DontBlock(),
        classic.Discard("n7a"),
        classic.DiscardPair("n7a", "n7b"),
        classic.DiscardEquation(("n2a", "n3a", "n5a"), "2 + 3 = 5"),
    ]
    labels = [classic_action_label(a.to_dict(), ["Mia", "Leo"]) for a in examples]
    assert labels == [
        "Play the Fire King: wake the queen in place 3",
        "Send a Knight for Leo's Cat Queen",
        "Put Leo's Dog Queen to sleep",
        "🃏 Play the Jester",
        "Wake the queen in place 1",
        "🛡 Block it with your Dragon",
        "Let it happen",
        "Throw away the 7",
        "Throw away the pair: 7 and 7",
        "2 + 3 = 5",
    ]


def test_a_switch_says_who_got_which_card_in_every_language() -> None:
    from sq2edu.core.records import Event
    from sq2edu.i18n import language
    from sq2edu.rescue.narration import narrate

    event = Event(
        "switched",
        0,
        {"mine": "q-pear", "theirs": "n9a", "target": 1},
        "rescue",
        ("Easy bot", "Sam"),
    )
    said = {}
    for lang in ("en", "ru", "nb"):
        with language(lang):
            said[lang] = narrate(event)
    assert said == {
        "en": "Easy bot gave the Pear Queen to Sam and got the 9 back.",
        "ru": "Easy bot отдаёт игроку Sam: Королева Груш, а получает взамен: 9.",
        "nb": "Easy bot ga Pære\u00addron\u00adningen til Sam og fikk 9-eren tilbake.",
    }
