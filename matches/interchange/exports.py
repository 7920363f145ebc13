"""What the downloads hold: PBN games, USEBIO documents and CSV rows, built from the models.

The formats themselves are written by ``pbn``, ``usebio`` and ``csv`` beside this module;
here the app's matches, rooms, line-ups and deals become their plain inputs. Each function
reads in a fixed number of queries.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from matches import queries, scoring
from matches.choices import RoomChoice
from matches.models import Board, Deal, Seating
from matches.queries import fair_play, fair_totals
from matches.queries.scorecards import table_board_points
from matches.queries.standings import quotient
from matches.queries.units import units_code, units_label

from . import deal_formats, pbn, usebio
from .dealing_machines import WriteRefused

PBN_ROOMS = {RoomChoice.OPEN: "Open", RoomChoice.CLOSED: "Closed"}
PBN_SEATS = (("North", "N"), ("East", "E"), ("South", "S"), ("West", "W"))


def _seating(matches) -> dict:
    """Return {(match id, segment, room, seat): player name} for these matches."""
    rows = Seating.objects.filter(match__in=matches).select_related("player")
    return {(s.match_id, s.segment, s.room, s.seat): s.player.name for s in rows}


def _boards(matches):
    return (
        Board.objects.filter(match__in=matches)
        .select_related("match__event", "match__home", "match__away", "adjustment")
        .prefetch_related("results")
        .order_by("match__round", "match_id", "number")
    )


def pbn_games(matches) -> list[dict]:
    """Return each board played in each room of these matches as a PBN game (tags)."""
    matches = list(matches)
    if not matches:
        return []
    seating = _seating(matches)
    deals = {}
    for deal in Deal.objects.filter(
        stage__in={m.stage_id for m in matches}, round__in={m.round for m in matches}
    ):
        deals[(deal.stage_id, deal.round, deal.board)] = deal
    games = []
    for board in _boards(matches):
        match = board.match
        event = match.event
        deal = deals.get((match.stage_id, match.round, board.number))
        if deal is not None and fair_play.hands_state(deal) == "hidden":
            deal = None  # its hands are not yet public
        hidden = fair_play.view_of(event).hides(match.pk, board.number)
        comparison = board.comparison()
        segment = scoring.segment_of(board.number, event.boards_per_segment)
        adjusted = None if hidden else board.adjusted
        for room in (RoomChoice.OPEN, RoomChoice.CLOSED):
            result = None if hidden else board.result_in(room)
            game = {
                "Event": event.name,
                "Site": "",
                "Date": event.date.strftime("%Y.%m.%d"),
                "Round": match.round,
                "Board": board.number,
                "Room": PBN_ROOMS[room],
                "HomeTeam": match.home.name,
                "VisitTeam": match.away.name,
                "Dealer": board.dealer.value,
                "Vulnerable": board.vulnerability.value,
                # Export format: the first hand is the dealer's (PBN 2.1 §3.4.11).
                "Deal": deal.hands.pbn(first=board.dealer) if deal else "",
                "Scoring": "IMP",
            }
            for tag, seat in PBN_SEATS:
                game[tag] = seating.get((match.pk, segment, room, seat), "")
            if adjusted is not None:
                game.update({"Declarer": "?", "Contract": "?", "Result": "?"})
                game["ScoreIMP"] = _adjusted_imps(room, adjusted)
                game["_note"] = f"Artificial adjusted score (Law 12C1): {adjusted.reason}"
            elif result is None:
                game.update({"Declarer": "?", "Contract": "?", "Result": "?"})
            else:
                contract = result.contract
                game["Contract"] = "Pass" if contract.is_pass else str(contract)
                game["Declarer"] = result.declarer or ""
                game["Result"] = "" if contract.is_pass else result.tricks
                game["Score"] = pbn.side_value(result.ns_score)
                if result.lead:
                    game["Lead"] = result.lead
                if result.assigned_reason:
                    game["_note"] = f"Assigned adjusted score (Law 12C2): {result.assigned_reason}"
                if comparison.imps is not None:
                    game["ScoreIMP"] = _table_imps(room, comparison.imps)
            if deal is not None:
                analysis = deal.analysed
                game["OptimumScore"] = pbn.side_value(analysis.par_score)
                if analysis.par_contracts:
                    game["ParContract"] = pbn.par_contracts_value(analysis.par_contracts)
            games.append(game)
    return games


def _table_imps(room: str, home_imps: int) -> str:
    """Return a room's ScoreIMP with the side named (PBN 2.1 §4.2.2, read as §4.2.1: a bare
    value would be the declarer's side's): the home team sits North-South in the open room
    and East-West in the closed room, so the home team's 10 IMPs are "NS 10" in the open
    room's game and "EW 10" in the closed room's."""
    return pbn.side_value(home_imps if room == RoomChoice.OPEN else -home_imps)


def _adjusted_imps(room: str, adjusted) -> str:
    """Return an artificial adjusted score's ScoreIMP, each side's IMPs named ("NS 3 EW -3"):
    the two teams' IMPs need not balance (average plus to one, average to the other)."""
    ns, ew = (
        (adjusted.home_imps, adjusted.away_imps)
        if room == RoomChoice.OPEN
        else (adjusted.away_imps, adjusted.home_imps)
    )
    return f"NS {ns} EW {ew}"


def pbn_text(matches) -> str:
    """Return these matches as a PBN 2.1 file."""
    return pbn.write_games(pbn_games(matches), comments=["Creator: scoresheet"])


class DealsNotWritten(ValueError):
    """A round's deals that a format cannot hold; the message says why, in the user's
    language."""


def round_deals_file(stage, round_number: int, code: str) -> bytes:
    """Return a stage's round's deals in the format named ``code`` (PBN, or a dealing
    machine's: DUP, DLM, BRI, DGE); raise DealsNotWritten when the format cannot hold its
    boards. Empty if the round has no deals."""
    deals = [(d.board, d.hands) for d in Deal.objects.for_round(stage, round_number)]
    event = stage.event
    title = f"{event.name}, round {round_number}"
    if stage.number > 1:
        title = f"{event.name}, stage {stage.number}, round {round_number}"
    try:
        return deal_formats.write_deals(code, deals, title, event.date)
    except WriteRefused as refused:
        raise DealsNotWritten(
            write_refused_message(refused, [board for board, _ in deals])
        ) from None


def write_refused_message(refused: WriteRefused, boards: list[int]) -> str:
    """Return why a round's deals cannot be written in a format, in the active language."""
    p = {**refused.params, "boards": join_boards(boards)}
    if refused.code == "dlm-99":
        return (
            _(
                "A DLM file holds boards up to 99, and this round has board %(last)s: download "
                "DUP or PBN instead."
            )
            % p
        )
    if refused.code == "from-one":
        return (
            _(
                "A %(format)s file holds boards 1, 2, 3 … without a gap, and this round's deals "
                "are boards %(boards)s: download PBN instead."
            )
            % p
        )
    return (
        _(
            "A %(format)s file holds boards in a row without a gap, and this round's deals are "
            "boards %(boards)s: download PBN instead."
        )
        % p
    )


def join_boards(boards: list[int]) -> str:
    """Return board numbers as runs: "1–8, 10, 12–16"."""
    runs: list[list[int]] = []
    for board in sorted(boards):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def usebio_document(event) -> bytes:
    """Return the event's results as a USEBIO 1.2 document."""
    data = queries.stage_data(event)
    standings = queries.standings(event, data)
    rules = data.stage.method_rules()
    board_a_match = rules.method is scoring.Method.BOARD_A_MATCH
    win_loss = rules.method is scoring.Method.WIN_LOSS
    numbers = {team_id: index for index, team_id in enumerate(sorted(data.teams), start=1)}
    players = {}
    for team in event.teams.prefetch_related("players"):
        players[team.pk] = [p.name for p in team.players.all()]
    teams = [
        usebio.Team(
            numbers[row.team.pk],
            row.team.name,
            players.get(row.team.pk, []),
            place=row.standing.position,
            total_vp=row.standing.vp,
            wins_or_draws=row.standing.vp / rules.win if win_loss else None,
        )
        for row in standings
    ]
    matches = list(event.matches.select_related("home", "away").order_by("round", "pk"))
    for match in matches:
        match.event = event
    fair_totals.public_matches(matches)  # totals as the viewer sees them
    view = fair_play.view_of(event)
    boards_by_match: dict = {}
    for board in _boards(matches):
        if not view.hides(board.match_id, board.number):  # a table still has to play it
            boards_by_match.setdefault(board.match_id, []).append(board)
    xml_matches = []
    for match in matches:
        home, away = numbers[match.home_id], numbers[match.away_id]
        xml_boards = []
        for board in boards_by_match.get(match.pk, []):
            comparison = board.comparison()
            points = table_board_points(rules, comparison) if board_a_match else None
            home_won = max(comparison.imps or 0, 0)
            away_won = max(-(comparison.imps or 0), 0)
            adjusted = board.adjusted
            if adjusted is not None:
                home_won, away_won = max(adjusted.home_imps, 0), max(adjusted.away_imps, 0)
            lines = []
            for room, ns_team, ew_team in (
                (RoomChoice.OPEN, home, away),
                (RoomChoice.CLOSED, away, home),
            ):
                ns_won, ew_won = (home_won, away_won) if ns_team == home else (away_won, home_won)
                sides = {}
                if points is not None:
                    ns, ew = points if ns_team == home else points[::-1]
                    sides = {"ns_points": ns, "ew_points": ew}
                result = board.result_in(room)
                if adjusted is not None:
                    lines.append(
                        usebio.Line(ns_team, ew_team, None, ns_imps=ns_won, ew_imps=ew_won, **sides)
                    )
                elif result is not None:
                    lines.append(
                        usebio.Line(
                            ns_team,
                            ew_team,
                            "PASS" if result.contract.is_pass else str(result.contract),
                            result.declarer,
                            result.lead,
                            result.tricks,
                            result.ns_score,
                            ns_won,
                            ew_won,
                            **sides,
                        )
                    )
            if lines:
                complete = adjusted is not None or comparison.imps is not None
                net = home_won - away_won if complete else None
                xml_boards.append(usebio.Board(board.number, lines, home_imps=net))
        vp = match.forfeit_vp or (match.home_vp, match.away_vp)
        xml_matches.append(
            usebio.Match(
                match.round, home, away, vp[0], vp[1], match.home_imps, match.away_imps, xml_boards
            )
        )
    return usebio.write_usebio(
        usebio.Event(
            name=event.name,
            date=event.date,
            identifier=str(event.pk),
            boards_played=event.boards_per_match,
            teams=teams,
            matches=xml_matches,
            board_scoring="MATCH_POINTS" if board_a_match else "IMPS",
            match_scoring="VPS"
            if units_code(data.stage) == "vp"
            else "MATCH_POINTS"
            if board_a_match
            else None,
        )
    )


def standings_rows(event) -> tuple[list, list]:
    """Return the standings as a CSV header and rows, in the user's language; the points
    column is named by the stage's units (VP, BAM, W/L, Patton)."""
    data = queries.stage_data(event)
    header = [
        _("Rank"),
        _("Team"),
        _("Played"),
        units_label(data.stage),
        _("IMPs won"),
        _("IMPs lost"),
        _("IMP quotient"),
    ]
    rows = []
    for row in queries.standings(event, data):
        s = row.standing
        rows.append(
            [
                s.position,
                row.team.name,
                s.played,
                f"{s.vp:.2f}",
                s.imps_won,
                s.imps_lost,
                quotient(s),
            ]
        )
    return header, rows


def round_rows(stage, round_number: int) -> tuple[list, list]:
    """Return every result of a stage's round, a row per board and room, as a CSV header
    and rows."""
    header = [
        _("Home team"),
        _("Away team"),
        _("Board"),
        _("Room"),
        _("Contract"),
        _("Declarer"),
        _("Lead"),
        _("Tricks"),
        _("N-S score"),
        _("IMPs to the home team"),
    ]
    rows = []
    matches = stage.matches.filter(round=round_number)
    view = fair_play.view_of(stage.event_id)
    for board in _boards(matches):
        comparison = board.comparison()
        hidden = view.hides(board.match_id, board.number)  # a table still has to play it
        for room in (RoomChoice.OPEN, RoomChoice.CLOSED):
            result = None if hidden else board.result_in(room)
            row = [
                board.match.home.name,
                board.match.away.name,
                board.number,
                RoomChoice(room).label,
            ]
            if result is None:
                row += ["", "", "", "", "", ""]
            else:
                row += [
                    str(result.contract),
                    result.declarer,
                    result.lead,
                    "" if result.tricks is None else result.tricks,
                    result.ns_score,
                    "" if comparison.imps is None else comparison.imps,
                ]
            rows.append(row)
    return header, rows
