"""The dashboard's charts, drawn as SVG by the package (nothing fetched, nothing scripted).

Every chart has a title for screen readers and words on it; colour is never the only signal:
bars carry their numbers, levels their names, lines a sign at their end and a dash pattern.
Every word comes from the caller and is escaped by :func:`sq2edu.markup.html`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sq2edu.markup import Markup, html, joined

__all__ = ["LEVEL_COLOURS", "bars", "levels", "lines"]

#: The five mastery levels, not started first: light to dark, and each has its name.
LEVEL_COLOURS = ("#f1f1f1", "#ffe9c7", "#fff6a8", "#d6f2c9", "#9fdd8a")
_INK = "#1f2330"
_BAR = "#b26a00"
_DASHES = ("", "6 3", "2 3", "10 3 2 3")
_LINE_COLOURS = ("#3557c5", "#b0457a", "#23703a", "#9a5200")


def _svg(title: str, width: int, height: int, body: list[Markup]) -> Markup:
    return html(
        '<svg role="img" aria-label="{title}" width="{width}" height="{height}" '
        'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
        'font-family="system-ui, sans-serif" font-size="13">'
        "<title>{title}</title>{body}</svg>",
        title=title,
        width=width,
        height=height,
        body=joined(body),
    )


def bars(title: str, rows: Sequence[tuple[str, int]], label_width: int = 190) -> Markup:
    """A horizontal bar for each row, its number written beside it; longest first is the
    caller's order. Empty rows give no chart."""
    if not rows:
        return Markup()
    longest = max(value for _label, value in rows) or 1
    parts = []
    for row, (label, value) in enumerate(rows):
        y = 8 + row * 26
        width = 220 * value / longest
        parts.append(
            html(
                '<text x="0" y="{text_y}" fill="{ink}">{label}</text>'
                '<rect x="{x}" y="{y}" width="{width:.0f}" height="18" fill="{bar}"/>'
                '<text x="{end:.0f}" y="{text_y}" fill="{ink}">{value}</text>',
                text_y=y + 14,
                ink=_INK,
                label=label,
                x=label_width,
                y=y,
                width=width,
                bar=_BAR,
                end=label_width + 6 + width,
                value=value,
            )
        )
    return _svg(title, label_width + 270, 16 + 26 * len(rows), parts)


def levels(title: str, rows: Sequence[tuple[str, Sequence[int]]], names: Sequence[str]) -> Markup:
    """For each skill, a bar split into the share of the class at each level, with a legend.

    :param rows: a skill's label and how many students are at each level (lowest first).
    :param names: the levels' names, lowest first.
    """
    if not rows:
        return Markup()
    parts = []
    width = 300
    for row, (label, counts) in enumerate(rows):
        y = 8 + row * 28
        total = sum(counts) or 1
        x = 130.0
        parts.append(html('<text x="0" y="{}" fill="{}">{}</text>', y + 15, _INK, label))
        for level, count in enumerate(counts):
            share = width * count / total
            if share:
                parts.append(
                    html(
                        '<rect x="{x:.1f}" y="{y}" width="{share:.1f}" height="20" '
                        'fill="{fill}" stroke="{ink}" stroke-width="0.5">'
                        "<title>{name}: {count}</title></rect>",
                        x=x,
                        y=y,
                        share=share,
                        fill=LEVEL_COLOURS[level],
                        ink=_INK,
                        name=names[level],
                        count=count,
                    )
                )
                if share >= 18:
                    parts.append(
                        html(
                            '<text x="{:.1f}" y="{}" text-anchor="middle" fill="{}">{}</text>',
                            x + share / 2,
                            y + 15,
                            _INK,
                            count,
                        )
                    )
            x += share
    legend_y = 16 + 28 * len(rows)
    for level, name in enumerate(names):
        x = level * 100
        parts.append(
            html(
                '<rect x="{x}" y="{y}" width="14" height="14" fill="{fill}" stroke="{ink}" '
                'stroke-width="0.5"/><text x="{text_x}" y="{text_y}" fill="{ink}">{name}</text>',
                x=x,
                y=legend_y,
                fill=LEVEL_COLOURS[level],
                ink=_INK,
                text_x=x + 18,
                text_y=legend_y + 12,
                name=name,
            )
        )
    return _svg(title, max(130 + width + 10, 100 * len(names)), legend_y + 22, parts)


def lines(
    title: str,
    days: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    unit: str = "%",
) -> Markup:
    """A line per series over the days (values 0 to 100; ``None`` where nothing happened),
    each ending with its label."""
    if not days or not series:
        return Markup()
    left, top, width, height = 52, 12, max(180, 90 * (len(days) - 1)), 170
    step = width / max(1, len(days) - 1)
    parts = [
        html(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}"/>',
            left,
            top + height,
            left + width,
            top + height,
            _INK,
        ),
        html(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}"/>',
            left,
            top,
            left,
            top + height,
            _INK,
        ),
    ]
    for mark in (0, 50, 100):
        y = top + height - height * mark / 100
        parts.append(
            html(
                '<text x="{}" y="{:.0f}" text-anchor="end" fill="{}">{}{}</text>',
                left - 6,
                y + 4,
                _INK,
                mark,
                unit,
            )
        )
    for index, day in enumerate(days):
        parts.append(
            html(
                '<text x="{:.0f}" y="{}" text-anchor="middle" fill="{}">{}</text>',
                left + index * step,
                top + height + 18,
                _INK,
                day,
            )
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
        dashed = html(' stroke-dasharray="{}"', dash) if dash else ""
        parts.append(
            html(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2.5"{}/>',
                path,
                colour,
                dashed,
            )
        )
        parts += [
            html('<circle cx="{:.1f}" cy="{:.1f}" r="3" fill="{}"/>', x, y, colour)
            for x, y in points
        ]
        end_x, end_y = points[-1]
        while any(abs(end_y - other) < 14 for other in taken):
            end_y += 14
        taken.append(end_y)
        parts.append(
            html(
                '<text x="{:.1f}" y="{:.1f}" fill="{}" font-weight="700">{}</text>',
                end_x + 8,
                end_y + 4,
                colour,
                label,
            )
        )
    return _svg(title, left + width + 60, top + height + 28 + 14 * len(series), parts)
