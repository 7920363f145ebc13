"""The deals of an event in its backup document: each stage's round's hand records with
the double dummy and par stored when they were imported.

In the document, ``"deals"`` lists them by stage, round and board (``"stage"``: the
stage's number, 1 when left out, as a document from before rounds were a stage's)::

    {"stage": 1, "round": 1, "board": 3, "pbn": "N:AKQ.… … … …",
     "double_dummy": {"N": {"C": 7, "D": 8, "H": 9, "S": 10, "NT": 9}, "E": {…}, …},
     "par": {"score": 420, "contracts": ["4S by N", "4S by S"]},
     "source": "round-1.pbn", "imported_by": "td", "imported_at": "2026-11-29T14:05:00+08:00"}

``double_dummy`` and ``par`` are as ``/matches/<id>.json`` gives them. The import checks
each deal as strictly as a PBN file's: 52 distinct cards, 13 to a hand (the scoring core's
own check), a board the stage plays in a round of it that has matches, once; the analysis's
shape (the schema): tricks 0 to 13 for each of the four declarers in each of the five
strains, a par score (a whole number; here, a multiple of 10) and par contracts as "4S by
N", "5HX-2 by E". The double dummy is not solved again: it is restored as it was stored.
The deals' own change history is not carried: each restored deal is recorded as made by
the import.
"""

from __future__ import annotations

from django.db import models

from matches.models import Deal
from matches.scoring.deals import Deal as Hands
from matches.scoring.deals import DealError
from matches.scoring.double_dummy import Analysis, ParContract

from .document import iso, show, username_of
from .stages import stage_of
from .values import Reader


def export_deals(event) -> list[dict]:
    """Return the event's deals as document entries, by stage, round and board."""
    rows = (
        Deal.objects.filter(event=event)
        .order_by("stage__number", "round", "board")
        .values(
            "stage__number",
            "round",
            "board",
            "pbn",
            "analysis",
            "source",
            "imported_at",
            imported_username=models.F(username_of("imported_by")),
        )
    )
    return [
        {
            "stage": row["stage__number"],
            "round": row["round"],
            "board": row["board"],
            "pbn": row["pbn"],
            **Analysis.from_json(row["analysis"]).as_json(),
            "source": row["source"],
            "imported_by": row["imported_username"],
            "imported_at": iso(row["imported_at"]),
        }
        for row in rows
    ]


def read_deals(importer, top: Reader) -> None:
    """Read the document's deals into unsaved rows of ``importer`` (``Importer``), each
    checked; raise BackupError saying where, and why, on the first fault."""
    event = importer.event
    rounds = {(match.stage.number, match.round) for match, _, _ in importer.matches}
    seen: dict[tuple[int, int, int], str] = {}
    for index, reader in top.each("deals"):
        stage = stage_of(importer.stages, reader)
        round_number, board = reader.get("round"), reader.get("board")
        if (stage.number, round_number) not in rounds:
            reader.fail("round", f"stage {stage.number} has no matches in round {round_number}")
        last = (event if stage.number == 1 else stage).boards_per_match
        if board > last:
            reader.fail("board", f"the stage plays boards 1 to {last}")
        key = (stage.number, round_number, board)
        if key in seen:
            reader.fail("board", f"{seen[key]} is the same stage, round and board")
        seen[key] = f"deals[{index}]"
        try:
            hands = Hands.parse(reader.get("pbn"))
        except DealError as error:
            reader.fail("pbn", f"not a deal: {error}")
        deal = Deal(
            event=event,
            stage=stage,
            round=round_number,
            board=board,
            pbn=hands.pbn(),
            analysis=analysis(reader).as_json(),
            source=reader.get("source", ""),
            imported_by=importer.user(reader, "imported_by"),
        )
        importer.add(deal, reader.where)
        importer.stamp(deal, "imported_at", reader)


def analysis(reader: Reader) -> Analysis:
    """Return the deal's double dummy and par (their shape the schema's), the par checked."""
    par = reader.child("par")
    score, contracts = par.get("score"), par.get("contracts")
    if score % 10:
        par.fail("score", f"a score is a multiple of 10, not {score}")
    for contract in contracts:
        try:
            ParContract.parse(contract)
        except ValueError:
            par.fail("contracts", f'{show(contract)} is not a par contract such as "4S by N"')
    if score and not contracts:
        par.fail("contracts", f"a par score of {score} needs its contracts")
    return Analysis.from_json({"double_dummy": reader.get("double_dummy"), "par": par.data})
