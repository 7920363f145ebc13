"""Fair play's totals: matches' stored totals and boards as the viewer sees them, a board
still in play counted as not played (the rule and the viewer: ``fair_play``)."""

from __future__ import annotations

from django.core.cache import cache

from matches import scoring
from matches.models import Board, Event, ImpPenalty, Match, MatchStatus, Result
from matches.scoring.fair_play import unplayed

from .fair_play import kept_for_viewer, view_of


def shown_boards(match: Match, boards: list) -> tuple[list, frozenset[int]]:
    """Return the match's boards' comparisons as the viewer sees them (a hidden board as
    if no room had played it) and the hidden boards' numbers."""
    hidden = view_of(match.event_id).hidden(match.pk)
    comparisons = []
    for board in boards:
        comparison = board.comparison()
        comparisons.append(unplayed(comparison) if board.number in hidden else comparison)
    return comparisons, hidden


def public_score(match: Match, boards: list, penalties) -> scoring.MatchResult:
    """Return the match scored on the boards the viewer may see (the others unplayed)."""
    comparisons, hidden = shown_boards(match, boards)
    if not hidden:
        return match.score(boards, penalties)
    rules = match.settings
    home, away = match.penalty_imps(penalties)
    return scoring.score_match(
        comparisons,
        rules.boards_per_segment,
        rules.boards_per_match,
        rules.vp_rule,
        penalties=(home, away),
        forfeit_vp=match.forfeit_vp,
        method=match.stage.method_rules(),
    )


TOTALS = (
    "home_imps",
    "away_imps",
    "home_margin",
    "away_margin",
    "home_vp",
    "away_vp",
    "complete_boards",
    "pending_boards",
    "home_segments",
    "away_segments",
    "last_segment_margin",
)


def _masked_totals(event: Event, match_ids) -> dict[int, dict]:
    """Return {match id: its totals as the viewer sees them} for matches with hidden
    boards: four queries for them all."""
    match_ids = sorted(match_ids)
    if not match_ids:
        return {}
    matches = Match.objects.filter(pk__in=match_ids).select_related("stage")
    results: dict[int, list] = {}
    for entered in Result.objects.filter(board__match__in=match_ids):
        results.setdefault(entered.board_id, []).append(entered)
    boards: dict[int, list] = {}
    for board in Board.objects.filter(match__in=match_ids).in_order():
        board.keep_results(results.get(board.pk, []))  # no related manager a board
        boards.setdefault(board.match_id, []).append(board)
    penalties: dict[int, list] = {}
    for penalty in ImpPenalty.objects.filter(match__in=match_ids):
        penalties.setdefault(penalty.match_id, []).append(penalty)
    found = {}
    for match in matches:
        match.event = event
        match.stage.event = event
        played = boards.get(match.pk, [])
        result = public_score(match, played, penalties.get(match.pk, []))
        hidden = view_of(event).hidden(match.pk)
        home_vp, away_vp = result.vp if result.vp else (None, None)
        segments = result.segment_record()
        found[match.pk] = {
            # the boards of it with a result the viewer may not see yet ("not yet public")
            "boards_hidden": sum(1 for b in played if b.number in hidden and _entered(b)),
            "home_imps": result.totals.home,
            "away_imps": result.totals.away,
            "home_margin": result.home_margin,
            "away_margin": result.away_margin,
            "home_vp": home_vp,
            "away_vp": away_vp,
            "complete_boards": result.totals.complete_boards,
            "pending_boards": result.totals.pending_boards,
            "home_segments": segments.home,
            "away_segments": segments.away,
            "last_segment_margin": segments.last_margin,
            # not official while a board of it is hidden: it counts once all are public
            "status": MatchStatus.PROVISIONAL,
        }
    return found


def _masked(event: Event, match_ids) -> dict[int, dict]:
    view = view_of(event)
    hidden = [pk for pk in match_ids if view.changes_totals(pk)]
    if not hidden:
        return {}
    kept = kept_for_viewer(("totals", event.pk))
    if any(pk not in kept for pk in hidden):
        kept.update(_public_totals(event, hidden))
    return {pk: kept[pk] for pk in hidden}


# A public version's totals are read by the pages rendered before the next one.
KEPT_SECONDS = 3600


def _public_totals(event: Event, wanted: list[int]) -> dict[int, dict]:
    """Return the public's totals of every match of the event whose stored totals would
    give a hidden board away (``wanted`` among them), worked out once for the event's
    ``public_version`` and kept in the cache for every page and server (a congress's
    standings, round and team pages all need the round's 250 matches). They count the
    boards out of play, and how many a match has played that are not (its progress, which
    that version shows a minute late at most): a match that has begun such a board since
    they were worked out is worked out and added."""
    key = f"fair-totals:{event.public_version}"
    found = cache.get(key)
    if found is None:
        view = view_of(event)
        found = _masked_totals(
            event, [pk for pk in view.entered_matches() if view.changes_totals(pk)]
        )
        cache.set(key, found, KEPT_SECONDS)
    missing = [pk for pk in wanted if pk not in found]
    if missing:
        found = {**found, **_masked_totals(event, missing)}
        cache.set(key, found, KEPT_SECONDS)
    return found


def public_rows(event: Event, rows: list[dict]) -> list[dict]:
    """Return matches' stored totals (``Match.outcome_rows``) as the viewer sees them."""
    masked = _masked(event, [row["pk"] for row in rows])
    if not masked:
        return rows
    return [
        {**row, **_only(masked[row["pk"]], row)} if row["pk"] in masked else row for row in rows
    ]


def _only(values: dict, row: dict) -> dict:
    return {name: value for name, value in values.items() if name in row}


def public_matches(matches: list) -> list:
    """Return the matches (objects) with their stored totals as the viewer sees them."""
    if not matches:
        return matches
    event = matches[0].event
    view = view_of(event)
    if view.sees_all:  # a director: the stored totals, and what the public does not see yet
        for match in matches:
            match.boards_hidden = view.held_back(match.pk)
        return matches
    for match, values in _masked(event, [m.pk for m in matches]).items():
        target = next(m for m in matches if m.pk == match)
        for name, value in values.items():
            setattr(target, name, value)
    return matches


def _entered(board) -> bool:
    """Return True for a board with a result in a room, or an adjusted score."""
    return bool(board.adjusted or board.result_in("open") or board.result_in("closed"))
