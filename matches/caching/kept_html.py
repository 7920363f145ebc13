"""Pieces of pages kept rendered in this process's memory, under everything they are rendered from.

A page rendered again after a change is mostly what it was: a table's state after one board
is entered, a match's scorecard after one result is accepted. Each piece (a board's card
on the table page, a board's row on the scorecard) is kept here under its *signature*,
a tuple of everything its template reads, as values: the same signature, the same HTML,
so a piece is never stale, only rendered again when something it shows has changed. Nothing
here is shared between processes, and nothing needs to be told of a change.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


class KeptHtml:
    """HTML rendered for a signature, the ``limit`` most recently used kept (thread-safe)."""

    def __init__(self, limit: int):
        self.limit = limit
        self._kept: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()

    def html(self, signature: Hashable, render: Callable[[], str]) -> str:
        """Return what was rendered for ``signature`` before, else ``render()``, kept for next
        time (the least recently used piece makes way once ``limit`` are kept)."""
        with self._lock:
            html = self._kept.get(signature)
            if html is not None:
                self._kept.move_to_end(signature)
                return html
        html = render()
        with self._lock:
            self._kept[signature] = html
            if len(self._kept) > self.limit:
                self._kept.popitem(last=False)
        return html

    def __len__(self) -> int:
        return len(self._kept)
