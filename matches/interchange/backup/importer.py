"""The importer: a backup document read into unsaved rows, every value checked, nothing
written (``read_document``); ``matches.actions.import_event`` writes the rows
(``restore.py`` hands them over).

First the document's format and version, then its shape (``schema.py``), then here what
only the whole document can tell: that a match names teams the document has, keys are
not used twice, a contract is one the scoring core knows, a lead is a card, a stage
named exists (``stages.py``), a deal's board is one the event plays (``deals.py``). What
values go together in one row (tricks 0 to 13, one result per room, distinct team names
and board numbers...) is for the database's constraints to judge when the rows are
written; the event's settings, for the rules the action applies to every event.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    Event,
    ImpPenalty,
    Match,
    MatchStatus,
    Player,
    Result,
    Seating,
    Stage,
    Team,
    VpPenalty,
)
from matches.scoring import Card, CardError, Contract, ContractError

from .deals import read_deals
from .document import FORMAT, FORMAT_VERSION, ROOMS, BackupError, field_of, show
from .schema import check_shape
from .stages import checked_vp_table, read_stages, stage_of
from .values import Reader


def read_document(document: dict) -> Importer:
    """Return the document read into unsaved rows, every value checked; nothing written.

    Raise BackupError, saying where and why, on the first fault.
    """
    if not isinstance(document, dict):
        raise BackupError("the document should be a JSON object")
    check_format(document)
    check_shape(document)
    return Importer(document)


def check_format(document: dict) -> None:
    """Refuse a document that is no event export, or of a version this code does not read:
    its shape is another's."""
    if document.get("format") != FORMAT:
        found = f"not {show(document['format'])}" if "format" in document else "it has none"
        raise BackupError(
            f'this is not an event export: its "format" should be {FORMAT!r} ({found})'
        )
    version = document.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise BackupError(
            f"format version {show(version)} is not one this server reads "
            f"(it reads version {FORMAT_VERSION}): import it with the version of the app "
            "that exported it, or a later one"
        )


class Importer:
    """The document read into unsaved rows, and what writing them needs: where each row is
    in the document (to name a row the database refuses), the times the document gives
    for ``auto_now`` fields, the history records and the rows whose ids they take."""

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
        self.team_lists: list[tuple] = []  # (stage or decision, its field, team keys)
        self.draft_reasons: list[tuple] = []  # (draft table, [(team key, why)])
        self.teams: dict[str, Team] = {}
        self.players: dict[str, Player] = {}
        self.stages: dict[int, Stage] = {}
        self.read(Reader(document))

    # -- what the reading shares

    def add(self, row, where: str):
        self.rows.setdefault(type(row), []).append(row)
        self.where[id(row)] = where
        return row

    def stamp(self, row, field: str, reader: Reader):
        """Note the time the document gives for an ``auto_now`` field, to store after."""
        moment = reader.moment(field)
        if moment is not None:
            self.stamps.setdefault((type(row), field), []).append((row, moment))

    def user(self, reader: Reader, key: str):
        """Return the user of that username, None if this server has none (or no name)."""
        name = reader.get(key, "")
        if not name:
            return None
        if name not in self.users:
            model = get_user_model()
            self.users[name] = model.objects.filter(**{model.USERNAME_FIELD: name}).first()
        return self.users[name]

    def decision(self, model, reader: Reader, **fields):
        """Add a director's decision (a penalty, a swap...) with its reason, who made it
        and when."""
        row = model(
            reason=reader.get("reason"), created_by=self.user(reader, "created_by"), **fields
        )
        self.add(row, reader.where)
        self.stamp(row, "created", reader)
        return row

    def team(self, reader: Reader, key: str) -> Team:
        """Return the team the value at ``key`` names by its key."""
        return self.known(reader, key, self.teams, "team")

    def known(self, reader: Reader, key: str, keys: dict, kind: str):
        name = reader.get(key)
        if name not in keys:
            reader.fail(key, f"no {kind} has the key {show(name)}")
        return keys[name]

    def team_keys(self, reader: Reader, key: str) -> list[str]:
        """Return the list of team keys at ``key``, each checked to name a team."""
        keys = reader.get(key, [])
        for name in keys:
            if name not in self.teams:
                reader.fail(
                    key, f"should list teams by their keys: no team has the key {show(name)}"
                )
        return keys

    def team_ids_later(self):
        """Team orders and draft reasons name teams by key: ids exist once teams are saved."""
        for owner, field, keys in self.team_lists:
            setattr(owner, field, [self.teams[key].pk for key in keys])
        for table, reasons in self.draft_reasons:
            table.reasons = [
                {"team": getattr(self.teams.get(key), "pk", None), "why": why}
                for key, why in reasons
            ]

    # -- reading

    def read(self, top: Reader):
        source = top.child("event")
        event = self.event = Event(
            name=source.get("name"),
            date=source.day("date"),
            vp_scale=source.get("vp_scale"),
            boards_per_match=source.get("boards_per_match"),
            boards_per_segment=source.get("boards_per_segment"),
            bye_vp=source.decimal("bye_vp", field_of(Event, "bye_vp")),
            average_plus=source.get("average_plus", 3),
            average_minus=source.get("average_minus", -3),
            # Documents from before the tables leave these out: off, the default.
            table_lead=source.get("table_lead", False),
            table_each_board=source.get("table_each_board", False),
            listing=source.get("listing", "listed"),
            # Documents from before fair play leave these out: the strict defaults.
            results_public=source.get("results_public", "tables"),
            hands_public=source.get("hands_public", "out-of-play"),
            corrections_minutes=source.get("corrections_minutes"),
        )
        event.vp_table = checked_vp_table(source, source.get("vp_table"))
        self.where[id(event)] = source.where
        for index, reader in top.each("teams"):
            self.read_team(index, reader)
        read_stages(self, top)
        for _, reader in top.each("byes"):
            bye = Bye(event=event, round=reader.get("round"), team=self.team(reader, "team"))
            bye.stage = stage_of(self.stages, reader)
            self.add(bye, reader.where)
        for _, reader in top.each("vp_penalties"):
            self.decision(
                VpPenalty,
                reader,
                event=event,
                team=self.team(reader, "team"),
                vp=reader.decimal("vp", field_of(VpPenalty, "vp")),
                stage=stage_of(self.stages, reader),
            )
        keys = set()
        for index, reader in top.each("matches"):
            key = reader.get("key")
            if key in keys:
                raise BackupError.at(
                    f"matches[{index}]", "key", f"another match has the key {show(key)}"
                )
            keys.add(key)
            self.read_match(reader)
        read_deals(self, top)

    def read_team(self, index: int, reader: Reader):
        key = reader.get("key")
        if key in self.teams:
            raise BackupError.at(f"teams[{index}]", "key", f"another team has the key {show(key)}")
        team = self.teams[key] = Team(
            event=self.event, name=reader.get("name"), captain=reader.get("captain", "")
        )
        self.add(team, reader.where)
        for _, player_reader in reader.each("players"):
            player_key = player_reader.get("key")
            if player_key in self.players:
                player_reader.fail("key", f"another player has the key {show(player_key)}")
            player = self.players[player_key] = Player(team=team, name=player_reader.get("name"))
            self.add(player, f"player {player_key}")

    def read_match(self, reader: Reader):
        match = Match(
            event=self.event,
            round=reader.get("round"),
            home=self.team(reader, "home"),
            away=self.team(reader, "away"),
            status=reader.get("status", MatchStatus.PROVISIONAL),
            status_reason=reader.get("status_reason", ""),
            forfeit_home_vp=reader.decimal("forfeit_home_vp", field_of(Match, "forfeit_home_vp")),
            forfeit_away_vp=reader.decimal("forfeit_away_vp", field_of(Match, "forfeit_away_vp")),
            forfeit_reason=reader.get("forfeit_reason", ""),
            carry_home=reader.decimal("carry_home", field_of(Match, "carry_home"), default=0),
            carry_away=reader.decimal("carry_away", field_of(Match, "carry_away"), default=0),
            bracket_position=reader.get("bracket_position"),
            bracket=reader.get("bracket", ""),
            decided_reason=reader.get("decided_reason", ""),
        )
        match.stage = stage_of(self.stages, reader)
        if reader.get("decided_winner") is not None:
            match.decided_winner = self.team(reader, "decided_winner")
        self.add(match, reader.where)
        self.stamp(match, "created", reader)
        self.matches.append((match, reader.where, reader.moment("updated")))
        for _, penalty in reader.each("imp_penalties"):
            team = self.team(penalty, "team")
            self.decision(ImpPenalty, penalty, match=match, team=team, imps=penalty.get("imps"))
        for _, seat_reader in reader.each("seatings"):
            seating = Seating(
                match=match,
                segment=seat_reader.get("segment"),
                room=seat_reader.get("room"),
                seat=seat_reader.get("seat"),
                player=self.known(seat_reader, "player", self.players, "player"),
            )
            self.add(seating, seat_reader.where)
        for _, board_reader in reader.each("boards"):
            self.read_board(board_reader, Board(match=match, number=board_reader.get("number")))
        for _, record_reader in reader.each("history"):
            self.read_match_history(record_reader, match)

    def read_board(self, reader: Reader, board: Board):
        self.add(board, reader.where)
        for room in ROOMS:
            result_reader = reader.child(room)
            if result_reader is not None:
                result = Result(board=board, room=room, **self.read_result(result_reader))
                self.add(result, result_reader.where)
                self.stamp(result, "entered_at", result_reader)
                self.results[(id(board), room)] = result
        adjusted = reader.child("adjusted")
        if adjusted is not None:
            adjustment = BoardAdjustment(board=board, **self.read_adjustment(adjusted))
            self.add(adjustment, adjusted.where)
            self.stamp(adjustment, "created", adjusted)
            self.adjustments[id(board)] = adjustment
        history = reader.child("history") or Reader({})
        for _, record_reader in history.each("results"):
            room = record_reader.get("room")
            record = Result.history.model(
                board=board, room=room, **self.read_result(record_reader, history=True)
            )
            self.read_record(record_reader, record, (id(board), room))
        for _, record_reader in history.each("adjustment"):
            record = BoardAdjustment.history.model(
                board=board, **self.read_adjustment(record_reader, history=True)
            )
            self.read_record(record_reader, record, id(board))

    def read_result(self, reader: Reader, history: bool = False) -> dict:
        """Return a result's fields: the contract by the scoring core, the lead a card; how
        they go together (tricks 0 to 13, a contract needs a declarer) is for the
        database's constraints to judge."""
        text = reader.get("contract")
        try:
            contract = Contract.parse(text)
        except ContractError as error:
            reader.fail("contract", f"{show(text)} is not a contract: {error}")
        lead = reader.get("lead", "")
        if lead:
            try:
                Card.parse(lead)  # checked, and kept as it was stored ("SQ", "S10")
            except CardError as error:
                reader.fail("lead", str(error))
        fields = {
            "level": contract.level,
            "strain": contract.strain.value if contract.strain else "",
            "doubling": contract.doubling.value if not contract.is_pass else "",
            "declarer": reader.get("declarer", ""),
            "lead": lead,
            "tricks": reader.get("tricks"),
            "assigned_reason": reader.get("assigned_reason", ""),
            "version": reader.get("version", 1),
            "entered_by": self.user(reader, "entered_by"),
        }
        if history:
            fields["entered_at"] = reader.moment("entered_at") or timezone.now()
        return fields

    def read_adjustment(self, reader: Reader, history: bool = False) -> dict:
        fields = {
            "home_imps": reader.get("home_imps"),
            "away_imps": reader.get("away_imps"),
            "reason": reader.get("reason"),
            "created_by": self.user(reader, "created_by"),
        }
        if history:
            fields["created"] = reader.moment("created") or timezone.now()
        return fields

    def read_match_history(self, reader: Reader, match: Match):
        def team(key: str) -> Team | None:  # None: a team since deleted
            return None if reader.get(key) is None else self.team(reader, key)

        record = Match.history.model(
            event=self.event,
            round=reader.get("round"),
            home=team("home"),
            away=team("away"),
            status=reader.get("status"),
            status_reason=reader.get("status_reason", ""),
            forfeit_home_vp=reader.decimal("forfeit_home_vp", field_of(Match, "forfeit_home_vp")),
            forfeit_away_vp=reader.decimal("forfeit_away_vp", field_of(Match, "forfeit_away_vp")),
            forfeit_reason=reader.get("forfeit_reason", ""),
            created=reader.moment("created") or timezone.now(),
        )
        self.read_record(reader, record, match)

    def read_record(self, reader: Reader, record, owner):
        """Fill in a history row's own fields; ``owner`` finds the row whose id it takes."""
        record.history_type = reader.get("type")
        record.history_date = reader.moment("date")
        record.history_user = self.user(reader, "user")
        record.history_change_reason = reader.get("change_reason")
        self.where[id(record)] = reader.where
        self.history.append((record, owner))
