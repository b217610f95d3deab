"""The way out of the hub: a "Sign out" link on a child's app and on the teachers' page, so
that a shared device is not left signed in as the last child or teacher."""

from __future__ import annotations

import os

import ipywidgets as widgets

from sq2edu.i18n import _
from sq2edu.markup import Markup, html

__all__ = ["sign_out_html", "sign_out_link", "sign_out_url"]


def sign_out_url() -> str:
    """The hub's sign-out page (``JUPYTERHUB_BASE_URL``, given by the hub, then
    ``hub/logout``)."""
    base = os.environ.get("JUPYTERHUB_BASE_URL", "/")
    return f"{base.rstrip('/')}/hub/logout"


def sign_out_html() -> Markup:
    """A link, as big as a button, that signs out of the hub (the whole page, not a frame)."""
    return html(
        '<a class="sq2-sign-out" href="{}" target="_top" '
        'style="display:inline-block;min-height:44px;line-height:44px;padding:0 1rem;'
        'font-size:1.1rem">{}</a>',
        sign_out_url(),
        _("Sign out"),
    )


def sign_out_link() -> widgets.HTML:
    """The sign-out link as a widget (:func:`sign_out_html`)."""
    return widgets.HTML(sign_out_html())
