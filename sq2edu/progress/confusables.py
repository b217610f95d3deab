"""What a piece of text looks like: the confusable skeletons of Unicode's UTS #39.

Two strings are confusable when their *skeletons* are equal (Unicode Technical Standard
#39, section 4): the text in canonical decomposition (NFD), each character replaced by the
prototype it looks like, and decomposed again. "Mıa" (a dotless ı), "Mɪa" (a small capital
ɪ) and "Mia" have one skeleton; so have "EIla" (a capital I) and "Ella".

The prototypes come from Unicode's ``confusables.txt``, kept in ``lookalikes.tsv`` beside
this module: only the characters a nickname may hold after NFD (letters, digits, combining
marks, a space, a hyphen), one line each, ``character<TAB>prototype``. It is written from
Unicode's file by ``python -m sq2edu.progress.confusables confusables.txt`` (``make
confusables``); the file's header says which version of Unicode's data it holds, under
Unicode's licence (https://www.unicode.org/license.txt: free to use, copy and change, with
this notice kept). The table is read once, the first time a skeleton is asked for.
"""

from __future__ import annotations

import functools
import sys
import unicodedata
from pathlib import Path

__all__ = ["TABLE", "skeleton", "table_from"]

#: The prototypes, written from Unicode's ``confusables.txt``.
TABLE = Path(__file__).with_name("lookalikes.tsv")


@functools.cache
def _prototypes() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            character, _tab, prototype = line.partition("\t")
            found[character] = prototype
    return found


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: two texts that look alike have the same one."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _may_be_in_a_name(character: str) -> bool:
    """Whether ``character`` can be part of a nickname once it is decomposed (NFD)."""
    if unicodedata.normalize("NFD", character) != character:
        return False  # decomposed before it is looked up, so never looked up itself
    return character.isalnum() or unicodedata.category(character)[0] == "M" or character in " -"


def table_from(source: str) -> str:
    """The text of ``lookalikes.tsv`` from the text of Unicode's ``confusables.txt``."""
    version = next(
        (line.split(":", 1)[1].strip() for line in source.splitlines() if "Version:" in line),
        "unknown",
    )
    lines = [
        f"# Prototypes from Unicode's confusables.txt (UTS #39), version {version}:",
        "# the characters a nickname may hold, each with the prototype it looks like.",
        "# Copyright Unicode, Inc.; Unicode License v3, https://www.unicode.org/license.txt",
        "# Written by: python -m sq2edu.progress.confusables confusables.txt",
    ]
    for line in source.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = [field.strip() for field in data.split(";")]
        character = "".join(chr(int(code, 16)) for code in fields[0].split())
        prototype = "".join(chr(int(code, 16)) for code in fields[1].split())
        if len(character) == 1 and _may_be_in_a_name(character):
            lines.append(f"{character}\t{prototype}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write ``lookalikes.tsv`` from the ``confusables.txt`` named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m sq2edu.progress.confusables confusables.txt", file=sys.stderr)
        return 2
    TABLE.write_text(table_from(Path(args[0]).read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
