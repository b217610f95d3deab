"""What every card table shares, whatever the edition: seats, turns, computers, the builder.

:class:`GameTable` holds a game and its players, passes the screen between children, lets
computer players move at a pace a child can follow, turns the browser's intents into engine
actions and checks equations built in the builder. An edition's table
(:class:`~sq2edu.ui.table.RescueTable`, :class:`~sq2edu.ui.classic_table.ClassicTable`)
says how to deal, which cards are the numbers of the equation, which action an equation
is, and what the browser draws.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets

from sq2edu.bots import make_bot
from sq2edu.bots.names import local_bot_names, seat_names
from sq2edu.core import Action, Event, IllegalActionError, action_from_dict
from sq2edu.equations import MAX_LENGTH, Hint, Verdict, check, hints
from sq2edu.equations.hint_policy import HINT_LIMIT, HINT_POLICIES
from sq2edu.equations.model import SIGNS
from sq2edu.i18n import _, local_signs, ngettext
from sq2edu.ui.helping import Helping
from sq2edu.ui.speaking import Speaking

__all__ = [
    "HINT_LIMIT",
    "HINT_POLICIES",
    "GameTable",
    "asset",
    "cards_count",
    "hint_state",
    "pile_texts",
]

#: The fewest lines "What just happened" shows, however recent the child's own move.
_NARRATION_LINES = 6
_LOG = logging.getLogger("sq2edu.ui")


def asset(name: str) -> Path:
    """A file of the widgets' browser side (``widgets/``, shipped as ``sq2edu.widgets``)."""
    return Path(str(resources.files("sq2edu.widgets").joinpath(name)))


def cards_count(count: int) -> str:
    """``1 card``, ``5 cards``, in the active language."""
    return ngettext("{n} card", "{n} cards", count)


def pile_texts(view: dict[str, Any]) -> dict[str, str]:
    """How many cards the draw and discard piles hold, in words."""
    return {"deck": cards_count(view["deck_size"]), "discard": cards_count(len(view["discard"]))}


def hint_state(policy: str, shown: Sequence[str], left: int) -> dict[str, Any]:
    """What the builder shows of the hint ladder."""
    limited = policy == "limited"
    return {
        "policy": policy,
        "shown": list(shown),
        "left": left if limited else None,
        "left_text": ngettext("{n} hint left", "{n} hints left", left) if limited else "",
    }


class SeatLink(Protocol):
    """A seat at a table whose game lives elsewhere (a class's shared table): moves go
    through it, and it holds the game as it is now."""

    #: The seat this screen plays.
    seat: int

    @property
    def game(self) -> TableGame: ...

    def move(self, action: Action) -> None:
        """Make ``action`` for :attr:`seat`; :attr:`game` is the newest game afterwards,
        whether the move was made or refused.

        :raises IllegalActionError: with words for the child, if the move was refused.
        """

    def computers(self) -> list[int]:
        """The seats a computer plays."""

    def away(self) -> list[int]:
        """The children's seats a computer plays while they are away."""

    def played(self) -> Sequence[int]:
        """The game log's events (their places in it) that the computer made for a child
        who was away."""


class TableGame(Protocol):
    """The face of a game that a table uses (both editions' ``Game`` have it)."""

    #: The game's settings (an edition's ``Rules``).
    rules: Any

    @property
    def names(self) -> list[str]: ...

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def log(self) -> list[Event]: ...

    @property
    def state(self) -> Any: ...

    def what_now(self) -> str: ...

    def apply(self, action: Action, player: int | None = None) -> list[Event]: ...

    def view(self, player: int | None) -> dict[str, Any]: ...

    def zones(self) -> dict[str, list[str]]: ...

    def to_json(self) -> str: ...


class GameTable(Speaking, anywidget.AnyWidget):
    """A game to play in a notebook; an edition's table fills in the parts marked below.

    :param players: names in seating order; a name that is a computer level (``"easy"``,
        ``"medium"``, ``"hard"``) or a computer player (``"random"``, ``"greedy"``,
        ``"strong"``) is a computer player. Several children's names make a hot-seat game.
    :param seed: makes the game (and the computer players) repeatable.
    :param rules: the game's settings (an edition's ``Rules``), such as the operations a
        class uses; by default the edition's own.
    :param hints: ``"free"``, ``"limited"`` (three rungs a game) or ``"off"``.
    :param pace: seconds between a computer player's moves, so a child can follow; ``0``
        plays them at once (for tests and lessons).
    :param language: the language the table speaks (``"en"``, ``"ru"``, ``"nb"``); by
        default the one active where it is made.
    :param link: a seat at a table whose game lives elsewhere (a class's shared table): the
        screen shows that seat's view only, its moves go through the link, and
        :meth:`refresh` draws the others' moves; ``players`` and ``rules`` come from the
        linked game then.
    """

    _esm = asset("table.js")
    _css = asset("table.css")

    state = traitlets.Dict().tag(sync=True)
    catalog = traitlets.Dict().tag(sync=True)

    #: The edition's name, as the browser knows it (:mod:`sq2edu.editions`).
    edition = ""
    #: The operations the table's equations may use.
    operations = "+−×÷"
    #: The engine's action that plays a right equation: ``equation_type(cards, text)``.
    equation_type: type[Action]
    #: The edition's settings, and how it deals a game: ``deal_game(names, seed, rules)``.
    rules_type: Callable[[], Any]
    deal_game: Callable[..., Any]
    #: The edition's cards by id (a number card's ``value`` is its number).
    cards: Mapping[str, Any]
    #: The game on the table.
    game: TableGame
    #: The computer players at this table, by seat (none at a linked table: the store's
    #: kernels move them).
    bots: dict[int, Any]
    #: The checker's last verdict, as the equation builder shows it.
    verdict: dict[str, Any] | None

    @classmethod
    def of_edition(cls, edition: str) -> type[GameTable]:
        """The table of a registered edition (the subclass whose :attr:`edition` it is).

        :raises ValueError: if no table plays that edition.
        """
        import sq2edu.ui  # noqa: F401 - the package imports every edition's table

        found: list[type[GameTable]] = [cls]
        while found:
            kind = found.pop()
            if kind.edition == edition:
                return kind
            found.extend(kind.__subclasses__())
        raise ValueError(f"no table plays the edition {edition!r}")

    def __init__(
        self,
        players: Sequence[str] = ("Player", "easy"),
        seed: int | None = None,
        rules: Any = None,
        hints: str = "free",
        pace: float = 0.7,
        language: str | None = None,
        link: SeatLink | None = None,
    ) -> None:
        super().__init__()
        if hints not in HINT_POLICIES:
            raise ValueError(f"hints is one of {', '.join(HINT_POLICIES)}")
        self.choose_language(language)
        self.players = list(players)
        self.seed = seed
        self.hint_policy = hints
        self.help = Helping(hints)
        #: Makes the verdict shown again, in the language of the moment (``None``: none can).
        self._told: Callable[[], dict[str, Any]] | None = None
        self.pace = pace
        #: Whether the coach's tips show (a first game's walk-through); "Hide tips" ends it.
        self.tips = True
        #: Called with a dict for every equation a child checks (for the progress store).
        self.attempt_listeners: list[Callable[[dict[str, Any]], None]] = []
        #: Called with a dict when a game ends (for the progress store).
        self.game_listeners: list[Callable[[dict[str, Any]], None]] = []
        #: Asked before an equation is checked: words that refuse it ("slow down"), or "".
        self.gate: Callable[[], str] | None = None
        #: Called for "New game" instead of dealing again here (an app that deals anew with
        #: settings that may have changed, even to another edition).
        self.replay: Callable[[], None] | None = None
        #: The seat this screen plays at a table whose game lives elsewhere; ``None`` for a
        #: game of its own.
        self.link = link
        self.on_msg(self._on_message)
        self._games_played = 0
        self.rules = rules or (link.game.rules if link else type(self).rules_type())
        self.operations = self.rules.operations
        self._start()

    def __repr__(self) -> str:
        # Short and stable: a notebook stores this as the widget's plain-text output.
        return f"{type(self).__name__}(players={self.players!r}, seed={self.seed!r})"

    # -- what an edition's table says ------------------------------------------------------

    def deal(self, names: list[str], seed: int | None) -> TableGame:
        """A new game of this edition for these players."""
        game: TableGame = type(self).deal_game(names, seed=seed, rules=self.rules)
        return game

    def builder_open(self) -> bool:
        """Whether the player deciding now may make an equation."""
        raise NotImplementedError

    def number_cards(self) -> list[str]:
        """The number cards of the player deciding now that an equation may use."""
        raise NotImplementedError

    def card_value(self, card: str) -> int:
        """A number card's number."""
        value: int = self.cards[card].value
        return value

    def may_adjust(self) -> bool:
        """Whether one card may count as one more or one less (the Rescue's red knight)."""
        return False

    def equation_action(self, cards: tuple[str, ...], text: str) -> Action:
        """The engine action that plays a right equation (an :attr:`equation_type`)."""
        make: Any = type(self).equation_type  # each edition's takes (cards, text)
        action: Action = make(cards, text)
        return action

    def what_now(self) -> str:
        """What the player deciding now should do, in words."""
        return self.game.what_now()

    def label(self, action: dict[str, Any]) -> str:
        """What a button that takes ``action`` says."""
        raise NotImplementedError

    def turns(self) -> int:
        """How many turns the game has had (for the progress store)."""
        turn: int = self.game.state.turn
        return turn

    def drawn(self, view: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        """What the browser needs beyond what every table sends."""
        raise NotImplementedError

    def cheer(self, viewer: int | None) -> str:
        """Whom the game-over box may cheer: ``"you"`` when the child at this screen won,
        ``"us"`` when another child sharing it did, ``""`` when the winner is a computer or a
        classmate at another screen (a child who lost is told who won, not "Victory! 🎉")."""
        winner = self.game.winner
        if winner is None or winner not in self.humans:
            return ""
        return "you" if winner == viewer and len(self.humans) == 1 else "us"

    def won_for_away(self) -> bool:
        """Whether the computer made the winning move, playing for a child who was away (a
        table of classmates): everyone is told it was the computer's win, not hers."""
        if self.link is None or self.game.winner is None:
            return False
        played = set(self.link.played())
        return any(
            event.kind == "won" and index in played for index, event in enumerate(self.game.log)
        )

    def champion(self, view: dict[str, Any], shown: str, text: str) -> dict[str, Any] | None:
        """The winner, as the game-over box shows them (``None`` while the game goes on).

        :param shown: the winner's cards to show (``"kings"`` or ``"queens"`` of the view).
        :param text: what the box says.
        """
        winner = self.game.winner
        if winner is None:
            return None
        return {
            "seat": winner,
            "name": self.game.names[winner],
            "kings": view["players"][winner][shown],
            "text": text,
        }

    def goal(self, view: dict[str, Any]) -> str:
        """What it takes to win, in one short line."""
        raise NotImplementedError

    def guide(self) -> dict[str, Any]:
        """How to play: the title, and a few steps with pictures of the cards."""
        raise NotImplementedError

    def tip(self, view: dict[str, Any]) -> str:
        """The coach's tip for the player deciding now (a first game's walk-through)."""
        raise NotImplementedError

    # -- the language and the first deal -----------------------------------------------

    def _start(self) -> None:
        """Draw the catalog and deal the first game, or sit at the linked one (nothing of
        another game is ever drawn first: the page would receive it)."""
        with self.speaking():
            self.catalog = self.make_catalog()
            if self.link is None:
                self.new_game()
            else:
                self.players = list(self.link.game.names)
                self.bots = {}
                self._load(self.link.game)

    # -- the game ----------------------------------------------------------------------

    def new_game(self) -> None:
        """Deal a new game with the same players and settings."""
        with self.speaking():
            self._new_game()

    def _new_game(self) -> None:
        names, levels = seat_names(self.players)
        self.bots = {}
        for seat, level in levels.items():
            seed = None if self.seed is None else self.seed * 31 + seat
            self.bots[seat] = make_bot(level, seed=seed, edition=self.edition)
        seed = None if self.seed is None else self.seed + self._games_played
        self._games_played += 1
        self._load(self.deal(names, seed))

    def load(self, game: Any) -> None:
        """Put ``game`` on the table (a saved game, or a position set up for a lesson).

        Seats whose player is a computer level keep their computer player.
        """
        with self.speaking():
            self._load(game)

    def refresh(self) -> None:
        """Draw the linked game as it is now (another seat, or a computer, moved)."""
        if self.link is None:
            return
        with self.speaking():
            self._take(self.link.game)
            self._after_change()

    def _take(self, game: TableGame) -> None:
        """Put the linked game's newest state on the table, narrating what is new."""
        if game is self.game:
            return
        self.events.extend(game.log[len(self.game.log) :])
        if game.current_player != self.game.current_player or game.is_over:
            self.verdict = None
            self.help.clear()
        self.game = game

    def _apply(self, action: Action) -> list[Event]:
        """Make ``action`` for this screen's seat; the events to narrate."""
        if self.link is None:
            return self.game.apply(action, player=self.seat)
        try:
            self.link.move(action)
        finally:
            self._take(self.link.game)
        return []  # _take narrated them, with any other seat's moves before

    def _load(self, game: Any) -> None:
        if game.num_players != len(self.players):
            raise ValueError(f"this table has {len(self.players)} seats")
        self.game = game
        names = game.names
        if self.link is not None:
            self.humans = [self.link.seat]
        else:
            self.humans = [seat for seat in range(len(names)) if seat not in self.bots]
        self.seat = self.humans[0] if self.humans else None
        self.curtain: str | None = None
        # Events, not words: they are put into words when drawn, in the language of the moment.
        self.events: list[Event] = list(self.game.log)
        self.message = ""
        self.verdict = None
        self.help.clear()
        self.hints_used: dict[int, int] = {}  # by seat: each child has their own
        self._started = time.monotonic()
        self._reported = False
        self._pending_bot = False
        self._after_change()

    def _after_change(self) -> None:
        """Pass the screen to the right child, let computers move, and redraw."""
        game = self.game
        if self.link is not None:
            # The table's store keeps the game's record, and one kernel moves its computers.
            self._publish()
            return
        if game.is_over and not self._reported:
            self._reported = True
            record = {
                "players": list(game.names),
                "bots": {seat: self.players[seat].strip().lower() for seat in self.bots},
                "winner": game.names[game.winner] if game.winner is not None else None,
                "turns": self.turns(),
                "seconds": round(time.monotonic() - self._started, 1),
            }
            for listener in self.game_listeners:
                listener(record)
        current = game.current_player
        if not game.is_over and current in self.humans and current != self.seat:
            self.seat = current
            self.verdict = None
            self.help.clear()
            if len(self.humans) > 1:
                self.curtain = game.names[current]
        elif len(self.humans) > 1 and (game.is_over or current in self.bots):
            # Between two children's turns the screen shows only what everyone may see.
            self.seat = None
        self._publish()
        if not game.is_over and game.current_player in self.bots:
            self._schedule_bot()

    def _schedule_bot(self) -> None:
        if self._pending_bot:
            return
        if self.pace <= 0:
            while not self.game.is_over and self.game.current_player in self.bots:
                self._bot_move()
            self._after_change()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            # No event loop is running (a script, not a notebook): nothing would ever call
            # back later, so the computers play at once.
            self.pace = 0
            self._schedule_bot()
            return
        self._pending_bot = True
        loop.call_later(self.pace, self._bot_tick)

    def _bot_tick(self) -> None:
        self._pending_bot = False
        with self.speaking():
            if not self.game.is_over and self.game.current_player in self.bots:
                self._bot_move()
            self._after_change()

    def _bot_move(self) -> None:
        seat = self.game.current_player
        action = self.bots[seat].choose(self.game)
        self._narrate(self.game.apply(action))

    def _narrate(self, events: Sequence[Event]) -> None:
        self.events.extend(events)

    @property
    def narration(self) -> list[str]:
        """Everything that has happened at this table, in words."""
        with self.speaking():
            return self._said(0)

    def _narration_start(self, viewer: int | None) -> int:
        """Where "What just happened" begins: at the child's own last move, so that the whole
        of the others' turns since is told, each line with what caused it (a Wild Gnome's roll
        before the knights it swapped); at least the last few lines. Between two children's
        turns (no viewer) it begins at the last move of any child at this screen. A move the
        computer made for a child who was away is not hers: what happened then is told too."""
        mine = {viewer} if viewer is not None else set(self.humans)
        played = set(self.link.played()) if self.link is not None else set()
        fewest = max(0, len(self.events) - _NARRATION_LINES)
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if event.player in mine and event.kind != "turn" and index not in played:
                return min(index, fewest)
        return 0

    def _said(self, first: int) -> list[str]:
        """The events from ``first`` on, in words (in the active language). A move the
        computer made for a child who was away is told as the computer's, not hers."""
        played = set(self.link.played()) if self.link is not None else set()
        said = []
        for index, event in enumerate(self.events[first:], start=first):
            text = event.text
            if index in played and event.player is not None and event.kind != "turn":
                text = _(
                    "The computer played for {name}: {words}",
                    name=event.names[event.player],
                    words=text,
                )
            said.append(text)
        return said

    # -- intents from the browser --------------------------------------------------------

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        self.handle(content)

    def handle(self, intent: dict[str, Any]) -> None:
        """Act on an intent, exactly as if the browser had sent it."""
        with self.speaking():
            self._handle(intent)

    def _handle(self, intent: dict[str, Any]) -> None:
        kind = intent.get("intent")
        self.message = ""
        handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "act": self._act,
            "check": self._check,
            "hint": self._hint,
            "ready": self._ready,
            "tips": self._toggle_tips,
            "new-game": self._new_game_intent,
        }
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            self.message = _("I didn't understand that click.")
            self._publish()
            return
        try:
            handler(intent)
        except (TypeError, ValueError, KeyError, AttributeError):
            # A message no page of ours would send (a list where a word belongs, say): answer
            # in words rather than let the error vanish into the kernel's log.
            self.message = _("I didn't understand that click.")
            self._publish()
        except Exception:
            # Our own mistake: the traceback is for the log, kind words for the child.
            _LOG.exception("the table failed on %r", kind)
            self.message = _("Something went wrong. Try again, or ask your teacher.")
            self._publish()

    def _new_game_intent(self, _intent: dict[str, Any]) -> None:
        if self.replay is not None:
            self.replay()
        else:
            self._new_game()

    def _ready(self, _intent: dict[str, Any]) -> None:
        self.curtain = None
        self._publish()

    def _toggle_tips(self, _intent: dict[str, Any]) -> None:
        self.tips = not self.tips
        self._publish()

    def _may_act(self) -> bool:
        if self.game.is_over:
            self.message = _("The game is over. Press New game to play again.")
        elif self.game.current_player not in self.humans:
            self.message = _("Wait a moment: it is {name}'s turn.", name=self._current_name())
        elif self.curtain:
            self.message = _("Press I'm ready first.")
        else:
            return True
        self._publish()
        return False

    def _current_name(self) -> str:
        return self.game.names[self.game.current_player]

    def _act(self, intent: dict[str, Any]) -> None:
        if not self._may_act():
            return
        try:
            action = action_from_dict(intent.get("action") or {})
            events = self._apply(action)
        except IllegalActionError as error:
            self.message = str(error)
            self._publish()
            return
        except ValueError:
            self.message = _("That is not something you can do in this game.")
            self._publish()
            return
        if not isinstance(action, self.equation_type):
            self.verdict = None
        self._narrate(events)
        if not self.builder_open():
            self.help.clear()
        self._after_change()

    # -- the equation builder ------------------------------------------------------------

    def _equation_from(self, intent: dict[str, Any]) -> tuple[list[str], str] | None:
        """The cards and the text of an equation the child built or typed."""
        numbers = self.number_cards()
        typed = intent.get("text")
        if isinstance(typed, str):
            # A typed equation names values, not cards: the checker looks among them all.
            return numbers, typed
        cards = intent.get("cards")
        result = intent.get("result")
        sign = intent.get("op")
        if (
            not isinstance(cards, list)
            or not all(isinstance(c, str) and c in numbers for c in cards)
            or not isinstance(result, str)
            or result not in numbers
            or not isinstance(sign, str)
            or sign not in SIGNS
            or len({*cards, result}) != len(cards) + 1
        ):
            return None
        values = {card: self.card_value(card) for card in [*cards, result]}
        adjust = intent.get("adjust")
        if self.may_adjust() and isinstance(adjust, dict):
            card, by = adjust.get("card"), adjust.get("by")
            if isinstance(card, str) and card in values and by in (1, -1):
                values[card] += by
        text = f" {SIGNS[sign].value} ".join(str(values[c]) for c in cards)
        return [*cards, result], f"{text} = {values[result]}"

    def _check(self, intent: dict[str, Any]) -> None:
        if not self._may_act():
            return
        if not self.builder_open():
            self.message = _("Not now. {what}", what=self.what_now())
            self._publish()
            return
        refusal = self.gate() if self.gate is not None else ""
        if refusal:
            self.message = refusal
            self._publish()
            return
        built = self._equation_from(intent)
        if built is None:
            self.message = self.no_cards_message()
            self._publish()
            return
        cards, text = built
        typed = "text" in intent
        values = [self.card_value(c) for c in cards]
        adjust = self.may_adjust()
        verdict = check(text, values, self.operations, adjust=adjust)
        attempt = self._attempt(text, verdict, typed)
        held = [self.card_value(c) for c in self.number_cards()]
        self.verdict = self.help.verdict(verdict, text, held)
        self._told = lambda: self.help.retold(
            check(text, values, self.operations, adjust=adjust), text, held
        )
        if verdict.ok:
            used = self._cards_used(cards, list(verdict.cards_used), typed)
            try:
                action = self.equation_action(tuple(used), text)
                events = self._apply(action)
            except IllegalActionError as error:
                self.verdict = {"ok": False, "text": text[:60], "lines": [str(error)], "codes": []}
                self._told = None
            else:
                self._narrate(events)
                self.help.clear()
        # The child sees the verdict first: keeping the attempt may wait for the class's
        # store (on a school's hub, a call to its class service).
        self._after_change()
        for listener in self.attempt_listeners:
            listener(attempt)

    def no_cards_message(self) -> str:
        """What to say when a built equation names no cards the child has."""
        return _("Put your number cards in the equation first.")

    def _cards_used(self, cards: list[str], used_values: list[int], typed: bool) -> list[str]:
        if not typed:
            return cards
        # Typed equations name values, not cards: take the first card of each value.
        chosen: list[str] = []
        for value in used_values:
            card = next(c for c in cards if self.card_value(c) == value and c not in chosen)
            chosen.append(card)
        return chosen

    def _attempt(self, text: str, verdict: Verdict, typed: bool) -> dict[str, Any]:
        """The attempt as the progress store keeps it, with the help shown before it."""
        return {
            "player": self._current_name(),
            "text": text[:MAX_LENGTH],
            "numbers": list(verdict.equation.numbers) if verdict.equation is not None else [],
            "ok": verdict.ok,
            "codes": list(verdict.codes),
            "typed": typed,
            "hint_level": self.help.level(verdict),
            "helped": self.help.helped(verdict),
            "cards": sorted(self.card_value(card) for card in self.number_cards()),
        }

    def _hint(self, _intent: dict[str, Any]) -> None:
        if not self._may_act():
            return
        if self.hint_policy == "off":
            self.message = _("Hints are off in this class. You can do it!")
        elif self.hint_policy == "limited" and self._hints_left() == 0:
            self.message = _("You have used all your hints for this game.")
        elif not self.builder_open():
            self.message = _("Not now. {what}", what=self.what_now())
        else:
            if self.help.climb(self._ladder()):
                seat = self.game.current_player
                self.hints_used[seat] = self.hints_used.get(seat, 0) + 1
        self._publish()

    def _ladder(self) -> Sequence[Hint]:
        values = [self.card_value(c) for c in self.number_cards()]
        return hints(values, self.operations, adjust=self.may_adjust())

    def retell(self) -> None:
        # A message answers the child's last click, and the last click was the language.
        self.message = ""
        if self.verdict is not None:
            self.verdict = self._told() if self._told is not None else None
        if self.help.rungs:
            self.help.retell(self._ladder())

    def _hints_left(self) -> int:
        return HINT_LIMIT - self.hints_used.get(self.game.current_player, 0)

    # -- what the browser draws ----------------------------------------------------------

    def _publish(self) -> None:
        # Every list here is a fresh copy: traitlets sends the state only when it differs from
        # the last one sent, and a list changed in place would look the same.
        game = self.game
        viewer = None if self.curtain else self.seat
        view = game.view(viewer)
        view["legal_actions"] = [
            {**action, "label": local_signs(self.label(action))} for action in view["legal_actions"]
        ]
        if self.curtain:
            view["prompt"] = ""  # the curtain itself says whose turn it is and what to do
        elif view["prompt"] is None and not game.is_over:
            view["prompt"] = _("Wait a moment: it is {name}'s turn.", name=self._current_name())
        deciding = viewer is not None and viewer == game.current_player and not game.is_over
        coaching = self.tips and deciding and not self.curtain
        state = {
            "edition": self.edition,
            "view": view,
            "seat": viewer,
            "humans": list(self.humans),
            "bots": self.link.computers() if self.link else sorted(self.bots),
            "away": [game.names[seat] for seat in self.link.away()] if self.link else [],
            "names": game.names,
            "curtain": self.curtain,
            "narration": self._said(self._narration_start(viewer)),
            "narrated": len(self.events),
            "log": self._said(0) if game.is_over else [],
            "message": self.message,
            "verdict": self.verdict,
            "hints": hint_state(self.hint_policy, self.help.rungs, self._hints_left()),
            "builder": deciding and not self.curtain and self.builder_open(),
            "goal": self.goal(view),
            "guide": self.guide(),
            "tips": self.tips,
            "tip": local_signs(self.tip(view)) if coaching else "",
            **self.drawn(view, viewer),
        }
        # Computer players dealt in another language (a table of classmates is dealt in the
        # class's) are called as this child's language calls them: renamed before the state
        # is sent, so that the page never draws the other language's names, not even once.
        computers = self.link.computers() if self.link else sorted(self.bots)
        renamed = local_bot_names(game.names, computers)
        self.state = _renamed(state, renamed) if renamed else state


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` (the table's state) with each name in ``names`` replaced, in every text."""
    if isinstance(value, str):
        for old in sorted(names, key=len, reverse=True):
            value = value.replace(old, names[old])
        return value
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    return value
