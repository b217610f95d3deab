"""A "read aloud" button for words a child may not read yet: a lesson's question and what it
says after an answer.

The browser's speech synthesis speaks; the words and their language come from here, so the
button speaks the language the page shows. The card table's prompt, hints and verdict (of a
game, with its coach's tip, and of the Lab) have their buttons in the table's module
(``widgets/table.js``), with the same words.
"""

from __future__ import annotations

import anywidget
import traitlets

from sq2edu.i18n import get_language
from sq2edu.ui.game_table import asset
from sq2edu.ui.speech import speech_rules
from sq2edu.ui.words import table_words

__all__ = ["ReadAloud", "speech_words"]

#: The words the button needs, by their keys in the table's words.
_KEYS = ("readAloud", "noSpeech", "noVoice")


def speech_words() -> dict[str, str]:
    """The button's words in the active language."""
    words = table_words()
    return {key: words[key] for key in _KEYS}


class ReadAloud(anywidget.AnyWidget):
    """A 🔊 button that reads :attr:`text` aloud in :attr:`lang` (hidden while there is no
    text)."""

    _esm = asset("read_aloud.js")

    text = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    #: How signs are said (:func:`sq2edu.ui.speech.speech_rules`).
    rules: traitlets.List[list[str]] = traitlets.List().tag(sync=True)

    def say(self, text: str) -> None:
        """Read ``text`` when pressed, in the active language."""
        self.lang = get_language()
        self.words = speech_words()
        self.rules = [list(rule) for rule in speech_rules()]
        self.text = text
