"""The documentation and the code's docstrings name files that exist: a path written in
the README, CONTRIBUTING, docs/ or a module's text (``matches/scoring/team.py``,
``templates/base.html``, ``docs/operations.md``) is looked up in the repository."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = (
    "matches",
    "scoresheet",
    "templates",
    "static",
    "tests",
    "docs",
    "scripts",
    "benchmarks",
    "loadtest",
    "locale",
    ".ci",
)
PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(re.escape(t) for t in TOP) + r")/[\w./-]*[\w/])")
SUFFIXES = (".py", ".md", ".html", ".js", ".css", ".po", ".txt", ".pbn", ".json")


def texts() -> list[Path]:
    documents = [
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]
    code = [
        path
        for folder in ("matches", "scoresheet", "scripts", "benchmarks", "loadtest", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts
    ]
    return documents + code


def named_paths(text: str) -> set[str]:
    found = set()
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".")
        if "*" in path or "<" in path or "…" in path:
            continue
        if path.endswith(SUFFIXES) or (ROOT / path).is_dir():
            found.add(path)
    return found


def exists(path: str) -> bool:
    """A file of the repository, or a template by its name (``matches/event.html``)."""
    return (ROOT / path).exists() or (ROOT / "templates" / path).exists()


def test_every_file_the_documentation_and_docstrings_name_exists():
    missing = sorted(
        f"{source.relative_to(ROOT)}: {path}"
        for source in texts()
        for path in named_paths(source.read_text())
        if source != Path(__file__) and not exists(path)
    )
    assert not missing, "named but not in the repository:\n" + "\n".join(missing)


def test_a_path_that_is_not_there_is_found():
    assert named_paths("see matches/scoring/nowhere.py and docs/operations.md.") == {
        "matches/scoring/nowhere.py",
        "docs/operations.md",
    }
