"""Play with classmates: the class's open tables, making one, and waiting at one.

A child sees the tables classmates made (who sits there, how many seats are free, which game
each plays: the teacher may have changed the class's game since) and sits down at one, or
makes a table of 2 to 5 seats. A table that starts keeps its row, saying it plays: the rows
under a child's finger stay where they are. At the table, the maker presses **Start**
once two children or more sit; free seats are left out or filled with computer players.
Everything is read from the store (:class:`~sq2edu.classroom.storage.tables.Tables`) each time the
store changes, so every child's lobby shows the same tables.

Each press that writes to the store (make, sit, stand up, start) spends a token of the
page's own :class:`~sq2edu.classroom.server.limits.TokenBucket` (a few at once, then one every
:data:`PRESS_EVERY` seconds): a script pressing Make a table in a loop writes a handful of
rows, not hundreds. The lobby lists :data:`SHOWN_TABLES` tables at most, so a classmate's
lobby stays small whatever happens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from sq2edu import editions
from sq2edu.classroom.server.limits import TokenBucket
from sq2edu.classroom.storage.tables import MAX_SEATS, MIN_SEATS, TableError, TableInfo, TableKeeper
from sq2edu.classroom.widgets.screens import Screens, big_button, widget_tree
from sq2edu.core import Game
from sq2edu.i18n import _, language, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = ["PRESS_BURST", "PRESS_EVERY", "SHOWN_TABLES", "Lobby", "presses"]

#: Presses that write a table a page may make at once, then one every so many seconds.
PRESS_BURST = 6
PRESS_EVERY = 2.0
#: Tables a lobby lists at most (the oldest first, as they were made); open ones are never
#: left out for tables already playing.
SHOWN_TABLES = 20


def presses() -> TokenBucket:
    """The tokens of one page's presses in the lobby."""
    return TokenBucket(PRESS_BURST, PRESS_EVERY)


class Lobby(widgets.VBox):  # type: ignore[misc]
    """The lobby of one child.

    :param tables: the class's tables.
    :param student: the child's nickname (the kernel's own, never a browser's word).
    :param edition: the class's game, for new tables (or how to read it at each new table:
        the teacher may switch it while the lobby is open).
    :param dealer: gives, when the maker presses Start, how a game of the table's edition
        is dealt (see :meth:`Tables.start`): a table keeps the game it was made with.
    :param level: the computer players' level, for free seats.
    :param on_playing: called with a table when the child's table has started.
    :param lang: the language the lobby speaks.
    :param tokens: the page's tokens for presses that write (kept by the page, so that a
        new lobby brings no new ones).
    """

    def __init__(
        self,
        tables: TableKeeper,
        student: str,
        edition: str | Callable[[], str],
        dealer: Callable[[str], Callable[[Sequence[dict[str, str]]], Game[Any, Any]]],
        level: str,
        on_playing: Callable[[TableInfo], None],
        lang: str = "en",
        tokens: TokenBucket | None = None,
    ) -> None:
        super().__init__()
        self.add_class("sq2-lobby")
        self.tokens = tokens if tokens is not None else presses()
        self.tables = tables
        self.student = student
        self.edition = edition
        self.dealer = dealer
        self.level = level
        self.on_playing = on_playing
        self.language = lang
        self.problem = widgets.HTML()
        self.seats = widgets.ToggleButtons(
            options=[str(n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
            value="3",
            style={"button_width": "56px"},
        )
        self.seats.add_class("sq2-big-choice")
        self.fill = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"))
        self.fill.add_class("sq2-fill")
        # The lobby is redrawn whenever any table of the class changes: its buttons stay the
        # same widgets, so a click on its way while it is redrawn still arrives.
        self.make_button = big_button()
        self.make_button.on_click(lambda _button: self.make(int(self.seats.value)))
        self.start_button = big_button(button_style="success")
        self.start_button.on_click(lambda _button: self.start())
        self.stand_button = big_button()
        self.stand_button.on_click(lambda _button: self.stand())
        self._title, self._heading, self._words = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self._seat_list, self._note = widgets.HTML(), widgets.HTML()
        self._make_row = widgets.HBox([self.seats, self.make_button])
        self._start_row = widgets.HBox([self.start_button, self.stand_button])
        #: A row for each open table: its box, its "Sit here" button and its words.
        self._rows: dict[str, tuple[widgets.HBox, widgets.Button, widgets.HTML]] = {}
        kept = [self.problem, self.fill, self._title, self._heading, self._words, self._note]
        kept += [self._seat_list, self._make_row, self._start_row]
        self._screens = Screens(self, kept)
        self._shown: tuple[str, TableInfo | None, list[tuple[object, ...]]] | None = None
        #: What went wrong at a table the child pressed Sit here at: said in its own row,
        #: where she looks, until her next press or until that table changes (it started,
        #: a seat came free), with the table's version it was said at (``-1``: not yet drawn).
        self._row_problem: tuple[str, str, int] | None = None
        #: Who made the child's table and left it, so that it is hers to start now.
        self._maker_left: str | None = None
        #: Whether the teacher switched the game of the child's table while it waited.
        self._game_changed = False
        self.redraw()

    def close(self) -> None:
        """Close the lobby with every widget it made, shown now or not."""
        self._screens.close()
        for row, _sit, _words in self._rows.values():
            for widget in widget_tree(row):
                widget.close()
        super().close()

    def set_language(self, lang: str) -> None:
        """Speak ``lang``."""
        self.language = lang
        self.redraw()

    # -- what a child does -----------------------------------------------------------------

    def _try(self, doing: Callable[[], object], at: str | None = None) -> None:
        """Do what the child pressed; what went wrong is said in the row of the table ``at``
        (Sit here), or under the lobby."""
        self._row_problem = None
        with language(self.language):
            try:
                if not self.tokens.take():
                    raise TableError(
                        _(
                            "Too many tries. Wait {seconds} seconds, then try again.",
                            seconds=round(PRESS_EVERY),
                        )
                    )
                doing()
            except TableError as error:
                if at is not None:
                    self._row_problem = (at, str(error), -1)
                else:
                    self.problem.value = html("<p class='sq2-problem'>⚠ {}</p>", str(error))
                self._draw(keep_problem=True, force=True)
                return
        self.problem.value = ""
        self.redraw()

    def make(self, size: int) -> None:
        """Make a table of ``size`` seats and sit at it."""
        edition = self.edition if isinstance(self.edition, str) else self.edition()
        self._try(lambda: self.tables.make(self.student, size, edition))

    def sit(self, table_id: str) -> None:
        """Sit at a table."""
        self._try(lambda: self.tables.sit(table_id, self.student), at=table_id)

    def stand(self) -> None:
        """Stand up from the table the child waits at."""
        mine = self.tables.where(self.student)
        if mine is not None:
            self._try(lambda: self.tables.stand(mine.id, self.student))

    def start(self, fill: bool | None = None) -> None:
        """Start the game at the child's table (its maker only)."""
        mine = self.tables.where(self.student)
        if mine is None:
            self.redraw()
            return
        computers = self.level if (self.fill.value if fill is None else fill) else None
        deal = self.dealer(mine.edition)
        self._try(lambda: self.tables.start(mine.id, self.student, deal, computers))

    # -- what a child sees -----------------------------------------------------------------

    def redraw(self) -> None:
        """Read the tables again and draw them (the child's table, once started, opens)."""
        self._draw(keep_problem=False)

    def _draw(self, keep_problem: bool, force: bool = False) -> None:
        mine = self.tables.where(self.student)
        if mine is not None and mine.status == "playing":
            self.on_playing(mine)
            return
        listed = self._listed() if mine is None else []
        # A move at a table that plays changes nothing its row says: no redraw for it.
        seen: list[tuple[object, ...]] = [
            (i.id, i.status, i.seats, i.maker, i.edition) for i in listed
        ]
        shown = (self.language, mine, seen)
        if shown == self._shown and not force:
            return  # nothing new: the page is left as the child has it
        # What went wrong stays until the child's own table changes (another table coming
        # or going does not wipe "This table is full" before it is read).
        mine_before = self._shown[1] if self._shown else None
        self._shown = shown
        self._note_maker_left(mine_before, mine)
        if mine is None or mine_before is None or mine.id != mine_before.id:
            self._game_changed = False
        elif mine.edition != mine_before.edition:
            self._game_changed = True
        with language(self.language):
            if not keep_problem and mine != mine_before:
                self.problem.value = ""
            self._screens.show(self._waiting(mine) if mine is not None else self._choosing(listed))

    def _note_maker_left(self, before: TableInfo | None, mine: TableInfo | None) -> None:
        """Remember who left the child's table, when that made it hers to start."""
        if mine is None or mine.maker != self.student:
            self._maker_left = None
        elif before is not None and before.id == mine.id and before.maker != mine.maker:
            self._maker_left = before.maker if before.maker not in mine.children else None

    def _listed(self) -> list[TableInfo]:
        """The tables the lobby lists, oldest first: the open ones, and those playing (a table
        that starts keeps its row, so the rows under a child's finger stay put)."""
        every = self.tables.tables(("open", "playing"))
        kept = [info for info in every if info.status == "open"][:SHOWN_TABLES]
        room = SHOWN_TABLES - len(kept)
        kept += [info for info in every if info.status == "playing"][:room]
        ids = {info.id for info in kept}
        return [info for info in every if info.id in ids]

    def _choosing(self, listed: list[TableInfo]) -> list[widgets.Widget]:
        self._title.value = _html("h2", _("Play with classmates"))
        for gone in set(self._rows) - {info.id for info in listed}:
            del self._rows[gone]  # closed by the next redraw
        if self._row_problem is not None and self._row_problem[0] not in self._rows:
            self._row_problem = None
        rows: list[widgets.Widget] = []
        for info in listed:
            problem = self._row_problem
            if problem is not None and problem[0] == info.id:
                if problem[2] == -1:
                    self._row_problem = (*problem[:2], info.version)
                elif problem[2] != info.version:
                    self._row_problem = None  # "This table is full" holds no more
            if info.id not in self._rows:
                sit = big_button(button_style="primary")
                sit.on_click(lambda _button, table_id=info.id: self.sit(table_id))
                words = widgets.HTML()
                row = widgets.HBox([sit, words], layout=widgets.Layout(align_items="center"))
                row.add_class("sq2-lobby-row")
                self._rows[info.id] = (row, sit, words)
            row, sit, words = self._rows[info.id]
            sit.description = _("Sit here")
            # A table that is full or plays offers no seat; its button keeps its room, so
            # that the row is as high as before and the rows under it do not move.
            seat = info.free and info.status == "open"
            sit.layout.visibility = "visible" if seat else "hidden"
            said = (
                _describe(info)
                if seat
                else _playing(info)
                if info.status == "playing"
                else _full(info)
            )
            game = _("Game: {game}", game=_game(info.edition))
            value = html("<p>{}<br><span class='sq2-game'>{}</span></p>", said, game)
            if self._row_problem is not None and self._row_problem[0] == info.id:
                value += html("<p class='sq2-problem' role='alert'>⚠ {}</p>", self._row_problem[1])
            words.value = value
            rows.append(row)
        if not rows:
            self._words.value = _html("p", _("No tables yet. Make one!"))
            rows.append(self._words)
        self.seats.description = _("Seats")
        self.make_button.description = _("Make a table")
        self._heading.value = _html("h3", _("Or make a table"))
        return [self._title, *rows, self._heading, self._make_row, self.problem]

    def _waiting(self, info: TableInfo) -> list[widgets.Widget]:
        self._rows.clear()  # the rows of the tables to choose from are closed
        waiting = _("Waiting for friends…")
        game = _("Game: {game}", game=_game(info.edition))
        self._title.value = (
            _html("h2", _("Your table"))
            + _html("p", waiting)
            + html("<p class='sq2-game'>{}</p>", game)
        )
        if self._game_changed:
            # Said where the children look, before they press Start or wait for it.
            changed = _(
                "Your teacher changed the game: this table plays {game} now.",
                game=_game(info.edition),
            )
            self._title.value += html("<p class='sq2-problem' role='status'>{}</p>", changed)
        lines = []
        for seat in info.seats:
            who = seat.get("child") if seat else None
            shown = who if who else _("free seat")
            made = _("made the table")
            maker = f" ({made})" if who and who == info.maker else ""
            lines.append(html("<li>{}{}</li>", shown, maker))
        self._seat_list.value = html("<ol class='sq2-seats'>{}</ol>", joined(lines))
        self.stand_button.description = _("Stand up")
        if info.maker != self.student:
            note = _("{name} starts the game when everyone is here.", name=info.maker)
            self._note.value = _html("p", note)
            return [self._title, self._seat_list, self._note, self.stand_button, self.problem]
        ready = len(info.children) >= MIN_SEATS
        self.start_button.description = _("Start")
        self.start_button.disabled = not ready
        self.fill.description = _("Computer players take the free seats")
        parts: list[widgets.Widget] = [self._title, self._seat_list]
        if info.free:
            parts.append(self.fill)
        said = []
        if self._maker_left is not None:
            # Start came to her without a word: she is told why it is hers now.
            if ready:
                said.append(_("{name} left. You can start the game now.", name=self._maker_left))
            else:
                said.append(_("{name} left. The table is yours now.", name=self._maker_left))
        if not ready:
            said.append(_("Wait for a friend to sit down: a game needs two children."))
        if said:
            self._note.value = joined([_html("p", words) for words in said])
            parts.append(self._note)
        return [*parts, self._start_row, self.problem]


def _html(tag: str, words: str) -> Markup:
    """Words in an HTML element (``tag`` is ours), escaped: a nickname is never markup."""
    return html(f"<{tag}>{{}}</{tag}>", words)


def _game(edition: str) -> str:
    """What children call the game of ``edition``."""
    try:
        found = editions.load(edition)
    except editions.UnknownEditionError:
        return edition
    return _(found.short or found.title)


def _playing(info: TableInfo) -> str:
    """``Mia's table: Mia, Leo · playing``."""
    return _("{maker}'s table: {names} · playing", maker=info.maker, names=", ".join(info.children))


def _full(info: TableInfo) -> str:
    """``Mia's table: Mia, Leo · full``."""
    return _("{maker}'s table: {names} · full", maker=info.maker, names=", ".join(info.children))


def _describe(info: TableInfo) -> str:
    """``Mia's table: Mia, Leo · 1 free seat``."""
    free = ngettext("{n} free seat", "{n} free seats", info.free)
    return _(
        "{maker}'s table: {names} · {free}",
        maker=info.maker,
        names=", ".join(info.children),
        free=free,
    )
