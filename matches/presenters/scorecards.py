"""A scorecard's rows as the page renders them: each board's row kept rendered in this
process's memory until something it shows changes. The scorecard itself, as data, is
``queries/scorecards.py``.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import get_language

from matches.caching.kept_html import KeptHtml
from matches.models import Match, Result
from matches.queries.scorecards import ScorecardRow

ROWS_KEPT = 8192  # 16 boards × 2 languages × 250 matches, a few MB
_rows = KeptHtml(ROWS_KEPT)


def _result_signature(result: Result | None) -> tuple | None:
    if result is None:
        return None
    return (
        result.level,
        result.strain,
        result.doubling,
        result.declarer,
        result.tricks,
        result.lead,
        result.assigned_reason,
    )


def row_signature(match: Match, row: ScorecardRow) -> tuple:
    """Return everything a scorecard row (templates/matches/_scorecard_row.html) is rendered
    from, as values: the page's language, where its traveller is, the board, both rooms'
    results, the board's adjusted score and how the rooms compare."""
    board, comparison, adjusted = row.board, row.comparison, row.shown_adjusted
    stage = match.stage
    return (
        get_language(),
        stage.event_id,
        stage.number,
        stage.is_first,
        match.round,
        board.number,
        board.vulnerability,
        _result_signature(row.open),
        _result_signature(row.closed),
        adjusted and (adjusted.home_imps, adjusted.away_imps, adjusted.reason),
        comparison.complete,
        comparison.imps,
        comparison.difference,
        row.points,
        row.fair,
    )


def row_html(match: Match, row: ScorecardRow) -> str:
    """Return a board's row of the scorecard, rendered again only when something it shows has
    changed (the rows rendered are kept in this process's memory under ``row_signature``):
    after a result is accepted, the match's scorecard renders one row, not every board's."""
    return _rows.html(
        row_signature(match, row),
        lambda: render_to_string("matches/_scorecard_row.html", {"match": match, "row": row}),
    )
