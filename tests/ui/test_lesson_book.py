"""A lesson as a child works through it: pages, exercises in the Lab, questions, answers kept."""

from __future__ import annotations

from typing import Any

import pytest
from ipywidgets.widgets.widget import _instances

from sq2edu.i18n import LANGUAGES
from sq2edu.lessons import LESSONS, Choice, Exercise
from sq2edu.ui.lesson import LessonBook, LessonPages


def book_at(key: str, number: int, **options: Any) -> tuple[LessonBook, list[dict[str, Any]]]:
    book = LessonBook(key, student="Mia", seed=1, **options)
    answers: list[dict[str, Any]] = []
    book.attempt_listeners.append(answers.append)
    book.go(book.steps.index(("exercise", number)))
    return book, answers


def card_of(book: LessonBook, value: int) -> str:
    for card_id, shown in zip(
        book.lab.cards, book.lab.state["view"]["players"][0]["realm"], strict=True
    ):
        if book.lab.catalog["cards"][shown]["value"] == value:
            return card_id
    raise AssertionError(f"no {value} on the table")


def test_the_book_starts_with_what_the_child_will_learn_and_shows_no_code() -> None:
    book = LessonBook("number-bonds")
    assert "What you will learn" in book.body.value
    assert book.back.disabled
    assert not book.next.disabled
    assert book.lab.layout.display == "none"
    assert book.choice.layout.display == "none"
    for step in range(len(book.steps)):
        book.go(step)
        assert "import" not in book.body.value
        assert "LessonPages" not in book.body.value


def test_every_exercise_of_every_lesson_has_a_step_and_paging_stays_in_the_book() -> None:
    for key, lesson in LESSONS.items():
        book = LessonBook(key)
        numbers = [number for kind, number in book.steps if kind == "exercise"]
        assert numbers == list(range(1, len(lesson.exercises) + 1))
        book.go(99)
        assert book.next.disabled
        assert book.at == len(book.steps) - 1
        book.go(-5)
        assert book.at == 0


def test_an_exercise_is_asked_in_the_lab_on_its_own_cards_without_new_deals() -> None:
    book, _answers = book_at("number-bonds", 1)
    task = LESSONS["number-bonds"].exercises[0]
    assert isinstance(task, Exercise)
    assert book.lab.layout.display is None
    assert book.lab.state["view"]["prompt"] == "Add two cards to make 5."
    assert book.lab.state["lesson"] == "Exercise 1 of 10"
    before = list(book.lab.cards)
    book.lab.handle({"intent": "deal"})
    assert book.lab.cards == before


def test_a_right_answer_is_kept_with_its_lesson_and_exercise_and_marked() -> None:
    book, answers = book_at("number-bonds", 1)
    book.lab.handle(
        {
            "intent": "check",
            "cards": [card_of(book, 1), card_of(book, 4)],
            "op": "+",
            "result": card_of(book, 5),
        }
    )
    assert answers[-1]["ok"]
    assert answers[-1]["lesson"] == "number-bonds"
    assert answers[-1]["exercise"] == 1
    assert answers[-1]["text"] == "1 + 4 = 5"
    assert book.done == {1}
    assert "✓○" in book.marks.value
    assert "1 of 10 right on your own" in book.marks.value
    # The cards stay: the child reads the verdict, then presses Next.
    assert book.lab.state["verdict"]["ok"]


def test_a_true_equation_that_is_not_the_task_is_explained_and_coded() -> None:
    book, answers = book_at("number-bonds", 1)
    book.lab.handle(
        {
            "intent": "check",
            "cards": [card_of(book, 1), card_of(book, 5)],
            "op": "+",
            "result": card_of(book, 6),
        }
    )
    assert answers[-1]["codes"] == ["off-task"]
    assert not answers[-1]["ok"]
    assert "This task asks for 5" in " ".join(book.lab.state["verdict"]["lines"])
    assert book.done == set()


def test_a_box_is_answered_with_a_card_and_a_card_from_elsewhere_is_refused() -> None:
    book, answers = book_at("number-bonds", 7)  # 2 + □ = 7
    assert book.lab.state["view"]["box"] == "2 + □ = 7"
    book.lab.handle({"intent": "check", "box": "n9a"})  # not on this table
    assert answers == []
    assert "Put your number cards" in book.lab.state["message"]
    book.lab.handle({"intent": "check", "box": card_of(book, 5)})
    assert answers[-1]["ok"]
    assert answers[-1]["exercise"] == 7


def test_a_remainder_exercise_takes_the_rest_as_a_card() -> None:
    book, answers = book_at("dividing", 6)  # 7 ÷ 2 = 3 r 1
    assert book.lab.state["view"]["rest"] is True
    book.lab.handle(
        {
            "intent": "check",
            "cards": [card_of(book, 7), card_of(book, 2)],
            "op": "÷",
            "result": card_of(book, 3),
            "rest": card_of(book, 1),
        }
    )
    assert answers[-1]["ok"]
    assert answers[-1]["text"] == "7 ÷ 2 = 3 r 1"


def test_cards_past_ten_are_drawn_when_the_child_comes_to_them_page_by_page() -> None:
    book = LessonBook("adding-more")
    book.go(book.steps.index(("exercise", 1)))
    assert "p13a" not in book.lab.catalog["cards"]
    book.go(book.steps.index(("exercise", 5)))  # 8 + 5 = □, cards 12 to 14
    assert all(card in book.lab.catalog["cards"] for card in book.lab.cards)
    book.set_language("ru")
    assert all(card in book.lab.catalog["cards"] for card in book.lab.cards)


def test_cards_past_ten_are_drawn_as_cards() -> None:
    book, _answers = book_at("adding-more", 5)  # 8 + 5 = □, cards 12 to 14
    values = [book.lab.catalog["cards"][c]["value"] for c in book.lab.cards]
    assert values == [12, 13, 14]


def test_hints_start_with_the_lessons_own_nudge() -> None:
    book, _answers = book_at("number-bonds", 3)
    book.lab.handle({"intent": "hint"})
    assert book.lab.state["hints"]["shown"] == ["Start at the bigger card and count on."]


def test_hints_off_in_the_class_are_off_in_a_lesson_too() -> None:
    book, _answers = book_at("number-bonds", 3, hints="off")
    book.lab.handle({"intent": "hint"})
    assert book.lab.state["hints"]["shown"] == []


def test_a_question_is_answered_with_big_buttons_and_the_reason_is_said_in_words() -> None:
    book, answers = book_at("equals-and-signs", 2)  # 3 + 4 = 8: not true
    assert book.choice.layout.display is None
    assert book.lab.layout.display == "none"
    shown = [b.description for b in book.choice.buttons if b.layout.display != "none"]
    assert shown == ["True", "Not true"]
    book.choice.choose(0)
    assert answers[-1] == {**answers[-1], "ok": False, "text": "3 + 4 = 8", "exercise": 2}
    assert "✗" in book.choice.feedback.value
    assert "Not yet" in book.choice.feedback.value
    assert "You chose: True" in book.choice.feedback.value
    assert book.done == set()


def test_a_question_takes_one_answer_and_keeps_it_when_the_child_comes_back() -> None:
    """Pressing both buttons of a true-or-not question was an exit ✓."""
    book, answers = book_at("equals-and-signs", 2)  # 3 + 4 = 8: not true
    book.choice.choose(0)
    assert all(button.disabled for button in book.choice.buttons)
    book.choice.choose(1)  # a press on its way, or a page that was changed
    book.choice.buttons[1].click()
    assert len(answers) == 1
    assert not answers[0]["ok"]
    assert book.progress == {2: "tried"}
    said = book.choice.feedback.value
    book.go(0)
    book.go(book.steps.index(("exercise", 2)))
    assert book.choice.feedback.value == said
    assert all(button.disabled for button in book.choice.buttons)
    book.go(book.steps.index(("exercise", 1)))  # the next question is open
    assert not any(b.disabled for b in book.choice.buttons if b.layout.display != "none")


def test_an_exercise_counts_only_when_its_first_try_is_right_and_the_childs_own() -> None:
    book, answers = book_at("number-bonds", 1)  # make 5
    book.lab.handle({"intent": "check", "text": "2 +"})  # not read: no try
    book.lab.handle({"intent": "check", "text": "1 + 4 = 5"})
    assert book.progress == {1: "own"}
    book.go(book.steps.index(("exercise", 2)))  # make 6
    book.lab.handle({"intent": "check", "text": "2 + 4 = 7"})
    book.lab.handle({"intent": "check", "text": "2 + 4 = 6"})
    assert book.progress[2] == "later"
    assert "✓◑○" in book.marks.value
    assert "1 of 10 right on your own; 1 with help or at a later try" in book.marks.value
    # The near miss after "2 + 4 = 7" named 2 + 4 = 6: the right answer was help too.
    assert [a["helped"] for a in answers] == [False, False, False, True]


def test_the_worked_example_is_help_however_the_child_pages_away_and_back() -> None:
    book, answers = book_at("number-bonds", 4)  # make 8
    for _rung in range(3):
        book.lab.handle({"intent": "hint"})
    book.go(book.steps.index(("exercise", 5)))
    book.go(book.steps.index(("exercise", 4)))
    book.lab.handle({"intent": "deal"})  # "new cards" keeps the task's cards, and its help
    assert len(book.lab.state["hints"]["shown"]) == 3
    book.lab.handle({"intent": "check", "text": "1 + 7 = 8"})
    assert answers[-1]["ok"]
    assert answers[-1]["helped"]
    assert book.progress == {4: "later"}


def test_a_near_miss_the_child_copies_is_help() -> None:
    book, answers = book_at("number-bonds", 5)  # make 9: 2, 4, 5, 7, 9
    book.lab.handle({"intent": "check", "text": "2 + 5 = 7"})
    lines = book.lab.state["verdict"]["lines"]
    assert "4 + 5 = 9 works!" in lines[-1] or "2 + 7 = 9 works!" in lines[-1], lines
    suggested = lines[-1].split(": ")[-1].removesuffix(" works!")
    book.lab.handle({"intent": "check", "text": suggested})
    assert answers[-1]["ok"]
    assert answers[-1]["helped"]


def test_a_question_without_an_equation_is_kept_as_the_question_and_the_answer() -> None:
    book, answers = book_at("chance", 1)
    book.choice.choose(0)
    assert answers[-1]["text"] == "Which comes up more often? → 1"


def test_an_answer_from_a_page_too_fast_is_refused_and_not_kept() -> None:
    book, answers = book_at("chance", 1)
    book.gate = lambda: "Slow down a little."
    book.choice.choose(0)
    assert answers == []
    assert "Slow down" in book.choice.feedback.value
    book.go(book.steps.index(("exercise", 7)))
    book.lab.handle({"intent": "check", "text": "1 + 2 + 3 + 4 = 10"})
    assert answers == []
    assert book.lab.state["message"] == "Slow down a little."


def test_a_broken_store_does_not_cost_the_child_their_answer() -> None:
    book, _answers = book_at("chance", 1)

    def broken(_attempt: dict[str, Any]) -> None:
        raise OSError("disk full")

    book.attempt_listeners.insert(0, broken)
    book.choice.choose(0)
    assert book.done == {1}
    assert book.own == {1}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_book_speaks_the_childs_language_and_switches_at_once(lang: str) -> None:
    book = LessonBook("dividing", language=lang)
    book.go(book.steps.index(("exercise", 4)))
    words = {"en": "Which card goes in the box?", "ru": "окошко", "nb": "boksen"}
    assert words[lang] in book.lab.state["view"]["prompt"]
    signs = {"en": "□ ÷ 2 = 4", "ru": "□ : 2 = 4", "nb": "□ : 2 = 4"}
    assert book.lab.state["view"]["box"] == signs[lang]
    book.set_language("en")
    assert book.lab.state["view"]["prompt"] == "Which card goes in the box?"
    assert book.lab.state["lesson"] == "Exercise 4 of 10"


def test_paging_back_and_forth_makes_no_new_widgets() -> None:
    book = LessonBook("equals-and-signs")
    book.go(1)
    before = len(_instances)
    for _round in range(3):
        for step in range(len(book.steps)):
            book.go(step)
    assert len(_instances) == before


def test_lesson_pages_show_a_notebook_reader_the_same_lesson() -> None:
    pages = LessonPages("dividing", language="ru")
    assert repr(pages) == "Урок 5: Деление"
    assert "7 : 2 = 3 (ост. 1)" in pages.page(3)._repr_html_()
    guide = pages.guide()._repr_html_()
    assert "14 : 5 = 2 (ост. 4)" in guide
    assert repr(pages.book(seed=1)) == "LessonBook('dividing', language='ru')"


def test_the_questions_answers_are_words_not_colours() -> None:
    for lesson in LESSONS.values():
        for task in lesson.exercises:
            if isinstance(task, Choice):
                assert all(str(option).strip() for option in task.options)


def test_a_pressed_answer_is_explained_in_the_books_language_whatever_the_kernel_speaks() -> None:
    book, _answers = book_at("equals-and-signs", 2, language="nb")
    book.choice.buttons[0].click()  # a click arrives while the kernel speaks English
    assert "Ikke helt ennå" in book.choice.feedback.value
    assert "Not yet" not in book.choice.feedback.value


def test_every_page_question_and_answer_of_a_lesson_can_be_read_aloud_in_its_language() -> None:
    from sq2edu.lessons.exercises import Choice
    from sq2edu.ui.lesson import LessonBook

    book = LessonBook("chance", language="nb")
    assert book.read_page.text.startswith("Sjanse") or book.read_page.text
    assert book.read_page.lang == "nb"
    assert book.read_page.words["readAloud"] == "Les høyt"
    for step, (kind, number) in enumerate(book.steps):
        book.go(step)
        if kind == "page":
            assert book.read_page.text, number
        if kind == "exercise" and isinstance(book.lesson.exercises[number - 1], Choice):
            assert book.read_page.text == ""
            assert book.choice.read_question.text
            assert book.choice.read_feedback.text == ""
            book.choice._clicked(0)  # as a press comes in: in the book's language
            said = book.choice.read_feedback.text
            assert said.startswith("Du valgte") or "valgte" in said, said
            assert book.choice.read_feedback.lang == "nb"
            break
    else:
        raise AssertionError("lesson 8 has a question")


def test_the_child_sees_the_mark_before_the_store_is_asked_to_keep_the_answer() -> None:
    # On a school's hub keeping an answer is a call to the class service, which may be busy.
    book, _answers = book_at("chance", 1)
    before = book.marks.value
    shown_when_kept: list[str] = []
    book.attempt_listeners.insert(0, lambda _attempt: shown_when_kept.append(book.marks.value))
    book.choice.choose(0)
    assert shown_when_kept == [book.marks.value]
    assert book.marks.value != before


def test_the_last_page_says_the_lesson_is_done_how_it_went_and_leads_back_to_the_lessons() -> None:
    book = LessonBook("number-bonds", student="Mia", seed=1)
    left: list[str] = []
    book.on_leave = lambda: left.append("lessons")
    book.go(book.steps.index(("exercise", 1)))
    task = book.lesson.exercises[0]
    assert isinstance(task, Exercise)
    book.lab.handle({"intent": "check", "text": task.answers()[0]})
    book.go(len(book.steps) - 2)  # the last exercise or page: Next finishes the lesson
    assert book.next.description == "Finish"
    assert not book.next.disabled
    book.next.click()
    count = len(book.lesson.exercises)
    # Exercises left: the page says so, and does not celebrate a lesson not finished.
    assert "You reached the end of the lesson." in book.body.value
    assert "finished" not in book.body.value
    assert "🎉" not in book.body.value
    assert f"1 of {count} exercises right on your own." in book.body.value
    assert f"{count - 1} exercises are waiting for you." in book.body.value
    assert book.read_page.text.startswith("You reached the end of the lesson.")
    assert book.next.layout.display == "none"  # no grey Next: the book has ended
    assert book.leave.layout.display is None
    assert book.again.description == "Go to exercise 2"
    book.leave.click()
    assert left == ["lessons"]
    book.again.click()
    assert book.steps[book.at] == ("exercise", 2)


def test_the_last_page_celebrates_only_a_lesson_whose_every_exercise_is_answered() -> None:
    book = LessonBook("number-bonds", student="Mia", seed=1)
    for number, task in enumerate(book.lesson.exercises, start=1):
        book.go(book.steps.index(("exercise", number)))
        if isinstance(task, Choice):
            book.choice.choose(0)
        else:
            book.lab.handle({"intent": "check", "text": task.answers()[0]})
    book.go(len(book.steps) - 1)
    assert "You finished the lesson!" in book.body.value
    assert "🎉" in book.body.value
    assert "waiting" not in book.body.value
    assert book.again.layout.display == "none"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_marks_of_the_exercises_say_what_their_shapes_mean(lang: str) -> None:
    book = LessonBook("number-bonds", language=lang)
    book.go(book.steps.index(("exercise", 1)))
    legend = book.marks.value.split('class="sq2-marks-legend"')[1]
    for shape in ("✓", "◑", "○"):
        assert shape in legend
    if lang != "en":
        assert "right on your own" not in legend


def test_the_last_page_has_no_way_to_lessons_where_there_is_no_list_of_them() -> None:
    book = LessonBook("number-bonds", language="ru")
    book.go(len(book.steps) - 1)
    assert book.leave.layout.display == "none"
    assert "Вот и конец урока." in book.body.value
