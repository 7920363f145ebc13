"""The standings table's rows as HTML, put together in Python rather than in a template loop.

A 500-team Swiss stage has 500 rows; the template engine's cost per row (a URL reversed,
filters, an include's context) made its standings page several times slower than a
64-team one. The markup is the same the template wrote (``_standings.html``): what a
user typed (team names, penalty reasons) is escaped; numbers and our own translations
are not text a user typed.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from matches.choices import TieBreakChoice
from matches.queries.standings import quotient

from .units import format_points, sheet_counts_imps, units_label

ROW = (
    '<tr data-team="{team_id}">'
    '<td class="text-end position">{position}</td>'
    '<td class="team-cell"><a href="{url}">{name}</a>{penalties}</td>'
    '<td class="text-end">{played}</td>'
    '<td class="text-end fw-semibold total-vp">{vp}</td>'
    "{imps}"
    '<td class="small decided-by">{tie_break}</td>'
    "</tr>"
)
# IMPs won and lost, and their quotient: not for board-a-match, whose boards score by
# their raw scores alone (an IMP quotient there is mostly "∞" or "—").
IMPS = (
    '<td class="text-end d-none d-sm-table-cell">{won}</td>'
    '<td class="text-end d-none d-sm-table-cell">{lost}</td>'
    '<td class="text-end d-none d-md-table-cell">{quotient}</td>'
)
PENALTIES = ' <span class="badge text-bg-danger" title="{reasons}">−{amounts} {units}</span>'


def standings_rows(rows, event_id: int, stage=None) -> SafeString:
    """Return the <tr> of each standings row (matches.queries.StandingRow), best first,
    the points in the stage's units (VP when no stage is given).

    Before play (no team has played a match) nobody is ranked: the positions read "—".
    """
    units = escape(units_label(stage))
    imps = stage is None or sheet_counts_imps(stage)
    rows = list(rows)
    started = any(row.standing.played for row in rows)
    team_url = reverse("team", args=[event_id, 0]).replace("/0/", "/{}/")
    labels = {choice.value: escape(choice.label) for choice in TieBreakChoice}
    html = []
    for row in rows:
        standing = row.standing
        penalties = ""
        if row.penalties:
            penalties = PENALTIES.format(
                reasons=escape(" ".join(p.reason for p in row.penalties) + " "),
                amounts=", ".join(format_points(p.vp, stage) for p in row.penalties),
                units=units,
            )
        tie_break = row.tie_break if started else None
        position = f"{standing.position}{'=' if tie_break == 'shared' else ''}"
        html.append(
            ROW.format(
                team_id=int(row.team.pk),
                position=position if started else "—",
                url=team_url.format(int(row.team.pk)),
                name=escape(row.team.name),
                penalties=penalties,
                played=int(standing.played),
                vp=format_points(standing.vp, stage),
                imps=IMPS.format(
                    won=int(standing.imps_won),
                    lost=int(standing.imps_lost),
                    quotient=quotient(standing),
                )
                if imps
                else "",
                tie_break=labels.get(str(tie_break), "") if tie_break else "",
            )
        )
    return mark_safe("".join(html))  # noqa: S308 - every typed text escaped above
