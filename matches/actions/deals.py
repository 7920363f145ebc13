"""Deals of a round from a file, and results from a file, written as one change each.

Both take what a file gave, already read and checked (``matches/interchange/deal_files.py``),
and either write all of it or, when anything is refused, nothing.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from matches.models import Board, Deal, Player, Result, Seating
from matches.queries.knockout_words import stage_round_name
from matches.scoring import segment_of
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import Analysis

from .base import ActionError, Conflict, NeedsConfirmation, changing
from .results import save_result


def import_deals(
    stage,
    round_number: int,
    deals: list[tuple[int, Hands, Analysis]],
    *,
    source: str,
    user,
    confirm: bool = False,
) -> list[Deal]:
    """Return the stage's round's deals, stored from (board, hands, analysis) read from a
    file (a round counts within its stage: a knockout's round 1 has deals of its own).

    A round that has deals already keeps them unless ``confirm``: then the file's deals
    replace them all (NeedsConfirmation says what would be replaced).
    """
    with changing(user) as change:
        event = change.lock_event(stage.event_id)
        stage.event = event
        existing = check_deals_import(
            stage, round_number, [board for board, _, _ in deals], confirm=confirm
        )
        for deal in existing:
            change.delete(deal, reason=f"replaced by {source}")
        made = []
        for board, hands, analysis in sorted(deals, key=lambda item: item[0]):
            made.append(
                change.save(
                    Deal(
                        event=event,
                        stage=stage,
                        round=round_number,
                        board=board,
                        pbn=hands.pbn(),
                        analysis=analysis.as_json(),
                        source=source[:200],
                        imported_by=user,
                    )
                )
            )
        return made


def check_deals_import(stage, round_number: int, boards, *, confirm: bool) -> list[Deal]:
    """Return the stage's round's deals now, after the checks an import of these boards
    passes: the round has matches, the stage plays every board, and a round that has deals
    keeps them unless ``confirm`` (NeedsConfirmation says what would be replaced). Writes
    nothing: ``import_deals`` calls it with the event locked, and an upload calls it before
    any analysis, so a file that would be refused is never analysed."""
    title = stage_round_name(stage, round_number)
    if not stage.matches.filter(round=round_number).exists():
        raise ActionError(
            _("%(round)s has no matches: make the round's matches first."),
            params={"round": title},
            field="round",
            code="no-round",
        )
    last = stage.settings.boards_per_match
    outside = sorted(board for board in boards if board > last)
    if outside:
        raise ActionError(outside_boards_message(outside, last), field="file", code="boards")
    existing = list(Deal.objects.for_round(stage, round_number))
    if existing and not confirm:
        raise NeedsConfirmation(replaces_message(title, existing, random=False), field="confirm")
    return existing


def replaces_message(title: str, existing: list[Deal], *, random: bool) -> str:
    """Return what importing a file (or dealing at random) over a round's deals replaces."""
    values = {"round": title, "count": len(existing), "source": existing[0].source or "?"}
    if random:
        return (
            ngettext(
                "%(round)s already has %(count)s deal (from “%(source)s”). Dealing at random "
                "replaces it.",
                "%(round)s already has %(count)s deals (from “%(source)s”). Dealing at random "
                "replaces them all.",
                len(existing),
            )
            % values
        )
    return (
        ngettext(
            "%(round)s already has %(count)s deal (from “%(source)s”). "
            "Importing this file replaces it.",
            "%(round)s already has %(count)s deals (from “%(source)s”). "
            "Importing this file replaces them all.",
            len(existing),
        )
        % values
    )


def outside_boards_message(outside: list[int], last: int) -> str:
    """Return the refusal of boards an event does not play, in the active language."""
    return ngettext(
        "Board %(boards)s is not played in this event (boards 1 to %(last)s): "
        "check the file is this event's.",
        "Boards %(boards)s are not played in this event (boards 1 to %(last)s): "
        "check the file is this event's.",
        len(outside),
    ) % {"boards": ", ".join(map(str, outside)), "last": last}


@dataclass(frozen=True)
class ResultEntry:
    """One room's result read from a file and checked as typed entry is."""

    line: int
    home: str
    away: str
    board: int
    room: str
    entry: dict  # contract, declarer, tricks, lead: as the room sheet's form gives them
    players: tuple = ()  # ((seat "N", name), …): who the file says sat where


@dataclass(frozen=True)
class SeatedRoom:
    """A room's line-up for a segment, filled from a file's [North]…[West] names."""

    home: str
    away: str
    segment: int
    room: str
    seated: tuple  # ((seat, player name), …) now in the line-up
    unknown: tuple  # ((seat, name), …) the file names that are no player of that team


@dataclass(frozen=True)
class ResultsImported:
    saved: int  # room results saved (a result already saved as the file has it counts)
    seated: list[SeatedRoom]


@dataclass(frozen=True)
class Refusal:
    """Why one result of a file was not imported: a message and where it was."""

    line: int
    board: int
    message: str


class ResultsRefused(ActionError):
    """Results from a file that could not all be saved: nothing of the file was."""

    default_message = _("Nothing was imported: fix the file and try again.")
    code = "results"

    def __init__(self, refusals: list[Refusal]):
        super().__init__(field="file")
        self.refusals = refusals


def import_results(
    stage, round_number: int, entries: list[ResultEntry], *, user
) -> ResultsImported:
    """Return what was saved from a file of played boards: the room results, and the
    line-ups filled from the file's player names.

    Each result goes the way a director's typed entry goes (the match must not be final, a
    room that holds a different result is a conflict, history names the user), all in one
    change: when any result is refused, ResultsRefused lists every refusal and nothing is
    saved. A result already saved exactly as the file has it counts as saved. A room whose
    line-up for a segment is empty is filled from the names the file gives its seats, each
    matched to a player of the team that sits there; a name that matches none is reported
    and its seat left empty.
    """
    with changing(user) as change:
        event = change.lock_event(stage.event_id)
        matches = change.lock_matches(event, stage.matches.filter(round=round_number))
        teams = {team.pk: team.name for team in event.teams.all()}
        by_teams = {(teams[m.home_id].casefold(), teams[m.away_id].casefold()): m for m in matches}
        boards = {
            (board.match_id, board.number): board
            for board in Board.objects.filter(match__in=matches)
        }
        refusals: list[Refusal] = []
        seen: dict[tuple, int] = {}
        touched = {}
        saved = 0
        for item in entries:
            match = by_teams.get((item.home.casefold(), item.away.casefold()))
            if match is None:
                refusals.append(_no_match(item, round_number))
                continue
            if match.is_final:
                refusals.append(
                    Refusal(
                        item.line,
                        item.board,
                        _("%(home)s – %(away)s is final: a director must reopen it first.")
                        % {"home": item.home, "away": item.away},
                    )
                )
                continue
            board = boards.get((match.pk, item.board))
            if board is None:
                refusals.append(
                    Refusal(
                        item.line,
                        item.board,
                        _("Board %(board)s is not played in this match.") % {"board": item.board},
                    )
                )
                continue
            key = (match.pk, item.board, item.room)
            if key in seen:
                refusals.append(
                    Refusal(
                        item.line,
                        item.board,
                        _("This room's result is in the file twice (first at line %(line)s).")
                        % {"line": seen[key]},
                    )
                )
                continue
            seen[key] = item.line
            board.match = match
            try:
                save_result(change, board, item.room, item.entry, 0)
            except Conflict as conflict:
                refusals.append(_conflict(item, conflict.current))
                continue
            touched[match.pk] = match
            saved += 1
        if refusals:
            raise ResultsRefused(refusals)
        seated = _fill_lineups(change, {m.pk: m for m in matches}, by_teams, entries)
        for match in touched.values():
            change.refresh_totals(match)
        return ResultsImported(saved, seated)


def _name_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _fill_lineups(change, matches: dict, by_teams: dict, entries) -> list[SeatedRoom]:
    """Fill each room's empty line-up (a segment with no one seated in that room) from
    the names the file gives, inside the import's change."""
    named: dict[tuple, dict] = {}  # (match id, segment, room): {seat: name}, first given
    per_segment: dict[int, int] = {}
    for item in entries:
        match = by_teams.get((item.home.casefold(), item.away.casefold()))
        if match is None or not item.players:
            continue
        if match.pk not in per_segment:
            per_segment[match.pk] = match.settings.boards_per_segment
        segment = segment_of(item.board, per_segment[match.pk])
        seats = named.setdefault((match.pk, segment, item.room), {})
        for seat, name in item.players:
            seats.setdefault(seat, name)
    if not named:
        return []
    taken: dict[tuple, set] = {}  # (match id, segment): players seated, rooms already set
    set_rooms = set()
    for seating in Seating.objects.filter(match__in=list(matches)):
        taken.setdefault((seating.match_id, seating.segment), set()).add(seating.player_id)
        set_rooms.add((seating.match_id, seating.segment, seating.room))
    players: dict[int, dict] = {}
    for player in Player.objects.filter(team__event=next(iter(matches.values())).event_id):
        players.setdefault(player.team_id, {}).setdefault(_name_key(player.name), []).append(player)
    filled = []
    for (match_id, segment, room), seats in sorted(named.items()):
        if (match_id, segment, room) in set_rooms:
            continue  # the director's line-up stands
        match = matches[match_id]
        seated, unknown = [], []
        seen = taken.setdefault((match_id, segment), set())
        for seat in ("N", "E", "S", "W"):
            if seat not in seats:
                continue
            team = match.team_in(room, seat)
            found = players.get(team.pk, {}).get(_name_key(seats[seat]), [])
            if len(found) != 1 or found[0].pk in seen:
                unknown.append((seat, seats[seat]))
                continue
            seen.add(found[0].pk)
            change.save(
                Seating(match=match, segment=segment, room=room, seat=seat, player=found[0])
            )
            seated.append((seat, found[0].name))
        filled.append(
            SeatedRoom(
                match.home.name, match.away.name, segment, room, tuple(seated), tuple(unknown)
            )
        )
    return filled


def _no_match(item: ResultEntry, round_number: int) -> Refusal:
    return Refusal(
        item.line,
        item.board,
        _("Round %(round)s has no match of %(home)s (home) against %(away)s (away).")
        % {"round": round_number, "home": item.home, "away": item.away},
    )


def _conflict(item: ResultEntry, current: Result | None) -> Refusal:
    values = current.values() if current is not None else {}
    if current is not None and current.matches_entry({**item.entry, "lead": current.lead}):
        # The same contract, declarer and tricks: what differs does not show in them.
        return Refusal(
            item.line,
            item.board,
            _(
                "This room already has this result with another opening lead (%(lead)s; the "
                "file has %(file_lead)s): correct it on the room sheet, or fix the file."
            )
            % {"lead": current.lead or _("none"), "file_lead": item.entry.get("lead") or _("none")},
        )
    return Refusal(
        item.line,
        item.board,
        _(
            "This room already has a different result (%(contract)s %(declarer)s %(result)s): "
            "correct it on the room sheet, or fix the file."
        )
        % {
            "contract": values.get("contract", ""),
            "declarer": values.get("declarer", ""),
            "result": values.get("result", ""),
        },
    )
