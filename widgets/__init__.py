"""The browser side of sq2edu's widgets: plain ES modules and CSS, read by :mod:`sq2edu.ui`,
and Voilà's page for the notebooks (``voila/sq2edu``)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

__all__ = ["VOILA_TEMPLATE", "install_voila_template"]

#: The Voilà template the notebooks and lessons name in their metadata.
VOILA_TEMPLATE = "sq2edu"
_TEMPLATE_FOLDER = Path(__file__).parent / "voila" / VOILA_TEMPLATE


def install_voila_template(prefix: str | Path = sys.prefix) -> Path:
    """Put Voilà's page for sq2edu where Voilà looks for templates in this environment, and
    return its folder.

    A wheel installs it there itself (its data files); an editable install, as ``make``
    makes, has no data files, so the Makefile calls this after installing. Files already
    there and the same are left alone.
    """
    target = Path(prefix) / "share" / "jupyter" / "voila" / "templates" / VOILA_TEMPLATE
    target.mkdir(parents=True, exist_ok=True)
    for source in _TEMPLATE_FOLDER.iterdir():
        copy = target / source.name
        if not copy.exists() or copy.read_bytes() != source.read_bytes():
            shutil.copyfile(source, copy)
    return target
