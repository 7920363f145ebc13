"""The JSON feed: an event's standings and a match's scorecard as plain data.

Documented in docs/json-feed.md; keep the two in step.

Units: every amount of points is given as ``points`` (``home_points``, ``away_points``) in
the stage's units, which ``units`` names (``vp``, ``board-points``, ``match-points``,
``patton-points``), and again as ``vp`` (``home_vp``, ``away_vp``) for the readers written
before the other methods: the same number where the units are VP, null where they are not
(a board-a-match, win/loss or Patton stage has no VP). The ``vp`` keys are never a number
in other units: a match's, a standing's, a bye's, a penalty's and a forfeit's alike.
"""

from __future__ import annotations

from matches import queries
from matches.choices import RoomChoice
from matches.models import Deal
from matches.queries import fair_play
from matches.queries.scorecards import scorecard as scorecard_of
from matches.queries.scorecards import table_board_points
from matches.queries.units import units_code

from .values import quotient_number, timestamp, vp_number


def event_summary(event, request) -> dict:
    """Return the event's name and settings."""
    return {
        "id": event.pk,
        "name": event.name,
        "date": event.date.isoformat(),
        "vp_scale": event.vp_scale,
        "boards_per_match": event.boards_per_match,
        "url": request.build_absolute_uri(event.get_absolute_url()),
    }


def vp_only(value, stage):
    """Return points as VP where the stage's units are VP; null where there are none."""
    return vp_number(value) if units_code(stage) == "vp" else None


def match_summary(match, request) -> dict:
    """Return a match's teams, round, status, stored IMP totals and points (VP, board
    points, match points or Patton points: ``units``)."""
    stage = match.stage
    return {
        "id": match.pk,
        "round": match.round,
        "home": {"id": match.home_id, "name": match.home.name},
        "away": {"id": match.away_id, "name": match.away.name},
        "status": match.status,
        "home_imps": match.home_imps,
        "away_imps": match.away_imps,
        "units": units_code(stage),
        "home_points": vp_number(match.home_vp),
        "away_points": vp_number(match.away_vp),
        "home_vp": vp_only(match.home_vp, stage),
        "away_vp": vp_only(match.away_vp, stage),
        "complete_boards": match.complete_boards,
        "pending_boards": match.pending_boards,
        "in_play": match.in_play,
        "url": request.build_absolute_uri(match.get_absolute_url()),
    }


def _standing_rows(rows, stage) -> list[dict]:
    return [
        {
            "position": row.standing.position,
            "team": {"id": row.team.pk, "name": row.team.name},
            "played": row.standing.played,
            "points": vp_number(row.standing.vp),
            "vp": vp_only(row.standing.vp, stage),
            "imps_won": row.standing.imps_won,
            "imps_lost": row.standing.imps_lost,
            "imp_quotient": quotient_number(row.standing),
            "decided_by": str(row.standing.decided_by),
            "vp_penalties": [
                {"points": vp_number(p.vp), "vp": vp_only(p.vp, stage), "reason": p.reason}
                for p in row.penalties
            ],  # a penalty in the stage's units (the name kept from the VP-only days)
        }
        for row in rows
    ]


def _with_stages(event, data) -> list:
    """Return the event's matches, each with its stage loaded (one query for them all)."""
    stages = {data.stage.pk: data.stage}
    matches = queries.matches_of(event)
    if any(match.stage_id not in stages for match in matches):
        stages.update((stage.pk, stage) for stage in event.stages.all())
    for match in matches:
        match.stage = stages[match.stage_id]
        match.stage.event = event
    return matches


def standings(event, request) -> dict:
    """Return the event's standings feed: official, and live with the matches in play."""
    data = queries.stage_data(event)
    return {
        "event": event_summary(event, request),
        "updated": timestamp(data.updated),
        "units": units_code(data.stage),
        "standings": _standing_rows(queries.standings(event, data), data.stage),
        "live_standings": _standing_rows(
            queries.standings(event, queries.live_data(data)), data.stage
        ),
        "byes": [
            {
                "round": b.round,
                "team": {"id": b.team_id, "name": b.team.name},
                "points": vp_number(data.stage.bye_vp_value()),
                "vp": vp_only(data.stage.bye_vp_value(), data.stage),
            }
            for b in data.bye_rows
        ],
        "matches": [match_summary(match, request) for match in _with_stages(event, data)],
    }


def _result(result) -> dict | None:
    if result is None:
        return None
    return {
        "contract": str(result.contract),
        "declarer": result.declarer or None,
        "lead": result.lead or None,
        "result": result.result_text or None,
        "tricks": result.tricks,
        "ns_score": result.ns_score,
        "assigned_reason": result.assigned_reason or None,
    }


def board_points_of(rules, comparison) -> dict | None:
    """Return a board's points to each team where the stage counts boards (null else, and
    while the board is pending)."""
    points = table_board_points(rules, comparison)
    return None if points is None else {"home": vp_number(points[0]), "away": vp_number(points[1])}


def scorecard(match, request) -> dict:
    """Return a match's scorecard feed: board by board, the totals and the points (and on
    a board-a-match or Patton stage each board's ``board_points``)."""
    card = scorecard_of(match)
    result = card.result
    rules = match.stage.method_rules()
    deals = fair_play.shown_deals(Deal.objects.for_match(match))
    boards = []
    for part in card.segments:
        for row in part.rows:
            adjusted = row.shown_adjusted
            boards.append(
                {
                    "number": row.board.number,
                    # false while a table still has to play it (a director's feed only)
                    "public": not (row.hidden or row.marked),
                    "segment": part.segment.number,
                    "dealer": str(row.board.dealer),
                    "vulnerability": str(row.board.vulnerability),
                    RoomChoice.OPEN.value: _result(row.open),
                    RoomChoice.CLOSED.value: _result(row.closed),
                    "difference": row.comparison.difference,
                    "imps": row.comparison.imps,
                    "home_imps": row.comparison.home_imps if row.comparison.complete else None,
                    "away_imps": row.comparison.away_imps if row.comparison.complete else None,
                    "board_points": board_points_of(rules, row.comparison),
                    "deal": deals[row.board.number].as_json()
                    if deals.get(row.board.number)
                    else None,
                    "adjusted": None
                    if adjusted is None
                    else {
                        "home_imps": adjusted.home_imps,
                        "away_imps": adjusted.away_imps,
                        "reason": adjusted.reason,
                    },
                }
            )
    return {
        "event": event_summary(match.event, request),
        "match": match_summary(match, request),
        "updated": timestamp(match.updated),
        "boards": boards,
        "segments": [
            {
                "number": s.number,
                "home_imps": s.this.home,
                "away_imps": s.this.away,
                "brought_forward": {"home_imps": s.before.home, "away_imps": s.before.away},
                "running": {"home_imps": s.running.home, "away_imps": s.running.away},
            }
            for s in result.segments
        ],
        "totals": {
            "home_imps": result.totals.home,
            "away_imps": result.totals.away,
            "home_margin": result.home_margin,
            "away_margin": result.away_margin,
            "imp_penalties": [
                {"team": p.team_id, "imps": p.imps, "reason": p.reason}
                for p in match.imp_penalties.all()
            ],
        },
        "units": units_code(match.stage),
        "points": None
        if result.vp is None
        else {"home": vp_number(result.vp[0]), "away": vp_number(result.vp[1])},
        "vp": None
        if result.vp is None or units_code(match.stage) != "vp"
        else {"home": vp_number(result.vp[0]), "away": vp_number(result.vp[1])},
        # A knockout's carry-over (segment 0 on the scorecard): null when there is none.
        "carry_over": {"home": float(match.carry_home), "away": float(match.carry_away)}
        if match.has_carry
        else None,
        "forfeit": None
        if match.forfeit_vp is None
        else {
            "home_points": vp_number(match.forfeit_home_vp),
            "away_points": vp_number(match.forfeit_away_vp),
            "home_vp": vp_only(match.forfeit_home_vp, match.stage),
            "away_vp": vp_only(match.forfeit_away_vp, match.stage),
            "reason": match.forfeit_reason,
        },
    }
