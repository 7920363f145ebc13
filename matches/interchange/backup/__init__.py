"""Back up an event as one JSON document, and read one back to restore it as a new event.

``export_event`` turns an event into a plain JSON-ready dict (``export.py``); ``dumps`` and
``read_file``/``loads`` write and read its file (``files.py``, which refuses a file too big
or nested too deep before parsing it); ``read_document`` checks a document and reads it
into unsaved rows (``importer.py``, after the shape ``schema.py`` declares), and
``import_event`` (``restore.py``) hands them to ``matches.actions.import_event``, which
writes them in one transaction. ``manage.py export_event`` and
``manage.py import_event`` are thin wrappers (docs/operations.md, "Backup and restore"). The stages
and the deals have a module each, for both ways (``stages.py``, ``deals.py``);
``values.py`` reads one object's values, ``document.py`` holds what all of them share.

The document (``"format": "scoresheet-event"``, ``"format_version": 1``) holds:

- the event's settings (name, date, VP scale, boards per match and per segment, bye VP,
  average plus and minus);
- its teams (name, captain) with their players, its byes and its VP penalties;
- its matches: round, home and away team, status and its reason, forfeit VP and reason,
  IMP penalties, who sat where, and every board with its artificial adjusted score (if
  any) and the result of each room: contract in canonical text ("4SX", "PASS"),
  declarer, opening lead, tricks, the reason of an assigned score, the result's version,
  who entered it and when;
- the change history (django-simple-history) of every result, adjusted score and match:
  the board history and status history pages show the same after a restore;
- its stages (``"stages"``: number, name, format and settings, entries with seeds and
  late entry or withdrawal, a Swiss draw not yet published, swaps with their reasons,
  the director's tie decisions), and for each match, bye and VP penalty the stage it belongs to
  (``"stage"``: its number, null for the first), a knockout match's carry-over, place in
  the bracket and the director's decision on a tie. A document without them (made before
  stages) restores as one round-robin stage;
- its deals (``"deals"``: each round's hand records with their stored double dummy and
  par, checked on import as strictly as a PBN file's; see ``deals.py``). A
  document without them restores with no deals.

Teams, players and matches are named by keys local to the document ("t1", "p1", "m1"),
never by database id. Users are named by username: a user the importing server does not
have is left empty (who entered a result, who made a penalty or adjustment, who made a
change in the history); nothing else is lost. Timestamps (when a match, penalty or
adjusted score was made, a result entered, a match last updated; history dates) are kept.

Not kept: database ids (the import makes new ones, so importing a document twice makes
two events); each match's stored totals (IMPs, VP, complete and pending boards), which
the import works out afresh from the boards; when the event itself was created (the
imported one is created at the import: the public pages' caches are keyed on it); user
accounts themselves; the history of boards that no longer exist. A history row of an
adjusted score that was later removed keeps its board but not its old object id (0).

The import checks every value on its own (types, lengths, keys that must be there: the
schema; the contract by the scoring core), that what the document names exists, and the
event's settings by the rules every event obeys; it leaves the rest to the database's
constraints (tricks 0 to 13, one result per room, distinct team names and board
numbers...); it does not apply the other director forms' rules again, so an event made
under older rules restores.
Keys with an evident default may be left out of a hand-written document: captain,
reasons, lead, assigned reason and usernames (empty), forfeit VP and bye VP (none),
status (provisional), version (1), times (now), averages (+3 and -3), and the lists
other than "teams" and "matches" (empty).
"""

from .document import FORMAT, FORMAT_VERSION, ROOMS, BackupError
from .export import export_event
from .files import dumps, loads, read_file
from .importer import Importer, read_document
from .restore import import_event

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ROOMS",
    "BackupError",
    "Importer",
    "dumps",
    "export_event",
    "import_event",
    "loads",
    "read_document",
    "read_file",
]
