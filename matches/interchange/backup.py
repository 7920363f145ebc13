"""Back up an event as one JSON document, and restore it as a new event.

``export_event`` turns an event into a plain JSON-ready dict; ``import_event`` builds a new
event from one, in a single transaction. ``manage.py export_event`` and ``manage.py
import_event`` are thin wrappers (README, "Backup and restore").

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
  par, checked on import as strictly as a PBN file's; see matches/backup_deals.py). A
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

The import checks every value on its own (types, lengths, keys that must be there, the
contract by the scoring core) and leaves the rest to the database's constraints (tricks
0 to 13, one result per room, distinct team names and board numbers...); it does not
apply the director forms' rules again, so an event made under older rules restores.
Keys with an evident default may be left out of a hand-written document: captain,
reasons, lead, assigned reason and usernames (empty), forfeit VP and bye VP (none),
status (provisional), version (1), times (now), averages (+3 and -3), and the lists
other than "teams" and "matches" (empty).
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal, InvalidOperation

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from matches.choices import CarryOverChoice, RoomChoice, SeatChoice, StageKind, VPScaleChoice
from matches.interchange.backup_deals import export_deals, read_deals
from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    DrawSwap,
    DrawTable,
    Event,
    ImpPenalty,
    Match,
    MatchStatus,
    Player,
    Result,
    Seating,
    Stage,
    StageEntry,
    Team,
    TieDecision,
    VpPenalty,
)
from matches.scoring import PASS, Card, CardError, Contract, ContractError

FORMAT = "scoresheet-event"
FORMAT_VERSION = 1
ROOMS = tuple(RoomChoice.values)
HISTORY_TYPES = ("+", "~", "-")
EVENT_SETTINGS = (
    "name", "date", "vp_scale", "boards_per_match", "boards_per_segment", "bye_vp",
    "average_plus", "average_minus",
)  # fmt: skip


class BackupError(ValueError):
    """A document that cannot be imported; the message says where in it, and why."""


# Export --------------------------------------------------------------------------------


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def _decimal_text(value) -> str | None:
    return None if value is None else str(value)


def _contract_text(level: int, strain: str, doubling: str) -> str:
    return str(PASS if level == 0 else Contract.of(level, strain, doubling))


def _user(field: str) -> str:
    """Return the lookup of a user foreign key's username, for ``values()``."""
    return f"{field}__{get_user_model().USERNAME_FIELD}"


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
            history_username=models.F(_user("history_user")),
            **expressions,
        )
    )


def _history_entry(row: dict) -> dict:
    return {
        "type": row["history_type"],
        "date": _iso(row["history_date"]),
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
        "entered_at": _iso(row["entered_at"]),
    }


def _adjustment_entry(row: dict) -> dict:
    return {
        "home_imps": row["home_imps"],
        "away_imps": row["away_imps"],
        "reason": row["reason"],
        "created_by": row["created_username"],
        "created": _iso(row["created"]),
    }


RESULT_FIELDS = (
    "board_id", "room", "level", "strain", "doubling", "declarer", "lead", "tricks",
    "assigned_reason", "version", "entered_at",
)  # fmt: skip
ADJUSTMENT_FIELDS = ("board_id", "home_imps", "away_imps", "reason", "created")
MATCH_FIELDS = (
    "round", "home_id", "away_id", "status", "status_reason", "forfeit_home_vp",
    "forfeit_away_vp", "forfeit_reason", "created",
)  # fmt: skip
MATCH_STAGE_FIELDS = (
    "stage_id", "carry_home", "carry_away", "bracket_position", "decided_winner_id",
    "decided_reason",
)  # fmt: skip


def _match_entry(row: dict, team_keys: dict) -> dict:
    return {
        "round": row["round"],
        "home": team_keys.get(row["home_id"]),
        "away": team_keys.get(row["away_id"]),
        "status": row["status"],
        "status_reason": row["status_reason"],
        "forfeit_home_vp": _decimal_text(row["forfeit_home_vp"]),
        "forfeit_away_vp": _decimal_text(row["forfeit_away_vp"]),
        "forfeit_reason": row["forfeit_reason"],
        "created": _iso(row["created"]),
    }


STAGE_SETTINGS = (
    "name", "kind", "vp_scale", "boards_per_match", "boards_per_segment", "bye_average",
    "tie_breaks", "entrants", "carry_vp", "rounds", "delayed", "repeats_after", "seed",
    "carry_over", "carry_fraction",
)  # fmt: skip
STAGE_DECIMALS = ("bye_vp", "carry_amount", "carry_cap")


def _stages(event: Event, team_keys: dict) -> list[dict]:
    """Return the event's stages as document entries (see the module docstring)."""
    created_by = {"created_username": models.F(_user("created_by"))}
    stages = []
    for stage in event.stages.order_by("number"):
        entry = {"number": stage.number}
        entry.update({name: getattr(stage, name) for name in STAGE_SETTINGS})
        entry.update({name: _decimal_text(getattr(stage, name)) for name in STAGE_DECIMALS})
        entry["tie_order"] = [team_keys[t] for t in stage.tie_order if t in team_keys]
        entry["entries"] = [
            {"team": team_keys[e.team_id], "seed": e.seed, "joined_round": e.joined_round,
             "withdrawn_after": e.withdrawn_after}
            for e in stage.entries.order_by("seed")
        ]  # fmt: skip
        entry["draft"] = [
            {"round": d.round, "table": d.table, "home": team_keys[d.home_id],
             "away": team_keys.get(d.away_id), "repeat": d.repeat,
             "reasons": [{"team": team_keys.get(r["team"]), "why": r["why"]} for r in d.reasons]}
            for d in stage.draft.order_by("table")
        ]  # fmt: skip
        entry["swaps"] = [
            {"round": row["round"], "first": team_keys[row["first_id"]],
             "second": team_keys[row["second_id"]], "reason": row["reason"],
             "created_by": row["created_username"], "created": _iso(row["created"])}
            for row in stage.swaps.order_by("pk").values(
                "round", "first_id", "second_id", "reason", "created", **created_by
            )
        ]  # fmt: skip
        entry["tie_decisions"] = [
            {"order": [team_keys[t] for t in row["order"] if t in team_keys],
             "reason": row["reason"], "created_by": row["created_username"],
             "created": _iso(row["created"])}
            for row in stage.tie_decisions.order_by("pk").values(
                "order", "reason", "created", **created_by
            )
        ]  # fmt: skip
        stages.append(entry)
    return stages


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
    created_by = {"created_username": models.F(_user("created_by"))}
    entered_by = {"entered_username": models.F(_user("entered_by"))}
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
                "created": _iso(row["created"]),
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
        "exported_at": _iso(timezone.now()),
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "vp_scale": event.vp_scale,
            "boards_per_match": event.boards_per_match,
            "boards_per_segment": event.boards_per_segment,
            "bye_vp": _decimal_text(event.bye_vp),
            "average_plus": event.average_plus,
            "average_minus": event.average_minus,
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
        "stages": _stages(event, team_keys),
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
                "vp": _decimal_text(row["vp"]),
                "reason": row["reason"],
                "stage": stage_numbers.get(row["stage_id"]),
                "created_by": row["created_username"],
                "created": _iso(row["created"]),
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
                "carry_home": _decimal_text(match["carry_home"]),
                "carry_away": _decimal_text(match["carry_away"]),
                "bracket_position": match["bracket_position"],
                "decided_winner": team_keys.get(match["decided_winner_id"]),
                "decided_reason": match["decided_reason"],
                "updated": _iso(match["updated"]),
                "imp_penalties": penalties.get(match["pk"], []),
                "seatings": seatings.get(match["pk"], []),
                "boards": boards_of.get(match["pk"], []),
                "history": match_history.get(match["pk"], []),
            }
            for match in matches
        ],
        "deals": export_deals(event),
    }


def dumps(document: dict) -> str:
    """Return the document as the text of a backup file: UTF-8 JSON, indented by one."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def loads(text: str | bytes) -> dict:
    """Return the document in a backup file's text; raise BackupError if it is not one."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BackupError(f"the file is not valid JSON (is it complete?): {error}") from None
    except UnicodeDecodeError as error:
        raise BackupError(f"the file is not UTF-8 text: {error}") from None
    if not isinstance(document, dict):
        raise BackupError("the file is JSON but not an event export (not a JSON object)")
    return document


# Import --------------------------------------------------------------------------------

_REQUIRED = object()


def _show(value) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "…"


class _Reader:
    """One JSON object of the document: each value read is checked, errors say where."""

    def __init__(self, value, where: str):
        if not isinstance(value, dict):
            raise BackupError(f"{where}: should be an object, not {_show(value)}")
        self.data = value
        self.where = where

    def fail(self, key: str, message: str):
        raise BackupError(f"{self.where}, {key!r}: {message}")

    def get(self, key: str, default=_REQUIRED):
        """Return the value of a key; ``default`` when it is missing or null (if given)."""
        value = self.data.get(key)
        if value is not None:
            return value
        if default is not _REQUIRED:
            return default
        if key in self.data:
            self.fail(key, "should not be null")
        raise BackupError(f"{self.where}: the key {key!r} is missing")

    def text(self, key: str, field: models.Field | None = None, default=_REQUIRED) -> str:
        value = self.get(key, default)
        if not isinstance(value, str):
            self.fail(key, f"should be text, not {_show(value)}")
        if field is not None:
            if not value.strip() and not field.blank:
                self.fail(key, "should not be empty")
            if field.max_length and len(value) > field.max_length:
                self.fail(key, f"is longer than {field.max_length} characters")
        return value

    def number(self, key: str, default=_REQUIRED, low=-32768, high=32767) -> int | None:
        value = self.get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"should be a whole number, not {_show(value)}")
        if not low <= value <= high:
            self.fail(key, f"should be {low} to {high}, not {value}")
        return value

    def decimal(self, key: str, field: models.DecimalField, default=_REQUIRED) -> Decimal | None:
        value = self.get(key, default)
        if value is None:
            return None
        try:
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                raise InvalidOperation
            number = Decimal(str(value))
            step = Decimal(1).scaleb(-field.decimal_places)
            if not number.is_finite() or number.quantize(step) != number:
                raise InvalidOperation
        except InvalidOperation:
            self.fail(key, f"should be a number with {field.decimal_places} decimals at most, "
                      f"such as \"12.50\", not {_show(value)}")  # fmt: skip
        if abs(number) >= 10 ** (field.max_digits - field.decimal_places):
            self.fail(key, f"{number} is too big")
        return number

    def choice(self, key: str, choices, default=_REQUIRED) -> str:
        value = self.get(key, default)
        if value not in choices:
            self.fail(key, f"should be one of {', '.join(map(repr, choices))}, not {_show(value)}")
        return value

    def moment(self, key: str) -> datetime.datetime | None:
        """Return a time (ISO 8601), None when absent; a time with no zone is local time."""
        value = self.get(key, None)
        if value is None:
            return None
        try:
            moment = parse_datetime(value) if isinstance(value, str) else None
        except ValueError:
            moment = None
        if moment is None:
            self.fail(key, f"should be a time such as \"2026-11-29T14:05:00+08:00\", "
                      f"not {_show(value)}")  # fmt: skip
        return moment if timezone.is_aware(moment) else timezone.make_aware(moment)

    def day(self, key: str) -> datetime.date:
        value = self.get(key)
        try:
            day = parse_date(value) if isinstance(value, str) else None
        except ValueError:
            day = None
        if day is None:
            self.fail(key, f'should be a date such as "2026-11-29", not {_show(value)}')
        return day

    def local_key(self, key: str = "key") -> str:
        value = self.text(key)
        if not value.strip():
            self.fail(key, "should not be empty")
        return value

    def items(self, key: str, required: bool = False) -> list:
        """Return a list; an optional one may be left out (empty), but never null."""
        if key not in self.data and not required:
            return []
        value = self.get(key)
        if not isinstance(value, list):
            self.fail(key, f"should be a list, not {_show(value)}")
        return value

    def child(self, key: str, where: str) -> _Reader | None:
        value = self.get(key, None)
        return None if value is None else _Reader(value, where)


def _field(model, name: str) -> models.Field:
    return model._meta.get_field(name)


class _Importer:
    """Reads the whole document into unsaved rows, then writes them: nothing is written
    until every value has been checked."""

    def __init__(self, document: dict):
        self.users: dict[str, object] = {}
        self.where: dict[int, str] = {}  # id(row) -> where it is in the document
        self.rows: dict[type, list] = {}  # model -> its unsaved rows, in document order
        self.stamps: dict[tuple[type, str], list] = {}  # (model, field) -> [(row, time)]
        self.results: dict[tuple[int, str], Result] = {}  # (id(board), room) -> result
        self.adjustments: dict[int, BoardAdjustment] = {}  # id(board) -> adjustment
        # (history record, what finds the id it takes: a match, (id(board), room) for a
        # result, id(board) for an adjusted score)
        self.history: list[tuple] = []
        self.matches: list[tuple[Match, str, datetime.datetime | None]] = []
        self.stage_team_lists: list[tuple] = []  # (stage or decision, team keys, reader)
        self.draft_reasons: list[tuple] = []  # (draft table, reasons naming team keys, reader)
        self.read(document)

    # -- reading

    def add(self, row, where: str):
        self.rows.setdefault(type(row), []).append(row)
        self.where[id(row)] = where
        return row

    def stamp(self, row, field: str, reader: _Reader):
        """Note the time the document gives for an ``auto_now`` field, to store after."""
        moment = reader.moment(field)
        if moment is not None:
            self.stamps.setdefault((type(row), field), []).append((row, moment))

    def user(self, reader: _Reader, key: str):
        """Return the user of that username, None if this server has none (or no name)."""
        name = reader.text(key, default="")
        if not name:
            return None
        if name not in self.users:
            model = get_user_model()
            self.users[name] = model.objects.filter(**{model.USERNAME_FIELD: name}).first()
        return self.users[name]

    def key(self, reader: _Reader, keys: dict, kind: str, name: str = "key"):
        key = reader.text(name)
        if key not in keys:
            reader.fail(name, f"no {kind} has the key {_show(key)}")
        return keys[key]

    def read(self, document: dict):
        top = _Reader(document, "the document")
        if document.get("format") != FORMAT:
            found = f"not {_show(document['format'])}" if "format" in document else "it has none"
            raise BackupError(
                f'this is not an event export: its "format" should be {FORMAT!r} ({found})'
            )
        version = document.get("format_version")
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise BackupError(
                f"format version {_show(version)} is not one this server reads "
                f"(it reads version {FORMAT_VERSION}): import it with the version of the app "
                "that exported it, or a later one"
            )
        source = _Reader(top.get("event"), "event")
        event = self.event = Event(
            name=source.text("name", _field(Event, "name")),
            date=source.day("date"),
            vp_scale=source.choice("vp_scale", VPScaleChoice.values),
            boards_per_match=source.number("boards_per_match"),
            boards_per_segment=source.number("boards_per_segment"),
            bye_vp=source.decimal("bye_vp", _field(Event, "bye_vp"), default=None),
            average_plus=source.number("average_plus", default=3),
            average_minus=source.number("average_minus", default=-3),
        )
        self.where[id(event)] = "event"
        from matches.actions import settings_errors

        for error in settings_errors({name: getattr(event, name) for name in EVENT_SETTINGS}):
            source.fail(error.field, str(error))

        self.teams: dict[str, Team] = {}
        self.players: dict[str, Player] = {}
        for index, raw in enumerate(top.items("teams", required=True)):
            self.read_team(_Reader(raw, f"teams[{index}]"), event)
        self.stages: dict[int, Stage] = {}
        for index, raw in enumerate(top.items("stages")):
            self.read_stage(_Reader(raw, f"stages[{index}]"), event)
        if 1 not in self.stages:  # a document from before stages: one round robin
            first = self.stages[1] = Stage.first_of(event)
            self.add(first, "stage 1")
        for index, raw in enumerate(top.items("byes")):
            reader = _Reader(raw, f"byes[{index}]")
            team = self.key(reader, self.teams, "team", "team")
            bye = Bye(event=event, round=reader.number("round"), team=team)
            bye.stage = self.stage_of(reader)
            self.add(bye, reader.where)
        for index, raw in enumerate(top.items("vp_penalties")):
            reader = _Reader(raw, f"vp_penalties[{index}]")
            penalty = VpPenalty(
                event=event,
                team=self.key(reader, self.teams, "team", "team"),
                vp=reader.decimal("vp", _field(VpPenalty, "vp")),
                reason=reader.text("reason", _field(VpPenalty, "reason")),
                created_by=self.user(reader, "created_by"),
            )
            penalty.stage = self.stage_of(reader)
            self.add(penalty, reader.where)
            self.stamp(penalty, "created", reader)
        keys = set()
        for index, raw in enumerate(top.items("matches", required=True)):
            reader = _Reader(raw, f"matches[{index}]")
            key = reader.local_key()
            if key in keys:
                reader.fail("key", f"another match has the key {_show(key)}")
            keys.add(key)
            reader.where = f"match {key}"
            self.read_match(reader, event)
        read_deals(self, top)

    def stage_of(self, reader: _Reader):
        """Return the stage a match, bye or VP penalty names (none named: the first)."""
        number = reader.get("stage", None)
        if number is None:
            return self.stages[1]
        if number not in self.stages:
            reader.fail("stage", f"no stage has the number {_show(number)}")
        return self.stages[number]

    def read_stage(self, reader: _Reader, event: Event):
        number = reader.number("number", low=1)
        if number in self.stages or number != len(self.stages) + 1:
            reader.fail("number", f"stages are numbered 1, 2, 3... in order, not {number}")
        reader.where = f"stage {number}"
        stage = Stage(event=event, number=number)
        for name in STAGE_SETTINGS:
            field = _field(Stage, name)
            default = field.default
            if name == "kind":
                value = reader.choice(name, StageKind.values, default=StageKind.ROUND_ROBIN)
            elif name == "vp_scale":
                value = reader.choice(name, VPScaleChoice.values, default=event.vp_scale)
            elif name == "carry_over":
                value = reader.choice(name, CarryOverChoice.values, default=CarryOverChoice.NONE)
            elif isinstance(field, models.BooleanField):
                value = reader.get(name, default)
                if not isinstance(value, bool):
                    reader.fail(name, f"should be true or false, not {_show(value)}")
            elif isinstance(field, models.CharField):
                value = reader.text(name, field, default=default)
            else:
                fallback = None if field.null else default
                if name in ("boards_per_match", "boards_per_segment"):
                    fallback = getattr(event, name)
                value = reader.number(name, default=fallback, low=0, high=2_000_000_000)
            setattr(stage, name, value)
        for name in STAGE_DECIMALS:
            field = _field(Stage, name)
            value = reader.decimal(name, field, default=None)
            setattr(stage, name, value if value is not None or field.null else field.default)
        self.stages[number] = stage
        self.add(stage, reader.where)
        self.stage_team_lists.append((stage, reader.get("tie_order", []), reader))
        for index, raw in enumerate(reader.items("entries")):
            entry = _Reader(raw, f"{reader.where}, entries[{index}]")
            self.add(
                StageEntry(
                    stage=stage,
                    team=self.key(entry, self.teams, "team", "team"),
                    seed=entry.number("seed", low=1),
                    joined_round=entry.number("joined_round", default=1, low=1),
                    withdrawn_after=entry.number("withdrawn_after", default=None, low=0),
                ),
                entry.where,
            )
        for index, raw in enumerate(reader.items("draft")):
            row = _Reader(raw, f"{reader.where}, draft[{index}]")
            away = row.get("away", None)
            table = DrawTable(
                stage=stage,
                round=row.number("round", low=1),
                table=row.number("table", low=1),
                home=self.key(row, self.teams, "team", "home"),
                away=None if away is None else self.key(row, self.teams, "team", "away"),
                repeat=bool(row.get("repeat", False)),
            )
            self.add(table, row.where)
            self.draft_reasons.append((table, row.get("reasons", []), row))
        for index, raw in enumerate(reader.items("swaps")):
            row = _Reader(raw, f"{reader.where}, swaps[{index}]")
            swap = DrawSwap(
                stage=stage,
                round=row.number("round", low=1),
                first=self.key(row, self.teams, "team", "first"),
                second=self.key(row, self.teams, "team", "second"),
                reason=row.text("reason", _field(DrawSwap, "reason"), default=""),
                created_by=self.user(row, "created_by"),
            )
            self.add(swap, row.where)
            self.stamp(swap, "created", row)
        for index, raw in enumerate(reader.items("tie_decisions")):
            row = _Reader(raw, f"{reader.where}, tie_decisions[{index}]")
            decision = TieDecision(
                stage=stage,
                reason=row.text("reason", _field(TieDecision, "reason"), default=""),
                created_by=self.user(row, "created_by"),
            )
            self.add(decision, row.where)
            self.stamp(decision, "created", row)
            self.stage_team_lists.append((decision, row.get("order", []), row))

    def team_ids_later(self):
        """Team orders and draft reasons name teams by key: ids exist once teams are saved."""
        for owner, keys, reader in self.stage_team_lists:
            if not isinstance(keys, list) or any(key not in self.teams for key in keys):
                reader.fail("order", "should list teams by their keys")
            values = [self.teams[key].pk for key in keys]
            if isinstance(owner, Stage):
                owner.tie_order = values
            else:
                owner.order = values
        for table, reasons, reader in self.draft_reasons:
            if not isinstance(reasons, list):
                reader.fail("reasons", "should be a list")
            table.reasons = [
                {"team": getattr(self.teams.get(r.get("team")), "pk", None), "why": r.get("why")}
                for r in reasons
                if isinstance(r, dict)
            ]

    def read_team(self, reader: _Reader, event: Event):
        key = reader.local_key()
        if key in self.teams:
            reader.fail("key", f"another team has the key {_show(key)}")
        reader.where = f"team {key}"
        team = self.teams[key] = Team(
            event=event,
            name=reader.text("name", _field(Team, "name")),
            captain=reader.text("captain", _field(Team, "captain"), default=""),
        )
        self.add(team, reader.where)
        for index, raw in enumerate(reader.items("players")):
            player_reader = _Reader(raw, f"{reader.where}, players[{index}]")
            player_key = player_reader.local_key()
            if player_key in self.players:
                player_reader.fail("key", f"another player has the key {_show(player_key)}")
            player = self.players[player_key] = Player(
                team=team, name=player_reader.text("name", _field(Player, "name"))
            )
            self.add(player, f"player {player_key}")

    def read_match(self, reader: _Reader, event: Event):
        match = Match(
            event=event,
            round=reader.number("round", low=0),
            home=self.key(reader, self.teams, "team", "home"),
            away=self.key(reader, self.teams, "team", "away"),
            status=reader.choice("status", MatchStatus.values, default=MatchStatus.PROVISIONAL),
            status_reason=reader.text("status_reason", _field(Match, "status_reason"), default=""),
            forfeit_home_vp=reader.decimal(
                "forfeit_home_vp", _field(Match, "forfeit_home_vp"), default=None
            ),
            forfeit_away_vp=reader.decimal(
                "forfeit_away_vp", _field(Match, "forfeit_away_vp"), default=None
            ),
            forfeit_reason=reader.text(
                "forfeit_reason", _field(Match, "forfeit_reason"), default=""
            ),
            carry_home=reader.decimal("carry_home", _field(Match, "carry_home"), default=0),
            carry_away=reader.decimal("carry_away", _field(Match, "carry_away"), default=0),
            bracket_position=reader.number("bracket_position", default=None, low=0),
            decided_reason=reader.text(
                "decided_reason", _field(Match, "decided_reason"), default=""
            ),
        )
        match.stage = self.stage_of(reader)
        if reader.get("decided_winner", None) is not None:
            match.decided_winner = self.key(reader, self.teams, "team", "decided_winner")
        self.add(match, reader.where)
        self.stamp(match, "created", reader)
        self.matches.append((match, reader.where, reader.moment("updated")))
        for index, raw in enumerate(reader.items("imp_penalties")):
            penalty_reader = _Reader(raw, f"{reader.where}, imp_penalties[{index}]")
            penalty = ImpPenalty(
                match=match,
                team=self.key(penalty_reader, self.teams, "team", "team"),
                imps=penalty_reader.number("imps", low=0),
                reason=penalty_reader.text("reason", _field(ImpPenalty, "reason")),
                created_by=self.user(penalty_reader, "created_by"),
            )
            self.add(penalty, penalty_reader.where)
            self.stamp(penalty, "created", penalty_reader)
        for index, raw in enumerate(reader.items("seatings")):
            seat_reader = _Reader(raw, f"{reader.where}, seatings[{index}]")
            seating = Seating(
                match=match,
                segment=seat_reader.number("segment", low=0),
                room=seat_reader.choice("room", ROOMS),
                seat=seat_reader.choice("seat", SeatChoice.values),
                player=self.key(seat_reader, self.players, "player", "player"),
            )
            self.add(seating, seat_reader.where)
        for index, raw in enumerate(reader.items("boards")):
            board_reader = _Reader(raw, f"{reader.where}, boards[{index}]")
            number = board_reader.number("number")
            board_reader.where = f"{reader.where}, board {number}"
            self.read_board(board_reader, Board(match=match, number=number))
        for index, raw in enumerate(reader.items("history")):
            self.read_match_history(_Reader(raw, f"{reader.where}, history[{index}]"), match)

    def read_board(self, reader: _Reader, board: Board):
        self.add(board, reader.where)
        for room in ROOMS:
            result_reader = reader.child(room, f"{reader.where}, {room} room")
            if result_reader is not None:
                result = Result(board=board, room=room, **self.read_result(result_reader))
                self.add(result, result_reader.where)
                self.stamp(result, "entered_at", result_reader)
                self.results[(id(board), room)] = result
        adjusted = reader.child("adjusted", f"{reader.where}, adjusted score")
        if adjusted is not None:
            adjustment = BoardAdjustment(board=board, **self.read_adjustment(adjusted))
            self.add(adjustment, adjusted.where)
            self.stamp(adjustment, "created", adjusted)
            self.adjustments[id(board)] = adjustment
        history = reader.child("history", f"{reader.where}, history") or _Reader({}, "")
        for index, raw in enumerate(history.items("results")):
            record_reader = _Reader(raw, f"{history.where}, results[{index}]")
            room = record_reader.choice("room", ROOMS)
            record = Result.history.model(
                board=board, room=room, **self.read_result(record_reader, history=True)
            )
            self.read_record(record_reader, record, (id(board), room))
        for index, raw in enumerate(history.items("adjustment")):
            record_reader = _Reader(raw, f"{history.where}, adjustment[{index}]")
            record = BoardAdjustment.history.model(
                board=board, **self.read_adjustment(record_reader, history=True)
            )
            self.read_record(record_reader, record, id(board))

    def read_result(self, reader: _Reader, history: bool = False) -> dict:
        """Return a result's fields: each value checked alone (the contract by the scoring
        core); how they go together (tricks 0 to 13, a contract needs a declarer) is for
        the database's constraints to judge."""
        text = reader.text("contract")
        try:
            contract = Contract.parse(text)
        except ContractError as error:
            reader.fail("contract", f"{_show(text)} is not a contract: {error}")
        lead = reader.text("lead", _field(Result, "lead"), default="")
        if lead:
            try:
                Card.parse(lead)  # checked, and kept as it was stored ("SQ", "S10")
            except CardError as error:
                reader.fail("lead", str(error))
        fields = {
            "level": contract.level,
            "strain": contract.strain.value if contract.strain else "",
            "doubling": contract.doubling.value if not contract.is_pass else "",
            "declarer": reader.choice("declarer", ["", *SeatChoice.values], default=""),
            "lead": lead,
            "tricks": reader.number("tricks", default=None),
            "assigned_reason": reader.text(
                "assigned_reason", _field(Result, "assigned_reason"), default=""
            ),
            "version": reader.number("version", default=1, low=0, high=2**31 - 1),
            "entered_by": self.user(reader, "entered_by"),
        }
        if history:
            fields["entered_at"] = reader.moment("entered_at") or timezone.now()
        return fields

    def read_adjustment(self, reader: _Reader, history: bool = False) -> dict:
        fields = {
            "home_imps": reader.number("home_imps"),
            "away_imps": reader.number("away_imps"),
            "reason": reader.text("reason", _field(BoardAdjustment, "reason")),
            "created_by": self.user(reader, "created_by"),
        }
        if history:
            fields["created"] = reader.moment("created") or timezone.now()
        return fields

    def read_match_history(self, reader: _Reader, match: Match):
        def team(key: str) -> Team | None:
            if reader.get(key, None) is None:
                return None  # a team since deleted
            return self.key(reader, self.teams, "team", key)

        record = Match.history.model(
            event=self.event,
            round=reader.number("round", low=0),
            home=team("home"),
            away=team("away"),
            status=reader.choice("status", MatchStatus.values),
            status_reason=reader.text("status_reason", _field(Match, "status_reason"), ""),
            forfeit_home_vp=reader.decimal(
                "forfeit_home_vp", _field(Match, "forfeit_home_vp"), default=None
            ),
            forfeit_away_vp=reader.decimal(
                "forfeit_away_vp", _field(Match, "forfeit_away_vp"), default=None
            ),
            forfeit_reason=reader.text("forfeit_reason", _field(Match, "forfeit_reason"), ""),
            created=reader.moment("created") or timezone.now(),
        )
        self.read_record(reader, record, match)

    def read_record(self, reader: _Reader, record, owner):
        """Fill in a history row's own fields; ``owner`` finds the row whose id it takes."""
        record.history_type = reader.choice("type", HISTORY_TYPES)
        record.history_date = reader.moment("date")
        if record.history_date is None:
            reader.fail("date", "is missing")
        record.history_user = self.user(reader, "user")
        reason = reader.get("change_reason", None)
        record.history_change_reason = None if reason is None else reader.text("change_reason")
        self.where[id(record)] = reader.where
        self.history.append((record, owner))


def read_document(data: dict) -> _Importer:
    """Return the document read into unsaved rows, every value checked; nothing written.

    Raise BackupError, saying where and why, on the first fault.
    """
    if not isinstance(data, dict):
        raise BackupError("the document should be a JSON object")
    return _Importer(data)


def import_event(data: dict, user=None) -> Event:
    """Return a new event built from an exported document, with new ids and every match's
    totals worked out afresh (``matches.actions.import_event``).

    Every value is checked before anything is written, and it all happens in one
    transaction: on any fault (a format version this code does not read, a missing key, a
    contract the scoring core rejects, a rule the event form applies, a row a database
    constraint refuses) BackupError says where and why, and the database is as it was.
    Importing a document twice makes two events; usernames this server does not know are
    left empty.
    """
    from matches.actions import import_event as write

    return write(data, user=user)
