"""What a page reads as, for tests that check what a user sees in the HTML."""

import re


def text_of(html: str) -> str:
    """Return a page's text as it reads: tags out, runs of spaces made one."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
