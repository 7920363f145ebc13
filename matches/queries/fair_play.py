"""Fair play: what of each board a viewer may see (matches/scoring/fair_play.py has the rule).

While a board is in play (some table of its round still has to play it, and the director
has not released it; a round is a stage's: the tables sharing its deals), no page, feed
or file shown to anyone but the event's directors carries anything of it: its results in
any room, its IMPs, a total counting it, its hands. Every read a page makes goes through
``view_of(event)`` (totals: ``fair_totals``): who is looking comes from the request
(``seen_by``, set by ``FairPlayMiddleware``); outside a request (an action, a command, a
job) and inside an action (``sees_everything``) everything is seen.

``FairView`` answers, for one event and one viewer, which boards of which match are
hidden and which rounds' hands are (a round keyed (stage id, round number));
``public_rows``, ``public_matches`` and ``shown_boards`` give the stored totals and a
match's boards as that viewer sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property

from django.core.cache import cache
from django.db.models import Count

from matches import scoring
from matches.models import (
    Board,
    BoardRelease,
    Event,
    HandsRelease,
    Match,
    MatchStatus,
)
from matches.queries.revisions import public_version
from matches.scoring.fair_play import (
    HandsRule,
    MatchBoards,
    ResultsRule,
    hands_shown,
    out_of_play,
)


@dataclass
class _Viewer:
    directs: Callable[[int], bool]  # whether the viewer directs the event (its id)
    views: dict = field(default_factory=dict)  # {event id: FairView}, worked out once


_VIEWER: ContextVar[_Viewer | None] = ContextVar("fair_play_viewer", default=None)


@contextmanager
def seen_by(directs: Callable[[int], bool]) -> Iterator[None]:
    """Read as a viewer who directs the events ``directs(event_id)`` says (a request)."""
    token = _VIEWER.set(_Viewer(directs))
    try:
        yield
    finally:
        _VIEWER.reset(token)


@contextmanager
def sees_everything() -> Iterator[None]:
    """Read everything as it is (an action: its rules count every board)."""
    token = _VIEWER.set(None)
    try:
        yield
    finally:
        _VIEWER.reset(token)


BOARDS_KEPT_SECONDS = 3600  # the public's boards read, kept for one public version


class FairView:
    """What one viewer may see of an event's boards, each part read when first asked.

    ``not_public``: {match id: board numbers whose results are not yet public};
    ``hands_not_public``: {(stage id, round): board numbers whose hands are not yet
    public} (a round with no match yet hides them all: deals uploaded before the draw);
    ``sees_all``: a director of the event (or no viewer: an action), who sees everything,
    marked as not yet public.
    """

    def __init__(self, event: Event | None, sees_all: bool):
        self.event = event
        self.sees_all = sees_all

    @cached_property
    def _boards_read(self) -> dict:
        """Return what the rule is worked out from: the boards waiting and begun
        (``_waiting_boards``), the rounds with a board waiting (``_open_rounds``) and the
        boards the director released. The public's are kept for the event's public version
        (a congress's pages would each read its 4,000 boards in play): within it boards
        only stop waiting (a table plays one the public may not see yet), so what was read
        at its start hides more, never less, and shows the progress a minute late at most."""
        if self.event is None:
            return {"waiting": ({}, {}), "rounds": {}, "released": set()}
        key = None if self.sees_all else _boards_key(self.event.pk)
        found = cache.get(key) if key else None
        if found is None:
            waiting = _waiting_boards(self.event)
            rows = BoardRelease.objects.filter(event=self.event)
            found = {
                "waiting": waiting,
                "rounds": _open_rounds(self.event, waiting[0]),
                "released": set(rows.values_list("stage_id", "round", "board")),
            }
            if key:
                cache.set(key, found, BOARDS_KEPT_SECONDS)
        return found

    @property
    def _waiting_and_begun(self) -> tuple[dict, dict]:
        return self._boards_read["waiting"]

    @property
    def _waiting(self) -> dict:
        return self._waiting_and_begun[0]

    @cached_property
    def _entered(self) -> dict:
        """Return {match id: boards with a result in a room or an adjusted score} for the
        matches of the rounds with a board waiting."""
        begun = self._waiting_and_begun[1]
        return {
            match.key: match.done | begun.get(match.key, frozenset())
            for matches, _ in self._rounds.values()
            for match in matches
        }

    @property
    def _released(self) -> set:
        return self._boards_read["released"]

    @property
    def _rounds(self) -> dict:
        """Return {(stage id, round): ([MatchBoards], segment size)} for the stages' rounds
        with a board waiting."""
        return self._boards_read["rounds"]

    @cached_property
    def not_public(self) -> dict:
        event = self.event
        if event is None or event.results_public == ResultsRule.AT_ONCE or not self._waiting:
            return {}
        found = {}
        for (stage_id, round_number), (matches, size) in self._rounds.items():
            freed = {b for (s, r, b) in self._released if (s, r) == (stage_id, round_number)}
            shown = out_of_play(matches, event.results_public, size, freed)
            for match in matches:
                hidden = match.boards - shown[match.key]
                if hidden:
                    found[match.key] = hidden
        return found

    @cached_property
    def hands_not_public(self) -> dict:
        event = self.event
        if event is None:
            return {}
        by_director = event.hands_public == HandsRule.DIRECTOR
        published = (
            set(HandsRelease.objects.filter(event=event).values_list("stage_id", "round"))
            if by_director
            else set()
        )
        found = {}
        for key in event.matches.values_list("stage_id", "round").distinct():
            hidden_all = by_director and key not in published
            found[key] = _EVERY_BOARD if hidden_all else frozenset()
        if not by_director:
            for key, (matches, _) in self._rounds.items():
                freed = {b for (s, r, b) in self._released if (s, r) == key}
                every = frozenset().union(*(m.boards for m in matches))
                found[key] = every - hands_shown(matches, event.hands_public, freed)
        return found

    def hidden(self, match_id: int) -> frozenset[int]:
        """Return the boards of the match whose results this viewer may not see."""
        return frozenset() if self.sees_all else self.not_public.get(match_id, frozenset())

    def entered_matches(self) -> list[int]:
        """Return the matches of the rounds with a board waiting (their ids)."""
        return list(self._entered)

    def changes_totals(self, match_id: int) -> bool:
        """Return True when the match's totals as this viewer sees them differ from its
        stored ones: a board hidden from the viewer has a result in a room. A match whose
        hidden boards nobody has played yet (a later round) reads as stored."""
        hidden = self.hidden(match_id)
        return bool(hidden and hidden & self._entered.get(match_id, frozenset()))

    def hides(self, match_id: int, number: int) -> bool:
        return number in self.hidden(match_id)

    def marked(self, match_id: int, number: int) -> bool:
        """Return True for a board a director sees that the public does not yet."""
        return self.sees_all and number in self.not_public.get(match_id, ())

    def held_back(self, match_id: int) -> int:
        """Return how many boards the match has played in both rooms that the public does
        not see yet (what a director's pages mark "not yet public")."""
        hidden = self.not_public.get(match_id)
        if not hidden:
            return 0
        for matches, _ in self._rounds.values():
            for match in matches:
                if match.key == match_id:
                    return len(hidden & match.done)
        return 0

    def hands_pending(self, stage_id: int, round_number: int, number: int) -> bool:
        """Return True while the board's hands (of the stage's round) are not yet public
        (whoever looks); a round with no match yet keeps them all."""
        if self.event is None:
            return False
        return number in self.hands_not_public.get((stage_id, round_number), _EVERY_BOARD)

    def hides_hands(self, stage_id: int, round_number: int, number: int) -> bool:
        return not self.sees_all and self.hands_pending(stage_id, round_number, number)

    def hands_marked(self, stage_id: int, round_number: int, number: int) -> bool:
        return self.sees_all and self.hands_pending(stage_id, round_number, number)


class _EveryBoard(frozenset):
    """Every board number (a round whose hands are all hidden)."""

    def __contains__(self, item) -> bool:
        return True


_EVERY_BOARD = _EveryBoard()
EVERYTHING = FairView(None, sees_all=True)


def view_of(event: Event | int) -> FairView:
    """Return what the current viewer may see of the event (everything outside a request
    and inside an action), worked out once a request."""
    viewer = _VIEWER.get()
    if viewer is None:
        return EVERYTHING
    event_id = event if isinstance(event, int) else event.pk
    view = viewer.views.get(event_id)
    if view is None:
        event = event if isinstance(event, Event) else Event.objects.get(pk=event_id)
        view = viewer.views[event_id] = event_view(event, viewer.directs(event_id))
    return view


def kept_for_viewer(key) -> dict:
    """Return a dict kept under ``key`` for the current viewer's request (a new one, not
    kept, outside a request): what is worked out once a request."""
    viewer = _VIEWER.get()
    return viewer.views.setdefault(key, {}) if viewer is not None else {}


def event_view(event: Event, sees_all: bool) -> FairView:
    """Return what a viewer (a director of the event: ``sees_all``) may see of the event's
    boards by its rules: read when asked, in a few queries whatever the event's size."""
    return FairView(event, sees_all)


def _boards_key(event_id: int) -> str | None:
    """Return the key of the public's boards read, at the event's public version now."""
    version = public_version(event_id)
    return None if version is None else f"fair-boards:{version}"


def _open_rounds(event: Event, waiting: dict) -> dict:
    """Return {(stage id, round): ([MatchBoards], segment size)} for the stages' rounds
    with a board waiting: two queries."""
    groups: dict[tuple[int, int], tuple[list[MatchBoards], int]] = {}
    open_rounds = {round_number for (_, round_number) in waiting}
    if not open_rounds:
        return groups
    stages = {stage.pk: stage for stage in event.stages.all()}
    rows = Match.objects.filter(event=event, round__in=open_rounds).values(
        "pk", "stage_id", "round", "status", "forfeit_home_vp"
    )
    for row in rows:
        stage = stages[row["stage_id"]]
        rules = event if stage.is_first else stage
        boards = frozenset(range(1, rules.boards_per_match + 1))
        key = (row["stage_id"], row["round"])
        if key not in waiting:
            continue  # another stage's round of that number: nothing waiting there
        mine = waiting.get(key, {}).get(row["pk"], frozenset())
        over = row["status"] == MatchStatus.FINAL or row["forfeit_home_vp"] is not None
        match = MatchBoards(row["pk"], boards, boards - mine, over)
        groups.setdefault(key, ([], rules.boards_per_segment))[0].append(match)
    return groups


def board_left_play(match: Match, number: int, scored: scoring.MatchResult) -> bool:
    """Return True when a board just completed in a match (``scored`` as it now stands)
    has left play: no match of its round (its stage's) still waits for it (one query)."""
    if not any(board.number == number and board.complete for board in scored.boards):
        return False
    waiting = (
        Board.objects.filter(
            match__stage_id=match.stage_id,
            match__round=match.round,
            number=number,
            match__forfeit_home_vp__isnull=True,
            adjustment__isnull=True,
        )
        .exclude(match__status=MatchStatus.FINAL)
        .annotate(rooms=Count("results"))
        .filter(rooms__lt=2)
    )
    return not waiting.exists()


def results_published(match: Match, number: int, scored: scoring.MatchResult) -> bool:
    """Return True when a result just saved for board ``number`` of ``match`` (``scored``:
    the match as it now stands) shows on the public's pages of the event by its rule,
    though the board is still in play somewhere (``board_left_play`` says when it is not):
    the rule shows results at once, or once both rooms of the match have them and they do;
    or the director released the board. At most one small query."""
    rule = ResultsRule(match.event.results_public)
    if rule is ResultsRule.AT_ONCE:
        return True
    complete = any(board.number == number and board.complete for board in scored.boards)
    if complete and rule is ResultsRule.MATCH:
        return True
    return BoardRelease.objects.filter(
        event_id=match.event_id, stage_id=match.stage_id, round=match.round, board=number
    ).exists()


def _waiting_boards(event: Event) -> tuple[dict, dict]:
    """Return {(stage id, round): {match id: boards waiting for a room}}: the boards of
    the event's matches still playing (not final, no forfeit) with no adjusted score and a
    result missing in a room; and {match id: those of them played in one room}: one query."""
    rows = (
        Board.objects.filter(
            match__event=event,
            match__forfeit_home_vp__isnull=True,
            adjustment__isnull=True,
        )
        .exclude(match__status=MatchStatus.FINAL)
        .annotate(rooms=Count("results"))
        .filter(rooms__lt=2)
        .values("match_id", "match__stage_id", "match__round", "number", "rooms")
    )
    waiting: dict = {}
    begun: dict = {}
    for row in rows:
        group = waiting.setdefault((row["match__stage_id"], row["match__round"]), {})
        group[row["match_id"]] = group.get(row["match_id"], frozenset()) | {row["number"]}
        if row["rooms"]:
            begun[row["match_id"]] = begun.get(row["match_id"], frozenset()) | {row["number"]}
    return waiting, begun


# What of the deals the viewer sees ---------------------------------------------------


def shown_deals(deals) -> dict:
    """Return {board: its deal, or None while the viewer may not see its hands} for a
    round's deals (``Deal`` rows, or ``Deal.objects.for_...``)."""
    found = {}
    for deal in deals:
        hidden = view_of(deal.event_id).hides_hands(deal.stage_id, deal.round, deal.board)
        found[deal.board] = None if hidden else deal
    return found


def hands_state(deal) -> str:
    """Return how a deal's hands show to the viewer: "hidden" (not yet public), "marked"
    (a director sees them, not yet public) or "" (public)."""
    view = view_of(deal.event_id)
    if view.hides_hands(deal.stage_id, deal.round, deal.board):
        return "hidden"
    return "marked" if view.hands_marked(deal.stage_id, deal.round, deal.board) else ""


__all__ = [
    "EVERYTHING",
    "FairView",
    "hands_state",
    "kept_for_viewer",
    "event_view",
    "seen_by",
    "sees_everything",
    "shown_deals",
    "view_of",
]
