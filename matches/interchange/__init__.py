"""Files to and from other programs: the event backup (JSON), PBN, USEBIO and CSV, and the
deal and results files directors upload.

- ``backup``: the event's JSON document, written and read back (a package: export, file,
  schema, reader of values, importer, stages, deals);
- ``pbn``, ``usebio``, ``csv``: the formats themselves, written and read from plain values;
- ``exports``: the app's matches, line-ups and deals as those formats' inputs;
- ``deal_files``: uploaded files read and checked, in the user's language.
"""
