"""Fail when a msgid in the code has no Chinese translation, or the .mo is stale.

1. Re-extract the messages (makemessages) into the .po, then restore the file: any
   msgid that is new, untranslated or fuzzy is listed.
2. Compile the committed .po and compare it with the committed .mo, which `make run`
   uses as it is (a fresh machine need not have gettext).
"""

import gettext
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale/zh_Hans/LC_MESSAGES/django.po"
MO = PO.with_suffix(".mo")
PYTHON = sys.executable
MAKEMESSAGES_IGNORE = (".venv/*", "staticfiles/*", "tests/*", "benchmarks/*", "loadtest/*")


def run(*args: str) -> str:
    """Return the standard output of a command that must succeed."""
    return subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def catalog(mo: Path) -> dict:
    """Return the translated messages of a compiled catalogue, header left out."""
    with mo.open("rb") as handle:
        messages = dict(gettext.GNUTranslations(handle)._catalog)
    messages.pop("", None)
    return messages


def main() -> int:
    """Return 0 when every message is translated and the .mo matches the .po."""
    problems = []
    with tempfile.TemporaryDirectory() as temp:
        saved = Path(temp) / "saved.po"
        shutil.copy(PO, saved)
        try:
            ignored = (arg for path in MAKEMESSAGES_IGNORE for arg in ("--ignore", path))
            run(
                PYTHON,
                "manage.py",
                "makemessages",
                "--locale",
                "zh_Hans",
                "--no-obsolete",
                "--add-location",
                "file",
                *ignored,
            )
            untranslated = run("msgattrib", "--untranslated", "--no-fuzzy", str(PO))
            fuzzy = run("msgattrib", "--only-fuzzy", str(PO))
        finally:
            shutil.copy(saved, PO)
        for label, text in (("untranslated", untranslated), ("fuzzy", fuzzy)):
            entries = [
                e for e in text.split("\n\n") if "msgid" in e and 'msgid ""\nmsgstr' not in e
            ]
            problems += [f"{label}:\n{entry.strip()}" for entry in entries]

        fresh = Path(temp) / "fresh.mo"
        run("msgfmt", "--check", "-o", str(fresh), str(PO))
        if catalog(fresh) != catalog(MO):
            problems.append(f"{MO.relative_to(ROOT)} is stale: run `make messages` and commit it")
    for problem in problems:
        print(problem, end="\n\n")
    print(f"translations: {len(catalog(MO))} messages, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
