"""Files to and from other programs: the event backup (JSON), PBN, USEBIO and CSV, and the
deal and results files directors upload.

- ``backup``: the event's JSON document, written and read back (a package: export, file,
  schema, reader of values, importer, stages, deals);
- ``pbn``, ``usebio``, ``csv``: the formats themselves, written and read from plain values;
- ``dealing_machines`` and ``dlm``: the dealing machines' files of deals (DUP, BRI, DGE;
  DLM), and
  ``deal_formats``: every format of deals (those and PBN), found from a file's bytes;
- ``exports``: the app's matches, line-ups and deals as those formats' inputs;
- ``deal_files``: uploaded files read and checked, in the user's language.
"""
