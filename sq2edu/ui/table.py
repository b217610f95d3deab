"""The card table: a whole Rescue game in one notebook widget.

>>> from sq2edu.ui import RescueTable
>>> table = RescueTable(players=["Mia", "easy"], seed=1, pace=0)
>>> table.state["view"]["prompt"]
'Roll the die.'

The browser side (``widgets/table.js``) draws ``state`` and sends back *intents*: an action
to take, an equation to check, a hint to show. The Python side turns intents into engine
actions; every rule stays in :mod:`sq2edu.rescue`. One widget, one comm: a turn is one state
update.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sq2edu.core import Action
from sq2edu.i18n import _, ngettext
from sq2edu.rescue import Game, MakeEquation, Phase, Rules, new_game
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.rescue.prompts import what_now
from sq2edu.ui.catalog import catalog
from sq2edu.ui.game_table import (
    HINT_LIMIT,
    HINT_POLICIES,
    GameTable,
    asset,
    cards_count,
    hint_state,
    pile_texts,
)
from sq2edu.ui.guide import rescue_goal, rescue_guide, rescue_tip
from sq2edu.ui.words import action_label

__all__ = ["HINT_LIMIT", "HINT_POLICIES", "RescueTable", "asset", "cards_count", "hint_state"]


class RescueTable(GameTable):
    """A game of *Sleeping Queens 2: The Rescue* to play in a notebook.

    :param players: names in seating order; a name that is a computer level (``"easy"``,
        ``"medium"``, ``"hard"``) or a computer player (``"random"``, ``"greedy"``,
        ``"strong"``) is a computer player. Several children's names make a hot-seat game.
    :param seed: makes the game (and the computer players) repeatable.
    :param rules: the game's settings, such as the operations a class uses.
    :param hints: ``"free"``, ``"limited"`` (three rungs a game) or ``"off"``.
    :param language: ``"en"``, ``"ru"`` or ``"nb"``; by default the active language.
    :param pace: seconds between a computer player's moves, so a child can follow; ``0``
        plays them at once (for tests and lessons).
    """

    edition = "rescue"
    equation_type = MakeEquation
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
        return f"RescueTable(players={self.players!r}, seed={self.seed!r})"

    def make_catalog(self) -> dict[str, Any]:
        return catalog(self.rules.green_knight_limit)

    def deal(self, names: list[str], seed: int | None) -> Game:
        return new_game(names, seed=seed, rules=self.rules)

    def builder_open(self) -> bool:
        return self.game.phase is Phase.ACTIONS

    def number_cards(self) -> list[str]:
        me = self.game.state.players[self.game.current_player]
        return [card for card in me.realm if CARDS[card].kind is Kind.NUMBER]

    def card_value(self, card: str) -> int:
        return CARDS[card].value

    def may_adjust(self) -> bool:
        return self.game.state.players[self.game.current_player].knight == "red"

    def equation_action(self, cards: tuple[str, ...], text: str) -> Action:
        return MakeEquation(cards, text)

    def no_cards_message(self) -> str:
        return _("Put number cards from your realm in the equation first.")

    def what_now(self) -> str:
        return what_now(self.game)

    def label(self, action: dict[str, Any]) -> str:
        return action_label(action, self.game.names)

    def turns(self) -> int:
        return self.game.state.turn

    def goal(self, view: dict[str, Any]) -> str:
        return rescue_goal(view["kings_to_win"])

    def guide(self) -> dict[str, Any]:
        return rescue_guide()

    def tip(self, view: dict[str, Any]) -> str:
        return rescue_tip(self.game)

    def drawn(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        winner = self.game.winner
        champion = None
        if winner is not None:
            kings = view["players"][winner]["kings"]
            champion = {
                "seat": winner,
                "name": self.game.names[winner],
                "kings": kings,
                "text": ngettext(
                    "{name} rescued {n} king and wins! 🎉",
                    "{name} rescued {n} kings and wins! 🎉",
                    len(kings),
                    name=self.game.names[winner],
                ),
            }
        return {
            "texts": pile_texts(view),
            "red_knight": viewer is not None and view["players"][viewer]["knight"] == "red",
            "winner": champion,
        }
