"""The event written as its backup document: ``export_event`` reads the whole event in a
fixed number of queries (on PostgreSQL from one snapshot) into a plain JSON-ready dict.
What the document holds and leaves out: the package's docstring (``backup/__init__.py``).
"""

from __future__ import annotations

from django.db import connection, models, transaction
from django.utils import timezone

from matches.models import (
    Board,
    BoardAdjustment,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
)
from matches.scoring import PASS, Contract

from .deals import export_deals
from .document import FORMAT, FORMAT_VERSION, decimal_text, iso, username_of
from .stages import export_stages


def _contract_text(level: int, strain: str, doubling: str) -> str:
    return str(PASS if level == 0 else Contract.of(level, strain, doubling))


def _history(model, rows_filter: dict, *fields, **expressions) -> list[dict]:
    """Return history rows as dicts, oldest first, with the acting user's username."""
    return list(
        model.history.filter(**rows_filter)
        .order_by("history_date", "history_id")
        .values(
            "history_type",
            "history_date",
            "history_change_reason",
            *fields,
            history_username=models.F(username_of("history_user")),
            **expressions,
        )
    )


def _history_entry(row: dict) -> dict:
    return {
        "type": row["history_type"],
        "date": iso(row["history_date"]),
        "user": row["history_username"],
        "change_reason": row["history_change_reason"],
    }


def _result_entry(row: dict) -> dict:
    return {
        "contract": _contract_text(row["level"], row["strain"], row["doubling"]),
        "declarer": row["declarer"],
        "lead": row["lead"],
        "tricks": row["tricks"],
        "assigned_reason": row["assigned_reason"],
        "version": row["version"],
        "entered_by": row["entered_username"],
        "entered_at": iso(row["entered_at"]),
    }


def _adjustment_entry(row: dict) -> dict:
    return {
        "home_imps": row["home_imps"],
        "away_imps": row["away_imps"],
        "reason": row["reason"],
        "created_by": row["created_username"],
        "created": iso(row["created"]),
    }


RESULT_FIELDS = (
    "board_id",
    "room",
    "level",
    "strain",
    "doubling",
    "declarer",
    "lead",
    "tricks",
    "assigned_reason",
    "version",
    "entered_at",
)
ADJUSTMENT_FIELDS = ("board_id", "home_imps", "away_imps", "reason", "created")
MATCH_FIELDS = (
    "round",
    "home_id",
    "away_id",
    "status",
    "status_reason",
    "forfeit_home_vp",
    "forfeit_away_vp",
    "forfeit_reason",
    "created",
)
MATCH_STAGE_FIELDS = (
    "stage_id",
    "carry_home",
    "carry_away",
    "bracket_position",
    "bracket",
    "decided_winner_id",
    "decided_reason",
)


def _match_entry(row: dict, team_keys: dict) -> dict:
    return {
        "round": row["round"],
        "home": team_keys.get(row["home_id"]),
        "away": team_keys.get(row["away_id"]),
        "status": row["status"],
        "status_reason": row["status_reason"],
        "forfeit_home_vp": decimal_text(row["forfeit_home_vp"]),
        "forfeit_away_vp": decimal_text(row["forfeit_away_vp"]),
        "forfeit_reason": row["forfeit_reason"],
        "created": iso(row["created"]),
    }


def export_event(event: Event) -> dict:
    """Return the whole event as one JSON-ready document (see this module's docstring).

    Read in a fixed number of queries, however big the event; on PostgreSQL, outside a
    transaction, from one snapshot, so results entered meanwhile never half appear.
    """
    snapshot = connection.vendor == "postgresql" and not connection.in_atomic_block
    with transaction.atomic():
        if snapshot:  # the first statement of the transaction, as PostgreSQL requires
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return _export(event)


def _export(event: Event) -> dict:
    event = Event.objects.get(pk=event.pk)
    teams = list(event.teams.order_by("pk").values("pk", "name", "captain"))
    team_keys = {team["pk"]: f"t{number}" for number, team in enumerate(teams, 1)}
    team_order = {team["pk"]: number for number, team in enumerate(teams)}
    players: dict[int, list] = {}
    player_keys = {}
    rows = Player.objects.filter(team__event=event).values("pk", "team_id", "name")
    for row in sorted(rows, key=lambda p: (team_order[p["team_id"]], p["pk"])):
        player_keys[row["pk"]] = f"p{len(player_keys) + 1}"
        players.setdefault(row["team_id"], []).append(
            {"key": player_keys[row["pk"]], "name": row["name"]}
        )

    matches = list(
        event.matches.order_by("pk").values("pk", "updated", *MATCH_FIELDS, *MATCH_STAGE_FIELDS)
    )
    # A row of the first stage names none (as documents have since format version 1).
    stage_numbers = dict(event.stages.exclude(number=1).values_list("pk", "number"))
    match_keys = {match["pk"]: f"m{number}" for number, match in enumerate(matches, 1)}
    boards_of: dict[int, list] = {}
    board_entries = {}
    for row in (
        Board.objects.filter(match__event=event)
        .order_by("match_id", "number")
        .values("pk", "match_id", "number")
    ):
        entry = board_entries[row["pk"]] = {"number": row["number"]}
        boards_of.setdefault(row["match_id"], []).append(entry)
    in_event = {"board__match__event": event}
    created_by = {"created_username": models.F(username_of("created_by"))}
    entered_by = {"entered_username": models.F(username_of("entered_by"))}
    for row in (
        Result.objects.filter(**in_event)
        .order_by("board_id", "-room")  # the open room first, as on the sheet
        .values(*RESULT_FIELDS, **entered_by)
    ):
        board_entries[row["board_id"]][row["room"]] = _result_entry(row)
    for row in BoardAdjustment.objects.filter(**in_event).values(*ADJUSTMENT_FIELDS, **created_by):
        board_entries[row["board_id"]]["adjusted"] = _adjustment_entry(row)

    board_ids = {"board_id__in": Board.objects.filter(match__event=event).values("pk")}
    for row in _history(Result, board_ids, *RESULT_FIELDS, **entered_by):
        entry = {**_history_entry(row), "room": row["room"], **_result_entry(row)}
        history = board_entries[row["board_id"]].setdefault("history", {})
        history.setdefault("results", []).append(entry)
    for row in _history(BoardAdjustment, board_ids, *ADJUSTMENT_FIELDS, **created_by):
        history = board_entries[row["board_id"]].setdefault("history", {})
        history.setdefault("adjustment", []).append(
            {**_history_entry(row), **_adjustment_entry(row)}
        )
    match_history: dict[int, list] = {}
    for row in _history(Match, {"id__in": event.matches.values("pk")}, "id", *MATCH_FIELDS):
        entry = {**_history_entry(row), **_match_entry(row, team_keys)}
        match_history.setdefault(row["id"], []).append(entry)

    penalties: dict[int, list] = {}
    for row in (
        ImpPenalty.objects.filter(match__event=event)
        .order_by("pk")
        .values("match_id", "team_id", "imps", "reason", "created", **created_by)
    ):
        penalties.setdefault(row["match_id"], []).append(
            {
                "team": team_keys[row["team_id"]],
                "imps": row["imps"],
                "reason": row["reason"],
                "created_by": row["created_username"],
                "created": iso(row["created"]),
            }
        )
    seatings: dict[int, list] = {}
    for row in (
        Seating.objects.filter(match__event=event)
        .order_by("pk")
        .values("match_id", "segment", "room", "seat", "player_id")
    ):
        seatings.setdefault(row["match_id"], []).append(
            {
                "segment": row["segment"],
                "room": row["room"],
                "seat": row["seat"],
                "player": player_keys[row["player_id"]],
            }
        )

    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": iso(timezone.now()),
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "vp_scale": event.vp_scale,
            "vp_table": event.vp_table,
            "boards_per_match": event.boards_per_match,
            "boards_per_segment": event.boards_per_segment,
            "bye_vp": decimal_text(event.bye_vp),
            "average_plus": event.average_plus,
            "average_minus": event.average_minus,
            "table_lead": event.table_lead,
            "table_each_board": event.table_each_board,
            "listing": event.listing,
            "results_public": event.results_public,
            "hands_public": event.hands_public,
            "corrections_minutes": event.corrections_minutes,
        },
        "teams": [
            {
                "key": team_keys[team["pk"]],
                "name": team["name"],
                "captain": team["captain"],
                "players": players.get(team["pk"], []),
            }
            for team in teams
        ],
        "stages": export_stages(event, team_keys),
        "byes": [
            {
                "round": row["round"],
                "team": team_keys[row["team_id"]],
                "stage": stage_numbers.get(row["stage_id"]),
            }
            for row in event.byes.order_by("pk").values("round", "team_id", "stage_id")
        ],
        "vp_penalties": [
            {
                "team": team_keys[row["team_id"]],
                "vp": decimal_text(row["vp"]),
                "reason": row["reason"],
                "stage": stage_numbers.get(row["stage_id"]),
                "created_by": row["created_username"],
                "created": iso(row["created"]),
            }
            for row in event.vp_penalties.order_by("pk").values(
                "team_id", "vp", "reason", "stage_id", "created", **created_by
            )
        ],
        "matches": [
            {
                "key": match_keys[match["pk"]],
                **_match_entry(match, team_keys),
                "stage": stage_numbers.get(match["stage_id"]),
                "carry_home": decimal_text(match["carry_home"]),
                "carry_away": decimal_text(match["carry_away"]),
                "bracket_position": match["bracket_position"],
                "bracket": match["bracket"],
                "decided_winner": team_keys.get(match["decided_winner_id"]),
                "decided_reason": match["decided_reason"],
                "updated": iso(match["updated"]),
                "imp_penalties": penalties.get(match["pk"], []),
                "seatings": seatings.get(match["pk"], []),
                "boards": boards_of.get(match["pk"], []),
                "history": match_history.get(match["pk"], []),
            }
            for match in matches
        ],
        "deals": export_deals(event),
    }
