"""Lesson pictures drawn as SVG: dots, ten-frames, arrays, bar models, sharing, a balance.

Every picture is drawn here, from numbers, so a lesson needs no image from anywhere and a
school without internet sees it all. Two groups differ by shape as well as colour (filled
dots and rings), so colour is never the only sign. Each picture carries a text for screen
readers (``role="img"`` and ``aria-label``).

>>> from sq2edu.lessons.model import Picture, Words
>>> svg(Picture("ten-frame", (7,), Words("7 dots in a ten-frame")))[:4]
'<svg'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from sq2edu.lessons.model import Picture

__all__ = ["svg"]

_INK = "#263238"
_FIRST = "#1565c0"
_SECOND = "#c62828"
_PAPER = "#fffdf5"
_R = 13
_STEP = 34


def svg(picture: Picture) -> str:
    """The picture as an inline SVG element, labelled for screen readers."""
    width, height, body = _DRAW[picture.kind](picture.numbers)
    label = escape(str(picture.label))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}"'
        f' viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' style="max-width: 100%; height: auto;">'
        f"<title>{label}</title>{body}</svg>"
    )


def _dot(x: float, y: float, second: bool = False) -> str:
    if second:  # a ring: the second group differs in shape, not only in colour
        return (
            f'<circle cx="{x}" cy="{y}" r="{_R - 2}" fill="{_PAPER}" stroke="{_SECOND}"'
            ' stroke-width="4"/>'
        )
    return f'<circle cx="{x}" cy="{y}" r="{_R}" fill="{_FIRST}"/>'


def _text(x: float, y: float, words: str, size: int = 22) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="system-ui, sans-serif" font-size="{size}"'
        f' font-weight="600" fill="{_INK}" text-anchor="middle">{escape(words)}</text>'
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
    tilt = max(-1, min(1, right - sum(left))) * 14
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
    "array": _array,
    "bar": _bar,
    "share": _share,
    "groups": _groups,
    "balance": _balance,
    "die": _die,
}
