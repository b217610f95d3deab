"""The card table for the classic *Sleeping Queens*: a whole game in one notebook widget.

>>> from sq2edu.ui import ClassicTable
>>> table = ClassicTable(players=["Mia", "random"], seed=1, pace=0)
>>> table.state["edition"]
'classic'

The same table as the Rescue's (:class:`~sq2edu.ui.game_table.GameTable`, one browser
module): the child picks a card from their hand and then its target, answers a Knight or a
Sleeping Potion with a Dragon or a Wand, and throws away number cards by building an adding
equation in the same equation builder, checked by :mod:`sq2edu.equations`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sq2edu.classic import DiscardEquation, Game, Phase, Rules, new_game
from sq2edu.classic.cards import CARDS, Kind
from sq2edu.classic.prompts import what_now
from sq2edu.core import Action
from sq2edu.i18n import _
from sq2edu.ui.classic_words import classic_action_label, classic_catalog
from sq2edu.ui.game_table import GameTable, pile_texts
from sq2edu.ui.guide import classic_goal, classic_guide, classic_tip

__all__ = ["ClassicTable"]

#: Actions the child takes by clicking a card and then its target (or by the equation
#: builder), not by a button of their own.
_BY_CARD = (
    "classic-wake",
    "classic-steal",
    "classic-potion",
    "classic-choose-queen",
    "classic-discard-equation",
)


class ClassicTable(GameTable):
    """A game of the classic *Sleeping Queens* to play in a notebook.

    :param players: names in seating order; computer levels and players as for
        :class:`~sq2edu.ui.table.RescueTable`.
    :param seed: makes the game (and the computer players) repeatable.
    :param rules: the game's settings (goals, hand size, the memory rule).
    :param hints: ``"free"``, ``"limited"`` (three rungs a game) or ``"off"``.
    :param language: ``"en"``, ``"ru"`` or ``"nb"``; by default the active language.
    :param pace: seconds between a computer player's moves; ``0`` plays them at once.
    """

    edition = "classic"
    equation_type = DiscardEquation
    game: Game

    def __init__(
        self,
        players: Sequence[str] = ("Player", "easy"),
        seed: int | None = None,
        rules: Rules | None = None,
        hints: str = "free",
        pace: float = 0.7,
        language: str | None = None,
    ) -> None:
        super().__init__(players, seed, hints, pace, language)
        self.rules = rules or Rules()
        self.operations = self.rules.operations
        self._start()

    def __repr__(self) -> str:
        # Short and stable: a notebook stores this as the widget's plain-text output.
        return f"ClassicTable(players={self.players!r}, seed={self.seed!r})"

    def make_catalog(self) -> dict[str, Any]:
        return classic_catalog()

    def deal(self, names: list[str], seed: int | None) -> Game:
        return new_game(names, seed=seed, rules=self.rules)

    def builder_open(self) -> bool:
        return self.game.phase is Phase.TURN

    def number_cards(self) -> list[str]:
        me = self.game.state.players[self.game.current_player]
        return [card for card in me.hand if CARDS[card].kind is Kind.NUMBER]

    def card_value(self, card: str) -> int:
        return CARDS[card].value

    def equation_action(self, cards: tuple[str, ...], text: str) -> Action:
        return DiscardEquation(cards, text)

    def no_cards_message(self) -> str:
        return _("Put number cards from your hand in the equation first.")

    def what_now(self) -> str:
        return what_now(self.game)

    def label(self, action: dict[str, Any]) -> str:
        return classic_action_label(action, self.game.names)

    def turns(self) -> int:
        return self.game.state.turn

    def goal(self, view: dict[str, Any]) -> str:
        return classic_goal(view["queens_to_win"], view["points_to_win"])

    def guide(self) -> dict[str, Any]:
        return classic_guide()

    def tip(self, view: dict[str, Any]) -> str:
        return classic_tip(self.game)

    def drawn(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        winner = self.game.winner
        champion = None
        if winner is not None:
            queens = view["players"][winner]["queens"]
            champion = {
                "seat": winner,
                "name": self.game.names[winner],
                "kings": queens,
                "text": _(
                    "{name} woke {queens} queens, {points} points, and wins! 🎉",
                    name=self.game.names[winner],
                    queens=len(queens),
                    points=view["players"][winner]["points"],
                ),
            }
        return {
            "texts": pile_texts(view),
            "by_card": list(_BY_CARD),
            "red_knight": False,
            "winner": champion,
        }
