"""The dashboard's charts, drawn as SVG by the package (nothing fetched, nothing scripted).

Every chart has a title for screen readers and words on it; colour is never the only signal:
bars carry their numbers, levels their names, lines a sign at their end and a dash pattern.
Every word comes from the caller, escaped here.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["LEVEL_COLOURS", "bars", "levels", "lines"]

#: The five mastery levels, not started first: light to dark, and each has its name.
LEVEL_COLOURS = ("#f1f1f1", "#ffe9c7", "#fff6a8", "#d6f2c9", "#9fdd8a")
_INK = "#1f2330"
_BAR = "#b26a00"
_DASHES = ("", "6 3", "2 3", "10 3 2 3")
_LINE_COLOURS = ("#3557c5", "#b0457a", "#23703a", "#9a5200")


def _svg(title: str, width: int, height: int, body: str) -> str:
    return (
        f'<svg role="img" aria-label="{escape(title)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="system-ui, sans-serif" font-size="13">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def bars(title: str, rows: Sequence[tuple[str, int]], label_width: int = 190) -> str:
    """A horizontal bar for each row, its number written beside it; longest first is the
    caller's order. Empty rows give no chart."""
    if not rows:
        return ""
    longest = max(value for _label, value in rows) or 1
    parts = []
    for row, (label, value) in enumerate(rows):
        y = 8 + row * 26
        width = 220 * value / longest
        parts.append(
            f'<text x="0" y="{y + 14}" fill="{_INK}">{escape(label)}</text>'
            f'<rect x="{label_width}" y="{y}" width="{width:.0f}" height="18" fill="{_BAR}"/>'
            f'<text x="{label_width + 6 + width:.0f}" y="{y + 14}" fill="{_INK}">{value}</text>'
        )
    return _svg(title, label_width + 270, 16 + 26 * len(rows), "".join(parts))


def levels(title: str, rows: Sequence[tuple[str, Sequence[int]]], names: Sequence[str]) -> str:
    """For each skill, a bar split into the share of the class at each level, with a legend.

    :param rows: a skill's label and how many students are at each level (lowest first).
    :param names: the levels' names, lowest first.
    """
    if not rows:
        return ""
    parts = []
    width = 300
    for row, (label, counts) in enumerate(rows):
        y = 8 + row * 28
        total = sum(counts) or 1
        x = 130.0
        parts.append(f'<text x="0" y="{y + 15}" fill="{_INK}">{escape(label)}</text>')
        for level, count in enumerate(counts):
            share = width * count / total
            if share:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{share:.1f}" height="20" '
                    f'fill="{LEVEL_COLOURS[level]}" stroke="{_INK}" stroke-width="0.5">'
                    f"<title>{escape(names[level])}: {count}</title></rect>"
                )
                if share >= 18:
                    parts.append(
                        f'<text x="{x + share / 2:.1f}" y="{y + 15}" text-anchor="middle" '
                        f'fill="{_INK}">{count}</text>'
                    )
            x += share
    legend_y = 16 + 28 * len(rows)
    for level, name in enumerate(names):
        x = level * 100
        parts.append(
            f'<rect x="{x}" y="{legend_y}" width="14" height="14" fill="{LEVEL_COLOURS[level]}" '
            f'stroke="{_INK}" stroke-width="0.5"/>'
            f'<text x="{x + 18}" y="{legend_y + 12}" fill="{_INK}">{escape(name)}</text>'
        )
    return _svg(title, max(130 + width + 10, 100 * len(names)), legend_y + 22, "".join(parts))


def lines(
    title: str,
    days: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    unit: str = "%",
) -> str:
    """A line per series over the days (values 0 to 100; ``None`` where nothing happened),
    each ending with its label."""
    if not days or not series:
        return ""
    left, top, width, height = 52, 12, max(180, 90 * (len(days) - 1)), 170
    step = width / max(1, len(days) - 1)
    parts = [
        f'<line x1="{left}" y1="{top + height}" x2="{left + width}" y2="{top + height}" '
        f'stroke="{_INK}"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + height}" stroke="{_INK}"/>',
    ]
    for mark in (0, 50, 100):
        y = top + height - height * mark / 100
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.0f}" text-anchor="end" fill="{_INK}">'
            f"{mark}{escape(unit)}</text>"
        )
    for index, day in enumerate(days):
        x = left + index * step
        parts.append(
            f'<text x="{x:.0f}" y="{top + height + 18}" text-anchor="middle" fill="{_INK}">'
            f"{escape(day)}</text>"
        )
    taken: list[float] = []  # where line labels already are: two lines may end together
    for number, (label, values) in enumerate(series):
        points = [
            (left + index * step, top + height - height * value / 100)
            for index, value in enumerate(values)
            if value is not None
        ]
        if not points:
            continue
        colour = _LINE_COLOURS[number % len(_LINE_COLOURS)]
        dash = _DASHES[number % len(_DASHES)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + "/>"
        )
        for x, y in points:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
        end_x, end_y = points[-1]
        while any(abs(end_y - other) < 14 for other in taken):
            end_y += 14
        taken.append(end_y)
        parts.append(
            f'<text x="{end_x + 8:.1f}" y="{end_y + 4:.1f}" fill="{colour}" '
            f'font-weight="700">{escape(label)}</text>'
        )
    return _svg(title, left + width + 60, top + height + 28 + 14 * len(series), "".join(parts))
