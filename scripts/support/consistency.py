"""The one consistency check: what is stored, and what the JSON feeds say, against the
matches scored afresh from their boards and penalties.

It imports matches.*, whose models need Django set up: import this module only after
django.setup() (``support.postgres.set_up_database`` does it), as the scripts do in main().
"""

from __future__ import annotations

from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

from django.db import connection

from matches.actions.base import totals_fields
from matches.models import Event, Match
from support.web import Browser


def where(match: Match) -> str:
    return f"match {match.pk} (round {match.round})"


def totals_problems(match: Match) -> tuple[list[str], dict]:
    """Return what differs between a match's stored totals (what the standings read) and
    the match scored afresh from its boards and penalties; and the totals scored afresh."""
    fresh = totals_fields(match.score())
    stored = {name: getattr(match, name) for name in fresh}
    if stored != fresh:
        return [f"{where(match)}: stored {stored}, scored afresh {fresh}"], fresh
    return [], fresh


def _vp_numbers(home, away) -> tuple[float | None, float | None]:
    return tuple(None if vp is None else float(vp) for vp in (home, away))


def feed_problems(match: Match, event: Event, fresh: dict, feed: dict) -> list[str]:
    """Return what disagrees between a match's ``/matches/<id>.json`` and its totals scored
    afresh: the match block's VP, the VP, the IMPs and the event's VP scale."""
    problems = []
    vp = _vp_numbers(fresh["home_vp"], fresh["away_vp"])
    shown_vp = feed["vp"] and (feed["vp"]["home"], feed["vp"]["away"])
    shown = {
        "match block VP": (feed["match"]["home_vp"], feed["match"]["away_vp"]),
        "vp": shown_vp or (None, None),
    }
    for name, value in shown.items():
        if value != vp:
            problems.append(f"{where(match)}: JSON {name} {value}, scored afresh {vp}")
    imps = (feed["totals"]["home_imps"], feed["totals"]["away_imps"])
    if imps != (fresh["home_imps"], fresh["away_imps"]):
        problems.append(f"{where(match)}: JSON IMPs {imps}, scored afresh {fresh}")
    if feed["event"]["vp_scale"] != event.vp_scale:
        problems.append(f"{where(match)}: JSON scale {feed['event']['vp_scale']}, {event.vp_scale}")
    return problems


def check_event(event_id: int, browser: Browser, revisions: list[int] | None = None) -> list[str]:
    """Return what disagrees in an event: each match's stored totals and its JSON, and the
    standings feed's VP (each team's sum over its matches), against every match scored
    afresh from its boards and penalties; and, with ``revisions`` (the event's revisions
    seen so far, this one appended), the event's revision going down.

    ``browser`` asks for the standings; the matches' feeds are asked for by visitors on
    the same server, four at a time. Django's connection is closed before and after: the
    server may have been killed or the database restarted in between.
    """
    connection.close()
    problems = []
    event = Event.objects.get(pk=event_id)
    if revisions is not None:
        revisions.append(event.revision)
        if len(revisions) > 1 and revisions[-1] < revisions[-2]:
            problems.append(f"the revision went down: {revisions[-2]} → {revisions[-1]}")
    team_vp = defaultdict(Decimal)
    teams = event.teams.count()
    matches = list(Match.objects.filter(event=event).with_teams().order_by("pk"))

    def feed(match):
        with browser.visitor() as visitor:
            return visitor.get(f"/matches/{match.pk}.json")

    with ThreadPoolExecutor(4) as pool:  # public pages: anonymous requests, in parallel
        for match, response in zip(matches, pool.map(feed, matches), strict=True):
            found, fresh = totals_problems(match)
            problems += found
            if response.status_code != 200:
                problems.append(f"{where(match)}: its JSON answered {response.status_code}")
            else:
                problems += feed_problems(match, event, fresh, response.json())
            for side in ("home", "away"):
                if fresh[f"{side}_vp"] is not None:
                    team_vp[getattr(match, f"{side}_id")] += fresh[f"{side}_vp"]
    response = browser.get(f"/events/{event_id}/standings.json")
    rows = response.json()["standings"] if response.status_code == 200 else []
    if len(rows) != teams:
        problems.append(f"standings.json answered {response.status_code} with {len(rows)} teams")
    for row in rows:
        want = float(team_vp[row["team"]["id"]])
        if abs(row["vp"] - want) > 0.005:
            problems.append(f"standings: {row['team']['name']} {row['vp']} VP, afresh {want}")
    connection.close()
    return problems
