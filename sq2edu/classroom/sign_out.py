"""The way out of the hub: a "Sign out" link on a child's app and on the teachers' page, so
that a shared device is not left signed in as the last child or teacher."""

from __future__ import annotations

import os
from html import escape

import ipywidgets as widgets

from sq2edu.i18n import _

__all__ = ["sign_out_link", "sign_out_url"]


def sign_out_url() -> str:
    """The hub's sign-out page (``JUPYTERHUB_BASE_URL``, given by the hub, then
    ``hub/logout``)."""
    base = os.environ.get("JUPYTERHUB_BASE_URL", "/")
    return f"{base.rstrip('/')}/hub/logout"


def sign_out_link() -> widgets.HTML:
    """A link, as big as a button, that signs out of the hub (the whole page, not a frame)."""
    words = escape(_("Sign out"))
    return widgets.HTML(
        f'<a class="sq2-sign-out" href="{escape(sign_out_url())}" target="_top" '
        'style="display:inline-block;min-height:44px;line-height:44px;padding:0 1rem;'
        'font-size:1.1rem">'
        f"{words}</a>"
    )
