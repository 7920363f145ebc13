"""An event: its creation, its settings, its deletion.

``settings_errors`` is the one statement of the rules an event's settings obey: the event
form, these actions and ``import_event`` all apply it.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, TypeGuard

from django.db import connection
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import HandsPublicChoice, Listing, ResultsPublicChoice, VPScaleChoice
from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    DirectorCall,
    Event,
    EventDirector,
    ImpPenalty,
    Match,
    Player,
    Result,
    Room,
    Seating,
    Stage,
    TableEntry,
    Team,
    VpPenalty,
)
from matches.models.events import vp_rule_of
from matches.text import join, join_groups, text_errors

from .base import (
    HISTORY_REASON_MOST,
    REASON_TOO_LONG,
    ActionError,
    NeedsConfirmation,
    changing,
    refresh_event_totals,
)
from .vp_scales import stored_table, vp_scale_errors

MAX_BOARDS = 200
SETTINGS = (
    "name",
    "date",
    "vp_scale",
    "vp_table",
    "boards_per_match",
    "boards_per_segment",
    "bye_vp",
    "average_plus",
    "average_minus",
    "table_lead",
    "table_each_board",
    "listing",
    "corrections_minutes",
    "results_public",
    "hands_public",
)
TABLE_SETTINGS = ("table_lead", "table_each_board")  # yes or no, for the tables
SCORING_SETTINGS = ("vp_scale", "vp_table", "boards_per_match")  # what a final match's VP depend on

BOARDS = _("A match has 1 to %(most)s boards.")
SEGMENT = _("A segment has 1 to %(most)s boards.")
BYE_VP = _("A bye is worth 0 to %(top)s VP on this scale.")
AVERAGE_PLUS = _("Average plus is 0 to 24 IMPs.")
YES_OR_NO = _("Choose yes or no.")
LISTING = _("Choose where the event is found: listed, unlisted or archived.")
RESULTS_PUBLIC = _("Choose when the results become public.")
HANDS_PUBLIC = _("Choose when the hand records become public.")
CORRECTIONS = _("A corrections period is 1 to 1440 minutes, or blank for none.")
AVERAGE_MINUS = _("Average minus is 0 to -24 IMPs.")
DATE = _("Enter a date between the years 1900 and 2999.")
REMOVED_BOARDS_HOLD_RESULTS = _(
    "Boards per match cannot go down to %(boards)s: boards beyond it hold results (%(where)s). "
    "Delete those results first."
)
FINAL_MATCHES = _(
    "%(count)s matches are final (%(where)s): reopen them before changing the VP scale or the "
    "boards per match, which would change their VP."
)
DELETE_EVENT = _(
    "Deleting “%(name)s” removes its %(teams)s teams, %(matches)s matches and %(results)s "
    "results for good. Download its export first; then tick the box to delete it."
)


def settings_errors(values: dict) -> list[ActionError]:
    """Return what is wrong with these event settings (an empty list: nothing), each
    error naming its field. Values are Python values (ints, Decimal, date, str)."""
    errors = []

    def fail(field, message, **params):
        errors.append(ActionError(message, field=field, code=field, params=params))

    for field in ("name",):
        for message in text_errors(values.get(field, ""), required=True, most=120):
            fail(field, message)
    date = values.get("date")
    if not isinstance(date, datetime.date) or not 1900 <= date.year <= 2999:
        fail("date", DATE)
    scale = values.get("vp_scale")
    if scale not in VPScaleChoice.values:
        fail("vp_scale", _("Choose a VP scale."))
    boards = values.get("boards_per_match")
    if not _whole(boards) or not 1 <= boards <= MAX_BOARDS:
        fail("boards_per_match", BOARDS, most=MAX_BOARDS)
        boards = None
    segment = values.get("boards_per_segment")
    if not _whole(segment) or not 1 <= segment <= MAX_BOARDS:
        fail("boards_per_segment", SEGMENT, most=MAX_BOARDS)
    errors.extend(vp_scale_errors(scale, boards, values.get("vp_table")))
    bye_vp = values.get("bye_vp")
    top = Decimal(_scale_top(scale, values.get("vp_table")))
    if bye_vp is not None and (
        not isinstance(bye_vp, Decimal | int) or not Decimal(0) <= Decimal(bye_vp) <= top
    ):
        fail("bye_vp", BYE_VP, top=top)
    plus, minus = values.get("average_plus"), values.get("average_minus")
    if not _whole(plus) or not 0 <= plus <= 24:
        fail("average_plus", AVERAGE_PLUS)
    if not _whole(minus) or not -24 <= minus <= 0:
        fail("average_minus", AVERAGE_MINUS)
    for name in TABLE_SETTINGS:
        if not isinstance(values.get(name, False), bool):
            fail(name, YES_OR_NO)
    if values.get("listing", Listing.LISTED) not in Listing.values:
        fail("listing", LISTING)
    if values.get("results_public", ResultsPublicChoice.TABLES) not in ResultsPublicChoice.values:
        fail("results_public", RESULTS_PUBLIC)
    if values.get("hands_public", HandsPublicChoice.OUT_OF_PLAY) not in HandsPublicChoice.values:
        fail("hands_public", HANDS_PUBLIC)
    minutes = values.get("corrections_minutes")
    if minutes is not None and (not isinstance(minutes, int) or not 1 <= minutes <= 1440):
        fail("corrections_minutes", CORRECTIONS)
    return errors


def _scale_top(scale, table) -> int | Decimal:
    """Return the most VP one team can score on the scale (20 while it is unknown)."""
    try:
        return scoring.scale_total(vp_rule_of(scale, stored_table(scale, table)))
    except (scoring.VPScaleError, scoring.VPTableError):
        return 20


def _whole(value) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(values: dict) -> None:
    errors = settings_errors(values)
    if errors:
        raise errors[0]


def _defaults(values: dict) -> dict:
    values = {**values}
    values.setdefault("boards_per_segment", values.get("boards_per_match"))
    values.setdefault("vp_scale", VPScaleChoice.WBF_2013)
    values.setdefault("vp_table", [])
    values.setdefault("bye_vp", None)
    values.setdefault("listing", Listing.LISTED)
    values.setdefault("results_public", ResultsPublicChoice.TABLES)
    values.setdefault("hands_public", HandsPublicChoice.OUT_OF_PLAY)
    values.setdefault("corrections_minutes", Event._meta.get_field("corrections_minutes").default)
    for name in ("average_plus", "average_minus", *TABLE_SETTINGS):
        if values.get(name) is None:
            values[name] = Event._meta.get_field(name).default  # type: ignore[union-attr]  # a field, not a relation
    return values


def create_event(*, user, **values) -> Event:
    """Return a new event with these settings (``SETTINGS``; the averages and the segment
    size may be left out)."""
    values = _defaults(values)
    _check(values)
    values["vp_table"] = stored_table(values["vp_scale"], values["vp_table"])
    with changing(user) as change:
        event = Event(**{name: values[name] for name in SETTINGS})
        change.save(event)
        change.lock_event(event)
        change.save(Stage.first_of(event))
        if user is not None and user.is_authenticated:  # whoever creates it directs it
            change.save(EventDirector(event=event, user=user, added_by=user))
        return event


def change_event(event, *, user, **values) -> Event:
    """Return the event with new settings, every match scored again on them.

    More boards per match give every match its new boards; fewer are refused while the
    boards that would go hold results (the message names them), else those boards go.
    The VP scale and the boards per match cannot change while a match is final.
    """
    with changing(user) as change:
        event = change.lock_event(event)
        values = {**{name: getattr(event, name) for name in SETTINGS}, **values}
        for name in ("average_plus", "average_minus"):
            if values.get(name) is None:
                values[name] = Event._meta.get_field(name).default  # type: ignore[union-attr]  # a field, not a relation
        _check(values)
        values["vp_table"] = stored_table(values["vp_scale"], values["vp_table"])
        scoring_changed = any(values[n] != getattr(event, n) for n in SCORING_SETTINGS)
        old_boards = event.boards_per_match
        if scoring_changed:
            final = list(event.matches.filter(status="final").with_teams().order_by("round", "pk"))
            if final:
                raise ActionError(
                    FINAL_MATCHES,
                    field="vp_scale",
                    code="final",
                    params={"count": len(final), "where": _match_list(final)},
                )
        new_boards = values["boards_per_match"]
        if new_boards < old_boards:
            held: Any = (  # a query, then its rows
                Result.objects.filter(board__match__event=event, board__number__gt=new_boards)
                .values_list("board__match_id", "board__number")
                .distinct()
                .order_by("board__match__round", "board__match_id", "board__number")
            )
            held = list(held)
            if held:
                raise ActionError(
                    REMOVED_BOARDS_HOLD_RESULTS,
                    field="boards_per_match",
                    code="boards",
                    params={"boards": new_boards, "where": _board_list(event, held)},
                )
        for name in SETTINGS:
            setattr(event, name, values[name])
        change.save(event)
        matches = change.lock_matches(event)
        if new_boards < old_boards:
            BoardAdjustment.objects.filter(
                board__match__event=event, board__number__gt=new_boards
            ).delete()
            Board.objects.filter(match__event=event, number__gt=new_boards).delete()
        elif new_boards > old_boards:
            Board.objects.bulk_create(
                [
                    Board(match=match, number=n)
                    for match in matches
                    for n in range(old_boards + 1, new_boards + 1)
                ],
                batch_size=2000,
            )
        refresh_event_totals(event, matches)
        return event


def delete_event(event, *, user, reason: str = "", confirm: bool = False) -> None:
    """Delete an event and everything in it, once the director confirms (after being
    offered the export). The event's history keeps who deleted it, when and why."""
    reason = (reason or "").strip()
    if len(reason) > HISTORY_REASON_MOST:
        raise ActionError(REASON_TOO_LONG, field="reason", code="reason")
    with changing(user) as change:
        event = change.lock_event(event)
        if not confirm:
            raise NeedsConfirmation(DELETE_EVENT, params=_event_size(event))
        # Raw deletes, children first: a big event has tens of thousands of rows, and
        # their own history rows (kept) need no "deleted" row each.
        in_event: dict[Any, dict] = {  # each model (type[Model] has no .objects in the stubs)
            DirectorCall: {"table__match__event": event},
            TableEntry: {"table__match__event": event},
            Room: {"match__event": event},
            Result: {"board__match__event": event},
            BoardAdjustment: {"board__match__event": event},
            Board: {"match__event": event},
            Seating: {"match__event": event},
            ImpPenalty: {"match__event": event},
            Match: {"event": event},
            Bye: {"event": event},
            VpPenalty: {"event": event},
            Player: {"team__event": event},
            Team: {"event": event},
        }
        for model, lookup in in_event.items():
            ids = model.objects.filter(**lookup).values("pk")
            model.objects.filter(pk__in=ids)._raw_delete(connection.alias)
        change.delete(event, reason)
        change.events.pop(event.pk, None)  # nothing left to bump


def _event_size(event) -> dict:
    return {
        "name": event.name,
        "teams": event.teams.count(),
        "matches": event.matches.count(),
        "results": Result.objects.filter(board__match__event=event).count(),
    }


def _match_list(matches, most: int = 5) -> str:
    names = [
        str(_("round %(round)s %(home)s – %(away)s"))
        % {"round": m.round, "home": m.home.name, "away": m.away.name}
        for m in matches[:most]
    ]
    if len(matches) > most:
        names.append("…")
    return join_groups(names)


def _board_list(event, held, most: int = 8) -> str:
    matches = Match.objects.with_teams().in_bulk({match_id for match_id, _ in held})
    by_match: dict[int, list[int]] = {}
    for match_id, number in held:
        by_match.setdefault(match_id, []).append(number)
    parts = []
    for match_id, numbers in list(by_match.items())[:most]:
        match = matches[match_id]
        parts.append(
            str(_("round %(round)s %(home)s – %(away)s: boards %(boards)s"))
            % {
                "round": match.round,
                "home": match.home.name,
                "away": match.away.name,
                "boards": join(numbers),
            }
        )
    if len(by_match) > most:
        parts.append("…")
    return join_groups(parts)
