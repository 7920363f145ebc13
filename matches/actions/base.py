"""The machinery every action shares: refusals, locks, history and the revision bump.

Read the package docstring (``matches/actions/__init__.py``) first: it is the contract.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.lib.prepared import PreparedRead
from matches.models import Board, Event, ImpPenalty, Match, Room
from matches.queries.fair_play import sees_everything
from matches.text import text_errors

M = TypeVar("M", bound=models.Model)  # Change.save gives back the model it was given

# The history keeps a deletion's reason in django-simple-history's history_change_reason,
# a varchar(100): a longer reason is refused (PostgreSQL would refuse it with an error).
HISTORY_REASON_MOST = 100
REASON_TOO_LONG = _("A reason has at most 100 characters.")


class ActionError(Exception):
    """A change the rules refuse. Nothing of it was written.

    ``str(error)`` is the message in the active language, to show beside the form
    (``field`` names the form field it belongs to; None: the form as a whole).
    """

    default_message = _("This change was refused.")
    code = "refused"

    def __init__(self, message=None, *, params=None, field=None, code=None):
        self.message = message if message is not None else self.default_message
        self.params = params or {}
        self.field = field
        if code is not None:
            self.code = code
        super().__init__(self.message)

    def __str__(self) -> str:
        text = str(self.message)
        return text % self.params if self.params else text


class MatchIsFinal(ActionError):
    """Any change to a match a director has marked final, until it is reopened."""

    default_message = _(
        "This match is final: a director must reopen it, giving a reason, before anything "
        "in it changes."
    )
    code = "final"


class Conflict(ActionError):
    """A result saved from a stale page: someone else changed it first."""

    default_message = _("Someone else changed this result first.")
    code = "conflict"

    def __init__(self, current):
        super().__init__()
        self.current = current  # the result as it is now (None: it was removed)


class Gone(ActionError):
    """The match, event or row the change is about was deleted meanwhile."""

    default_message = _("This was deleted meanwhile, by another director: nothing was saved.")
    code = "gone"


class NeedsConfirmation(ActionError):
    """A change that is allowed, but only once the director confirms it (``confirm=True``).

    The message says what the director is confirming (the pending boards, the results a
    deletion removes...). The view shows it with a confirm box and posts again.
    """

    code = "confirm"


class Change:
    """One action's transaction: the rows it locked, who acts, the events it changed."""

    def __init__(self, user):
        self.user = user
        self.events: dict[int, Event] = {}
        self.shared: set[int] = set()  # the events locked shared (see lock_event)
        self.matches: set[int] = set()  # the matches locked: each one's revision goes up
        # (what the match's public pages are keyed on, with the event's wide revision)
        # the tables shown something new, as (match, room): see table_changed
        self.tables: set[tuple[int, str]] = set()
        self.confined = False  # see confine_to_matches
        self.left_play = False  # see board_left_play
        self.published = False  # see results_published

    def table_changed(self, match_id: int, room: str) -> None:
        """Mark a table (a match's room; nothing, if the room has none) shown something new
        by this change: its ``revision``, which its phones' state is keyed on, goes up."""
        self.tables.add((match_id, room))

    def nothing_public(self) -> None:
        """Declare that this change writes nothing the public pages show (a table's entry
        waiting for the other side, a dispute, a call for the director): no event's and no
        match's revision moves, so no public page is rendered again; the tables it marked
        changed still are, for their phones."""
        self.events.clear()
        self.matches.clear()

    def nothing_changed(self) -> None:
        """Declare that this change wrote nothing after all (a post sent again, answered
        with what the first one stored): no revision moves, no page is rendered again."""
        self.nothing_public()
        self.tables.clear()

    def confine_to_matches(self) -> None:
        """Declare that this change writes nothing a table sees beyond the tables it marked
        (``table_changed``: a table's entry, acceptance, dispute or call, and the other room
        of a board it completes): the event's ``wide_revision``, which every table's state is
        keyed on with its own revision, stays as it is, so the other tables' phones are
        still answered 304. Any other change moves it."""
        self.confined = True

    def board_left_play(self) -> None:
        """Declare that a board left play (every table of its round has played it): the
        event's ``play_revision`` goes up, which the other matches' pages are keyed on."""
        self.left_play = True

    def results_published(self) -> None:
        """Declare that this change, confined to matches, made a result public by the
        event's rule (a board left play, the rule shows results at once or once both rooms
        of the match have them, the director released the board): the event's
        ``public_revision`` goes up, which the public's pages are keyed on. A confined
        change that does not declare it leaves every public page of the event as it was,
        but the match's own."""
        self.published = True

    # -- locks (always the event's row first, then match rows: no deadlock between actions)

    def lock_event(self, event, *, shared: bool = False) -> Event:
        """Return the event's row, locked until the action commits; it will be bumped.

        The lock is exclusive (``FOR UPDATE``): no other action in the event runs until
        this one commits. ``shared`` (``FOR KEY SHARE`` on PostgreSQL): for a change that
        stays inside one match (``lock_match(..., shared_event=True)``); changes holding it
        run side by side, each in its own match, while any exclusive lock waits for them
        all and they for it. A change that took it shared cannot take it exclusively
        later (two would wait for each other): take the exclusive lock first.
        """
        event_id = pk_of(event)
        if not shared and event_id in self.shared:
            raise RuntimeError(
                f"event {event_id} is locked shared by this change: lock it exclusively "
                "first (lock_event), before any match of it"
            )
        if event_id in self.events:
            return self.events[event_id]
        if shared:
            locked = _event_locked_shared(event_id)
            self.shared.add(event_id)
        else:
            locked = Event.objects.select_for_update().filter(pk=event_id).first()
        if locked is None:
            raise Gone
        self.events[event_id] = locked
        return locked

    def lock_match(self, match, *, final_ok: bool = False, shared_event: bool = False) -> Match:
        """Return the match's row (teams and event loaded), locked after its event's row.

        Raise MatchIsFinal if a director has marked it final, unless ``final_ok``. A match
        given as its row names its event (a match never moves to another event); given as
        its id, the event is looked up first. ``shared_event``: the event's row is locked
        shared (see ``lock_event``), for a change that writes inside this match alone;
        such a change locks no other match (two could take them in opposite orders).
        """
        match_id = pk_of(match)
        event_id: int | None
        if isinstance(match, Match):
            event_id = match.event_id
        else:
            event_id = Match.objects.filter(pk=match_id).values_list("event_id", flat=True).first()
        if event_id is None:
            raise Gone
        event = self.lock_event(event_id, shared=shared_event)
        if event_id in self.shared and self.matches - {match_id}:
            raise RuntimeError("a change holding its event shared locks one match only")
        locked = _LOCKED_MATCH.first(match_id)
        if locked is None:
            raise Gone
        locked.event = event
        if locked.is_final and not final_ok:
            raise MatchIsFinal
        self.matches.add(locked.pk)
        return locked

    def lock_matches(self, event: Event, matches: models.QuerySet | None = None) -> list[Match]:
        """Return the event's matches (or some of them), locked in id order."""
        self.lock_event(event)
        rows = (matches if matches is not None else event.matches.all()).order_by("pk")
        locked = list(rows.select_for_update(no_key=True, of=("self",)))
        for match in locked:
            match.event = self.events[event.pk]
        self.matches.update(match.pk for match in locked)
        return locked

    # -- writes that keep history

    def save(self, obj: M, **kwargs) -> M:
        """Save a model; its history row (if it keeps history) names the acting user and
        keeps its reason (``obj._change_reason``), cut to fit its column."""
        obj._history_user = self.user  # type: ignore[attr-defined]  # django-simple-history's
        _fit_reason(obj)
        obj.save(**kwargs)
        return obj

    def delete(self, obj: models.Model, reason: str = "") -> None:
        """Delete a model; its history row names the acting user and keeps the reason."""
        obj._history_user = self.user  # type: ignore[attr-defined]  # django-simple-history's
        if reason:
            obj._change_reason = reason  # type: ignore[attr-defined]  # django-simple-history's
        _fit_reason(obj)
        obj.delete()

    # -- derived values

    def refresh_totals(self, match: Match) -> scoring.MatchResult:
        """Return the match scored afresh from its boards, its stored totals updated."""
        return store_totals(match)


def _fit_reason(obj: models.Model) -> None:
    """Cut a history reason longer than its column to fit, marked with an ellipsis: a
    reason made from ids and names of any length never stops the change it explains."""
    reason = getattr(obj, "_change_reason", None)
    if reason and len(reason) > HISTORY_REASON_MOST:
        # django-simple-history's attribute, not a Model's: the ignore below
        obj._change_reason = reason[: HISTORY_REASON_MOST - 1] + "…"  # type: ignore[attr-defined]


# A match locked with its teams and stage: on every post at a table (matches/lib/prepared.py)
_LOCKED_MATCH = PreparedRead(
    lambda match_id: (
        Match.objects.select_for_update(no_key=True, of=("self",))
        .select_related("home", "away", "stage")
        .filter(pk=match_id)
    ),
    -1,
)


# The event's row locked shared, on every post at a table (matches/lib/prepared.py)
_EVENT_KEY_SHARE = PreparedRead(
    lambda event_id: Event.objects.filter(pk=event_id).order_by(), -1, key_share=True
)


def _event_locked_shared(event_id: int) -> Event | None:
    """Return the event's row read with ``FOR KEY SHARE`` (PostgreSQL; elsewhere, as
    SQLite, a plain read: a writing transaction there holds the whole database)."""
    return _EVENT_KEY_SHARE.first(event_id)


def checked_text(value, *, field: str, required: bool = False, most: int = 200) -> str:
    """Return a text an action writes, trimmed, or raise ActionError beside ``field`` for
    what the rules refuse (``matches.text.text_errors``: a NUL, a control code, too long...):
    no database is asked to store it."""
    errors = text_errors(value, required=required, most=most)
    if errors:
        raise ActionError(errors[0], field=field, code=field)
    return value.strip()


def pk_of(obj) -> int:
    """Return the id of a model instance, or the id itself when given one."""
    return obj if isinstance(obj, int) else obj.pk


def totals_fields(result: scoring.MatchResult) -> dict:
    """Return the stored totals of a match scored by the scoring core."""
    home_vp, away_vp = result.vp if result.vp else (None, None)
    segments = result.segment_record()
    return {
        "home_segments": segments.home,
        "away_segments": segments.away,
        "last_segment_margin": segments.last_margin,
        "home_imps": result.totals.home,
        "away_imps": result.totals.away,
        "home_margin": result.home_margin,
        "away_margin": result.away_margin,
        "home_vp": home_vp,
        "away_vp": away_vp,
        "complete_boards": result.totals.complete_boards,
        "pending_boards": result.totals.pending_boards,
    }


def store_totals(match: Match, boards=None, penalties=None) -> scoring.MatchResult:
    """Return the match scored afresh, after storing its totals (no history row for them).

    Called inside an action, with the match's row locked.
    """
    result = match.score(boards, penalties)
    fields = {**totals_fields(result), "updated": timezone.now()}
    Match.objects.filter(pk=match.pk).update(**fields)
    for name, value in fields.items():
        setattr(match, name, value)
    return result


def refresh_event_totals(event: Event, matches: list[Match]) -> None:
    """Store every match's totals scored afresh: a few queries for the whole event."""
    boards: dict[int, list] = {}
    for board in Board.objects.filter(match__event=event).with_results():
        boards.setdefault(board.match_id, []).append(board)
    penalties: dict[int, list] = {}
    for penalty in ImpPenalty.objects.filter(match__event=event):
        penalties.setdefault(penalty.match_id, []).append(penalty)
    changed = []
    for match in matches:
        match.event = event
        result = match.score(boards.get(match.pk, []), penalties.get(match.pk, []))
        fields = totals_fields(result)
        if any(getattr(match, k) != v for k, v in fields.items()):
            for name, value in fields.items():
                setattr(match, name, value)
            changed.append(match)
    if changed:
        Match.objects.bulk_update(changed, list(fields), batch_size=500)


def bump_revision(
    event_id: int, *, wide: bool = True, play: bool = False, public: bool = True
) -> None:
    """Mark the event changed: one UPDATE, F-expression, so the revisions only go up.
    ``wide``: its ``wide_revision`` too (see ``Change.confine_to_matches``); ``play``: its
    ``play_revision`` (``Change.board_left_play``); ``public``: its ``public_revision``
    (``Change.results_published``), else its ``progress_changed`` (a table played a board
    the public does not see yet). The page caches, keyed on these revisions (read by
    matches/queries/revisions.py), see the change once it is committed."""
    bumps: dict[str, object] = {"revision": models.F("revision") + 1}
    if play:
        bumps["play_revision"] = models.F("play_revision") + 1
    if wide:
        bumps["wide_revision"] = models.F("wide_revision") + 1
    if public:
        bumps["public_revision"] = models.F("public_revision") + 1
        bumps["progress_changed"] = None
    else:
        bumps["progress_changed"] = timezone.now()
    Event.objects.filter(pk=event_id).update(**bumps)


@contextmanager
def changing(user) -> Iterator[Change]:
    """Run an action: one transaction; each match it locked, each table it marked changed
    and then each event it locked is bumped once, last.

    On any exception nothing is written (the transaction rolls back) and no revision moves.
    """
    with transaction.atomic(), sees_everything():
        change = Change(user)
        yield change
        if change.matches:
            Match.objects.filter(pk__in=sorted(change.matches)).update(
                revision=models.F("revision") + 1
            )
        if change.tables:
            tables = models.Q()
            for match_id, room in sorted(change.tables):
                tables |= models.Q(match_id=match_id, room=room)
            Room.objects.filter(tables).update(revision=models.F("revision") + 1)
        for event_id in sorted(change.events):
            bump_revision(
                event_id,
                wide=not change.confined,
                play=change.left_play,
                public=not change.confined or change.published,
            )


def create_boards(match: Match, numbers) -> None:
    """Create the match's boards with these numbers (those it has already are kept)."""
    Board.objects.bulk_create(
        [Board(match=match, number=n) for n in numbers], ignore_conflicts=True
    )
