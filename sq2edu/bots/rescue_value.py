"""How likely a Rescue position is to be won, as a small logistic model fitted from play.

:func:`win_logit` looks at a position through the eyes of one player: their own realm, the
face-up cards of everyone else, and how many queens sleep in each realm. It never reads the
draw pile, the face-down companions or which queens sleep in a rival's realm, so it may be
used both on the real game and on imagined ones.

The weights in :data:`WEIGHTS` were fitted by ``benchmarks/fit_bot_value.py`` from positions
at the start of a turn in games between greedy players, labelled with who won; the script
refits them, reproducibly, from its seed. The greedy player uses the model to choose which
cards to keep at the limit and what to swap with a Switch Witch. It is no judge of actions
that trade cards for progress: fitted on what winners *hold*, it would rather keep number
cards than spend them on an equation (as the strong player's judge of whole turns it won only
39% of games against the greedy player).
"""

from __future__ import annotations

from typing import Any

from sq2edu.bots.rescue_policy import _equation_count, _numbers, _potential
from sq2edu.rescue.cards import CARDS, Kind, Symbol
from sq2edu.rescue.state import PlayerState

__all__ = ["FEATURES", "WEIGHTS", "features", "player_features", "win_logit"]

#: What the model looks at, for each player; the model weighs the deciding player's value
#: minus the strongest rival's.
FEATURES: tuple[str, ...] = (
    "kings",
    "one-king-left",
    "two-kings-left",
    "ready",
    "spare-queens",
    "spare-companions",
    "porpoise",
    "sleeping",
    "equation",
    "numbers",
    "hopeful-draws",
    "books",
    "pair-for-sleepers",
    "crowded",
    "knight-red",
    "knight-purple",
    "knight-green",
    "knight-blue",
    "knight-white",
)

#: Fitted weights, one per feature, then the bias (the worth of being the one to move).
WEIGHTS: tuple[float, ...] = (
    0.967,  # kings
    0.779,  # one-king-left
    0.183,  # two-kings-left
    1.847,  # ready
    0.094,  # spare-queens
    0.489,  # spare-companions
    0.083,  # porpoise
    0.097,  # sleeping
    0.172,  # equation
    0.166,  # numbers
    0.184,  # hopeful-draws
    0.215,  # books
    -0.307,  # pair-for-sleepers
    0.045,  # crowded
    -0.087,  # knight-red
    0.186,  # knight-purple
    -0.032,  # knight-green
    -0.004,  # knight-blue
    -0.063,  # knight-white
    0.216,  # bias
)

_KNIGHTS = ("red", "purple", "green", "blue", "white")


def _ready(queens: list[str], companions: list[str]) -> int:
    """How many kings these awake queens and companions could rescue, one pair each."""
    tools: dict[Symbol, int] = {}
    for companion in companions:
        symbol = CARDS[companion].symbol
        assert symbol is not None
        tools[symbol] = tools.get(symbol, 0) + 1
    spare_any = tools.pop(Symbol.ANY, 0)
    ready = 0
    unmatched = 0
    wanted: dict[Symbol, int] = {}
    for queen in queens:
        symbol = CARDS[queen].symbol
        assert symbol is not None
        wanted[symbol] = wanted.get(symbol, 0) + 1
    for symbol, count in wanted.items():
        matched = min(count, tools.get(symbol, 0))
        ready += matched
        unmatched += count - matched
    return ready + min(unmatched, spare_any)


def player_features(
    player: PlayerState, sleeping: int, kings_needed: int, limit: int, operations: str
) -> list[float]:
    """The features of one player's realm (``sleeping``: how many queens sleep there)."""
    queens = [c for c in player.realm if CARDS[c].kind is Kind.QUEEN]
    ready = _ready(queens, player.companions)
    numbers = _numbers(player)
    adjust = player.knight == "red"
    now = _equation_count(numbers, operations, adjust)
    books = sum(1 for c in player.realm if CARDS[c].kind is Kind.SPELL_BOOK)
    kings = len(player.kings)
    left = kings_needed - kings
    pair = sleeping > 0 and len(set(numbers)) < len(numbers)
    held = len(player.realm) + sleeping
    row = [
        float(kings),
        float(left == 1),
        float(left == 2),
        float(ready),
        float(len(queens) - ready),
        float(len(player.companions) - ready),
        float(any(CARDS[c].symbol is Symbol.ANY for c in player.companions)),
        float(sleeping),
        float(now > 0),
        float(len(numbers)),
        # How many of the ten number values would, drawn next, make a new equation.
        (_potential(numbers, operations, adjust) - (10.0 if now else 0.0)) / 10.0,
        float(books),
        float(pair),
        float(max(0, held - limit)),
    ]
    row += [float(player.knight == knight) for knight in _KNIGHTS]
    return row


def features(game: Any) -> list[list[float]]:
    """Every player's features, by seat (they use only what every player may see)."""
    state = game.state
    needed = game.rules.kings_needed(game.num_players)
    ops = game.rules.operations
    return [
        player_features(player, len(player.sleeping), needed, game.realm_limit(index), ops)
        for index, player in enumerate(state.players)
    ]


def _logit(mine: list[float], theirs: list[float]) -> float:
    total = WEIGHTS[-1]
    for weight, a, b in zip(WEIGHTS, mine, theirs, strict=False):
        total += weight * (a - b)
    return total


def win_logit(game: Any, seat: int) -> float:
    """The log-odds that ``seat`` beats its strongest rival, from this position."""
    if game.is_over:
        return 50.0 if game.winner == seat else -50.0
    rows = features(game)
    return min(_logit(rows[seat], rows[other]) for other in range(len(rows)) if other != seat)
