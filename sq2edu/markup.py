"""HTML that escapes by default: the one way sq2edu builds markup from words and names.

A piece of HTML is a :class:`~markupsafe.Markup` string. :func:`html` fills a template's
``{}`` fields and escapes every value that is not already markup, so a child's nickname, a
translated word or a card name can never open a tag; markup made here goes into another
template whole. Nothing has to remember to call ``escape``.

>>> nickname = '<script>alert("hi")</script>'
>>> html('<p class="name">{}</p>', nickname)
Markup('<p class="name">&lt;script&gt;alert(&#34;hi&#34;)&lt;/script&gt;</p>')
>>> html("<li>{}</li>", html("<b>{}</b>", "Mia & Leo"))
Markup('<li><b>Mia &amp; Leo</b></li>')
>>> html('<span style="width:{:.1f}mm">{}</span>', 12.345, 7)
Markup('<span style="width:12.3mm">7</span>')
>>> joined(["<i>", html("<i>{}</i>", 1)])
Markup('&lt;i&gt;<i>1</i>')
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup, escape

__all__ = ["Markup", "escape", "html", "joined"]


def html(template: str, *values: object, **named: object) -> Markup:
    """``template`` (our own HTML) with its fields filled, every value escaped unless it is
    already :class:`Markup`. Format specs (``{:.2f}``) work as in :meth:`str.format`."""
    return Markup(template).format(*values, **named)


def joined(parts: Iterable[str], between: str = "") -> Markup:
    """``parts`` one after the other (``between`` is our own HTML), each escaped unless it
    is already markup."""
    return Markup(between).join(parts)
