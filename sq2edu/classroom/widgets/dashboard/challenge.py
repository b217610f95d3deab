"""The dashboard's Challenge tab: start a round, end it, the next one a step up or down.

The teacher chooses where the cards come from (a level of practice, the class's settings, or
cards typed in), starts the round, and opens the projector's page
(:mod:`sq2edu.classroom.views.projector`). The tab shows who joined and who found none yet (a child
to sit with), lets the teacher show finders' names on the projector, and pin one equation or
mistake to discuss. Names come from children's browsers: every one is escaped.
"""

from __future__ import annotations

import ipywidgets as widgets

from sq2edu.classroom.domain.challenge import (
    MAX_CARDS,
    MIN_CARDS,
    Board,
    challenge_levels,
    deal_round,
    largest_card,
    nearest_level,
    step_level,
)
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLStore
from sq2edu.classroom.views.projector import PAGE_PATH, mistake_words, progress_words
from sq2edu.classroom.widgets.dashboard.desk import WIDE, in_class_language
from sq2edu.i18n import _, local_signs, ngettext
from sq2edu.markup import Markup, html, joined

__all__ = ["ChallengePanel"]


_BIG = widgets.Layout(width="auto", min_height="44px")


class ChallengePanel(widgets.VBox):  # type: ignore[misc]
    """The Challenge tab of the teacher's dashboard.

    :param store: the class's store.
    :param served: the page is served by the classroom (the projector's page is at
        ``sq2edu/projector`` beside it); ``False`` in a notebook.
    :param room_query: ``&room=...`` for a school's hub, else ``""``.
    :param language: the dashboard's language, in which the tab answers the teacher's clicks.
    """

    def __init__(
        self, store: SQLStore, served: bool = True, room_query: str = "", language: str = "en"
    ) -> None:
        super().__init__()
        self.language = language
        self._latest_number: int | None = None
        self._picking = False
        self.store = store
        self.challenges = Challenges(store)
        self.served = served
        self.room_query = room_query
        self.source = widgets.ToggleButtons(
            options=[
                (_("A level"), "level"),
                (_("The class's settings"), "class"),
                (_("Cards I type"), "typed"),
            ],
            value="level",
            description=_("Cards from"),
            style={**WIDE, "button_width": "auto"},
        )
        self.level = widgets.Dropdown(
            options=[(_(level.title), level.key) for level in challenge_levels()],
            description=_("Level"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.typed = widgets.Text(
            description=_("Cards"),
            placeholder="2 3 5 6 8",
            style=WIDE,
            layout={"width": "20em"},
        )
        # What may be typed, said before a wrong try rather than after.
        self.typed_help = widgets.HTML(
            html(
                '<p class="sq2-words">{}</p>',
                _(
                    "{low} to {high} cards, each a number from 1 to {largest} (the largest a "
                    "level deals).",
                    low=MIN_CARDS,
                    high=MAX_CARDS,
                    largest=largest_card(),
                ),
            )
        )
        self.start_button = widgets.Button(
            description=_("Start a round"), button_style="primary", layout=_BIG
        )
        self.start_button.on_click(lambda _b: self.start())
        self.end_button = widgets.Button(description=_("End the round"), layout=_BIG)
        self.end_button.on_click(lambda _b: self.end())
        self.down_button = widgets.Button(description=_("Next round: a step down"), layout=_BIG)
        self.same_button = widgets.Button(description=_("Next round: the same level"), layout=_BIG)
        self.up_button = widgets.Button(description=_("Next round: a step up"), layout=_BIG)
        self.down_button.on_click(lambda _b: self.next_round(-1))
        self.same_button.on_click(lambda _b: self.next_round(0))
        self.up_button.on_click(lambda _b: self.next_round(1))
        self.names = widgets.Checkbox(
            description=_("Show on the projector who found each equation"),
            style=WIDE,
            layout={"width": "auto"},
        )
        self.names.observe(lambda _change: self._names_changed(), names="value")
        self.pin_pick = widgets.Dropdown(
            description=_("Pin to discuss"), style=WIDE, layout={"width": "auto"}, options=[]
        )
        self.pin_button = widgets.Button(description=_("Pin"), layout=_BIG)
        self.pin_button.on_click(lambda _b: self.pin(str(self.pin_pick.value or "")))
        self.unpin_button = widgets.Button(description=_("Unpin"), layout=_BIG)
        self.unpin_button.on_click(lambda _b: self.pin(""))
        self.message = widgets.HTML()
        self.link = widgets.HTML()
        #: The round whose children the tab lists: the latest, or an earlier one picked to
        #: look back at (a new round brings the picker to it, unless another is picked).
        self.round_pick = widgets.Dropdown(
            description=_("Round"), options=[], style=WIDE, layout={"width": "auto"}
        )
        self.round_pick.observe(
            lambda _change: None if self._picking else self._show_status(), names="value"
        )
        self.status = widgets.HTML()
        self.source.observe(lambda _change: self._show_source(), names="value")
        self._show_source()
        self.children = [
            widgets.HTML(html("<h3>{}</h3>", _("Class challenge"))),
            widgets.HTML(
                html(
                    "<p>{}</p>",
                    _(
                        "One set of cards for the whole class: together the class finds every "
                        "equation the cards make. Show the projector's page on the board."
                    ),
                )
            ),
            self.source,
            self.level,
            self.typed,
            self.typed_help,
            widgets.HBox([self.start_button, self.end_button]),
            widgets.HBox([self.down_button, self.same_button, self.up_button]),
            self.names,
            widgets.HBox([self.pin_pick, self.pin_button, self.unpin_button]),
            self.message,
            self.link,
            self.round_pick,
            self.status,
        ]
        self.refresh()

    # -- the teacher's actions -------------------------------------------------------------

    def _show_source(self) -> None:
        self.level.layout.display = "" if self.source.value == "level" else "none"
        self.typed.layout.display = "" if self.source.value == "typed" else "none"
        self.typed_help.layout.display = self.typed.layout.display

    def _operations(self) -> str:
        return ClassSettings.from_dict(self.store.settings()).operations

    def _say(self, words: str) -> None:
        self.message.value = html('<p role="status">{}</p>', words) if words else ""

    @in_class_language
    def start(self, seed: int | None = None) -> None:
        """Start a round from the chosen source (a bad choice is told in words)."""
        try:
            dealt = deal_round(
                str(self.source.value),
                level=str(self.level.value or ""),
                operations=self._operations(),
                typed=str(self.typed.value),
                seed=seed,
            )
        except ValueError as error:
            self._say(str(error))
            return
        started = self.challenges.start(dealt, names=bool(self.names.value))
        self._say(_("Round {number} has started.", number=started.number))
        self.refresh()

    @in_class_language
    def end(self) -> None:
        """End the open round: the projector reveals what nobody found."""
        ended = self.challenges.end()
        self._say(_("The round has ended.") if ended else _("No round is running."))
        self.refresh()

    @in_class_language
    def next_round(self, step: int, seed: int | None = None) -> None:
        """A new round at the level ``step`` places up or down from the latest round's: the
        class's settings step from the Rescue's level (the same step keeps them), typed
        cards from the level nearest them (:func:`nearest_level`: typed again, the same
        cards would come back)."""
        latest = self.challenges.current()
        if latest is None:
            self.start(seed)
            return
        if latest.source == "level":
            self.source.value = "level"
            self.level.value = step_level(latest.level, step)
        elif latest.source == "class" and step:
            self.source.value = "level"
            self.level.value = step_level("rescue", step)
        elif latest.source == "typed":
            self.source.value = "level"
            self.level.value = step_level(nearest_level(latest), step)
        self.start(seed)

    @in_class_language
    def _names_changed(self) -> None:
        latest = self.challenges.current()
        if latest is not None and latest.names != self.names.value:
            self.challenges.show_names(bool(self.names.value))

    @in_class_language
    def pin(self, text: str) -> None:
        """Pin one equation or mistake of the latest round to the projector ("" unpins)."""
        if self.challenges.current() is None:
            return
        self.challenges.pin(text)
        self.refresh()

    # -- what the class did ----------------------------------------------------------------

    @in_class_language
    def refresh(self) -> None:
        """Read the latest round from the store and redraw."""
        board = self.challenges.board()
        running = board is not None and board.round.open
        self.end_button.disabled = not running
        for button in (self.down_button, self.same_button, self.up_button):
            button.disabled = board is None
        self.pin_pick.disabled = self.pin_button.disabled = board is None
        self.unpin_button.disabled = board is None or not board.round.pinned
        if board is not None and self.names.value != board.round.names:
            self.names.value = board.round.names
        options = self._pin_options(board)
        if list(self.pin_pick.options) != options:
            chosen = self.pin_pick.value
            self.pin_pick.options = options
            values = [value for _label, value in options]
            self.pin_pick.value = chosen if chosen in values else (values[0] if values else None)
        self.link.value = self._link_html()
        self._pick_rounds(board)
        self._show_status(board)

    def _pick_rounds(self, latest: Board | None) -> None:
        """Offer every round, newest first; a picker on the latest round follows a new one."""
        rounds = self.challenges.rounds()
        options = [
            (
                _(
                    "Round {number} ({state})",
                    number=round_.number,
                    state=_("running") if round_.open else _("ended"),
                ),
                round_.number,
            )
            for round_ in reversed(rounds)
        ]
        self.round_pick.layout.display = "" if len(options) > 1 else "none"
        if list(self.round_pick.options) == options:
            return
        chosen = self.round_pick.value
        followed = chosen is None or chosen == self._latest_number
        self._latest_number = latest.round.number if latest is not None else None
        numbers = [number for _label, number in options]
        self._picking = True  # the status is drawn once, after
        try:
            self.round_pick.options = options
            self.round_pick.value = (
                self._latest_number if followed or chosen not in numbers else chosen
            )
        finally:
            self._picking = False

    @in_class_language
    def _show_status(self, latest: Board | None = None) -> None:
        chosen = self.round_pick.value
        if latest is None or (chosen is not None and chosen != latest.round.number):
            latest = self.challenges.board(chosen) if chosen is not None else None
        self.status.value = _status_html(latest)

    def _pin_options(self, board: Board | None) -> list[tuple[str, str]]:
        """What may be pinned: the mistakes, and the equations found so far; those nobody
        found only once the round has ended (pinned earlier, one would give it away)."""
        if board is None:
            return []
        options = [(local_signs(m.example), m.example) for m in board.mistakes]
        options += [
            (local_signs(tile.text), tile.text)
            for tile in board.tiles
            if tile.found or not board.round.open
        ]
        return options

    def _link_html(self) -> Markup:
        if not self.served:
            return html(
                "<p>{}</p>",
                _("The projector page is there when the class runs with sq2edu serve."),
            )
        query = f"?{self.room_query.lstrip('&')}" if self.room_query else ""
        return html(
            # Buttons as the dashboard's other links (plain text read as no link at all).
            '<p><a class="sq2-button" href="{}" target="_blank" rel="noopener">🖥 {}</a> '
            '<a class="sq2-button" download="challenge.csv" href="{}">⬇ {}</a></p>',
            PAGE_PATH + query,
            _("Open the projector page"),
            "sq2edu/challenge.csv" + query,
            _("Download every challenge try (CSV)"),
        )


def _status_html(board: Board | None) -> Markup:
    if board is None:
        return html("<p>{}</p>", _("No challenge yet."))
    round_ = board.round
    state = _("running") if round_.open else _("ended")
    lines = [
        html(
            "<p><strong>{}</strong>: {}</p>",
            _("Round {number} ({state})", number=round_.number, state=state),
            " ".join(str(card) for card in round_.cards),
        ),
        html("<p>{}</p>", progress_words(board)),
        html(
            "<p>{} {}</p>",
            ngettext("{n} child joined:", "{n} children joined:", len(board.joined)),
            ", ".join(board.joined) or "—",
        ),
    ]
    if board.found_none:
        lines.append(
            html(
                "<p>{} <strong>{}</strong></p>",
                _("Found none yet (a child to sit with):"),
                ", ".join(board.found_none),
            )
        )
    if board.mistakes:
        items = joined(html("<li>{}</li>", mistake_words(m, board)) for m in board.mistakes)
        lines.append(html("<p>{}</p><ul>{}</ul>", _("Most common tries that do not work:"), items))
    return joined(lines)
