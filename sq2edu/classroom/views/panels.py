"""What the teacher's dashboard shows, as HTML in the active language.

Every function here turns the class's summary (:mod:`sq2edu.classroom.storage.summary`) and records
into one panel of the dashboard, or the printable report of one student. Names and
equations came from children's browsers: all of it is escaped.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from sq2edu.classroom.domain.exports import local_time, shown_class_name, shown_equation
from sq2edu.classroom.domain.reteach import RETEACH, note
from sq2edu.classroom.storage.summary import OPERATIONS, ClassSummary, Days
from sq2edu.classroom.storage.tables import TableInfo
from sq2edu.classroom.views.charts import LEVEL_COLOURS, bars, levels, lines
from sq2edu.i18n import N_, _, local_signs, ngettext
from sq2edu.markup import Markup, html, joined
from sq2edu.practice import LEVELS, STARS
from sq2edu.progress.mastery import Level, SkillMastery
from sq2edu.progress.records import SKILLS, Attempt, GameRecord, LessonMark

__all__ = [
    "ONLINE_SECONDS",
    "attempt_mark",
    "games_html",
    "grid_html",
    "here_html",
    "lessons_html",
    "levels_chart",
    "mistakes_chart",
    "mistakes_html",
    "progress_chart",
    "report_html",
    "skill_title",
    "student_html",
]

#: A student whose page answered this recently is "online now": with a note every 8 to 12 s
#: while the page is open and a refresh every 10 s, a child who left is shown gone within
#: 30 s.
ONLINE_SECONDS = 20
_SIGNS = {"addition": "+", "subtraction": "−", "multiplication": "×", "division": "÷"}
_WHERE = {
    "game": N_("game"),
    "lab": N_("Lab"),
    "lesson": N_("lesson"),
    "challenge": N_("Class challenge"),
}
_DAYS_SHOWN = 10


def skill_title(skill: str) -> str:
    """``× 2 numbers``, ``+ 3 or more``, with the local signs."""
    operation, size = skill.split("-")
    count = _("2 numbers") if size == "two" else _("3 or more")
    return f"{local_signs(_SIGNS[operation])} {count}"


def _level(level: Level) -> str:
    return _(level.words)


def here_html(
    students: Sequence[str],
    summary: ClassSummary,
    seen: Mapping[str, str],
    now: dt.datetime | None = None,
    shown: Sequence[str] | None = None,
    tables: Sequence[TableInfo] = (),
) -> Markup:
    """Who is in the class, who is online now, what each is doing now and what each last did.

    :param shown: the students to give a row (default: all); the counts are the class's.
    :param tables: the class's tables of classmates, open or being played.
    """
    moment = now or dt.datetime.now(dt.UTC)
    showing = set(students if shown is None else shown)
    online = 0
    rows = []
    for student in students:
        when = seen.get(student)
        here = False
        if when:
            with_zone = dt.datetime.fromisoformat(when)
            here = (moment - with_zone).total_seconds() <= ONLINE_SECONDS
        online += here
        if student not in showing:
            continue
        status = (
            _("● online now")
            if here
            else _("last active {time}", time=local_time(when, "%d.%m %H:%M"))
            if when
            else _("not seen yet")
        )
        last = summary.student(student).last
        latest = last[0] if last else None
        doing = (
            _(
                "{mark} {equation} ({where})",
                mark=attempt_mark(latest),
                equation=shown_equation(latest.text),
                where=_(_WHERE.get(latest.where, latest.where)),
            )
            if latest
            else _("just joined")
        )
        now_doing = doing_now(student, latest, tables, moment) if here else ""
        rows.append(
            html(
                "<tr><th scope='row'>{}</th><td>{}</td><td>{}</td><td>{}</td></tr>",
                student,
                status,
                now_doing,
                doing,
            )
        )
    count = ngettext("{n} student", "{n} students", len(students))
    here_now = ngettext("{n} online now", "{n} online now", online)
    return html(
        "<p><b>{}</b> · {}</p><div class='sq2-scroll'><table class='sq2-dash'>{}</table></div>",
        count,
        here_now,
        _table_rows((_("Student"), _("Here"), _("Doing now"), _("Last try")), rows),
    )


def _table_rows(head: Sequence[str], rows: Sequence[Markup]) -> Markup:
    """A table's head row of column titles, then ``rows``."""
    titles = joined(html("<th scope='col'>{}</th>", word) for word in head)
    return html("<tr>{}</tr>{}", titles, joined(rows))


#: An answer this recent says what a child online is doing now.
DOING_SECONDS = 120


def doing_now(
    student: str,
    latest: Attempt | None,
    tables: Sequence[TableInfo],
    now: dt.datetime,
) -> str:
    """What a child online is doing now: playing or waiting at a table of classmates, else
    what their last answer (of the last two minutes) was part of, else how long ago their
    last answer was."""
    for info in tables:
        if student in info.children:
            others = ", ".join(name for name in info.children if name != student)
            if info.status == "playing":
                return _("playing at a table with {names}", names=others or "—")
            return _("waiting at a table to start")
    if latest is None:
        return _("no answer yet")
    seconds = (now - dt.datetime.fromisoformat(latest.at)).total_seconds()
    if seconds <= DOING_SECONDS:
        if latest.where == "lesson" and latest.lesson:
            from sq2edu.lessons import LESSONS

            lesson = LESSONS.get(latest.lesson)
            return _(
                "lesson {number}, exercise {exercise}",
                number=lesson.number if lesson else latest.lesson,
                exercise=latest.exercise,
            )
        if latest.where == "challenge":
            return _("Class challenge")
        if latest.where == "lab":
            level = LEVELS.get(latest.level)
            return _("Lab: {level}", level=_(level.title)) if level else _("Lab")
        return _("a game against the computer")
    minutes = int(seconds // 60)
    if minutes >= 120:
        return _("no answer for over an hour")
    return ngettext("no answer for {n} minute", "no answer for {n} minutes", minutes)


def grid_html(students: Sequence[str], summary: ClassSummary) -> Markup:
    """Each student's level in each skill, coloured and named."""
    rows = []
    for student in students:
        levels_ = summary.student(student).mastery()
        cells = joined(
            html(
                '<td style="background:{}">{}</td>',
                LEVEL_COLOURS[levels_[skill].level],
                _level(levels_[skill].level),
            )
            for skill in SKILLS
        )
        rows.append(html("<tr><th scope='row'>{}</th>{}</tr>", student, cells))
    head = [_("Student"), *(skill_title(skill) for skill in SKILLS)]
    return html(
        "<div class='sq2-scroll'><table class='sq2-dash'>{}</table></div>", _table_rows(head, rows)
    )


def levels_chart(students: Sequence[str], summary: ClassSummary) -> Markup:
    """For each skill, how much of the class is at each level."""
    counts = {skill: [0] * len(Level) for skill in SKILLS}
    for student in students:
        for skill, found in summary.student(student).mastery().items():
            counts[skill][found.level] += 1
    rows = [(skill_title(skill), counts[skill]) for skill in SKILLS]
    return levels(_("The class in each skill, by level"), rows, [_level(level) for level in Level])


def mistakes_html(summary: ClassSummary) -> Markup:
    """The class's mistakes in plain words, with real examples, what to teach again, and the
    children who made each."""
    found = summary.mistakes_by_children()
    if not found:
        return html("<p>{}</p>", _("No mistakes yet."))
    items = joined(
        html(
            "<li>{}<br><small>{}</small></li>",
            note(code, children, examples).text,
            _("Who: {names}", names=", ".join(sorted(summary.children[code]))),
        )
        for code, children, examples in found
        if code in RETEACH
    )
    return html("<ol>{}</ol>", items)


def mistakes_chart(summary: ClassSummary) -> Markup:
    """The same mistakes as bars: how many children made each."""
    rows = [
        (RETEACH[code][0](children), children)
        for code, children, _examples in summary.mistakes_by_children()
        if code in RETEACH
    ]
    return bars(_("Children who made each kind of mistake"), rows, label_width=440)


def games_html(games: Sequence[GameRecord], students: Sequence[str]) -> Markup:
    """Games played, won and lost by each student, and against whom."""
    if not games:
        return html("<p>{}</p>", _("No games yet."))
    rows = []
    for student in students:
        theirs = [game for game in games if student in game.players]
        if not theirs:
            continue
        won = sum(game.winner == student and game.won_by_a_child for game in theirs)
        lost = sum(game.winner not in (None, student) for game in theirs)
        against = Counter(player for game in theirs for player in game.players if player != student)
        opponents = ", ".join(
            f"{name} × {count}" if count > 1 else name for name, count in against.most_common()
        )
        rows.append(
            html(
                "<tr><th scope='row'>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                student,
                len(theirs),
                won,
                lost,
                opponents,
            )
        )
    children = set(students)
    by_children = sum(game.winner in children and game.won_by_a_child for game in games)
    total = ngettext(
        "{n} game; children won {won}.",
        "{n} games; children won {won}.",
        len(games),
        won=by_children,
    )
    finished = sum(
        bool(game.played_for) and game.winner is not None and not game.won_by_a_child
        for game in games
    )
    if finished:
        total += " " + ngettext(
            "The computer finished {n} of them for children who had left.",
            "The computer finished {n} of them for children who had left.",
            finished,
        )
    head = (_("Student"), _("Played"), _("Won"), _("Lost"), _("Against"))
    return html(
        "<p>{}</p><div class='sq2-scroll'><table class='sq2-dash'>{}</table></div>",
        total,
        _table_rows(head, rows),
    )


def progress_chart(days: Days, title: str) -> Markup:
    """A line per operation over the last days with work: the share right on their own."""
    shown = sorted(days)[-_DAYS_SHOWN:]
    if not shown:
        return html("<p>{}</p>", _("Nothing to show yet."))
    series = []
    for operation in OPERATIONS:
        values: list[float | None] = []
        for day in shown:
            right, counted = days[day].get(operation, [0, 0])
            values.append(100 * right / counted if counted else None)
        if any(value is not None for value in values):
            series.append((local_signs(_SIGNS[operation]), values))
    labels = [dt.date.fromisoformat(day).strftime("%d.%m") for day in shown]
    return lines(title, labels, series)


def _struggling(levels_: Mapping[str, SkillMastery]) -> list[str]:
    return [
        f"{skill_title(skill)}: {_level(m.level)} ({m.right}/{m.attempts})"
        for skill, m in levels_.items()
        if m.attempts and m.level < Level.PROFICIENT
    ]


def attempt_mark(attempt: Attempt) -> str:
    """✓ right on their own, ✓ with help (the child had been shown an answer first), or ✗:
    the words the dashboard, the printable report and the CSV's *helped* column share."""
    if not attempt.ok:
        return "✗"
    return "✓" if not attempt.helped else "✓ " + _("with help")


def student_html(name: str, summary: ClassSummary) -> Markup:
    """One student: what they work on, their usual mistake and what to practise, their last
    attempts."""
    theirs = summary.student(name)
    struggling = _struggling(theirs.mastery())
    usual = theirs.mistakes.most_common(1)
    advice = _(RETEACH[usual[0][0]][1]) if usual and usual[0][0] in RETEACH else ""
    recent = joined(
        html("<li>{} {}</li>", attempt_mark(a), shown_equation(a.text)) for a in theirs.last
    )
    at = LEVELS.get(theirs.level)
    lab = (
        html(
            "<p><b>{}:</b> {}</p>",
            _("Lab level"),
            _("{title}: {n} of {of} stars", title=_(at.title), n=theirs.stars(at.key), of=STARS),
        )
        if at is not None
        else ""
    )
    return html(
        "<p><b>{}:</b> {}</p>{}<p><b>{}:</b> {}</p><p><b>{}:</b></p><ul>{}</ul>",
        _("Working on"),
        "; ".join(struggling) or _("nothing hard right now"),
        lab,
        _("What to practise"),
        advice or "—",
        _("Last attempts"),
        recent,
    )


_REPORT = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font: 15px/1.45 system-ui, "Noto Sans", sans-serif; color: #1f2330; margin: 2em auto;
  max-width: 46em; padding: 0 1em; }}
h1 {{ font-size: 1.6em; margin: 0; }} h2 {{ font-size: 1.15em; margin: 1.4em 0 .4em; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #8a8fa3; padding: 4px 8px;
  text-align: left; }}
.meta {{ color: #4a4f60; }} @media print {{ button {{ display: none; }} body {{ margin: 0; }} }}
</style></head><body>
<button onclick="window.print()">{print}</button>
<h1>{title}</h1><p class="meta">{meta}</p>
<h2>{skills}</h2><table><tr><th>{skill}</th><th>{level}</th><th>{own}</th></tr>{rows}</table>
{student}
<h2>{games}</h2><p>{games_line}</p>
<h2>{progress}</h2>{chart}
</body></html>"""


def report_html(
    name: str,
    class_name: str,
    summary: ClassSummary,
    games: Iterable[GameRecord],
    lang: str,
    operations: str = "+−×÷",
) -> Markup:
    """One page about one student, for their parents, in ``lang`` (spoken around it): the
    browser prints it. A skill of a sign the class does not use is left out, unless the
    child tried it."""
    theirs = summary.student(name)
    levels_ = theirs.mastery()
    rows = joined(
        html(
            '<tr><td>{}</td><td style="background:{}">{}</td><td>{}/{}</td></tr>',
            skill_title(skill),
            LEVEL_COLOURS[m.level],
            _level(m.level),
            m.right,
            m.attempts,
        )
        for skill, m in levels_.items()
        if _SIGNS[skill.split("-")[0]] in operations or m.attempts
    )
    played = [game for game in games if name in game.players]
    won = sum(game.winner == name and game.won_by_a_child for game in played)
    title = _("{name}: maths with Sleeping Queens", name=name)
    return html(
        _REPORT,
        lang=lang,
        title=title,
        print=_("Print"),
        meta=_(
            "{class_name}, {date}. {n} equations tried.",
            class_name=shown_class_name(class_name),
            date=dt.date.today().strftime("%d.%m.%Y"),
            n=theirs.attempts,
        ),
        skills=_("Skills"),
        skill=_("Skill"),
        level=_("Level"),
        own=_("Right on their own"),
        rows=rows,
        student=student_html(name, summary),
        games=_("Games"),
        games_line=ngettext(
            "{n} game played, {won} won.", "{n} games played, {won} won.", len(played), won=won
        ),
        progress=_("Over the last days"),
        chart=progress_chart(theirs.days, _("{name}: right on their own, by day", name=name)),
    )


def lessons_html(
    students: Sequence[str],
    marks: Sequence[LessonMark],
    open_lessons: Sequence[str],
) -> Markup:
    """Each child's progress through each lesson: the exercises right at the first try on
    their own out of all (the only way an exercise counts as right), those right with help or
    at a later try, and whether the exit question was right on their own (✓, in words too)."""
    from sq2edu.lessons import LESSONS

    shown = [key for key in LESSONS if key in open_lessons or any(m.lesson == key for m in marks)]
    if not shown:
        return html("<p>{}</p>", _("No lesson is open, and no child has answered one yet."))
    status: dict[tuple[str, str], dict[int, str]] = {}
    for mark in marks:
        status.setdefault((mark.student, mark.lesson), {})[mark.exercise] = mark.status
    titles = [
        _("{number}. {title}", number=LESSONS[key].number, title=str(LESSONS[key].title))
        for key in shown
    ]
    rows = []
    for student in students:
        cells = []
        for key in shown:
            count = len(LESSONS[key].exercises)
            theirs = status.get((student, key), {})
            if not theirs:
                cells.append(Markup("<td>—</td>"))
                continue
            own = sum(mark == "own" for mark in theirs.values())
            later = sum(mark == "later" for mark in theirs.values())
            words = [_("{own} of {count} right on their own", own=own, count=count)]
            if later:
                words.append(_("{later} with help or at a later try", later=later))
            if theirs.get(count) == "own":
                words.append(_("exit ✓"))
            elif theirs.get(count) == "later":
                words.append(_("exit with help or at a later try"))
            cells.append(html("<td>{}</td>", " · ".join(words)))
        rows.append(html("<tr><th scope='row'>{}</th>{}</tr>", student, joined(cells)))
    return html(
        "<h3>{}</h3><div class='sq2-scroll'><table class='sq2-dash'>{}</table></div>",
        _("Progress through the lessons"),
        _table_rows([_("Student"), *titles], rows),
    )
