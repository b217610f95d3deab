"""Lesson pictures drawn as SVG: dots, ten-frames, arrays, bar models, number bonds, number
lines, sharing, a balance.

Every picture is drawn here, from numbers, so a lesson needs no image from anywhere and a
school without internet sees it all. Two groups differ by shape as well as colour (filled
dots and rings), so colour is never the only sign. Each picture carries a text for screen
readers (``role="img"`` and ``aria-label``).

A picture that goes with a task draws the task as it starts, never its answer: counters
not yet shared onto empty plates, a balance held level with a question mark, a number line
with only its starting point, a bond or a bar with a ? where the missing part goes.

>>> from sq2edu.lessons.model import Picture, Words
>>> str(svg(Picture("ten-frame", (7,), Words("7 dots in a ten-frame"))))[:4]
'<svg'
"""

from __future__ import annotations

from collections.abc import Callable

from sq2edu.lessons.model import Picture
from sq2edu.markup import Markup, html

__all__ = ["svg"]

_INK = "#263238"
_FIRST = "#1565c0"
_SECOND = "#c62828"
_PAPER = "#fffdf5"
_R = 13
_STEP = 34


def svg(picture: Picture) -> Markup:
    """The picture as an inline SVG element, labelled for screen readers."""
    width, height, body = _DRAW[picture.kind](picture.numbers)
    return html(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}"'
        ' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' style="max-width: 100%; height: auto;">'
        "<title>{label}</title>{body}</svg>",
        label=str(picture.label),
        width=width,
        height=height,
        body=Markup(body),
    )


def _dot(x: float, y: float, second: bool = False) -> str:
    if second:  # a ring: the second group differs in shape, not only in colour
        return (
            f'<circle cx="{x}" cy="{y}" r="{_R - 2}" fill="{_PAPER}" stroke="{_SECOND}"'
            ' stroke-width="4"/>'
        )
    return f'<circle cx="{x}" cy="{y}" r="{_R}" fill="{_FIRST}"/>'


def _text(x: float, y: float, words: str, size: int = 22) -> Markup:
    return html(
        '<text x="{x}" y="{y}" font-family="system-ui, sans-serif" font-size="{size}"'
        ' font-weight="600" fill="{ink}" text-anchor="middle">{words}</text>',
        x=x,
        y=y,
        size=size,
        ink=_INK,
        words=words,
    )


def _dots(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Two groups side by side, a gap between them: ``(3, 4)``."""
    first, second = numbers
    parts = [_dot(20 + _STEP * i, 24) for i in range(first)]
    start = 20 + _STEP * first + 20
    parts += [_dot(start + _STEP * i, 24, second=True) for i in range(second)]
    return start + _STEP * second, 48, "".join(parts)


def _ten_frame(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Two rows of five places; the first number filled, the next one as rings."""
    first, second = (*numbers, 0)[:2]
    parts = [
        f'<rect x="4" y="4" width="{5 * _STEP + 8}" height="{2 * _STEP + 8}" rx="6"'
        f' fill="{_PAPER}" stroke="{_INK}" stroke-width="3"/>'
    ]
    for place in range(10):
        row, column = divmod(place, 5)
        x, y = 8 + column * _STEP, 8 + row * _STEP
        parts.append(
            f'<rect x="{x}" y="{y}" width="{_STEP}" height="{_STEP}" fill="none"'
            f' stroke="{_INK}" stroke-width="2"/>'
        )
        if place < first + second:
            parts.append(_dot(x + _STEP / 2, y + _STEP / 2, second=place >= first))
    return 5 * _STEP + 16, 2 * _STEP + 16, "".join(parts)


def _array(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Rows and columns of dots: ``(3, 4)`` is 3 rows of 4."""
    rows, columns = numbers
    parts = [
        _dot(20 + _STEP * column, 20 + _STEP * row)
        for row in range(rows)
        for column in range(columns)
    ]
    return 6 + _STEP * columns, 6 + _STEP * rows, "".join(parts)


def _bar(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """A bar model: the whole on top, its parts below; a 0 is the number to find, shown
    as ? (``(9, 6, 0)``: 9 is 6 and what?; ``(0, 3, 2)``: 3 and 2 make what?)."""
    whole, *parts = numbers
    known = sum(parts)
    length = whole or known
    unit = 360 / max(length, 1)
    pieces = [
        f'<rect x="4" y="4" width="{unit * length}" height="40" fill="#e3f2fd" stroke="{_INK}"'
        ' stroke-width="3"/>',
        _text(4 + unit * length / 2, 32, str(whole) if whole else "?"),
    ]
    x = 4.0
    for part in parts:
        width = unit * (part or length - known)
        dashes = "" if part else ' stroke-dasharray="8 5"'
        pieces.append(
            f'<rect x="{x}" y="56" width="{width}" height="40" fill="{_PAPER}" stroke="{_INK}"'
            f' stroke-width="3"{dashes}/>'
        )
        pieces.append(_text(x + width / 2, 84, str(part) if part else "?"))
        x += width
    return 368, 100, "".join(pieces)


def _bond(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """A number bond: the whole in a circle above, its two parts below, joined by lines; a
    0 is the number to find, shown as ? on a dashed circle (``(7, 2, 0)``)."""
    whole, *parts = numbers
    centres = ((100, 38, whole), (44, 122, parts[0]), (156, 122, parts[1]))
    pieces = [
        f'<line x1="100" y1="38" x2="{x}" y2="{y}" stroke="{_INK}" stroke-width="4"/>'
        for x, y, _number in centres[1:]
    ]
    for x, y, number in centres:
        dashes = "" if number else ' stroke-dasharray="7 5"'
        fill = "#e3f2fd" if y == 38 else _PAPER
        pieces.append(
            f'<circle cx="{x}" cy="{y}" r="32" fill="{fill}" stroke="{_INK}"'
            f' stroke-width="4"{dashes}/>'
        )
        pieces.append(_text(x, y + 10, str(number) if number else "?", 28))
    return 200, 160, "".join(pieces)


def _number_line(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """A number line from ``low`` to ``high`` with a dot at ``start``, then a jump for each
    further number, forward or back, written over its arc (``(0, 20, 8, 2, 3)``: 8, a jump
    of 2 to 10, a jump of 3 to 13). With no jump it shows only where to start."""
    low, high, start, *jumps = numbers
    step = min(36.0, 600 / max(high - low, 1))
    width = int(step * (high - low) + 40)

    def x_of(number: int) -> float:
        return 20 + (number - low) * step

    parts = [
        f'<line x1="{x_of(low) - 8}" y1="90" x2="{x_of(high) + 8}" y2="90" stroke="{_INK}"'
        ' stroke-width="3"/>'
    ]
    for number in range(low, high + 1):
        tall = 12 if number % 5 == 0 else 7
        parts.append(
            f'<line x1="{x_of(number)}" y1="{90 - tall}" x2="{x_of(number)}" y2="{90 + tall}"'
            f' stroke="{_INK}" stroke-width="2"/>'
        )
        parts.append(_text(x_of(number), 122, str(number), 16 if step >= 28 else 13))
    at = start
    for jump in jumps:
        left, right = x_of(at), x_of(at + jump)
        middle, lift = (left + right) / 2, 18 + 6 * min(abs(jump), 5)
        parts.append(
            f'<path d="M {left} 84 Q {middle} {84 - 2 * lift} {right} 84" fill="none"'
            f' stroke="{_SECOND}" stroke-width="3"/>'
        )
        head = 8 if jump > 0 else -8
        parts.append(
            f'<path d="M {right - head} 76 L {right} 84 L {right - head} 70" fill="none"'
            f' stroke="{_SECOND}" stroke-width="3"/>'
        )
        said = f"+{jump}" if jump > 0 else f"−{-jump}"
        parts.append(_text(middle, 84 - lift - 4, said, 18))
        at += jump
        parts.append(_dot(x_of(at), 90, second=True))
    parts.append(_dot(x_of(start), 90))
    return width, 132, "".join(parts)


def _two_frames(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Making ten: ``(8, 5, 2)`` is a ten-frame of 8 dots and 2 rings moved into it, and a
    second frame with the 3 rings left; ``(8, 5, 0)`` is the start: 8 dots in the first
    frame, all 5 rings in the second."""
    first, second, moved = numbers
    _w, height, one = _ten_frame((first, moved))
    _w, _h, two = _ten_frame((0, second - moved))
    shift = 5 * _STEP + 32
    return 2 * shift - 16, height, one + f'<g transform="translate({shift} 0)">{two}</g>'


def _counters(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """``(10,)``: 10 counters in rows of five, not yet put in groups."""
    (count,) = numbers
    parts = [_dot(20 + _STEP * (i % 5), 20 + _STEP * (i // 5)) for i in range(count)]
    rows = (count + 4) // 5
    return 6 + _STEP * min(count, 5), 6 + _STEP * rows, "".join(parts)


def _plates(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Sharing as it starts: ``(6, 3)`` is 6 counters in a row above 3 empty plates."""
    total, plates = numbers
    parts = [_dot(20 + _STEP * i, 20) for i in range(total)]
    width = max(_STEP * total + 6, plates * 112)
    for plate in range(plates):
        x = 8 + plate * 112
        parts.append(
            f'<rect x="{x}" y="52" width="100" height="44" rx="22" fill="{_PAPER}"'
            f' stroke="{_INK}" stroke-width="3"/>'
        )
    return width, 102, "".join(parts)


def _share(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Sharing: ``(7, 2)`` is 7 dots dealt onto 2 plates, what is left beside them."""
    total, plates = numbers
    each, left = divmod(total, plates)
    width = 30 + max(each, 1) * 26
    parts = []
    for plate in range(plates):
        x = 8 + plate * (width + 12)
        parts.append(
            f'<rect x="{x}" y="6" width="{width}" height="52" rx="26" fill="{_PAPER}"'
            f' stroke="{_INK}" stroke-width="3"/>'
        )
        parts += [
            f'<circle cx="{x + 28 + 26 * i}" cy="32" r="10" fill="{_FIRST}"/>' for i in range(each)
        ]
    x = 8 + plates * (width + 12) + 10
    parts += [_dot(x + 14 + _STEP * i, 32, second=True) for i in range(left)]
    return int(x + _STEP * left + 10), 64, "".join(parts)


def _groups(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """Grouping: ``(12, 3)`` is 12 dots ringed in groups of 3."""
    total, size = numbers
    groups, left = divmod(total, size)
    parts = []
    x = 6
    for _group in range(groups):
        parts.append(
            f'<rect x="{x}" y="4" width="{size * 30 + 8}" height="44" rx="20" fill="none"'
            f' stroke="{_INK}" stroke-width="3" stroke-dasharray="6 4"/>'
        )
        parts += [
            f'<circle cx="{x + 19 + 30 * i}" cy="26" r="11" fill="{_FIRST}"/>' for i in range(size)
        ]
        x += size * 30 + 16
    parts += [_dot(x + 14 + _STEP * i, 26, second=True) for i in range(left)]
    return x + _STEP * left + 6, 52, "".join(parts)


def _balance(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """A balance: ``(3, 4, 7)`` puts 3 and 4 on the left pan and 7 on the right; it tips
    toward the heavier side when the two are not the same."""
    *left, right = numbers
    return _scales(left, right, max(-1, min(1, right - sum(left))) * 14)


def _weighing(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """A question put to a balance: ``(3, 4, 8)`` loads the pans as :func:`_balance` does,
    but holds the beam level with a ? over it, so the picture does not answer it."""
    *left, right = numbers
    width, height, body = _scales(left, right, 0)
    return width, height, body + _text(180, 36, "?", 34)


def _scales(left: list[int], right: int, tilt: int) -> tuple[int, int, str]:
    parts = [
        f'<polygon points="180,170 160,200 200,200" fill="{_INK}"/>',
        f'<line x1="180" y1="170" x2="180" y2="50" stroke="{_INK}" stroke-width="5"/>',
        f'<line x1="40" y1="{50 - tilt}" x2="320" y2="{50 + tilt}" stroke="{_INK}"'
        ' stroke-width="6" stroke-linecap="round"/>',
    ]
    for x, drop, words in ((65, -tilt, " + ".join(str(n) for n in left)), (295, tilt, str(right))):
        top = 100 + drop
        parts += [
            f'<line x1="{x - 50}" y1="{top}" x2="{x}" y2="{50 + drop}" stroke="{_INK}"'
            ' stroke-width="2"/>',
            f'<line x1="{x + 50}" y1="{top}" x2="{x}" y2="{50 + drop}" stroke="{_INK}"'
            ' stroke-width="2"/>',
            f'<path d="M {x - 65} {top} h 130 l -15 36 h -100 z" fill="#e3f2fd"'
            f' stroke="{_INK}" stroke-width="3"/>',
            _text(x, top + 27, words, 24),
        ]
    return 360, 204, "".join(parts)


def _die(numbers: tuple[int, ...]) -> tuple[int, int, str]:
    """The faces of a die side by side (0 is the dragon)."""
    parts = []
    for index, face in enumerate(numbers):
        x = 6 + index * 62
        parts.append(
            f'<rect x="{x}" y="6" width="54" height="54" rx="10" fill="{_PAPER}" stroke="{_INK}"'
            ' stroke-width="3"/>'
        )
        parts.append(_text(x + 27, 44, str(face) if face else "🐉", 28))
    return 6 + 62 * len(numbers), 66, "".join(parts)


_DRAW: dict[str, Callable[[tuple[int, ...]], tuple[float, float, str]]] = {
    "dots": _dots,
    "ten-frame": _ten_frame,
    "two-frames": _two_frames,
    "array": _array,
    "bar": _bar,
    "bond": _bond,
    "number-line": _number_line,
    "counters": _counters,
    "plates": _plates,
    "share": _share,
    "groups": _groups,
    "balance": _balance,
    "weighing": _weighing,
    "die": _die,
}
