"""The student app: join with a nickname, then play the Rescue or practise in the Lab.

``notebooks/classroom.ipynb`` shows :meth:`StudentApp.from_environment`, which ``sq2edu
serve`` points at the class's progress store. Everything a student types is checked here,
in the kernel, and shown back only as text. A nickname belongs to the device that first
joined with it (:mod:`sq2edu.classroom.server.client`), and may not imitate a classmate's
(:mod:`sq2edu.progress.nicknames`); a device holds one name at a time, and takes another
only after :data:`NAME_CHANGE_SECONDS` (or when the teacher frees its name), which the
teacher sees. The class code is checked with waits after wrong tries
(:mod:`sq2edu.classroom.server.limits`), Join is pressed a few times a minute at most, and a
returning device finds its nickname and language already chosen.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from sq2edu import editions
from sq2edu.classroom.domain.settings import ClassSettings, Focus, chosen_levels
from sq2edu.classroom.server.client import Client, this_client
from sq2edu.classroom.server.kernel_log import keep_errors_in_the_server_log, kindly
from sq2edu.classroom.server.limits import CodeGuard, TokenBucket
from sq2edu.classroom.storage.store import ChildStore, Watch, open_served_store
from sq2edu.classroom.storage.tables import TableError, TableInfo, TableKeeper, Tables
from sq2edu.classroom.storage.together import TableSeat, table_dealer
from sq2edu.classroom.widgets.challenge_child import (
    ChallengeBanner,
    ChallengeTask,
    challenge_lab,
)
from sq2edu.classroom.widgets.lobby import Lobby, presses
from sq2edu.classroom.widgets.screens import Screens, big_button
from sq2edu.core import Game
from sq2edu.i18n import LANGUAGE_NAMES, LANGUAGES, _, language, ngettext
from sq2edu.lessons import LESSONS
from sq2edu.markup import html
from sq2edu.practice import available, place
from sq2edu.progress.nicknames import (
    MAX_NICKNAME,
    check_nickname,
    lookalike_keys,
    similar_names,
)
from sq2edu.progress.records import Attempt, GameRecord, GuardEvent
from sq2edu.ui import EquationLab
from sq2edu.ui.game_table import GameTable
from sq2edu.ui.heartbeat import Heartbeat
from sq2edu.ui.lesson import LessonBook

if TYPE_CHECKING:
    from sq2edu.hub.remote import ServiceStore

__all__ = ["MAX_NICKNAME", "StudentApp", "check_nickname", "lookalike_keys"]

#: Seconds between notes that a student's page is open (the dashboard's "online now"; the
#: page asks every 4 s, so notes come at most 12 s apart while it is open).
PRESENT_EVERY = 8.0
#: A table whose maker's page has been gone this long before the start loses its maker
#: (the next child makes it, or it leaves the lobby); looked for this often.
MAKER_GONE_SECONDS = 30.0
MAKER_LOOK_EVERY = 5.0
#: The same at a table of classmates, where a child away too long is played for: at each
#: "still there?" of the page (every 4 s), so that "after 30 seconds" means 30 to 35.
PRESENT_AT_TABLE_EVERY = 3.0
#: Seconds between looks at the store while the lobby or a table of classmates is open.
LOOK_EVERY = 0.15
#: Seconds after which the lobby or table is read again even if the watch saw nothing.
READ_ANYWAY_EVERY = 5.0
#: Equations a page may check in a burst, and then one every so many seconds.
ATTEMPT_BURST = 6
ATTEMPT_EVERY = 1.5
#: Presses of Join a page may make in a burst, and then one every so many seconds.
JOIN_BURST = 5
JOIN_EVERY = 3.0
#: Seconds a device keeps its name before it may take another by itself.
NAME_CHANGE_SECONDS = 600
#: Refusals one network address may leave for the teacher in a minute (more are not kept).
NOTES_A_MINUTE = 30
#: How many of a child's latest attempts the Lab reads to choose their next deal.
HISTORY = 200


class StudentApp(widgets.VBox):  # type: ignore[misc]
    """One student's screen: the join form, then the game or the Lab.

    The app speaks the class's language (the teacher's setting); a student may switch to
    another at any time with the language buttons at the top, and the game or Lab follows.

    :param store: the class's progress store, or a child's kernel's on a school's hub (what
        a child's page may do: :class:`~sq2edu.classroom.storage.store.ChildStore`).
    :param class_code: the code the teacher gave out; ``""`` for none; ``None``: the one the
        store keeps, read at each join (the teacher may change it on the dashboard).
    :param pace: seconds between the computer's moves in a game (``0``: at once).
    """

    def __init__(
        self,
        store: ChildStore,
        class_code: str | None = "",
        pace: float = 0.7,
        client: Callable[[], Client] = Client,
    ) -> None:
        super().__init__(layout=widgets.Layout(max_width="1200px"))
        self.store = store
        self._class_code = None if class_code is None else class_code.strip()
        self.pace = pace
        #: Who is on the other side of the page (read when needed: a warm kernel learns it
        #: only once a page has taken it).
        self.client = client
        self.codes = CodeGuard(store, self.class_code)
        self.attempt_tokens = TokenBucket(ATTEMPT_BURST, ATTEMPT_EVERY)
        self.join_tokens = TokenBucket(JOIN_BURST, JOIN_EVERY)
        #: The page's presses that write a table, for every lobby it shows.
        self.table_tokens = presses()
        self.student: str | None = None
        self.language = self.settings().language
        #: Says on the page when the page has lost its class, and tells the class the
        #: student is here.
        self.heartbeat = Heartbeat(self.language)
        self.heartbeat.listeners.append(self._kindly(self._present))
        self.heartbeat.listeners.append(self._kindly(self._follow_class))
        self.heartbeat.listeners.append(self._kindly(self._follow_hints))
        #: The class's settings the menu or the list of lessons was drawn with (its game and
        #: its open lessons), to redraw them when the teacher changes these.
        self._drawn_with: tuple[str, tuple[str, ...]] | None = None
        self._noted = -PRESENT_EVERY
        self.activity: GameTable | EquationLab | Lobby | LessonBook | None = None
        #: Whether the screen is the list of lessons (kept when the language changes).
        self.listing_lessons = False
        #: The lesson last opened on this page, and the page each lesson was left at: a
        #: child who opens it again goes on where she was.
        self._book: LessonBook | None = None
        self._lesson_places: dict[str, int] = {}
        #: The child's seat at a table of classmates, while one is on screen.
        self.seat: TableSeat | None = None
        self._watch: Watch | None = None
        #: The table whose game's end the child saw (noted in the store once).
        self._saw_end: str | None = None
        self._looking = False
        self._last_table_look = 0.0
        self._read_at = 0.0
        self.languages = widgets.ToggleButtons(
            options=[(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
            value=self.language,
            style={"button_width": "auto"},
        )
        self.languages.add_class("sq2-big-choice")
        #: Whether the student chose a language of their own (the class's no longer applies).
        self.chose_language = False
        self.languages.observe(self._on_language_button, names="value")
        #: The join form's greeting: one widget, so that drawing the form again (a language,
        #: the class's settings) changes words only and never redraws a box being typed in.
        self.welcome = widgets.HTML()
        self._sign_out_link: widgets.HTML | None = None
        self._menu_made = False
        self.nickname = widgets.Text()
        self.code = widgets.Text()
        #: Whether a join needed the class code (then its field shows, whatever the device).
        self._code_asked = False
        self.join_button = big_button(button_style="primary")
        self.problem = widgets.Label()
        # Long words wrap on a tablet, in a child's size of type (see widgets/heartbeat.css).
        self.problem.add_class("sq2-words")
        self.problem.add_class("sq2-say")
        #: The class challenge's banner, on the screens that may carry it.
        self.banner: ChallengeBanner | None = ChallengeBanner(
            store.challenges(),
            lambda: self.student,
            self._kindly(self.open_challenge),
            lambda: self.language,
        )
        self.banner.listeners.append(self._kindly(self._challenge_changed))
        # Every screen may show these again: the join form's and the language's.
        self._screens = Screens(
            self,
            [
                self.heartbeat,
                self.languages,
                *([self.banner] if self.banner is not None else []),
                self.welcome,
                self.nickname,
                self.code,
                self.join_button,
                self.problem,
            ],
        )
        press = self._kindly(lambda *_args: self.join(self.nickname.value, self.code.value))
        self.join_button.on_click(press)
        # Enter in either field presses Join (the page sends the text field's "submit").
        for field in (self.nickname, self.code):
            field.on_msg(
                lambda _widget, content, _buffers: (
                    press()
                    if isinstance(content, dict) and content.get("event") == "submit"
                    else None
                )
            )
        self._show(self._join_form)

    def _on_language_button(self, change: dict[str, Any]) -> None:
        if change["new"] != self.language:
            self.chose_language = True
            # The page keeps the choice on its device, for the next page it opens.
            self.heartbeat.chosen = change["new"]
            self.set_language(change["new"])

    def refresh_class(self) -> None:
        """Take the class's settings as they are now: a warm kernel made its screen before
        the teacher chose the class's language or game, and redraws it when a page comes.
        A device that was here before finds its language and nickname again."""
        self._remember_device()
        settings = self.settings()
        if not self.chose_language and settings.language != self.language:
            self.set_language(settings.language)
        elif self.activity is None:
            self._show(self._join_form if self.student is None else self._menu)

    def _remember_device(self) -> None:
        """The language the child chose on this device (also for a child the hub signed in
        before the page came), and the name it holds."""
        client = self.client()
        if client.language in LANGUAGES and not self.chose_language:
            self.chose_language = True
            self.heartbeat.chosen = client.language
            self.set_language(client.language)
        if self.student is not None:
            return
        held = self._held_name(client)
        if held is not None and not self.nickname.value:
            self.nickname.value = held[0]

    def _held_name(self, client: Client) -> tuple[str, str] | None:
        """The name this page's device holds in the class, and since when."""
        if client.device is None:
            return None
        return self.store.device_name(client.device)

    def await_page(self, every: float = 0.5) -> None:
        """Refresh the class's settings the moment a page takes this kernel (the server
        writes down the page's client then; see :mod:`sq2edu.classroom.server.client`)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop: not a kernel waiting for a page

        def look() -> None:
            if self.client().address:
                self._kindly(self.refresh_class)()
            else:
                loop.call_later(every, look)

        loop.call_later(every, look)

    @property
    def class_code(self) -> str:
        """The code a child types to join ("": none), as the teacher set it this moment."""
        if self._class_code is not None:
            return self._class_code
        return self.store.class_code() or ""

    def _asks_code(self) -> bool:
        """Whether the join form shows the class code's field: the class has a code, and
        this device holds no name in the class yet (a child who joined once is not asked
        again when her page reloads), or tried to join without it."""
        if not self.class_code:
            return False
        return self._code_asked or self._held_name(self.client()) is None

    #: Whether the app runs on a school's hub (its menu can sign out).
    on_hub = False

    @classmethod
    def from_environment(cls) -> StudentApp:
        """The app as ``sq2edu serve`` sets it up (``SQ2EDU_DB``, ``SQ2EDU_ROOM``,
        ``SQ2EDU_CLASS_CODE``, and the page's client and the server log in ``SQ2EDU_RUNTIME`` /
        ``SQ2EDU_LOG``)."""
        keep_errors_in_the_server_log()
        store = open_served_store()
        # A warm kernel waits for its page for minutes, while the teacher may set or change
        # the code on the dashboard: the store's code is read at every join, never kept.
        app = cls(store, None, client=this_client)
        app.await_page()
        return app

    @classmethod
    def on_the_hub(cls, store: ServiceStore) -> StudentApp:
        """The app on a school's class server (:mod:`sq2edu.hub.classroom`): records kept by
        the class service through ``store``, and the child already signed in by the hub,
        who checked the class code and that the nickname is theirs."""
        app = cls(store, client=this_client)
        app.on_hub = True
        app.sign_in(store.who().nickname)
        # The page's language (the child's choice on this device, or the sign-in page's),
        # once the page comes.
        app.await_page()
        return app

    def sign_in(self, nickname: str) -> None:
        """Be ``nickname`` without the join form (the hub signed the child in)."""
        self.student = nickname
        self._present()
        mine = self._my_table()
        if mine is not None:
            self.play_together()
        else:
            self.show_menu()

    def _kindly(self, handler: Callable[..., Any]) -> Callable[..., None]:
        def tell() -> None:
            with language(self.language):
                self.problem.value = _("Something went wrong. Try again, or ask your teacher.")

        return kindly(handler, tell)

    def settings(self) -> ClassSettings:
        """The class settings the teacher saved last, with the student's group's signs."""
        settings = ClassSettings.from_dict(self.store.settings())
        focus = self.focus()
        return replace(settings, operations=focus.operations) if focus else settings

    def focus(self) -> Focus | None:
        """The practice focus of the student's group, if the teacher put them in one."""
        if self.student is None:
            return None
        for members, data in self.store.groups().values():
            if self.student in members:
                return Focus.from_dict(data)
        return None

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: the screen, and the game or Lab on it, change at once."""
        if lang not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}")
        changed = lang != self.language
        self.language = lang
        if self.languages.value != lang:
            self.languages.value = lang
        self.heartbeat.set_language(lang)
        if changed and self.student is not None:
            self._noted = -PRESENT_EVERY  # say the new language at once
            self._present()
        if self.activity is not None:
            self.activity.set_language(lang)
            to = self.show_lessons if isinstance(self.activity, LessonBook) else None
            with language(lang):
                self._screens.show([*self._top(), self._back(to), self.activity])
        elif self.student is None:
            self._show(self._join_form)
        else:
            self._show(self._lessons if self.listing_lessons else self._menu)

    def _show(self, screen: Callable[[], list[widgets.Widget]]) -> None:
        with language(self.language):
            self._screens.show([*self._top(), *screen()])

    def _top(self) -> list[widgets.Widget]:
        """What every screen starts with: the heartbeat, the languages, and the challenge's
        banner where it may show (not at a game's table, nor on the challenge itself)."""
        if self.banner is None:
            return [self.heartbeat, self.languages]
        if self.student is not None:
            self.banner.start()
        activity = self.activity
        self.banner.show_on(
            activity is None
            or isinstance(activity, LessonBook)
            or (isinstance(activity, EquationLab) and not self.in_challenge)
        )
        return [self.heartbeat, self.languages, self.banner]

    # -- the class challenge ---------------------------------------------------------------

    @property
    def in_challenge(self) -> bool:
        """Whether the child is looking for the challenge's equations now."""
        return isinstance(self.activity, EquationLab) and isinstance(
            self.activity.task, ChallengeTask
        )

    def open_challenge(self) -> EquationLab | None:
        """The open round's cards in the builder (``None`` when no round is open)."""
        if self.banner is None or self.student is None:
            return None
        self.banner.read()
        round_ = self.banner.round
        if round_ is None or not round_.open:
            self.show_menu()
            return None
        with language(self.language):
            lab = challenge_lab(
                EquationLab,
                self.banner.challenges,
                round_,
                self.student,
                hints=self.settings().hints,
                language=self.language,
            )
        lab.gate = self._slow_down
        self.activity = lab
        self.seat = None
        self._show(lambda: [self._back(), lab])
        return lab

    def _challenge_changed(self, round_: Any) -> None:
        """A round started or ended: the challenge on screen follows (new cards, or the end
        said); other screens show or hide the banner."""
        if not self.in_challenge:
            return
        assert isinstance(self.activity, EquationLab)
        task = self.activity.task
        assert isinstance(task, ChallengeTask)
        if round_ is not None and round_.open and round_.number != task.round.number:
            self.open_challenge()
        elif round_ is None or not round_.open:
            task.ended = True
            with language(self.language):
                self.activity.set_task(task, self.activity.task_heading, self.activity.help)

    def _join_form(self) -> list[widgets.Widget]:
        self.nickname.description = _("Nickname")
        self.nickname.placeholder = _("Mia")
        self.code.description = _("Class code")
        self.join_button.description = _("Join")
        welcome = _(editions.load(self.settings().edition).welcome)
        self.welcome.value = html("<h2>{}</h2>", welcome)
        fields = [self.nickname, *([self.code] if self._asks_code() else [])]
        return [self.welcome, *fields, self.join_button, self.problem]

    def join(self, nickname: str, code: str = "") -> bool:
        """Join the class; on trouble, say why and stay on the form."""
        with language(self.language):
            refusal = self._refusal(nickname, code)
            if refusal:
                # The form follows the class as it is now: a code the teacher set after the
                # form was drawn gets its field.
                self._show(self._join_form)
                self.problem.value = refusal
                return False
        mine = self._my_table()
        if mine is not None:
            self.play_together()  # back to the seat the child kept
        else:
            self.show_menu()
            with language(self.language):
                self.problem.value = self._missed_result()
        return True

    def _missed_result(self) -> str:
        """How the child's game of classmates ended while she was away (the page closed),
        if it ended in the last ten minutes ("" : none)."""
        tables = self.tables
        if not isinstance(tables, Tables) or self.student is None:
            return ""
        for shared in tables.finished_with(self.student, untold=True)[:1]:
            game, info = shared.game, shared.info
            # Said once: not at her next join, nor after a restart.
            tables.told(info.id, self.student)
            if info.status == "ended":
                return _(
                    "Your teacher ended the game at {maker}'s table while you were away.",
                    maker=info.maker,
                )
            if game.winner is not None:
                winner = game.names[game.winner]
                if shared.won_for_away:  # the computer's win, told as such
                    return _(
                        "The game at {maker}'s table ended while you were away: the computer, "
                        "playing for {name}, won.",
                        maker=info.maker,
                        name=winner,
                    )
                if winner == self.student:
                    return _(
                        "The game at {maker}'s table ended while you were away: you won!",
                        maker=info.maker,
                    )
                return _(
                    "The game at {maker}'s table ended while you were away: {name} won.",
                    maker=info.maker,
                    name=winner,
                )
        return ""

    def _refusal(self, nickname: str, code: str) -> str:
        """Why the page may not join with this nickname and code ("" : it may, and has)."""
        if not self.join_tokens.take():
            return _(
                "Too many tries. Wait {seconds} seconds, then try again.",
                seconds=math.ceil(JOIN_EVERY),
            )
        try:
            name = check_nickname(nickname)
        except ValueError as error:
            return str(error)
        client = self.client()
        held = self._held_name(client)
        self.codes.code = self.class_code
        if self.codes.code and (held is None or held[0] != name):
            self._code_asked = True
            if not code.strip():
                # Not a wrong try: the field may have been new to the child.
                return _("Type the class code too. Your teacher has it.")
            verdict = self.codes.check(code, client.address)
            seconds = max(1, round(verdict.wait))
            if not verdict.checked:
                return _("Too many tries. Wait {seconds} seconds, then try again.", seconds=seconds)
            if verdict.wait:
                return _(
                    "That class code is not right. Wait {seconds} seconds, then try again.",
                    seconds=seconds,
                )
            if not verdict.ok:
                return _("That class code is not right. Ask your teacher.")
        if held is not None and held[0] != name:
            waited = (dt.datetime.now(dt.UTC) - dt.datetime.fromisoformat(held[1])).total_seconds()
            if waited < NAME_CHANGE_SECONDS:
                minutes = max(1, math.ceil((NAME_CHANGE_SECONDS - waited) / 60))
                return ngettext(
                    "This device is {name} in the class. To be someone else, ask your "
                    "teacher, or try again in {n} minute.",
                    "This device is {name} in the class. To be someone else, ask your "
                    "teacher, or try again in {n} minutes.",
                    minutes,
                    name=held[0],
                )
        similar = similar_names(name, self.store.students())
        if similar:
            self._note(GuardEvent("name-lookalike", client.address or "?", name[:40]))
            return _("That looks too much like {other}. Choose another nickname.", other=similar[0])
        taken = self.store.join(name, client.device, only=True)
        if not taken:
            self._note(GuardEvent("name-taken", client.address or "?", name))
            return _(
                "Someone else is already {name} on another device. Choose another nickname, "
                "or ask your teacher.",
                name=name,
            )
        if held is not None and held[0] != name:
            self.store.record_event(
                GuardEvent("name-change", client.address or "?", f"{held[0]} → {name}")
            )
        self.student = name
        self._present()
        return ""

    def _note(self, event: GuardEvent) -> None:
        """Keep a refusal for the teacher, unless its address has left many this minute (a
        script's refusals would fill the store)."""
        since = (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)).isoformat(timespec="seconds")
        if len(self.store.events(since, address=event.address)) < NOTES_A_MINUTE:
            self.store.record_event(event)

    def _leave_table(self) -> None:
        """The child leaves her table's screen (Back, the Lab, another game): the others are
        told she is away, and the computer plays her turns after a short wait."""
        seat, tables = self.seat, self.tables
        if seat is not None and isinstance(tables, Tables) and not seat.game.is_over:
            tables.set_away(seat.table_id, seat.seat)

    def show_menu(self) -> None:
        """The choice between a game, a game with classmates and the Lab."""
        self._leave_table()
        self.activity = None
        self.listing_lessons = False
        self.seat = None
        self.problem.value = ""
        self._show(self._menu)

    def _make_menu(self) -> None:
        """The menu's widgets, made once (when the menu is first shown): drawing the menu
        again (a language, the class's settings, the page coming) changes their words, and a
        press on a button just as the menu is drawn again still reaches it."""
        self._menu_made = True
        self.hello = widgets.Label()
        self.hello.add_class("sq2-words")
        self.hello.add_class("sq2-say")
        self.play_button = big_button(button_style="primary")
        self.lab_button = big_button()
        self.together_button = big_button()
        self.lessons_button = big_button()
        self.play_button.on_click(self._kindly(lambda _button: self.play()))
        self.lab_button.on_click(self._kindly(lambda _button: self.practise()))
        self.together_button.on_click(self._kindly(lambda _button: self.play_together()))
        self.lessons_button.on_click(self._kindly(lambda _button: self.show_lessons()))
        for choice in (self.play_button, self.lab_button, self.together_button):
            choice.layout.margin = "0 0.5rem 0.5rem 0"
        self.lessons_button.layout.margin = "0 0.5rem 0.5rem 0"
        # A row on a laptop; on a narrow tablet the choices wrap rather than run off.
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        # Each choice is kept, also while the menu leaves it out (no lessons open).
        self._screens.keep += [
            self.hello,
            self.choices,
            self.play_button,
            self.lab_button,
            self.together_button,
            self.lessons_button,
        ]

    def _menu(self) -> list[widgets.Widget]:
        if not self._menu_made:
            self._make_menu()
        # One reading of the settings (on a school's hub, each is a call to the class service).
        settings = self.settings()
        self._drawn_with = (settings.edition, settings.lessons)
        self.play_button.description = _(editions.load(settings.edition).play)
        self.lab_button.description = _("Equation Lab")
        self.together_button.description = _("Play with classmates")
        self.lessons_button.description = _("Lessons")
        self.hello.value = _("Hi, {name}! What would you like to do?", name=self.student)
        choices = [
            self.play_button,
            *([self.together_button] if self.tables is not None else []),
            self.lab_button,
            *([self.lessons_button] if settings.lessons else []),
        ]
        if list(self.choices.children) != choices:
            self.choices.children = choices
        if self.on_hub:
            return [self.hello, self.choices, self.problem, self._sign_out()]
        return [self.hello, self.choices, self.problem]

    def _sign_out(self) -> widgets.HTML:
        """The hub's sign-out link, made once and kept, in the language of the screen."""
        from sq2edu.classroom.widgets.sign_out import sign_out_html

        if self._sign_out_link is None:
            self._sign_out_link = widgets.HTML()
            self._screens.keep.append(self._sign_out_link)
        self._sign_out_link.value = sign_out_html()
        return self._sign_out_link

    def show_lessons(self) -> None:
        """The lessons the teacher has opened, each with how many exercises are done."""
        self.activity = None
        self.listing_lessons = True
        self.problem.value = ""
        self._show(self._lessons)

    def _lessons(self) -> list[widgets.Widget]:
        assert self.student is not None
        progress = self.store.lesson_progress(self.student)
        rows: list[widgets.Widget] = []
        settings = self.settings()
        self._drawn_with = (settings.edition, settings.lessons)
        for key in settings.lessons:
            found = LESSONS[key]
            count = len(found.exercises)
            button = widgets.Button(
                description=_("{number}. {title}", number=found.number, title=str(found.title)),
                layout=widgets.Layout(width="auto", min_width="18rem", height="3.4rem"),
                style={"font_size": "1.2rem", "font_weight": "600"},
            )
            button.on_click(self._kindly(lambda _button, key=key: self.open_lesson(key)))
            marks = progress.get(key, {})
            own = sum(mark == "own" for mark in marks.values())
            words = _("{own} of {count} right on your own", own=own, count=count)
            later = sum(mark == "later" for mark in marks.values())
            if later:
                words += "; " + _("{later} with help or at a later try", later=later)
            said = widgets.HTML(
                html('<span style="font-size: 1.1rem;">{}</span>', words),
                layout=widgets.Layout(align_self="center", margin="0 0 0 1rem"),
            )
            rows.append(widgets.HBox([button, said]))
        if not rows:
            rows.append(widgets.Label(_("No lesson is open yet. Ask your teacher.")))
        heading = _("Lessons")
        title = widgets.HTML(html("<h2>{}</h2>", heading))
        return [self._back(), title, *rows, self.problem]

    def open_lesson(self, key: str) -> LessonBook:
        """A lesson the teacher has opened, as a book; each answer is stored for the
        dashboard with the lesson and the exercise.

        :raises ValueError: for a lesson that is not open to the class.
        """
        settings = self.settings()
        if key not in settings.lessons:
            raise ValueError(f"{key[:40]!r} is not a lesson open to this class")
        assert self.student is not None
        book = LessonBook(key, student=self.student, language=self.language, hints=settings.hints)
        book.progress.update(self.store.lesson_progress(self.student).get(key, {}))
        book.attempt_listeners.append(self._record_attempt("lesson"))
        book.gate = self._slow_down
        # The book's last page has its own way back to the list of lessons.
        book.on_leave = self._kindly(self.show_lessons)
        self.activity = book
        if self._book is not None:
            self._lesson_places[self._book.lesson.key] = self._book.at
        self._book = book
        book.go(self._resume_at(book))
        self._show(lambda: [self._back(self.show_lessons), book])
        return book

    def _resume_at(self, book: LessonBook) -> int:
        """Where a lesson opens: where the child left it on this page; else (a new page, the
        next day) at the reading before her first exercise not answered yet, or at the start
        of a lesson not begun or all answered (to read it again)."""
        last = len(book.steps) - 1
        left_at = self._lesson_places.get(book.lesson.key)
        if left_at is not None and 0 < left_at < last:
            return left_at
        first = next(
            (
                at
                for at, (kind, number) in enumerate(book.steps)
                if kind == "exercise" and number not in book.progress
            ),
            None,
        )
        if first is None or not book.progress:
            return 0
        # The page that leads to it, if there is one since the last exercise answered.
        start = first
        while start > 0 and book.steps[start - 1][0] == "page":
            start -= 1
        return start

    def _back(self, to: Callable[[], None] | None = None) -> widgets.Button:
        """A Back button to the menu; from a lesson, to the list of lessons (``to``), named
        so, since the lesson has a Back button of its own."""
        back = big_button(_("All lessons") if to else _("Back"))
        back.on_click(self._kindly(lambda _button: (to or self.show_menu)()))
        return back

    def play(self) -> GameTable:
        """A game against the computer, at the class's level, of the class's edition."""
        self._leave_table()
        self.seat = None
        settings = self.settings()
        assert self.student is not None
        players = [self.student, settings.level]
        table = GameTable.of_edition(settings.edition)(
            players,
            rules=settings.game_rules(),
            hints=settings.hints,
            pace=self.pace,
            language=self.language,
        )
        table.attempt_listeners.append(self._record_attempt("game"))
        table.game_listeners.append(self._record_game)
        table.gate = self._slow_down
        # "New game" deals with the class's settings as they are then (the game may change).
        table.replay = self._kindly(self.play)
        self.activity = table
        self.seat = None
        self._show(lambda: [self._back(), table])
        return table

    # -- playing with classmates -----------------------------------------------------------

    @property
    def tables(self) -> TableKeeper | None:
        """The class's shared tables: in the store, or through a school's class service."""
        return self.store.shared_tables()

    def _my_table(self) -> TableInfo | None:
        tables = self.tables
        return tables.where(self.student) if tables and self.student else None

    def play_together(self) -> Lobby | GameTable:
        """The lobby of tables with classmates, or the child's table if its game is on."""
        tables = self.tables
        assert self.student is not None
        assert tables is not None
        settings = self.settings()
        self.seat = None
        self.activity = None
        self._start_watching()
        # Drawing the lobby opens the child's table at once if its game is on.
        lobby = Lobby(
            tables,
            self.student,
            # The game a new table plays is the class's when it is made.
            lambda: self.settings().edition,
            dealer=self._shared_dealer,
            level=settings.level,
            on_playing=self._kindly(self._open_shared),
            lang=self.language,
            tokens=self.table_tokens,
        )
        self._look_often()
        opened = self._shared_table()
        if opened is not None:
            return opened
        self.activity = lobby
        self._show(lambda: [self._back(), lobby])
        return lobby

    def _shared_table(self) -> GameTable | None:
        """The table of classmates on screen, if one is."""
        return (
            self.activity
            if self.seat is not None and isinstance(self.activity, GameTable)
            else None
        )

    def _shared_dealer(self, edition: str) -> Callable[[Sequence[dict[str, str]]], Game[Any, Any]]:
        """How a table of classmates is dealt: the table's own edition (the teacher may
        have chosen another game since it was made), with the class's other settings as they
        are now (read before the store's start transaction, which the dealing runs inside)."""
        return table_dealer(replace(self.settings(), edition=edition))

    def _open_shared(self, info: TableInfo) -> None:
        """Sit the child at their table's game: their seat's view, their moves through the
        store."""
        tables = self.tables
        assert tables is not None
        assert self.student is not None
        shared = tables.load(info.id)
        seat = shared.info.seat_of(self.student)
        if seat is None:
            self.show_menu()
            return
        settings = self.settings()
        link = TableSeat(
            tables,
            shared,
            seat,
            pace=self.pace,
            away_after=settings.turn_timeout,
            last_seen=self.store.last_seen,
        )
        table_type = GameTable.of_edition(shared.info.edition)
        table = table_type(hints=settings.hints, pace=self.pace, language=self.language, link=link)
        table.attempt_listeners.append(self._record_attempt("game"))
        table.gate = self._slow_down
        # "New game" at the end leads back to the tables, to sit down again.
        table.replay = self._kindly(self._back_to_lobby)
        self.seat = link
        self.activity = table
        self._noted = -PRESENT_EVERY
        self._present()
        # A child coming back is told that the computer played her seat meanwhile (the log
        # tells its moves as the computer's).
        played_for = tables.played_for(info.id) if isinstance(tables, Tables) else []
        if isinstance(tables, Tables):
            tables.set_back(info.id, seat)
        back = widgets.HTML()
        back.add_class("sq2-say")
        if seat in played_for:
            with language(self.language):
                words = _("While you were away, the computer played for you. Now you play again.")
            back.value = html("<p class='sq2-problem' role='status'>{}</p>", words)
            # Said until her next move: then she plays again, as it said.
            link.moved_listeners.append(lambda: setattr(back, "value", ""))
        self._show(lambda: [self._back(), back, table])

    def _back_to_lobby(self) -> None:
        self.seat = None
        self.activity = None
        self.play_together()

    def look(self) -> None:
        """Look at the store once: redraw the lobby or the table if something changed, and
        make a computer's move if it falls to this kernel."""
        self._start_watching()
        now = time.monotonic()
        # A missed notice (a database connection that dropped and came back) costs at
        # most a few seconds: the store is read in full now and then anyway.
        changed = now - self._read_at >= READ_ANYWAY_EVERY
        if self._watch is not None and self._watch.changed():
            changed = True
        if changed:
            self._read_at = now
        seat, activity = self.seat, self.activity
        if seat is not None and isinstance(activity, GameTable):
            try:
                moved = changed and seat.reload()
                if now - self._last_table_look >= 1.0:
                    self._last_table_look = now
                    before = seat.away()
                    moved = seat.look_for_away() != before or moved
                moved = seat.drive() or moved
            except TableError:
                # A game being played ends only by the teacher's End table: she sees it
                # happen, and is not told again when she joins next.
                tables = self.tables
                if isinstance(tables, Tables) and self.student is not None:
                    tables.told(seat.table_id, self.student)
                self.show_menu()
                with language(self.language):
                    self.problem.value = _(
                        "Your teacher ended that table. Everything you did is kept."
                    )
                return
            if moved:
                activity.refresh()
            if seat.game.is_over and self._saw_end != seat.table_id:
                # She sees the end at the table: she is not told it again when she joins.
                self._saw_end = seat.table_id
                tables = self.tables
                if isinstance(tables, Tables) and self.student is not None:
                    tables.told(seat.table_id, self.student)
        elif isinstance(activity, Lobby):
            tables = self.tables
            if now - self._last_table_look >= MAKER_LOOK_EVERY and isinstance(tables, Tables):
                self._last_table_look = now
                changed = (
                    bool(tables.drop_left(self.store.last_seen(), MAKER_GONE_SECONDS)) or changed
                )
            if changed:
                activity.redraw()

    def _start_watching(self) -> None:
        """Watch the store from now on: before anything is read from it, so that no change
        falls between the reading and the watching."""
        if self._watch is None and self.tables is not None:
            self._watch = self.store.watch()

    def _look_often(self) -> None:
        """Look at the store every :data:`LOOK_EVERY` seconds while the lobby or a table of
        classmates is on screen (in a kernel; a script calls :meth:`look` itself)."""
        if self._looking:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def tick() -> None:
            if not isinstance(self.activity, Lobby) and self.seat is None:
                self._looking = False
                return
            self._kindly(self.look)()
            loop.call_later(LOOK_EVERY, tick)

        self._looking = True
        loop.call_later(LOOK_EVERY, tick)

    def practise(self) -> EquationLab:
        """The Equation Lab at the child's level of practice, within the teacher's range
        (the group's, else the class's), dealing from what the child has done."""
        self._leave_table()
        self.seat = None
        settings = self.settings()
        focus = self.focus()
        operations = focus.operations if focus is not None else settings.operations
        if focus is not None and focus.has_levels:
            chosen = chosen_levels(focus)
        else:
            chosen = chosen_levels(settings)
        # A range without the class's signs (adding only, tables chosen) opens them all.
        levels = available(operations, chosen) or available(operations)
        assert self.student is not None
        history = self.store.attempts(self.student, HISTORY)
        lab = EquationLab(
            operations=operations,
            hints=settings.hints,
            student=self.student,
            language=self.language,
            level=place(levels, history).key,
            levels=tuple(level.key for level in levels),
            history=history,
        )
        lab.attempt_listeners.append(self._record_attempt("lab"))
        lab.gate = self._slow_down
        self.activity = lab
        waiting = widgets.HTML()
        waiting.add_class("sq2-say")
        mine = self._my_table()
        if mine is not None and mine.status == "playing":
            with language(self.language):
                waiting.value = self._table_waits(mine, settings.turn_timeout)
        self._show(lambda: [self._back(), waiting, lab])
        return lab

    def _table_waits(self, mine: TableInfo, timeout: int) -> str:
        """What the Lab says to a child whose table of classmates plays on: that it is her
        turn there, if it is, and how long the computer waits before it plays for her."""
        tables = self.tables
        assert tables is not None
        assert self.student is not None
        game = tables.load(mine.id).game
        if game.is_over or game.current_player != mine.seat_of(self.student):
            words = _(
                "Your table of classmates is waiting for you: go back with Play with classmates."
            )
            return html("<p class='sq2-problem' role='status'>{}</p>", words)
        lines = [
            _("It is your turn at your table of classmates! Go back with Play with classmates.")
        ]
        if timeout:
            lines.append(
                ngettext(
                    "If you stay away longer than {n} second, the computer plays your turn.",
                    "If you stay away longer than {n} seconds, the computer plays your turn.",
                    timeout,
                )
            )
        return html("<p class='sq2-problem' role='alert'>{}</p>", " ".join(lines))

    def _follow_hints(self) -> None:
        """The hints the teacher saves reach a child already in a game, the Lab or a lesson
        within a heartbeat (a few seconds), as the dashboard's "Saved." promises."""
        follow = getattr(self.activity, "follow_hints", None)
        if self.student is not None and follow is not None:
            follow(self.settings().hints)

    def _follow_class(self) -> None:
        """The menu and the list of lessons follow the teacher within a heartbeat: a lesson
        opened on the dashboard gets its button while the child looks at the menu. Only
        these two screens read the settings at each heartbeat, and are drawn again only
        when what they show changed (the same buttons stay, with their words). A join form
        still empty on a device that holds a name takes it then, should the look made when
        the page came have missed it."""
        if self.student is None and self.activity is None and not self.nickname.value:
            if self._held_name(self.client()) is not None:
                self.refresh_class()
            return
        if self.student is None or self.activity is not None or self._drawn_with is None:
            return
        settings = self.settings()
        if (settings.edition, settings.lessons) != self._drawn_with:
            self._show(self._lessons if self.listing_lessons else self._menu)

    def _present(self) -> None:
        """The page is open: the dashboard shows the student online (noted twice a minute)."""
        now = time.monotonic()
        every = PRESENT_AT_TABLE_EVERY if self.seat is not None else PRESENT_EVERY
        if self.student is not None and now - self._noted >= every:
            self._noted = now
            # The language too: the teacher's sheets and reports for the child follow it.
            self.store.seen(self.student, language=self.language)

    def _slow_down(self) -> str:
        """Why an equation may not be checked now ("": it may): a child checks an equation
        every few seconds at most, a script hundreds a second."""
        if self.attempt_tokens.take():
            return ""
        return _("Slow down a little: think about your next equation first.")

    def _record_attempt(self, where: str) -> Any:
        def record(attempt: dict[str, Any]) -> None:
            assert self.student is not None
            # The widget tells every field of the attempt but who made it and where.
            self.store.record_attempt(
                Attempt.from_dict({**attempt, "student": self.student, "where": where})
            )

        return record

    def _record_game(self, game: dict[str, Any]) -> None:
        self.store.record_game(
            GameRecord(
                players=tuple(game["players"]),
                bots=dict(game["bots"]),
                winner=game["winner"],
                turns=game["turns"],
                seconds=game["seconds"],
            )
        )
