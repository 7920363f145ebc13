"""A backup document restored as a new event: read and checked here (``read_document``),
written by the action (``matches.actions.import_event``), in one transaction."""

from __future__ import annotations

from matches import actions
from matches.models import Event

from .document import BackupError
from .importer import read_document


def import_event(document: dict, *, user=None) -> Event:
    """Return a new event built from an exported document, with new ids and every match's
    totals worked out afresh.

    Every value is checked before anything is written: on any fault (a format version this
    code does not read, a missing key, a contract the scoring core rejects, a rule the
    event form applies, a row a database constraint refuses) BackupError says where and
    why, and the database is as it was. Importing a document twice makes two events;
    usernames this server does not know are left empty.
    """
    rows = read_document(document)
    try:
        return actions.import_event(rows, user=user)
    except actions.ImportRefused as refused:
        raise BackupError(str(refused)) from None
