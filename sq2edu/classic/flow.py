"""The frame of a turn: drawing back up, waking queens, the end of the game, the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sq2edu.classic.cards import CARDS, RIVALS, ROSE, points
from sq2edu.classic.state import Phase, Waking

if TYPE_CHECKING:
    from sq2edu.classic.engine import Game

__all__ = [
    "draw_card",
    "finish_turn",
    "no_check",
    "put_to_sleep",
    "refill",
    "sleeping_places",
    "wake",
]


def no_check(game: Game, action: Any) -> None:
    """Allowed whenever its phase is."""


def sleeping_places(game: Game) -> list[int]:
    """The places in the middle of the table where a queen sleeps."""
    return [slot for slot, queen in enumerate(game.state.centre) if queen is not None]


def draw_card(game: Game) -> str | None:
    """The top card of the draw pile; an empty pile is first refilled from the discard pile."""
    s = game.state
    if not s.deck:
        if not s.discard:
            return None  # every card is in a hand: nothing left to draw
        s.deck, s.discard = s.discard, []
        game.rng.shuffle(s.deck)
        game.emit("reshuffled")
    return s.deck.pop()


def refill(game: Game, seat: int) -> None:
    """The player at ``seat`` draws until their hand is full again."""
    hand = game.state.players[seat].hand
    drawn = 0
    while len(hand) < game.rules.hand_size:
        card = draw_card(game)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    if drawn:
        game.emit("drew", seat, count=drawn)


def put_to_sleep(game: Game, queen: str) -> int:
    """Lay ``queen`` face down in the first free place of the middle; return the place.

    Everyone saw which queen it was, so the place is marked as known.
    """
    s = game.state
    slot = s.centre.index(None)
    s.centre[slot] = queen
    s.known[slot] = True
    return slot


def wake(game: Game, slot: int, waking: Waking | None) -> None:
    """The current player wakes the queen at ``slot``; then the turn goes on or ends.

    :param waking: why the queen is chosen (``None`` for a King played on one's own turn).
    """
    s = game.state
    seat = s.current
    player = s.players[seat]
    queen = s.centre[slot]
    assert queen is not None
    s.centre[slot] = None
    s.known[slot] = False
    game.emit("woke", seat, queen=queen, slot=slot)
    rival = RIVALS.get(queen)
    if rival is not None and rival in player.queens:
        # Cats and dogs never share a realm: she goes back to sleep where she lay.
        s.centre[slot] = queen
        s.known[slot] = True
        game.emit("rivals", seat, queen=queen, rival=rival)
        finish_turn(game)
        return
    player.queens.append(queen)
    if _game_ends(game):
        return
    rose_counts = waking is not Waking.JESTER or game.rules.rose_bonus_by_jester
    if queen == ROSE and rose_counts:
        game.emit("rose-bonus", seat)
        s.phase = Phase.CHOOSE_QUEEN
        s.waking = Waking.ROSE
        return
    finish_turn(game)


def finish_turn(game: Game) -> None:
    """The turn's play is done: unless the game is over, draw back up and pass to the left."""
    if _game_ends(game):
        return
    s = game.state
    refill(game, s.turn_player)
    s.turn_player = (s.turn_player + 1) % len(s.players)
    s.current = s.turn_player
    s.phase = Phase.TURN
    s.attack = None
    s.waking = None
    s.turn += 1
    game.emit("turn", s.current)


def _game_ends(game: Game) -> bool:
    """End the game if a player reached the goal, or no queen is left asleep."""
    s = game.state
    count = len(s.players)
    queens_needed = game.rules.queens_needed(count)
    points_needed = game.rules.points_needed(count)
    for seat, player in enumerate(s.players):
        if len(player.queens) >= queens_needed or points(player.queens) >= points_needed:
            _win(game, seat, "goal")
            return True
    if any(queen is not None for queen in s.centre):
        return False
    # Every queen is awake: most points wins; then most queens; then the first of the tied
    # players in turn order, counting from the one who woke the last queen.
    best = max(
        range(count),
        key=lambda seat: (
            points(s.players[seat].queens),
            len(s.players[seat].queens),
            -((seat - s.current) % count),
        ),
    )
    _win(game, best, "all-awake")
    return True


def _win(game: Game, seat: int, reason: str) -> None:
    s = game.state
    s.winner = seat
    s.phase = Phase.OVER
    s.current = seat
    s.attack = None
    s.waking = None
    queens = s.players[seat].queens
    game.emit(
        "won",
        seat,
        reason=reason,
        queens=len(queens),
        points=sum(CARDS[queen].value for queen in queens),
    )
