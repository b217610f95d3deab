"""The student app and the teacher's dashboard, driven from Python."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from sq2edu.classroom import SQLiteStore
from sq2edu.classroom.domain.exports import attempts_csv
from sq2edu.classroom.domain.settings import ClassSettings
from sq2edu.classroom.server.serve import NOTEBOOKS, write_notebooks
from sq2edu.classroom.storage.summary import ClassSummary
from sq2edu.classroom.widgets.app import StudentApp, check_nickname
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.progress.records import Attempt
from sq2edu.ui import ClassicTable, EquationLab, RescueTable

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path: Path) -> SQLiteStore:
    return SQLiteStore(tmp_path / "class.sqlite3")


@pytest.mark.parametrize("name", ["Mia", "Leo2", "Ана", "Ødegård", "Mary Jane", "Jean-Luc"])
def test_friendly_nicknames_are_welcome(name: str) -> None:
    assert check_nickname(f"  {name} ") == name


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "Type your nickname first."),
        ("<img src=x onerror=alert(1)>", "Use letters and numbers only, like Mia or Leo2."),
        ("' OR 1=1 --", "Use letters and numbers only, like Mia or Leo2."),
        ("x" * 21, "That is long! Use at most 20 letters."),
        ("-Mia", "Use letters and numbers only, like Mia or Leo2."),
    ],
)
def test_other_nicknames_are_refused_in_words(name: str, reason: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(reason) + "$"):
        check_nickname(name)


def test_joining_needs_the_class_code_when_there_is_one(store: SQLiteStore) -> None:
    app = StudentApp(store, class_code="OWL")
    assert not app.join("Mia", "CAT")
    assert app.problem.value == "That class code is not right. Ask your teacher."
    assert store.students() == []
    assert app.join("Mia", " OWL ")
    assert store.students() == ["Mia"]


def test_a_refused_nickname_keeps_the_form(store: SQLiteStore) -> None:
    app = StudentApp(store)
    assert not app.join("<b>hi</b>")
    assert app.problem.value == "Use letters and numbers only, like Mia or Leo2."
    assert app.student is None


def test_lab_attempts_go_into_the_store(store: SQLiteStore) -> None:
    app = StudentApp(store)
    app.join("Mia")
    lab = app.practise()
    assert isinstance(lab, EquationLab)
    lab.use_cards([2, 3, 5])
    lab.handle({"intent": "check", "text": "2 + 3 = 6"})
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    attempts = store.attempts("Mia")
    assert [(a.text, a.ok, a.where) for a in attempts] == [
        ("2 + 3 = 5", True, "lab"),
        ("2 + 3 = 6", False, "lab"),
    ]


def test_the_game_follows_the_class_settings_and_is_recorded(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(operations="+-", level="medium", quick=True).to_dict())
    app = StudentApp(store, pace=0)
    app.join("Leo")
    table = app.play()
    assert isinstance(table, RescueTable)
    assert table.game.rules.operations == "+−"
    assert table.game.rules.kings_to_win == 2
    assert table.game.names == ["Leo", "Medium bot"]
    # Let the computer play Leo's seat too, to the end of the game.
    from sq2edu.bots import make_bot

    stand_in = make_bot("greedy", seed=3)
    for _move in range(5000):
        if table.game.is_over:
            break
        if table.game.current_player == 0:
            table.handle({"intent": "act", "action": stand_in.choose(table.game).to_dict()})
    (game,) = store.games()
    assert game.players == ("Leo", "Medium bot")
    assert game.bots == {1: "medium"}
    assert game.winner in ("Leo", "Medium bot")


def test_broken_settings_in_the_store_fall_back_to_the_defaults(store: SQLiteStore) -> None:
    store.save_settings({"operations": "", "hints": "sometimes", "level": "genius"})
    assert ClassSettings.from_dict(store.settings()) == ClassSettings()


def test_the_dashboard_shows_students_skills_and_mistakes_escaped(store: SQLiteStore) -> None:
    store.record_attempt(Attempt("Mia", "2 + 3 = 6", False, ("not-true",), (2, 3, 6)))
    store.record_attempt(Attempt("Mia", "<script>x</script>", False, ("syntax",)))
    store.record_attempt(Attempt("Leo", "2 × 3 = 6", True, (), (2, 3, 6)))
    board = Dashboard(store, refresh=0)
    assert "Mia" in board.now.here.value
    assert "<script>" not in board.now.here.value + board.mistakes.words.value
    assert "&lt;script&gt;" in board.mistakes.words.value
    assert "attempted" in board.skills.grid.value
    assert "× 2 numbers" in board.skills.grid.value
    assert 'download="attempts.csv"' in board.settings.download.value


def test_the_dashboard_saves_settings_and_starts_a_new_class(store: SQLiteStore) -> None:
    board = Dashboard(store, refresh=0)
    board.settings.op_boxes["÷"].value = False
    board.settings.level.value = "hard"
    board.settings.save()
    assert store.settings()["operations"] == "+−×"
    assert store.settings()["level"] == "hard"
    for box in board.settings.op_boxes.values():
        box.value = False
    board.settings.save()
    assert board.settings.saved.value == "Choose at least one sign."
    store.record_attempt(Attempt("Mia", "1 + 1 = 2", True))
    board.settings.start_new_class()
    assert board.settings.new_class_message.value == "Tick the box first: this starts over."
    assert store.students() == ["Mia"]
    board.settings.sure.value = True
    board.settings.class_name.value = "Class 3B"
    board.settings.start_new_class()
    assert store.students() == []
    assert [name for name, _archived in store.classes()] == ["My class", "Class 3B"]


def test_the_dashboard_drills_down_into_one_student(store: SQLiteStore) -> None:
    for text, ok, codes in [
        ("7 ÷ 2 = 3", False, ("not-whole",)),
        ("8 ÷ 2 = 4", True, ()),
        ("9 ÷ 2 = 4", False, ("not-whole",)),
    ]:
        store.record_attempt(Attempt("Mia", text, ok, codes))
    store.record_attempt(Attempt("Leo", "<b>x</b>", False, ("syntax",)))
    board = Dashboard(store, refresh=0)
    board.student.pick.value = "Mia"
    view = board.student.view.value
    assert "÷ 2 numbers: attempted (1/3)" in view
    # Her usual mistake, as what to practise, not as a code.
    assert "share counters into equal groups and look at what is left." in view
    assert "not-whole" not in view
    assert "9 ÷ 2 = 4" in view
    assert "Leo" not in view
    board.student.pick.value = "Leo"
    assert "&lt;b&gt;x&lt;/b&gt;" in board.student.view.value


def test_the_mistakes_chart_draws_a_bar_for_each(store: SQLiteStore) -> None:
    store.record_attempt(Attempt("Mia", "2 + 3 = 6", False, ("not-true",)))
    store.record_attempt(Attempt("Leo", "2 + 2 = 5", False, ("not-true",)))
    store.record_attempt(Attempt("Ana", "7 ÷ 2 = 3", False, ("not-whole",)))
    chart = Dashboard(store, refresh=0).mistakes.chart.value
    assert chart.startswith("<svg")
    assert chart.count("<rect") == 2
    assert 'aria-label="Children who made each kind of mistake"' in chart
    assert "2 children wrote equations whose sides are not equal" in chart


def test_common_mistakes_keep_real_examples() -> None:
    attempts = [
        Attempt("Mia", "2 + 3 = 6", False, ("not-true",)),
        Attempt("Leo", "7 ÷ 2 = 3", False, ("not-whole",)),
        Attempt("Ana", "4 + 4 = 9", False, ("not-true", "missing-card")),
        Attempt("Ana", "4 + 4 = 8", True),
    ]
    summary = ClassSummary()
    for attempt in attempts:
        summary.add(attempt)
    # The newest example first, as the dashboard lists them.
    assert summary.common_mistakes() == [
        ("not-true", 2, ["4 + 4 = 9", "2 + 3 = 6"]),
        ("not-whole", 1, ["7 ÷ 2 = 3"]),
    ]


def test_the_csv_cannot_smuggle_a_spreadsheet_formula() -> None:
    text = attempts_csv([Attempt("=HYPERLINK(1)", "=1+1", False)])
    assert ",'=HYPERLINK(1),game,,'= 1 + 1," in text


def test_the_csv_neutralises_a_formula_in_every_text_cell_the_time_and_codes_included() -> None:
    attempt = Attempt(
        "Mia", "1 + 1 = 3", False, codes=("=HYPERLINK(2)",), at='=HYPERLINK("x")', lesson="@a"
    )
    row = next(csv.reader(io.StringIO(attempts_csv([attempt]).splitlines()[1])))
    assert row[0] == '\'=HYPERLINK("x")'
    assert row[8] == "'=HYPERLINK(2)"
    assert row[13] == "'@a"
    assert not any(cell[:1] in ("=", "+", "-", "@") for cell in row)


def test_the_repository_notebooks_are_the_ones_serve_writes(tmp_path: Path) -> None:
    import nbformat

    written = write_notebooks(tmp_path)
    for name in NOTEBOOKS:
        ours = nbformat.read(ROOT / "notebooks" / name, as_version=4)  # type: ignore[no-untyped-call]
        theirs = nbformat.read(written[name], as_version=4)  # type: ignore[no-untyped-call]
        assert [c.source for c in ours.cells] == [c.source for c in theirs.cells]


def test_the_class_language_greets_the_students_and_each_may_switch(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(language="ru").to_dict())
    app = StudentApp(store, pace=0)
    assert app.join_button.description == "Войти"
    app.join("Ана")
    lab = app.practise()
    assert lab.state["view"]["prompt"] == "Составь пример со знаком +."
    app.set_language("nb")
    assert lab.language == "nb"
    assert lab.catalog["words"]["lab"] == "Regnelabben"
    assert app.languages.value == "nb"
    app.show_menu()
    hello = app.children[3]  # after the heartbeat, the language buttons and the challenge banner
    assert hello.value == "Hei, Ана! Hva vil du gjøre?"


def test_a_nickname_problem_is_told_in_the_students_language(store: SQLiteStore) -> None:
    app = StudentApp(store)
    app.languages.value = "ru"  # the student presses "Русский"
    assert not app.join("")
    assert app.problem.value != "Type your nickname first."
    assert re.search("[а-яё]", app.problem.value, re.IGNORECASE)


def test_the_dashboard_speaks_the_class_language(store: SQLiteStore) -> None:
    store.record_attempt(Attempt("Leo", "2 × 3 = 7", False, ("not-true",), (2, 3, 7)))
    board = Dashboard(store, refresh=0)
    board.settings.class_language.value = "nb"
    board.settings.save()
    assert board.children[0].value == "<h2>Klassen din</h2>"
    assert "· 2 tall" in board.skills.grid.value
    assert ClassSettings.from_dict(store.settings()).language == "nb"


def test_a_class_of_the_classic_game_plays_it(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(edition="classic", level="easy", quick=True).to_dict())
    app = StudentApp(store, pace=0)
    app.join("Mia")
    table = app.play()
    assert isinstance(table, ClassicTable)
    assert table.game.rules.queens_to_win == 3
    assert table.state["edition"] == "classic"


def test_new_game_deals_with_the_settings_the_teacher_chose_since(store: SQLiteStore) -> None:
    app = StudentApp(store, pace=0)
    app.join("Leo")
    table = app.play()
    assert isinstance(table, RescueTable)
    store.save_settings(ClassSettings(edition="classic", hints="off").to_dict())
    table.handle({"intent": "new-game"})
    assert isinstance(app.activity, ClassicTable)
    assert app.activity.hint_policy == "off"


def test_hints_off_in_the_class_never_name_an_equation(store: SQLiteStore) -> None:
    store.save_settings(ClassSettings(hints="off").to_dict())
    app = StudentApp(store)
    app.join("Mia")
    lab = app.practise()
    lab.use_cards([2, 3, 6])
    lab.handle({"intent": "check", "text": "2 + 3 = 6"})
    assert lab.state["verdict"]["lines"] == ["Not yet.", "2 + 3 makes 5, not 6."]


def test_a_warm_app_takes_the_class_settings_when_a_page_comes(store: SQLiteStore) -> None:
    from sq2edu.classroom.server.client import Client

    page: list[Client] = [Client()]
    app = StudentApp(store, client=lambda: page[0])  # made while no page had it
    assert "Welcome to the Rescue!" in app.children[3].value
    store.save_settings(ClassSettings(language="ru", edition="classic").to_dict())
    page[0] = Client("10.0.0.7", "a" * 64)
    app.refresh_class()
    assert app.language == "ru"
    assert app.children[3].value == "<h2>Добро пожаловать в «Спящих королев»!</h2>"


def test_the_join_form_drawn_again_keeps_every_box_and_what_was_typed(
    store: SQLiteStore,
) -> None:
    """A language chosen, or the class's settings taken when a page comes, while a child types
    their name: the same widgets stay on the page (a page redraws a box it is given anew, and
    a name typed into the old box just then would be lost); only the words change."""
    from sq2edu.classroom.server.client import Client

    store.set_class_code("OWL")
    app = StudentApp(store, client=lambda: Client("10.0.0.7", "a" * 64))
    form = list(app.children)
    app.nickname.value = "Oleg"
    app.languages.value = "ru"  # the child presses "Русский"
    app.refresh_class()
    assert list(app.children) == form
    assert app.children[3].value == "<h2>Добро пожаловать в «Спасение»!</h2>"
    assert (app.nickname.value, app.nickname.description) == ("Oleg", "Имя")


def test_the_menu_drawn_again_keeps_its_buttons_and_a_press_on_them_arrives(
    store: SQLiteStore,
) -> None:
    """The menu is drawn again when the page comes, the language changes or the teacher
    opens lessons; a child who pressed a button just then must still get where she
    pressed: the buttons are the same widgets, still open, only their words change."""
    import ipywidgets as widgets

    from sq2edu.classroom.server.client import Client
    from sq2edu.classroom.widgets.screens import widget_tree

    app = StudentApp(store, pace=0, client=lambda: Client("10.0.0.7", "a" * 64))
    app.join("Mia")

    def buttons() -> dict[str, widgets.Button]:
        return {
            part.description: part
            for part in widget_tree(app)
            if isinstance(part, widgets.Button) and part.description
        }

    lab = buttons()["Equation Lab"]
    app.refresh_class()  # the page comes
    app.languages.value = "ru"
    store.save_settings(ClassSettings(lessons=("number-bonds",)).to_dict())
    app.languages.value = "en"
    shown = buttons()
    assert shown["Equation Lab"] is lab
    assert "Lessons" in shown
    assert lab.comm is not None  # not closed
    lab.click()
    assert isinstance(app.activity, EquationLab)


def test_a_student_who_chose_a_language_keeps_it(store: SQLiteStore) -> None:
    app = StudentApp(store)
    app.languages.value = "nb"
    store.save_settings(ClassSettings(language="ru").to_dict())
    app.refresh_class()
    assert app.language == "nb"


def test_each_attempt_keeps_the_cards_the_student_held(store: SQLiteStore) -> None:
    app = StudentApp(store, pace=0)
    app.join("Mia")
    lab = app.practise()
    lab.use_cards([5, 2, 3, 9])
    lab.handle({"intent": "check", "text": "2 + 3 = 5"})
    (attempt,) = store.attempts("Mia")
    assert attempt.cards == (2, 3, 5, 9)


def test_a_group_practises_its_own_focus_and_the_rest_the_class_settings(
    store: SQLiteStore,
) -> None:
    from sq2edu.classroom.domain.settings import Focus

    store.save_settings(ClassSettings(operations="+−×÷").to_dict())
    store.save_settings(
        ClassSettings(practice_from="tables-10", practice_to="division-100").to_dict()
    )
    store.save_group("Small sums", ["Mia"], Focus("+", "bonds-10", "within-20").to_dict())
    mia = StudentApp(store, pace=0)
    mia.join("Mia")
    lab = mia.practise()
    assert lab.operations == "+"
    assert lab.state["level"]["key"] == "bonds-10"
    assert [level.key for level in lab.range] == ["bonds-10", "within-20"]
    game = mia.play()
    assert isinstance(game, RescueTable)
    assert game.rules.operations == "+"
    leo = StudentApp(store, pace=0)
    leo.join("Leo")
    assert leo.practise().operations == "+−×÷"
    assert leo.practise().state["level"]["key"] == "tables-10"
    store.delete_group("Small sums")
    assert mia.practise().operations == "+−×÷"


def test_the_lab_goes_on_at_the_childs_level_and_keeps_it_with_each_attempt(
    store: SQLiteStore,
) -> None:
    store.record_attempt(Attempt("Mia", "5 × 7 = 35", True, level="tables-2-5-10"))
    mia = StudentApp(store, pace=0)
    mia.join("Mia")
    lab = mia.practise()
    assert lab.state["level"] == {
        "key": "tables-2-5-10",
        "title": "Tables of 2, 5 and 10",
        "stars": 1,
        "of": 10,
        "fresh": False,
    }
    assert lab.dealt is not None
    lab.handle({"intent": "check", "text": lab.dealt.fact.text})
    latest = store.attempts("Mia")[0]
    assert (latest.ok, latest.level, latest.where) == (True, "tables-2-5-10", "lab")
    assert lab.state["level"]["stars"] == 2


def test_a_pinned_class_practises_its_level_whatever_the_child_did_before(
    store: SQLiteStore,
) -> None:
    store.record_attempt(Attempt("Mia", "5 × 7 = 35", True, level="tables-2-5-10"))
    store.save_settings(
        ClassSettings(practice_from="remainders", practice_to="remainders").to_dict()
    )
    mia = StudentApp(store, pace=0)
    mia.join("Mia")
    lab = mia.practise()
    assert lab.state["level"]["key"] == "remainders"
    assert lab.state["view"]["rest"] is True


def test_screens_left_behind_are_closed_so_a_kernel_does_not_fill_up(
    store: SQLiteStore,
) -> None:
    from ipywidgets.widgets.widget import _instances

    store.save_settings(ClassSettings(lessons=("number-bonds",)).to_dict())
    app = StudentApp(store, pace=0)
    app.join("Mia")

    def round_trip() -> None:
        app.practise()
        app.show_menu()
        app.play()
        app.show_menu()
        app.show_lessons()
        app.open_lesson("number-bonds")
        app.show_lessons()
        app.show_menu()

    round_trip()
    alive = len(_instances)
    for _round in range(5):
        round_trip()
    assert len(_instances) == alive
    # The join form's fields stay usable after every screen change.
    assert app.nickname.comm is not None
    assert app.join_button.comm is not None


def test_the_language_a_child_reads_the_app_in_is_kept_for_the_teacher(
    store: SQLiteStore,
) -> None:
    """A sheet or report made for one child starts in the child's language (Ola's and
    Дима's sheets came in the class's English)."""
    from sq2edu.classroom.widgets.dashboard import Dashboard

    app = StudentApp(store)
    app.join("Дима")
    assert store.languages() == {"Дима": "en"}
    app.set_language("ru")
    assert store.languages() == {"Дима": "ru"}
    other = StudentApp(store)
    other.join("Ola")
    other.set_language("nb")
    board = Dashboard(store, refresh=0)
    sheets, one = board.worksheets, board.student
    sheets.whom.value = "student:Ola"
    assert sheets.sheet_language.value == "nb"
    sheets.whom.value = "class:"
    assert sheets.sheet_language.value == "en"  # the class's
    one.pick.value = "Дима"
    assert one.report_language.value == "ru"
    one.pick.value = "Ola"
    assert one.report_language.value == "nb"
    with pytest.raises(ValueError, match="language is one of"):
        store.seen("Ola", language="xx")
