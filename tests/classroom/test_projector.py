"""The projector's board and the dashboard's Challenge tab, driven from Python: what the
wall shows, in each language, and that no mistake ever carries a name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq2edu.classroom.domain.challenge import Round, challenge_levels
from sq2edu.classroom.storage.challenge_store import Challenges
from sq2edu.classroom.storage.store import SQLiteStore
from sq2edu.classroom.views.projector import (
    board_html,
    progress_words,
    projector_page,
    unbroken,
)
from sq2edu.classroom.widgets.dashboard import Dashboard
from sq2edu.classroom.widgets.dashboard.challenge import ChallengePanel
from sq2edu.i18n import _, language
from tests.own_loop import run_apart

CARDS = (2, 3, 5, 6, 8)
MISTAKERS = ("Zoe<b>", "Ali", "Ida", "Eva")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "class.sqlite3")
    try:
        yield opened
    finally:
        opened.close()


def _play(challenges: Challenges) -> int:
    number = challenges.start(Round(0, CARDS, "+−×÷")).number
    for name in ("Mia", "Ola", "Sam", "Kim", "Liv"):
        challenges.record(name, number, "2 + 6 = 8")
    challenges.record("Mia", number, "2 × 3 = 6")
    for name in MISTAKERS:
        challenges.record(name, number, "8 − 2 = 6 + 0")
    challenges.record("Ali", number, "2 + 3 = 6")
    challenges.record("Ida", number, "2 + 3 = 6")
    challenges.record("Eva", number, "<script>alert(1)</script>")
    return number


def test_a_find_is_a_tile_with_how_many_found_it(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    _play(challenges)
    html = board_html(challenges.board()).replace("\u00a0", " ")
    assert "2 + 6 = 8" in html
    assert "found by 5 children" in html
    assert "found by 1 child" in html
    assert "The class has found 2 of the 12 equations." in html
    assert "still to find" in html
    assert "Nobody found" not in html  # not before the round ends
    for name in ("Mia", "Ola", *MISTAKERS):
        assert name not in html  # names are off by default


def test_names_are_shown_for_finds_only_never_for_mistakes(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    _play(challenges)
    challenges.show_names(True)
    open_html = board_html(challenges.board())
    assert "Mia" in open_html
    assert "Ola" in open_html
    challenges.end()
    challenges.show_names(True)
    html = board_html(challenges.board())
    assert "Mia" in html
    for name in ("Zoe", "Ali", "Ida", "Eva"):
        assert name not in html  # they made mistakes and found nothing
    assert "<script>" not in html
    assert "<b>" not in html


def test_the_end_of_a_round_reveals_the_rest_and_the_common_mistakes(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    _play(challenges)
    challenges.end()
    board = challenges.board()
    html = board_html(board).replace("\u00a0", " ")  # signs kept on their line (below)
    assert "The round has ended." in html
    assert html.count(' revealed"') == 10
    assert "Nobody found these yet" in html
    assert "6 ÷ 3 = 2, because" in html  # the checker's worked explanation
    assert "4 children tried 8 − 2 = 6 + 0: " in html
    assert "2 children tried 2 + 3 = 6: 2 + 3 makes 5, not 6." in html
    assert board is not None
    assert board.mistakes[1].children == 2
    assert "alert" not in html  # an unreadable try is never shown


def test_an_equation_on_the_wall_never_breaks_across_two_lines(store: SQLiteStore) -> None:
    """A line of working wraps between equations, never inside one ("3 + 5 = / 8"): every
    sign in the working and the mistakes has an unbreakable space each side, in each
    language's signs."""
    challenges = Challenges(store)
    _play(challenges)
    challenges.end()
    for lang in ("en", "ru", "nb"):
        with language(lang):
            html = board_html(challenges.board())
        spaced = re.findall(r"[0-9](\s)[=+−×÷:·](\s)[0-9]", html)
        assert spaced, lang
        assert set(spaced) == {("\u00a0", "\u00a0")}, lang
        assert "\u00a0✓" in html, lang  # "Both sides are 5 ✓"
        assert " ✓" not in html, lang
    assert unbroken("10: You need 2 cards with 5.") == "10: You need 2 cards with 5."


def test_the_board_speaks_the_class_language(store: SQLiteStore) -> None:
    challenges = Challenges(store)
    _play(challenges)
    challenges.end()
    with language("ru"):
        russian = projector_page(challenges.board())
    with language("nb"):
        norwegian = projector_page(challenges.board())
    assert 'lang="ru"' in russian
    assert 'lang="nb"' in norwegian
    assert "2\u00a0·\u00a03\u00a0=\u00a06" in russian
    assert "6\u00a0:\u00a03\u00a0=\u00a02" in norwegian
    assert "found by" not in russian
    assert "found by" not in norwegian


def test_a_screen_reader_hears_the_wall_in_words(store: SQLiteStore) -> None:
    """What the wall shows in pictures it also says: the progress in a live region, the cards
    as a labelled list, an equation still to find in words (its "? ? ?" and the bar are
    hidden from the reader), and the pager named by its heading."""
    challenges = Challenges(store)
    _play(challenges)
    board = challenges.board()
    assert board is not None
    with language("ru"):
        page = str(projector_page(board))
        said = progress_words(board)
        cards, to_find = _("The cards"), _("still to find")
    live = re.search(r'<p id="said"[^>]*>([^<]*)</p>', page)
    assert live is not None
    assert 'role="status"' in live.group(0)
    assert 'aria-live="polite"' in live.group(0)
    assert live.group(1) == said
    assert f'aria-label="{cards}"' in page
    assert to_find in page
    assert '<div class="eq" aria-hidden="true">? ? ?</div>' in page
    assert '<div class="bar" aria-hidden="true">' in page
    challenges.end()
    ended = str(projector_page(challenges.board()))
    assert '<h2 id="sq2-nobody">' in ended
    assert 'aria-labelledby="sq2-title"' in ended  # the pager turns all the round's equations
    assert ended.count('<button type="button"') == 2  # Back and Next, keyboard-reachable


def test_a_pin_is_on_the_wall_with_why_it_does_not_work(store: SQLiteStore) -> None:
    """The pinned try says why it fails in the checker's words, in the class's language (it
    said only "Let us talk about 8 − 2 = 6 + 0"); a pinned equation that works, its working."""
    challenges = Challenges(store)
    _play(challenges)
    challenges.pin("8 − 2 = 6 + 0")
    board = challenges.board()
    assert board is not None
    wall = board_html(board).replace("\u00a0", " ")
    assert '<strong>Let us talk about</strong> <span class="eq">8 − 2 = 6 + 0</span>' in wall
    assert '<div class="why">This uses + and −. Use only one kind of sign in an equation.' in wall
    challenges.end()
    with language("ru"):
        ended = board_html(challenges.board()).replace("\u00a0", " ")
        why = _("This uses {signs}. Use only one kind of sign in an equation.", signs="+ и −")
    assert f'<div class="why">{why}</div>' in ended
    challenges.pin("2 + 6 = 8")
    assert "Both sides are 8 ✓" in board_html(challenges.board()).replace("\u00a0", " ")


def test_the_end_of_a_round_shows_what_nobody_found_first_then_the_mistakes_then_the_finds(
    store: SQLiteStore,
) -> None:
    """At a round's end the equations nobody found come first, each block under its own
    heading: the heading and the first tile one piece, the mistakes with their heading one
    piece (they were cut across columns, their heading at the foot of another)."""
    challenges = Challenges(store)
    _play(challenges)
    challenges.end()
    wall = str(board_html(challenges.board()))
    flow = wall[wall.index('<div class="flow">') :]
    nobody = flow.index("Nobody found these yet")
    mistakes = flow.index("Tries that do not work yet")
    found = flow.index("The class found these")
    assert nobody < mistakes < found
    assert flow.index(' revealed"') > nobody
    assert flow.index(' found"') > found
    assert '<div class="unit lead"><h2 id="sq2-nobody">Nobody found these yet</h2>' in flow
    block = re.search(r'<section class="block unit mistakes-block">(.*?)</section>', flow)
    assert block is not None
    assert block.group(1).startswith("<h2>Tries that do not work yet</h2>")
    assert block.group(1).count("<li>") == 2


def test_before_any_round_the_wall_says_how_to_start() -> None:
    assert "start one on the dashboard" in board_html(None)


def test_the_challenge_tab_starts_ends_and_steps(store: SQLiteStore) -> None:
    panel = ChallengePanel(store)
    assert panel.end_button.disabled
    panel.level.value = "within-20"
    panel.start(seed=1)
    current = panel.challenges.current()
    assert current is not None
    assert current.level == "within-20"
    assert current.open
    assert not panel.end_button.disabled
    panel.challenges.record("Mia", current.number, "1 + 1 = 3")
    panel.refresh()
    assert "Found none yet" in panel.status.value
    assert "Mia" in panel.status.value
    panel.end()
    assert panel.end_button.disabled
    assert "ended" in panel.message.value
    panel.next_round(1, seed=2)
    stepped = panel.challenges.current()
    assert stepped is not None
    assert stepped.number == 2
    assert stepped.level == "add-three"
    panel.next_round(-1, seed=3)
    back = panel.challenges.current()
    assert back is not None
    assert back.level == "within-20"


def test_the_tab_looks_back_at_an_earlier_round_and_follows_a_new_one(
    store: SQLiteStore,
) -> None:
    panel = ChallengePanel(store)
    assert panel.round_pick.layout.display == "none"  # nothing to pick yet
    panel.source.value = "typed"
    panel.typed.value = "2 3 5"
    panel.start()
    panel.challenges.join("Mia", 1)
    panel.challenges.record("Ola", 1, "2 + 3 = 5")
    panel.end()
    panel.start()
    panel.challenges.join("Sam", 2)
    panel.refresh()
    assert panel.round_pick.value == 2  # it followed the new round
    assert [label for label, _number in panel.round_pick.options] == [
        "Round 2 (running)",
        "Round 1 (ended)",
    ]
    assert "Sam" in panel.status.value
    assert "Mia" not in panel.status.value
    panel.round_pick.value = 1
    assert "Mia" in panel.status.value  # she opened round 1 and found nothing
    assert "Ola" in panel.status.value
    assert "Sam" not in panel.status.value
    panel.refresh()
    assert panel.round_pick.value == 1  # a refresh keeps the round the teacher looks at
    assert "Mia" in panel.status.value
    panel.start()  # a new round while the teacher looks back: she stays there
    assert panel.round_pick.value == 1
    panel.round_pick.value = 3
    panel.start()
    assert panel.round_pick.value == 4  # on the latest, the tab follows the next one


def test_typed_cards_start_a_round_or_say_what_is_wrong(store: SQLiteStore) -> None:
    panel = ChallengePanel(store)
    panel.source.value = "typed"
    panel.typed.value = "2 3 x"
    panel.start()
    assert panel.challenges.current() is None
    assert "numbers" in panel.message.value
    panel.typed.value = "2 3 5 6 8"
    panel.start()
    current = panel.challenges.current()
    assert current is not None
    assert current.cards == CARDS


@pytest.mark.parametrize("step", [-1, 0, 1])
def test_after_typed_cards_the_next_round_steps_from_the_level_nearest_them(
    store: SQLiteStore, step: int
) -> None:
    """Typed cards have no level: the next round steps from the nearest one, with new cards
    (it repeated the typed ones)."""
    panel = ChallengePanel(store)
    panel.source.value = "typed"
    panel.typed.value = "1 2 3 4 5"
    panel.start()
    keys = [level.key for level in challenge_levels()]
    nearest = keys.index("bonds-10")
    panel.next_round(step, seed=4)
    stepped = panel.challenges.current()
    assert stepped is not None
    assert stepped.number == 2
    assert stepped.source == "level"
    assert stepped.level == keys[max(0, nearest + step)]


def test_the_teacher_shows_names_and_pins_from_the_tab(store: SQLiteStore) -> None:
    panel = ChallengePanel(store)
    panel.source.value = "typed"
    panel.typed.value = "2 3 5"
    panel.start()
    panel.names.value = True
    current = panel.challenges.current()
    assert current is not None
    assert current.names
    panel.challenges.record("Mia", current.number, "2 + 3 = 5")
    panel.refresh()
    panel.pin(str(panel.pin_pick.options[0][1]))
    current = panel.challenges.current()
    assert current is not None
    assert current.pinned == "2 + 3 = 5"


def test_an_equation_nobody_found_can_be_pinned_only_once_the_round_has_ended(
    store: SQLiteStore,
) -> None:
    # Pinned while the class is still looking, it would give the answer away on the wall.
    panel = ChallengePanel(store)
    panel.source.value = "typed"
    panel.typed.value = "2 3 5"
    panel.start()
    current = panel.challenges.current()
    assert current is not None
    panel.challenges.record("Mia", current.number, "2 + 3 = 5")
    panel.challenges.record("Ola", current.number, "2 + 3 = 6")
    panel.refresh()
    assert [value for _label, value in panel.pin_pick.options] == ["2 + 3 = 6", "2 + 3 = 5"]
    panel.end()
    pinnable = [value for _label, value in panel.pin_pick.options]
    assert pinnable[:2] == ["2 + 3 = 6", "2 + 3 = 5"]
    assert {"5 − 2 = 3", "5 − 3 = 2"} <= set(pinnable)


@pytest.mark.parametrize(
    ("lang", "started", "ended"),
    [
        ("ru", "Раунд 1 начался.", "Раунд 1 (закончен)"),
        ("nb", "Runde 1 har startet.", "Runde 1 (avsluttet)"),
    ],
)
def test_the_challenge_tab_answers_the_teacher_in_the_class_language(
    store: SQLiteStore, lang: str, started: str, ended: str
) -> None:
    # A button's click arrives outside of any language: the tab must bring its own.
    store.save_settings({"language": lang})
    board = Dashboard(store, refresh=0, csv_url="sq2edu/attempts.csv")
    panel = board.challenge
    panel.source.value = "typed"
    panel.typed.value = "2 3 5"
    panel.start_button.click()
    assert started in panel.message.value
    panel.end_button.click()
    assert ended in panel.status.value
    assert "Round" not in panel.status.value + panel.message.value


def test_the_dashboard_has_a_challenge_tab(store: SQLiteStore) -> None:
    dashboard = Dashboard(store, refresh=0, csv_url="sq2edu/attempts.csv")
    titles = [dashboard.tabs.get_title(i) for i in range(len(dashboard.tabs.children))]
    assert "Challenge" in titles
    assert dashboard.challenge is not None
    assert 'href="sq2edu/projector"' in dashboard.challenge.link.value


def test_challenge_tries_count_in_the_skills_and_mistakes_tabs(store: SQLiteStore) -> None:
    """A find is a right answer on the child's own, a wrong try a mistake with the checker's
    code, as in the Lab: the dashboard's skills and mistakes count them."""
    from sq2edu.progress.mastery import Level

    challenges = Challenges(store)
    board = Dashboard(store, refresh=0)
    assert board.summary.student("Mia").attempts == 0
    number = _play(challenges)
    for _again in range(3):
        challenges.record("Mia", number, "3 × 2 = 6")
    board.refresh()
    mistakes = board.mistakes.words.value
    assert "4 children used two kinds of sign in one equation (8 − 2 = 6 + 0)" in mistakes
    assert "<script>" not in mistakes, "text the checker could not read is escaped"
    mia = board.summary.student("Mia")
    assert mia.mastery()["multiplication-two"].level >= Level.FAMILIAR
    assert [a.where for a in mia.last][:1] == ["challenge"]
    assert "Class challenge" in board.now.here.value
    # Read once: a refresh counts only what is new.
    counted = board.summary.count
    board.refresh()
    assert board.summary.count == counted
    challenges.record("Liv", number, "2 + 3 = 6")
    board.refresh()
    assert board.summary.count == counted + 1


def test_names_ticked_before_the_first_round_hold_for_the_round_it_starts(
    store: SQLiteStore,
) -> None:
    """The teacher ticked "Show on the projector who found each equation" before the first
    round: "Start a round" unticked it (the new round took the last round's, and there was
    none). The tick holds for the round it starts, and the next, until it is unticked."""
    panel = ChallengePanel(store)
    panel.names.value = True
    panel.source.value = "typed"
    panel.typed.value = "2 3 5"
    panel.start()
    first = panel.challenges.current()
    assert first is not None
    assert first.names
    assert panel.names.value
    panel.end()
    panel.start()
    assert panel.challenges.current().names  # type: ignore[union-attr]
    panel.names.value = False
    panel.start()
    assert not panel.challenges.current().names  # type: ignore[union-attr]
    assert not panel.names.value


def test_a_store_the_server_cannot_read_gives_the_wall_words_not_a_bare_500(
    tmp_path: Path,
) -> None:
    """A store written by a newer sq2edu while an older server ran: the projector said
    "500: Internal Server Error". Its page and its board now say what happened and what to
    do, in the class's words."""
    import json

    import tornado.httpclient
    import tornado.web

    from sq2edu.classroom.server.projector_handlers import challenge_handlers
    from sq2edu.classroom.storage.store import StoreError
    from sq2edu.hub.ports import spare_port

    class Teacher(tornado.web.RequestHandler):
        def get_current_user(self) -> str:
            return "teacher"

    def newer(_handler: object) -> None:
        raise StoreError(f"{tmp_path} was written by a newer sq2edu (schema 99). Update sq2edu.")

    async def ask() -> list[tuple[int, str]]:
        app = tornado.web.Application(
            challenge_handlers(Teacher, newer, lambda base, path: path, ""), login_url="/login"
        )
        port = spare_port()
        server = app.listen(port, "127.0.0.1")
        client = tornado.httpclient.AsyncHTTPClient()
        try:
            answers = []
            for path in ("/sq2edu/projector", "/sq2edu/projector/board?seen="):
                answer = await client.fetch(f"http://127.0.0.1:{port}{path}", raise_error=False)
                answers.append((answer.code, answer.body.decode()))
            return answers
        finally:
            server.stop()

    (page_code, page), (board_code, board) = run_apart(ask)
    words = "The class server cannot read the class's progress"
    assert page_code == 503, page
    assert words in page.replace("&#x27;", "'").replace("&#39;", "'"), page
    assert "make serve" in page
    assert board_code == 200, board
    answer = json.loads(board)
    assert words in answer["said"]
    # The store's own error (its path, a database's host) is for the log, not the wall.
    assert "schema 99" not in answer["html"]
    assert str(tmp_path) not in page
    assert answer["stamp"]
