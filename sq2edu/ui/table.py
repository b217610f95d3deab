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

from typing import Any

from sq2edu.i18n import _, ngettext
from sq2edu.rescue import Game, MakeEquation, Phase, Rules, new_game
from sq2edu.rescue.cards import CARDS, Kind
from sq2edu.rescue.instants import willow_target
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

    Its parameters are :class:`~sq2edu.ui.game_table.GameTable`'s; ``rules`` is a
    :class:`sq2edu.rescue.Rules`, for example ``Rules(operations="+−")`` for a class that
    has not met × and ÷ yet.
    """

    edition = "rescue"
    equation_type = MakeEquation
    rules_type = Rules
    deal_game = staticmethod(new_game)
    cards = CARDS
    game: Game

    def make_catalog(self) -> dict[str, Any]:
        return catalog(self.rules.green_knight_limit)

    def builder_open(self) -> bool:
        return self.game.phase is Phase.ACTIONS

    def number_cards(self) -> list[str]:
        return [card for card in self.game.me.realm if CARDS[card].kind is Kind.NUMBER]

    def may_adjust(self) -> bool:
        return self.game.me.knight == "red"

    def no_cards_message(self) -> str:
        return _("Put number cards from your realm in the equation first.")

    def label(self, action: dict[str, Any]) -> str:
        return action_label(
            action,
            self.game.names,
            willow=willow_target(self.game),
            current=self.game.state.current,
        )

    def goal(self, view: dict[str, Any]) -> str:
        return rescue_goal(view["kings_to_win"])

    def guide(self) -> dict[str, Any]:
        return rescue_guide()

    def tip(self, view: dict[str, Any]) -> str:
        return rescue_tip(self.game)

    def drawn(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        winner = self.game.winner
        kings = len(view["players"][winner]["kings"]) if winner is not None else 0
        name = self.game.names[winner] if winner is not None else ""
        cheer = self.cheer(viewer)
        if self.won_for_away() and winner == viewer:
            text = ngettext(
                "The computer, playing for you, rescued {n} king and wins.",
                "The computer, playing for you, rescued {n} kings and wins.",
                kings,
            )
        elif self.won_for_away():
            text = ngettext(
                "The computer, playing for {name}, rescued {n} king and wins.",
                "The computer, playing for {name}, rescued {n} kings and wins.",
                kings,
                name=name,
            )
        elif cheer == "you":
            text = ngettext(
                "You rescued {n} king and win! 🎉", "You rescued {n} kings and win! 🎉", kings
            )
        elif cheer == "us":
            text = ngettext(
                "{name} rescued {n} king and wins! 🎉",
                "{name} rescued {n} kings and wins! 🎉",
                kings,
                name=name,
            )
        else:
            text = ngettext(
                "{name} rescued {n} king and wins.",
                "{name} rescued {n} kings and wins.",
                kings,
                name=name,
            )
        return {
            "texts": pile_texts(view),
            "red_knight": viewer is not None and view["players"][viewer]["knight"] == "red",
            "winner": self.champion(view, "kings", text),
        }
