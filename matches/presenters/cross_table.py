"""The cross-table's cells as HTML, put together in Python rather than in a template loop:
a 64-team grid has 4,096 of them."""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from matches import scoring
from matches.models import Event
from matches.queries import StageData, stage_data, standings

from .units import format_points, units_label

SELF_CELL = '<td class="table-secondary"></td>'


def cross_table(event: Event, data: StageData | None = None) -> list[tuple[object, str]]:
    """Return the grid in standings order: (row team, its cells as escaped HTML).

    Each cell is the row team's points (in the stage's units) against the column team,
    with the IMPs of the meeting under them, linked to the scorecard (a double round
    robin has two meetings).
    """
    data = data or stage_data(event)
    order = [row.team for row in standings(event, data)]
    grid = scoring.cross_table(data.teams, data.outcomes)
    outcomes = {o.match_id: o for o in data.outcomes}
    scorecard = reverse("scorecard", args=[0]).replace("/0/", "/{}/")
    units = escape(units_label(data.stage))
    played = escape(gettext("IMPs %(won)s : %(lost)s, %(vp)s %(units)s"))
    not_played = escape(gettext("Not played yet"))
    rows = []
    for row in order:
        cells = []
        for column in order:
            if column.pk == row.pk:
                cells.append(SELF_CELL)
                continue
            # Only numbers and our own translations go into a cell, never text a user
            # typed: nothing needs escaping.
            meetings = []
            for cell in grid.get((row.pk, column.pk), []):
                outcome = outcomes[cell.match_id]
                won, lost = outcome.home_imps, outcome.away_imps
                if outcome.home != row.pk:
                    won, lost = lost, won
                url = scorecard.format(int(cell.match_id))
                if cell.vp is None:
                    meetings.append(f'<a href="{url}" title="{not_played}">·</a>')
                    continue
                vp = escape(format_points(cell.vp, data.stage))
                title = played % {"won": int(won), "lost": int(lost), "vp": vp, "units": units}
                meetings.append(
                    f'<a href="{url}" title="{title}"><span class="vp">{vp}</span>'
                    f'<span class="imps">{int(won)}:{int(lost)}</span></a>'
                )
            cells.append(f'<td data-against="{int(column.pk)}">{"".join(meetings)}</td>')
        rows.append((row, mark_safe("".join(cells))))  # noqa: S308 - see above
    return rows
