"""The ``sq2edu`` command.

``sq2edu serve`` starts the classroom; ``sq2edu school`` makes a school's classes and
teachers in a store they share; ``sq2edu lab`` opens JupyterLab on the notebooks;
``sq2edu tournament`` measures the computer players; ``sq2edu worksheet`` writes a sheet (or
a set of cards) to print; ``sq2edu check``, ``solve`` and ``hint`` try the equation engine
from a terminal::

    sq2edu check "2 + 3 = 6" --cards 2 3 6
    sq2edu solve 2 3 5 6 8
    sq2edu hint 2 3 6 --operations "+-"
    sq2edu worksheet --level tables-2-5-10 --seed 7 --language nb --out tables.pdf
"""

from __future__ import annotations

import argparse
import getpass
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sq2edu import editions

__all__ = ["main"]


def _cards(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--operations", default="+-×÷", help="signs the class uses (default +-×÷)")
    parser.add_argument("--red-knight", action="store_true", help="one card may count as ±1")


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sq2edu", description="Math practice with Sleeping Queens 2: The Rescue."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser(
        "serve", help="start the classroom: the student app and the teacher's dashboard"
    )
    serve.add_argument("--host", default="0.0.0.0", help="address students reach (all: 0.0.0.0)")
    serve.add_argument("--port", type=int, default=8866, help="the student app's port")
    serve.add_argument("--teacher-port", type=int, default=8867, help="the dashboard's port")
    serve.add_argument(
        "--db",
        help="the progress store: a file (default: in your data folder) or a "
        "postgresql://user@host/database address (the password never here: see "
        "--db-password-file)",
    )
    _password_file(serve)
    serve.add_argument("--pool", type=int, default=4, help="warm kernels kept ready (0: none)")
    serve.add_argument(
        "--pool-refill",
        type=_seconds,
        default=60.0,
        metavar="SECONDS",
        help="wait before replacing a warm kernel a student took (default: 60)",
    )
    serve.add_argument(
        "--class-code",
        default=None,
        help="a code students must type to join; remembered for the next start, and changed "
        "on the dashboard (--class-code= for none)",
    )
    serve.add_argument(
        "--room",
        default="",
        help="serve this class of the school's store (made with: sq2edu school add-class)",
    )
    serve.add_argument(
        "--max-students",
        type=_count,
        default=None,
        metavar="N",
        help="at most N kernels run, warm ones included (default: the pool or 30, plus 10)",
    )
    serve.add_argument(
        "--max-per-address",
        type=_count,
        default=None,
        metavar="N",
        help="at most N kernels for one network address (default: a quarter of the class's); "
        "raise it when the whole class reaches this machine through one router",
    )
    serve.add_argument(
        "--host-name",
        action="append",
        default=[],
        metavar="NAME",
        help="a name of this machine students may type, such as classroom.local (repeatable); "
        "its addresses are always allowed",
    )
    serve.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    serve.add_argument(
        "--log", type=Path, default=None, help="the classroom's log file (default: your log folder)"
    )

    _school_parser(commands)

    hub = commands.add_parser("hub", help="run a school's JupyterHub on this machine")
    hub.add_argument(
        "--db",
        default=None,
        help="the school's store (postgresql://user@host/database or a file; default: $SQ2EDU_DB)",
    )
    _password_file(hub)
    hub.add_argument(
        "--db-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="a file only you can read holding the school's store's address, password and "
        "all (instead of --db; c.SchoolHub.db_file)",
    )
    hub.add_argument("--ip", default="", help="the address children reach (default: all)")
    hub.add_argument("--port", type=int, default=8000, help="the hub's port (default: 8000)")
    hub.add_argument(
        "--data", type=Path, default=None, help="the hub's own folder (default: .hub/data)"
    )
    hub.add_argument("--proxy", default="", help="configurable-http-proxy (default: found)")
    for option, what in (
        ("--hub-port", "the hub's API's port on 127.0.0.1"),
        ("--proxy-api-port", "the proxy's API's port on 127.0.0.1"),
        ("--service-port", "the class service's port"),
        ("--teachers-port", "the teachers' dashboard's port"),
        ("--classroom-port", "the class server's port"),
    ):
        hub.add_argument(option, type=int, default=0, help=f"{what} (default: a free one)")
    hub.add_argument(
        "--service-ip",
        default="127.0.0.1",
        help="where the hub's services listen and its proxy reaches them (default: 127.0.0.1)",
    )
    hub.add_argument(
        "--name",
        action="append",
        default=None,
        dest="names",
        help="a name children reach the hub by (maths.school.example); repeat for more",
    )
    hub.add_argument(
        "--class-kernels",
        type=int,
        default=None,
        help="kernels the class server may run at once, its warm pool included (default: 120)",
    )
    hub.add_argument(
        "--class-pool",
        type=int,
        default=None,
        help="warm kernels the class server keeps ready for a class arriving (default: 30)",
    )

    lab = commands.add_parser("lab", help="open JupyterLab on the notebooks")
    lab.add_argument("--host", default="127.0.0.1", help="address to listen on")
    lab.add_argument("--port", type=int, default=8888, help="port to listen on")
    lab.add_argument("--notebooks", type=Path, default=Path("notebooks"), help="folder to open")

    check = commands.add_parser("check", help="check an equation and explain it")
    check.add_argument("equation", help='for example "2 + 3 = 5"')
    check.add_argument("--cards", type=int, nargs="*", help="the number cards you have")
    _cards(check)

    solve = commands.add_parser("solve", help="list every equation some cards can make")
    solve.add_argument("cards", type=int, nargs="+")
    _cards(solve)

    hint = commands.add_parser("hint", help="the hint ladder for some cards")
    hint.add_argument("cards", type=int, nargs="+")
    _cards(hint)

    tournament = commands.add_parser("tournament", help="measure the computer players")
    tournament.add_argument("--games", type=int, default=100, help="how many games")
    tournament.add_argument("--players", type=int, default=2, help="players in each game")
    tournament.add_argument(
        "--bots", default="strong,greedy,random", help="comma-separated computer players"
    )
    tournament.add_argument("--seed", type=int, default=0, help="makes the run repeatable")
    tournament.add_argument(
        "--edition", choices=editions.names(), default=editions.names()[0], help="which game"
    )
    tournament.add_argument("--jobs", type=int, default=None, help="processes (default: cores)")
    tournament.add_argument("--quiet", action="store_true", help="no progress bar")
    _worksheet_parser(commands)
    return parser


def _worksheet_parser(commands: Any) -> None:
    sheet = commands.add_parser(
        "worksheet",
        help="a worksheet to print, with its answers (or a set of cards to cut out)",
        description="A worksheet at a level of practice, or for the class, a group or one "
        "child of the progress store; or, with --cards, number and sign cards to cut out.",
    )
    sheet.add_argument(
        "--level",
        action="append",
        default=[],
        help="a level of practice, such as bonds-10 (repeat it for several levels)",
    )
    whom = sheet.add_mutually_exclusive_group()
    whom.add_argument("--student", help="a child of the class: at their level, their weak skill")
    whom.add_argument("--group", help="a group of the class: at the group's levels")
    whom.add_argument(
        "--class",
        dest="whole_class",
        action="store_true",
        help="the class: at the level most children are at (or --level)",
    )
    sheet.add_argument(
        "--count",
        type=_count,
        default=None,
        help="how many exercises (1 to 60; 12, or 6 in large type)",
    )
    sheet.add_argument(
        "--seed", type=int, help="the sheet's number: the same number, the same sheet"
    )
    sheet.add_argument(
        "--language", choices=["en", "ru", "nb"], help="en, ru or nb (default: the class's, or en)"
    )
    sheet.add_argument("--paper", choices=["a4", "letter"], default="a4", help="a4 or letter")
    sheet.add_argument("--operations", help="signs the class uses (default: the class's, or +-×÷)")
    sheet.add_argument(
        "--key",
        choices=["end", "none", "only"],
        default="end",
        help="the answers: after the sheet (end), left out (none), or alone (only)",
    )
    sheet.add_argument("--cards", action="store_true", help="cards to cut out instead of a sheet")
    sheet.add_argument("--copies", type=int, default=2, help="copies of each card (1 to 4)")
    sheet.add_argument(
        "--out",
        type=Path,
        help="the file to write: .pdf (made by Chromium) or .html (default: a PDF if Chromium "
        "is installed, else HTML)",
    )
    sheet.add_argument("--db", help="the progress store (default: the one sq2edu serve uses)")
    sheet.add_argument("--room", default="", help="the school's class, in a school's store")
    _password_file(sheet)


def _password_file(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--db-password-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="the database's password, on the first line of a file only you can read "
        "(or use PGPASSWORD or ~/.pgpass)",
    )


def _school_parser(commands: Any) -> None:
    school = commands.add_parser(
        "school", help="make a school's classes and teachers in the store they share"
    )
    school.add_argument(
        "--db", help="the school's store: a file or a postgresql://user@host/database address"
    )
    _password_file(school)
    actions = school.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="every class with its code and teachers, and every teacher")
    add_class = actions.add_parser("add-class", help="make a class (for example 3B)")
    add_class.add_argument("name")
    add_class.add_argument("--code", help="what its children type to join, for example OWL7")
    add_class.add_argument(
        "--teacher", action="append", default=[], help="a teacher who keeps it (repeatable)"
    )
    set_code = actions.add_parser("set-code", help="give a class a new code")
    set_code.add_argument("name")
    set_code.add_argument("code")
    add_teacher = actions.add_parser(
        "add-teacher", help="make a teacher (asks for the password, or reads it from stdin)"
    )
    add_teacher.add_argument("name")
    password = actions.add_parser("set-password", help="give a teacher a new password")
    password.add_argument("name")
    for name, words in (("give", "let a teacher keep a class"), ("take", "stop it")):
        action = actions.add_parser(name, help=words)
        action.add_argument("class_name", metavar="class")
        action.add_argument("teacher")


def _password() -> str:
    """A new password: asked twice at a terminal, or the first line of stdin (scripts)."""
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("Password (8 characters or more): ")
    if getpass.getpass("The same again: ") != first:
        raise ValueError("The two passwords differ; nothing was changed.")
    return first


def _school(args: argparse.Namespace) -> int:
    from sq2edu.classroom.storage.school import School
    from sq2edu.classroom.storage.store import open_store

    store = open_store(args.db)
    try:
        school = School(store)
        if args.action == "add-class":
            room = school.add_room(args.name, args.code)
            for teacher in args.teacher:
                school.give_room(room.name, teacher)
        elif args.action == "set-code":
            school.set_code(args.name, args.code)
        elif args.action == "add-teacher":
            school.add_teacher(args.name, _password())
        elif args.action == "set-password":
            school.set_password(args.name, _password())
        elif args.action == "give":
            school.give_room(args.class_name, args.teacher)
        elif args.action == "take":
            school.take_room(args.class_name, args.teacher)
        for room in school.rooms():
            print(
                f"class {room.name}: code {room.code or '(none)'}, "
                f"teachers {', '.join(room.teachers) or '(none)'}"
            )
        print(f"teachers: {', '.join(school.teachers()) or '(none)'}")
        return 0
    finally:
        store.close()


def _tournament(args: argparse.Namespace) -> int:
    from sq2edu.bots.tournament import progress_bar, run_tournament

    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    result = run_tournament(
        names,
        args.games,
        args.players,
        args.seed,
        args.jobs,
        None if args.quiet else progress_bar(),
        args.edition,
    )
    print(result.report())
    return 0


def _lab(args: argparse.Namespace) -> int:
    folder = args.notebooks.resolve()
    if not folder.is_dir():
        print(f"sq2edu: there is no folder {folder}", file=sys.stderr)
        return 2
    jupyter = shutil.which("jupyter", path=str(Path(sys.executable).parent)) or "jupyter"
    command = [
        jupyter,
        "lab",
        f"--notebook-dir={folder}",
        f"--ServerApp.ip={args.host}",
        f"--ServerApp.port={args.port}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # Containers and CI machines run as root; Jupyter refuses that unless told it is meant.
        command.append("--allow-root")
    print("sq2edu: starting JupyterLab on", folder, flush=True)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130


def _worksheet(args: argparse.Namespace) -> int:
    """Write a worksheet or a card set; say where, and how many pages."""
    from sq2edu.worksheets import make_sheet, sheet_html
    from sq2edu.worksheets.cards import cards_html
    from sq2edu.worksheets.pdf import find_chromium, to_pdf

    out: Path | None = args.out
    if out is not None and out.suffix.lower() not in (".pdf", ".html", ".htm"):
        raise ValueError(f"write the sheet to a .pdf or an .html file, not {out.name!r}")
    operations = args.operations or "+−×÷"
    lang = args.language or "en"
    if args.cards:
        if not args.level:
            raise ValueError("choose the levels of the cards with --level, such as bonds-10")
        page = cards_html(args.level, args.paper, lang, args.copies, operations)
        stem = f"cards-{'-'.join(args.level)}"
    else:
        for_someone = args.student or args.group or args.whole_class
        if for_someone:
            sheet, lang = _sheet_from_store(args)
        elif args.level:
            sheet = make_sheet(args.level, args.count, args.seed, operations)
        else:
            raise ValueError(
                "choose a level (--level bonds-10) or whom the sheet is for "
                "(--class, --group NAME or --student NAME)"
            )
        page = sheet_html(sheet, args.paper, lang, args.key)
        stem = f"worksheet-{sheet.number}" + ("-answers" if args.key == "only" else "")
    if out is None:
        out = Path(stem + (".pdf" if find_chromium() is not None else ".html"))
    if out.suffix.lower() == ".pdf":
        out.write_bytes(to_pdf(page))
    else:
        out.write_text(page, encoding="utf-8")
    counts = [
        (page.count(f'<section class="page {kind}'), words)
        for kind, words in (("sheet", "exercises"), ("answers", "answers"), ("cards", "cards"))
    ]
    pages = ", ".join(f"{n} {'page' if n == 1 else 'pages'} of {words}" for n, words in counts if n)
    print(f"sq2edu: wrote {out} ({pages})")
    return 0


def _sheet_from_store(args: argparse.Namespace) -> tuple[Any, str]:
    """The sheet for a child, a group or the class of the store, and its language."""
    from sq2edu.classroom.domain.settings import ClassSettings
    from sq2edu.classroom.storage.store import default_path, is_database_url, open_store
    from sq2edu.classroom.views.worksheets import Audience, sheet_for

    if args.operations:
        raise ValueError("a sheet for the class uses the class's signs: leave out --operations")
    if len(args.level) > 1 or (args.level and not args.whole_class):
        raise ValueError("--level chooses the level of a sheet for the class (with --class)")
    if args.student:
        audience = Audience("student", args.student)
    elif args.group:
        audience = Audience("group", args.group)
    else:
        audience = Audience("class", level=args.level[0] if args.level else "")
    if not (args.db and is_database_url(args.db)):
        path = Path(args.db) if args.db else default_path()
        if not path.is_file():
            raise ValueError(
                f"there is no progress store at {path}: name it with --db, or choose a level "
                "with --level for a sheet without one"
            )
    store = open_store(args.db, args.room)
    try:
        lang = args.language or ClassSettings.from_dict(store.settings()).language
        return sheet_for(store, audience, args.count, args.seed), lang
    finally:
        store.close()


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 1 to 10000")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 86_400.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 86400")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sq2edu`` command; returns the exit status."""
    args = _build_parser().parse_args(argv)
    if args.command in ("serve", "hub", "school", "worksheet"):
        from sq2edu.classroom.storage.credentials import store_location
        from sq2edu.classroom.storage.store import StoreError

        try:
            args.db = store_location(args.db, args.db_password_file)
        except StoreError as error:
            print(f"sq2edu: {error}", file=sys.stderr)
            return 2
        if args.command == "hub" and not args.db and not args.db_file:
            # Never the local file sq2edu serve uses: a school's classes are in its store.
            from sq2edu.hub.config import NO_STORE

            print(NO_STORE, file=sys.stderr)
            return 2
        if args.command == "school" and not args.db:
            # Never the local file sq2edu serve uses: a school's classes are in its store.
            print("sq2edu: the school needs its store: --db or SQ2EDU_DB", file=sys.stderr)
            return 2
    if args.command == "serve":
        from sq2edu.classroom.server.serve import serve

        return serve(
            args.host,
            args.port,
            args.teacher_port,
            args.db,
            args.pool,
            args.class_code,
            qr=not args.no_qr,
            refill=args.pool_refill,
            max_students=args.max_students,
            log=args.log,
            room=args.room,
            names=args.host_name,
            max_per_address=args.max_per_address,
        )
    if args.command == "hub":
        from sq2edu.hub.config import HUB_OPTIONS, run

        # The same options as a school's jupyterhub_config.py sets (c.SchoolHub.*).
        given = {name: getattr(args, name) for name in HUB_OPTIONS if name not in ("ip", "port")}
        options = {name: value for name, value in given.items() if value is not None}
        return run(args.db, args.ip, args.port, args.data, db_file=args.db_file, **options)
    if args.command == "school":
        from sq2edu.classroom.storage.store import StoreError

        try:
            return _school(args)
        except (StoreError, ValueError) as error:
            print(f"sq2edu: {error}", file=sys.stderr)
            return 2
    if args.command == "lab":
        return _lab(args)
    if args.command == "tournament":
        try:
            return _tournament(args)
        except ValueError as error:
            print(f"sq2edu: {error}", file=sys.stderr)
            return 2
    if args.command == "worksheet":
        from sq2edu.classroom.storage.store import StoreError
        from sq2edu.worksheets.pdf import PrintError

        try:
            return _worksheet(args)
        except (ValueError, StoreError, PrintError, OSError) as error:
            print(f"sq2edu: {error}", file=sys.stderr)
            return 2

    from sq2edu.equations import check, hints, solve

    try:
        if args.command == "check":
            verdict = check(args.equation, args.cards, args.operations, args.red_knight)
            print(verdict.explanation)
            return 0 if verdict.ok else 1
        if args.command == "solve":
            for equation in solve(args.cards, args.operations, args.red_knight):
                knight = ""
                if equation.adjusted is not None:
                    knight = f"   (red knight: {equation.adjusted.card} counts as "
                    knight += f"{equation.adjusted.value})"
                print(equation.text + knight)
            return 0
        for hint in hints(args.cards, args.operations, args.red_knight):
            print(f"Hint {hint.level}: {hint.text}")
        return 0
    except ValueError as error:
        print(f"sq2edu: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
