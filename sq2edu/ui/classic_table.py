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

from typing import Any

from sq2edu.classic import DiscardEquation, Game, Phase, Rules, new_game
from sq2edu.classic.cards import CARDS, Kind
from sq2edu.i18n import _
from sq2edu.ui.classic_words import classic_action_label, classic_catalog
from sq2edu.ui.game_table import GameTable, pile_texts
from sq2edu.ui.guide import can_block, classic_goal, classic_guide, classic_tip

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

    Its parameters are :class:`~sq2edu.ui.game_table.GameTable`'s; ``rules`` is a
    :class:`sq2edu.classic.Rules` (goals, hand size, the memory rule).
    """

    edition = "classic"
    equation_type = DiscardEquation
    rules_type = Rules
    deal_game = staticmethod(new_game)
    cards = CARDS
    game: Game

    def make_catalog(self) -> dict[str, Any]:
        return classic_catalog()

    def builder_open(self) -> bool:
        return self.game.phase is Phase.TURN

    def number_cards(self) -> list[str]:
        return [card for card in self.game.me.hand if CARDS[card].kind is Kind.NUMBER]

    def no_cards_message(self) -> str:
        return _("Put number cards from your hand in the equation first.")

    def label(self, action: dict[str, Any]) -> str:
        # Letting an attack happen is a choice only beside a Dragon or a Wand; alone, the
        # button only goes on, and says no more than that.
        if action.get("kind") == "classic-no-block" and not can_block(self.game):
            return _("OK")
        return classic_action_label(action, self.game.names)

    def goal(self, view: dict[str, Any]) -> str:
        return classic_goal(view["queens_to_win"], view["points_to_win"])

    def guide(self) -> dict[str, Any]:
        return classic_guide()

    def tip(self, view: dict[str, Any]) -> str:
        return classic_tip(self.game)

    def drawn(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        winner = self.game.winner
        text = ""
        if winner is not None:
            counts = {
                "queens": len(view["players"][winner]["queens"]),
                "points": view["players"][winner]["points"],
            }
            cheer = self.cheer(viewer)
            if self.won_for_away() and winner == viewer:
                text = _(
                    "The computer, playing for you, woke {queens} queens, {points} points, "
                    "and wins.",
                    **counts,
                )
            elif self.won_for_away():
                text = _(
                    "The computer, playing for {name}, woke {queens} queens, {points} points, "
                    "and wins.",
                    name=self.game.names[winner],
                    **counts,
                )
            elif cheer == "you":
                text = _("You woke {queens} queens, {points} points, and win! 🎉", **counts)
            elif cheer == "us":
                text = _(
                    "{name} woke {queens} queens, {points} points, and wins! 🎉",
                    name=self.game.names[winner],
                    **counts,
                )
            else:
                text = _(
                    "{name} woke {queens} queens, {points} points, and wins.",
                    name=self.game.names[winner],
                    **counts,
                )
        return {
            "texts": pile_texts(view),
            "by_card": list(_BY_CARD),
            "red_knight": False,
            "winner": self.champion(view, "queens", text),
        }
