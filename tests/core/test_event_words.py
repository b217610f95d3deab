"""An event's words: found once per language, always those of the language active when read."""

from __future__ import annotations

import json

from sq2edu.core.records import Event
from sq2edu.i18n import language
from sq2edu.rescue import Game, new_game
from sq2edu.rescue.narration import narrate


def _switch() -> Event:
    return Event(
        "switched", 0, {"mine": "q-pear", "theirs": "n9a", "target": 1}, "rescue", ("Mia", "Sam")
    )


def test_an_event_read_in_one_language_speaks_the_next_one_when_read_again() -> None:
    event = _switch()
    for lang in ("en", "ru", "nb", "en", "ru"):
        with language(lang):
            assert event.text == narrate(_switch())
            assert event.to_dict()["text"] == event.text
    with language("en"), language("ru"):
        russian = event.text
    with language("nb"):
        assert event.text != russian


def test_words_already_read_leave_an_event_equal_to_its_unread_twin() -> None:
    read, unread = _switch(), _switch()
    with language("ru"):
        assert read.text
    assert read == unread
    assert repr(read) == repr(unread)
    assert Event.from_dict(read.to_dict()) == unread


def test_a_game_saved_in_one_language_then_another_writes_each_one_s_words() -> None:
    game = new_game(2, seed=4)
    for _step in range(6):
        game.apply(game.legal_actions()[0])
    with language("en"):
        english = [event["text"] for event in json.loads(game.to_json())["log"]]
    with language("ru"):
        russian = [event["text"] for event in json.loads(game.to_json())["log"]]
    fresh = Game.from_json(game.to_json())
    with language("ru"):
        assert russian == [event.text for event in fresh.log]
    with language("en"):
        assert english == [event.text for event in fresh.log]
    assert english != russian
