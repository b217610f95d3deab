"""The game-over box tells each child the truth: a child who lost is told who won, never
"Victory! 🎉" (in Russian a bare "Победа!" reads as the reader's own)."""

from __future__ import annotations

from typing import Any

import pytest

from sq2edu.classic import PlayKing
from sq2edu.classic.position import position as classic_position
from sq2edu.rescue.position import position as rescue_position
from sq2edu.ui import ClassicTable, RescueTable
from sq2edu.ui.game_table import GameTable

# Who sits where, and who wins from seat 0: the child at this screen, a computer, or one
# of two children sharing the screen.
CASES = {
    "child-wins": (["Mia", "easy"], "you"),
    "computer-wins": (["easy", "Mia"], "lost"),
    "shared-screen": (["Mia", "Leo"], "us"),
}


def rescue_over(players: list[str], lang: str) -> GameTable:
    table = RescueTable(players=players, seed=1, pace=0, language=lang)
    names = [table.game.names[seat] for seat in range(len(players))]
    game = rescue_position(
        names,
        realms={0: ["q-owl"]},
        companions={0: ["c-lion"]},
        kings={0: ["k-cookie", "k-clock", "k-dino"]},
        phase="actions",
    )
    for action in (
        {"kind": "rescue", "queen": "q-owl", "companion": "c-lion"},
        {"kind": "take-king", "king": "k-sock"},
    ):
        legal = [a for a in game.legal_actions() if _matches(a.to_dict(), action)]
        game.apply(legal[0], player=0)
    assert game.is_over
    table.load(game)
    return table


def classic_over(players: list[str], lang: str) -> GameTable:
    table = ClassicTable(players=players, seed=1, pace=0, language=lang)
    names = [table.game.names[seat] for seat in range(len(players))]
    game = classic_position(
        names,
        hands={0: ["k-fire", "n2a", "n3a", "n5a", "n7a"], 1: ["n7b", "n8a", "n9a", "n1a", "n4a"]},
        queens={0: ["q-cat", "q-dog", "q-cake", "q-rose"]},
        deck_top=["n4b", "n6a"],
    )
    asleep = next(place for place, card in enumerate(game.state.centre) if card)
    game.apply(PlayKing("k-fire", asleep), player=0)
    assert game.is_over
    table.load(game)
    return table


def _matches(action: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(action.get(key) == value for key, value in wanted.items())


@pytest.mark.parametrize("lang", ["en", "ru", "nb"])
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("deal", [rescue_over, classic_over], ids=["rescue", "classic"])
def test_the_game_over_words_are_true_for_the_child_who_reads_them(
    deal: Any, case: str, lang: str
) -> None:
    players, who = CASES[case]
    table = deal(players, lang)
    winner = table.state["winner"]
    assert winner["seat"] == 0
    text = winner["text"]
    name = table.state["names"][0]
    if who == "you":
        assert name not in text  # spoken to the child: "You rescued 4 kings and win! 🎉"
        assert "🎉" in text
    elif who == "us":
        assert name in text
        assert "🎉" in text
    else:
        assert name in text
        assert "🎉" not in text
    said = [text, *table.state["narration"], *table.state["log"]]
    if who != "you":
        assert not [line for line in said if "Победа" in line]
    if lang != "en":
        english = deal(players, "en").state["winner"]["text"]
        assert text != english  # in the child's language, not English left over
