"""What a page reads as, for tests that check what a user sees in the HTML."""

import html as entities
import re

SVG = re.compile(r"<svg.*?</svg>", re.S)


def text_of(html: str, *, without_svg: bool = False, unescaped: bool = False) -> str:
    """Return a page's text as it reads: tags out, runs of spaces made one; ``without_svg``:
    the drawings (a bracket, a chart, a QR code) left out with their labels; ``unescaped``:
    ``&amp;`` read as ``&``."""
    if without_svg:
        html = SVG.sub(" ", html)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    return entities.unescape(text) if unescaped else text
