"""What a table's phones were last told, so that a poll of an unchanged table costs one query.

A table's state (``state.json``, matches/views/tables.py) is rendered from its match and from
what the whole event shares (team and player names, the event's settings). The actions
move the table's own ``revision`` whenever they change what the table is shown (its own
entries, acceptances, disputes and calls, and the other room's result on a board both
rooms now have: ``Change.table_changed``) and the event's ``wide_revision`` whenever they
change anything else (``Change.confine_to_matches``), so while both stand still the state
is what it was, whatever the other room of the match enters meanwhile. The state last
rendered (what ``state.json`` sends but the phone's own CSRF token and the time) and its
digest (``state_signature``, the state's ETag) are kept here under the table, the segment
asked for, the language and the two revisions it was rendered at: a phone asking again with
that ETag, the revisions unchanged, is answered 304 after one small query (``revisions``),
before the table's row is read or anything rendered, and the table's other phone, or the
one whose post rendered it, gets it without its being rendered again.

The revisions are read before the state is rendered, in the same request: a change
committed in between gives a state newer than its revisions, never older, and the next
poll, seeing the revisions moved, renders it again. A cache that lost the digest (or does
not answer) costs a rendering, nothing else.

A state rendered again after a change is mostly the same cards: each board's card is kept
in the process's memory under everything it is rendered from (``card_signature``), so only
the boards that changed are rendered (``card_html``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from django.core.cache import cache

from matches.queries.revisions import table_revisions as revisions  # noqa: F401 - for views

from .kept_html import KeptHtml

TIMEOUT = 3600
CARDS_KEPT = 8192  # about 16 boards × 2 languages × 250 tables, a few MB

_cards = KeptHtml(CARDS_KEPT)


def _key(found: tuple[int, int, int], segment: int | None, language: str) -> str:
    table_id, table_revision, wide_revision = found
    return f"table-state:{table_id}:{segment or 0}:{language}:{wide_revision}.{table_revision}"


def known_state(found, segment: int | None, language: str) -> tuple[str, dict] | None:
    """Return (the digest, the state) last rendered for the table at the revisions ``found``."""
    return cache.get(_key(found, segment, language))


def remember_state(found, segment: int | None, language: str, signature: str, state) -> None:
    """Keep the state just rendered and its digest, under the revisions read before it."""
    cache.set(_key(found, segment, language), (signature, state), TIMEOUT)


def card_html(signature: Hashable, render: Callable[[], str]) -> str:
    """Return a board's card as rendered for ``signature`` (``card_signature``: everything it
    is rendered from), from this process's memory if it was rendered before, else ``render()``,
    kept for next time (the least recently used of ``CARDS_KEPT`` cards makes way)."""
    return _cards.html(signature, render)
