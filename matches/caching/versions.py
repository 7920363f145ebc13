"""An event's version, as the public pages' caches are keyed on it, and which event a URL shows.

The public's pages of an event are keyed on its ``public_version`` (its id, creation time
and ``public_revision``), which every change to what the public sees moves; a table's
entry, or its acceptance of a result still hidden from the public, leaves it as it is
(only the event's ``revision`` moves, which a logged-in user's pages are keyed on:
``user_version``). Both are read from the database on every request, in one small query
(``matches/queries/revisions.py``, ``public_version`` and ``user_version``): the version
is never kept anywhere a change could fail to reach, so a cached page is never taken for
a newer one, whichever process made the change and whatever the cache went through
meanwhile. The page cache itself is in ``pagecache``.

A match's pages (its scorecard, and its feed) are keyed on the match instead
(``event_of_match``): on the event's ``play_version`` (its ``wide_revision`` and
``play_revision``: a board leaving play shows its hands) and the match's ``revision``, read
in one query, so a result accepted at one table does not make every other match's
scorecard be rendered again.
"""

from __future__ import annotations

from matches.queries import revisions

# Which event a URL shows -------------------------------------------------------------


def event_of_event(kwargs) -> tuple[int, None]:
    """Return the event in the URL (its version still to be found)."""
    return kwargs["event_id"], None


def event_of_match(kwargs) -> tuple[int | None, str | None]:
    """Return the event of the match in the URL and the version of the match's pages, read
    from the database in one query (None, None: no such match).

    A match's scorecard shows that match and what the whole event shares (names, the
    stage's settings, the deals, the hands out of play), so it is keyed on the event's
    ``play_version``, and on the match's ``revision``, which every
    change to what the match shows moves (``Change.lock_match``; a table's entry, dispute
    or call changes nothing public and leaves it): a result accepted at another match's
    table leaves this scorecard cached."""
    found = revisions.match_version(kwargs["match_id"])
    return (None, None) if found is None else found
