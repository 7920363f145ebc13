"""The stages of an event in its backup document: each with its settings, entries, the
Swiss draw not yet published, swaps and tie decisions; and which stage each match, bye
and VP penalty belongs to (``stage_of``).

In the document a stage is ``{"number": 2, "name": …, "kind": "knockout", …, "entries":
[…], "draft": […], "swaps": […], "tie_decisions": […]}``; a first-stage row names no
stage (``"stage": null``), as documents have since format version 1, and a document
without stages restores as one round robin by the event's settings.
"""

from __future__ import annotations

from django.db import models

from matches import scoring
from matches.models import DrawSwap, DrawTable, Event, Stage, StageEntry, TieDecision

from .document import (
    STAGE_DECIMALS,
    STAGE_SETTINGS,
    BackupError,
    decimal_text,
    field_of,
    iso,
    show,
    username_of,
)
from .values import Reader

EVENT_SETTINGS = ("vp_scale", "boards_per_match", "boards_per_segment")  # stage's by default


def export_stages(event: Event, team_keys: dict) -> list[dict]:
    """Return the event's stages as document entries, first stage first."""
    created_by = {"created_username": models.F(username_of("created_by"))}
    stages = []
    for stage in event.stages.order_by("number"):
        entry = {"number": stage.number}
        entry.update({name: getattr(stage, name) for name in STAGE_SETTINGS})
        entry.update({name: decimal_text(getattr(stage, name)) for name in STAGE_DECIMALS})
        entry["tie_order"] = [team_keys[t] for t in stage.tie_order if t in team_keys]
        entry["entries"] = [
            {
                "team": team_keys[e.team_id],
                "seed": e.seed,
                "joined_round": e.joined_round,
                "withdrawn_after": e.withdrawn_after,
            }
            for e in stage.entries.order_by("seed")
        ]
        entry["draft"] = [
            {
                "round": d.round,
                "table": d.table,
                "home": team_keys[d.home_id],
                "away": team_keys.get(d.away_id),
                "repeat": d.repeat,
                "reasons": [{"team": team_keys.get(r["team"]), "why": r["why"]} for r in d.reasons],
            }
            for d in stage.draft.order_by("table")
        ]
        entry["swaps"] = [
            {
                "round": row["round"],
                "first": team_keys[row["first_id"]],
                "second": team_keys[row["second_id"]],
                "reason": row["reason"],
                "created_by": row["created_username"],
                "created": iso(row["created"]),
            }
            for row in stage.swaps.order_by("pk").values(
                "round", "first_id", "second_id", "reason", "created", **created_by
            )
        ]
        entry["tie_decisions"] = [
            {
                "order": [team_keys[t] for t in row["order"] if t in team_keys],
                "reason": row["reason"],
                "created_by": row["created_username"],
                "created": iso(row["created"]),
            }
            for row in stage.tie_decisions.order_by("pk").values(
                "order", "reason", "created", **created_by
            )
        ]
        stages.append(entry)
    return stages


def stage_of(stages: dict[int, Stage], reader: Reader) -> Stage:
    """Return the stage a match, bye or VP penalty names: none named, the first."""
    number = reader.get("stage", 1)
    if number not in stages:
        reader.fail("stage", f"no stage has the number {show(number)}")
    return stages[number]


def read_stages(importer, top: Reader) -> None:
    """Read the document's stages into unsaved rows of ``importer`` (``Importer``); one
    round robin by the event's settings if the document has no stage 1."""
    for index, reader in top.each("stages"):
        read_stage(importer, index, reader)
    if 1 not in importer.stages:  # a document from before stages
        first = importer.stages[1] = Stage.first_of(importer.event)
        importer.add(first, "stage 1")


def read_stage(importer, index: int, reader: Reader) -> None:
    event, stages = importer.event, importer.stages
    number = reader.get("number")
    if number != len(stages) + 1:
        message = f"stages are numbered 1, 2, 3... in order, not {number}"
        raise BackupError.at(f"stages[{index}]", "number", message)
    stage = stages[number] = Stage(event=event, number=number)
    for name in STAGE_SETTINGS:
        setattr(stage, name, reader.get(name, setting_default(name, event)))
    stage.vp_table = checked_vp_table(reader, stage.vp_table)
    for name in STAGE_DECIMALS:
        field = field_of(Stage, name)
        value = reader.decimal(name, field)
        setattr(stage, name, value if value is not None or field.null else field.default)
    importer.add(stage, reader.where)
    importer.team_lists.append((stage, "tie_order", importer.team_keys(reader, "tie_order")))
    for _, entry in reader.each("entries"):
        importer.add(
            StageEntry(
                stage=stage,
                team=importer.team(entry, "team"),
                seed=entry.get("seed"),
                joined_round=entry.get("joined_round", 1),
                withdrawn_after=entry.get("withdrawn_after"),
            ),
            entry.where,
        )
    for _, row in reader.each("draft"):
        away = row.get("away")
        table = DrawTable(
            stage=stage,
            round=row.get("round"),
            table=row.get("table"),
            home=importer.team(row, "home"),
            away=None if away is None else importer.team(row, "away"),
            repeat=row.get("repeat", False),
        )
        importer.add(table, row.where)
        reasons = [(reason.get("team"), reason.get("why")) for reason in row.get("reasons", [])]
        importer.draft_reasons.append((table, reasons))
    for _, row in reader.each("swaps"):
        first, second = importer.team(row, "first"), importer.team(row, "second")
        importer.decision(
            DrawSwap, row, stage=stage, round=row.get("round"), first=first, second=second
        )
    for _, row in reader.each("tie_decisions"):
        decision = importer.decision(TieDecision, row, stage=stage)
        importer.team_lists.append((decision, "order", importer.team_keys(row, "order")))


def setting_default(name: str, event: Event):
    """Return the value a stage's setting takes when the document leaves it out."""
    if name in EVENT_SETTINGS:
        return getattr(event, name)
    field = field_of(Stage, name)
    return None if field.null else field.get_default()


def checked_vp_table(reader: Reader, table) -> list:
    """Return a director's VP table as the document holds it, refused unless it is a scale."""
    if table is None:
        return []
    try:
        return scoring.VPTable.from_stored(table).stored() if table else []
    except scoring.VPTableError as fault:
        reader.fail("vp_table", f"not a VP scale: {fault}")
