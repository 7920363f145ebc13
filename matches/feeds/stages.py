"""The JSON feeds of stages: an event's stages with their standings, a Swiss stage's latest
draw, and a knockout's bracket. Documented in docs/stages.md; keep the two in step."""

from __future__ import annotations

from matches import queries
from matches.models.stages import stages_of
from matches.queries import stage_pages
from matches.queries.units import units_code

from .events import event_summary, match_summary, vp_only
from .values import quotient_number, timestamp, vp_number


def _team(team) -> dict | None:
    return None if team is None else {"id": team.pk, "name": team.name}


def _scoring(stage) -> dict:
    """Return how the stage scores a match: its method, settings and units."""
    rules = stage.method_rules()
    return {
        "method": str(rules.method),
        "units": units_code(stage),
        "board_points": float(rules.board_scale.win),
        "win_points": float(rules.win),
        "tie_margin": rules.tie_margin,
        "patton_stake": None if rules.patton_stake is None else float(rules.patton_stake),
    }


def _stage_summary(stage, request) -> dict:
    settings = stage.settings
    return {
        "number": stage.number,
        "name": str(stage),
        "kind": stage.kind,
        "vp_scale": settings.vp_scale,
        "boards_per_match": settings.boards_per_match,
        "boards_per_segment": settings.boards_per_segment,
        "tie_breaks": [str(rule) for rule in stage.tie_break_rules()],
        "scoring": _scoring(stage),
        "carry_over": {
            "method": stage.carry_over,
            "amount": float(stage.carry_amount),
            "fraction": stage.carry_fraction,
            # the share when the lower-placed team won their match (null: "fraction")
            "lower_fraction": stage.carry_fraction_lower or None,
            "cap": None if stage.carry_cap is None else float(stage.carry_cap),
        }
        if stage.is_knockout
        else None,
        # what decides a knockout's match: "imps" (with the carry-over) or "segments"
        # (segments won, then "segment_tie_break"); null for a ranked stage
        "decided_by": stage.decided_by if stage.is_knockout else None,
        "segment_tie_break": stage.segment_tie_break if stage.by_segments else None,
        # a double elimination's final: "reset" (a second final when the losers' bracket
        # winner wins the first) or "once" (one final only); null for any other stage
        "double_final": stage.double_final if stage.is_double_elimination else None,
        "url": request.build_absolute_uri(stage.get_absolute_url()),
    }


def stages(event, request) -> dict:
    """Return every stage of the event with its standings (or its bracket, for a knockout)."""
    result = []
    for stage in stages_of(event):
        entry = _stage_summary(stage, request)
        if stage.is_knockout:
            entry["bracket"] = bracket_rounds(stage, request)
            entry["placing_matches"] = placing_rounds(stage, request)
        else:
            data = queries.stage_data(event, stage)
            entry["updated"] = timestamp(data.updated)
            entry["standings"] = [
                {
                    "position": row.standing.position,
                    "team": _team(row.team),
                    "played": row.standing.played,
                    "points": vp_number(row.standing.vp),
                    "vp": vp_only(row.standing.vp, stage),
                    "imps_won": row.standing.imps_won,
                    "imps_lost": row.standing.imps_lost,
                    "imp_quotient": quotient_number(row.standing),
                    "decided_by": str(row.standing.decided_by),
                }
                for row in queries.standings(event, data)
            ]
        result.append(entry)
    return {"event": event_summary(event, request), "stages": result}


def draw(stage, request) -> dict:
    """Return the latest published round of a stage: tables in order, home first, byes."""
    latest = stage_pages.latest_draw(stage)
    return {
        "event": event_summary(stage.event, request),
        "stage": _stage_summary(stage, request),
        "round": latest.round,
        "tables": [
            {"table": number, **match_summary(match, request)} for number, match in latest.tables
        ],
        "byes": [_team(bye.team) for bye in latest.byes],
    }


def bracket_rounds(stage, request) -> list:
    """Return the main bracket's rounds, each with its matches."""
    return _columns(stage_pages.bracket(stage), request)


def placing_rounds(stage, request) -> list:
    """Return the placing matches by round and places ("Places 5–8" …); [] without them."""
    return _columns(stage_pages.placing_bracket(stage), request)


def _columns(columns, request) -> list:
    return [
        {
            "name": name,
            "matches": [
                {
                    "round": slot.round,
                    "position": slot.position,
                    "home": _team(slot.home),
                    "away": _team(slot.away),
                    "bye": slot.bye,
                    "winner": _team(slot.winner),
                    "match": None
                    if slot.match is None
                    else {
                        **match_summary(slot.match, request),
                        "carry_over": {
                            "home": float(slot.match.carry_home),
                            "away": float(slot.match.carry_away),
                        },
                        # segments won (a level segment ½ each), where they decide
                        "segments": {
                            "home": float(slot.match.home_segments),
                            "away": float(slot.match.away_segments),
                        }
                        if slot.match.stage.by_segments
                        else None,
                        "decided_reason": slot.match.decided_reason or None,
                    },
                }
                for slot in slots
            ],
        }
        for name, slots in columns
    ]


def bracket(stage, request) -> dict:
    """Return a knockout stage's bracket: every round, every match with score and links."""
    return {
        "event": event_summary(stage.event, request),
        "stage": _stage_summary(stage, request),
        "rounds": bracket_rounds(stage, request),
        "placing_matches": placing_rounds(stage, request),
    }
