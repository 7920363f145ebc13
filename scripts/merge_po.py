#!/usr/bin/env python3
"""Three-way merge driver for gettext catalogues: git calls it as ``merge_po.py %O %A %B``.

Every message of both sides is kept. Where both sides have a message, the side that
changed its translation (against the common ancestor) wins; if both changed it, the
current side (%A) wins. The result is written to %A; run ``make messages`` afterwards to
put the catalogue back in makemessages' order and rebuild the .mo.
"""

import sys
from pathlib import Path


def entries(path: str) -> list[tuple[tuple[str, ...], list[str], str]]:
    """Return the catalogue's blocks as (key, translation, block text). The key and the
    translation are the strings themselves, however a tool wrapped their lines (two
    sides wrapped differently are still the same message)."""
    text = Path(path).read_text(encoding="utf-8")
    found = []
    for block in text.strip("\n").split("\n\n"):
        key, translation, current = [], [], None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if line.startswith(("msgctxt", "msgid")):
                current = key
            elif line.startswith("msgstr"):
                current = translation
            if current is None:
                continue
            if line.startswith('"'):  # a string continued on the next line
                current[-1] += line.strip()[1:-1]
            else:
                keyword, _, value = line.partition(" ")
                current.append(f"{keyword} {value.strip()[1:-1]}")
        found.append((tuple(key), translation, block))
    return found


def main(ancestor: str, ours: str, theirs: str) -> int:
    base = {key: tr for key, tr, _ in entries(ancestor)}
    mine = entries(ours)
    other = {key: (tr, block) for key, tr, block in entries(theirs)}
    seen = set()
    out = []
    for key, translation, block in mine:
        seen.add(key)
        if key in other:
            other_translation, other_block = other[key]
            if translation == base.get(key) and other_translation != translation:
                block = other_block
        out.append(block)
    out.extend(block for key, (_, block) in other.items() if key not in seen)
    Path(ours).write_text("\n\n".join(out) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
