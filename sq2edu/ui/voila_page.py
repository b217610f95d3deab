"""Voilà's page for sq2edu's notebooks and lessons, and where Voilà finds it.

Voilà's own lab page links an icon font on a CDN that no sq2edu page uses; a school may have
no internet, so a page opened with ``voila notebooks/play.ipynb`` must ask nothing of any
server but its own. The notebooks and lessons name the page ``sq2edu`` in their metadata
(``"voila": {"template": "sq2edu"}``): Voilà's lab page less those links, kept in
``widgets/voila/sq2edu``.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

__all__ = ["VOILA_TEMPLATE", "install_voila_template"]

#: The Voilà template the notebooks and lessons name in their metadata.
VOILA_TEMPLATE = "sq2edu"


def install_voila_template(prefix: str | Path = sys.prefix) -> Path:
    """Put Voilà's page for sq2edu where Voilà looks for templates in this environment, and
    return its folder.

    A wheel installs it there itself (its data files); an editable install, as ``make``
    makes, has no data files, so the Makefile calls this after installing. Files already
    there and the same are left alone.
    """
    target = Path(prefix) / "share" / "jupyter" / "voila" / "templates" / VOILA_TEMPLATE
    target.mkdir(parents=True, exist_ok=True)
    source = resources.files("sq2edu.widgets") / "voila" / VOILA_TEMPLATE
    for name in ("conf.json", "index.html.j2"):
        content = (source / name).read_bytes()
        copy = target / name
        if not copy.exists() or copy.read_bytes() != content:
            copy.write_bytes(content)
    return target
