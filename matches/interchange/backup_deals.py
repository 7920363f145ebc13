"""The deals of an event in its backup document (``matches/backup.py``): each round's hand
records with the double dummy and par stored when they were imported.

In the document, ``"deals"`` lists them by round and board::

    {"round": 1, "board": 3, "pbn": "N:AKQ.… … … …",
     "double_dummy": {"N": {"C": 7, "D": 8, "H": 9, "S": 10, "NT": 9}, "E": {…}, …},
     "par": {"score": 420, "contracts": ["4S by N", "4S by S"]},
     "source": "round-1.pbn", "imported_by": "td", "imported_at": "2026-11-29T14:05:00+08:00"}

``double_dummy`` and ``par`` are as ``/matches/<id>.json`` gives them. The import checks
each deal as strictly as a PBN file's: 52 distinct cards, 13 to a hand (the scoring core's
own check), a board the event plays in a round it has matches in, once; and the analysis's
shape: tricks 0 to 13 for each of the four declarers in each of the five strains, a par
score (a whole number, a multiple of 10) and par contracts as "4S by N", "5HX-2 by E".
The double dummy is not solved again: it is restored as it was stored. The deals' own
change history is not carried: each restored deal is recorded as made by the import.
"""

from __future__ import annotations

from matches.models import Deal
from matches.scoring.deals import SEATS, DealError
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import STRAINS, Analysis, ParContract

SEAT_KEYS = [seat.value for seat in SEATS]
STRAIN_KEYS = [strain.value for strain in STRAINS]
PAR_LIMIT = 7600  # 7NTXX+0 vulnerable is 2980; a par score is far below this


def export_deals(event) -> list[dict]:
    """Return the event's deals as document entries, by round and board."""
    from django.db import models

    from matches.interchange.backup import _iso, _user

    rows = (
        Deal.objects.filter(event=event)
        .order_by("round", "board")
        .values(
            "round", "board", "pbn", "analysis", "source", "imported_at",
            imported_username=models.F(_user("imported_by")),
        )
    )  # fmt: skip
    return [
        {
            "round": row["round"],
            "board": row["board"],
            "pbn": row["pbn"],
            **Analysis.from_json(row["analysis"]).as_json(),
            "source": row["source"],
            "imported_by": row["imported_username"],
            "imported_at": _iso(row["imported_at"]),
        }
        for row in rows
    ]


def read_deals(importer, top) -> None:
    """Read the document's deals into unsaved rows of ``importer`` (backup._Importer),
    each checked; raise BackupError saying where, and why, on the first fault."""
    from matches.interchange.backup import _field, _Reader

    event = importer.event
    rounds = {match.round for match, _, _ in importer.matches}
    seen: dict[tuple[int, int], str] = {}
    for index, raw in enumerate(top.items("deals")):
        reader = _Reader(raw, f"deals[{index}]")
        round_number = reader.number("round", low=1)
        board = reader.number("board", low=1)
        reader.where = f"deals[{index}] (round {round_number}, board {board})"
        if round_number not in rounds:
            reader.fail("round", f"the event has no matches in round {round_number}")
        if board > event.boards_per_match:
            reader.fail("board", f"the event plays boards 1 to {event.boards_per_match}")
        if (round_number, board) in seen:
            reader.fail("board", f"{seen[round_number, board]} is the same round and board")
        seen[round_number, board] = f"deals[{index}]"
        text = reader.text("pbn", _field(Deal, "pbn"))
        try:
            hands = Hands.parse(text)
        except DealError as error:
            reader.fail("pbn", f"not a deal: {error}")
        deal = Deal(
            event=event,
            round=round_number,
            board=board,
            pbn=hands.pbn(),
            analysis=_analysis(reader).as_json(),
            source=reader.text("source", _field(Deal, "source"), default=""),
            imported_by=importer.user(reader, "imported_by"),
        )
        importer.add(deal, reader.where)
        importer.stamp(deal, "imported_at", reader)


def _analysis(reader) -> Analysis:
    """Return the deal's double dummy and par, their shape checked value by value."""
    from matches.interchange.backup import _Reader, _show

    table = _Reader(reader.get("double_dummy"), f"{reader.where}, double_dummy")
    _exactly(table, SEAT_KEYS)
    for seat in SEAT_KEYS:
        row = _Reader(table.get(seat), f"{table.where}, {seat}")
        _exactly(row, STRAIN_KEYS)
        for strain in STRAIN_KEYS:
            row.number(strain, low=0, high=13)
    par = _Reader(reader.get("par"), f"{reader.where}, par")
    _exactly(par, ["score", "contracts"])
    score = par.number("score", low=-PAR_LIMIT, high=PAR_LIMIT)
    if score % 10:
        par.fail("score", f"a score is a multiple of 10, not {score}")
    contracts = par.items("contracts", required=True)
    for contract in contracts:
        try:
            ParContract.parse(contract if isinstance(contract, str) else "")
        except ValueError:
            par.fail("contracts", f'{_show(contract)} is not a par contract such as "4S by N"')
    if score and not contracts:
        par.fail("contracts", f"a par score of {score} needs its contracts")
    return Analysis.from_json({"double_dummy": table.data, "par": par.data})


def _exactly(reader, keys: list[str]) -> None:
    """Refuse an object whose keys are not exactly ``keys``."""
    if sorted(reader.data) != sorted(keys):
        raise _backup_error(
            f"{reader.where}: should have the keys {', '.join(keys)}, "
            f"not {', '.join(map(str, reader.data)) or 'none'}"
        )


def _backup_error(message: str):
    from matches.interchange.backup import BackupError

    return BackupError(message)
