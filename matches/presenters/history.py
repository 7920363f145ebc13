"""The history pages: every change to a match, or to an event, as one list, newest first.

Read from the django-simple-history records the actions write (each names the director
and keeps a deletion's reason): for a match, its results, adjusted scores, IMP penalties,
seating, forfeits, final and reopened (with the reason); for an event, its settings,
teams, players, VP penalties, directors and the matches deleted (with the reason).
Presentation only: nothing here writes.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from matches.choices import HistoryTypeChoice, RoomChoice, SeatChoice
from matches.models import (
    BoardAdjustment,
    Event,
    EventDirector,
    ImpPenalty,
    Match,
    MatchStatus,
    Player,
    Result,
    Seating,
    Team,
    VpPenalty,
)
from matches.presenters.formatting import contract_text, signed
from matches.presenters.units import format_points, points_pair, units_label
from matches.text import join_groups

User = get_user_model()
ENTERED, CORRECTED, DELETED = (choice.value for choice in HistoryTypeChoice)
EVENT_SETTINGS = (
    "name",
    "date",
    "vp_scale",
    "boards_per_match",
    "boards_per_segment",
    "bye_vp",
    "average_plus",
    "average_minus",
)


@dataclass
class Entry:
    """One change: when, who, what it was about, what happened, and the reason given."""

    when: datetime.datetime
    who: str
    subject: str
    change: str
    reason: str = ""
    order: int = 0  # the history row's id: same-moment changes in the order made


def _who(record) -> str:
    user = record.history_user
    return user.get_username() if user is not None else ""


def _entry(record, subject: str, change: str, reason: str = "") -> Entry:
    return Entry(
        record.history_date, _who(record), subject, change, reason or "", record.history_id
    )


def _newest_first(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (e.when, e.order), reverse=True)


def _rows(model, **lookup):
    return list(
        model.history.filter(**lookup)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


def _with_previous(rows, key=lambda row: row.id):
    """Yield (row, the previous row of the same object or None), oldest first."""
    last = {}
    for row in rows:
        yield row, last.get(key(row))
        last[key(row)] = row


# -- a match ---------------------------------------------------------------------------


def match_history(match: Match) -> list[Entry]:
    """Return every change to the match and what is in it, newest first."""
    boards = dict(match.boards.values_list("pk", "number"))
    teams = {match.home_id: match.home.name, match.away_id: match.away.name}
    players = dict(Player.objects.filter(team__in=teams).values_list("pk", "name"))
    entries = []
    for row, previous in _with_previous(_rows(Result, board_id__in=boards)):
        entries.append(_result_entry(row, previous, boards))
    for row in _rows(BoardAdjustment, board_id__in=boards):
        entries.append(_adjustment_entry(row, boards))
    for row in _rows(ImpPenalty, match_id=match.pk):
        entries.append(_penalty_entry(row, teams))
    for row in _rows(Seating, match_id=match.pk):
        entries.append(_seating_entry(row, players))
    for row, previous in _with_previous(_rows(Match, id=match.pk)):
        entries.extend(_match_entries(row, previous, teams, match.stage))
    return _newest_first(entries)


def _change(record) -> str:
    """Return what happened to a result: entered, corrected or deleted."""
    return str(HistoryTypeChoice(record.history_type).label)


def _said(change: str, what) -> str:
    """Return "entered: 4♠ by North, =" as the active language writes it."""
    return _("%(change)s: %(what)s") % {"change": change, "what": what}


def _did(record) -> str:
    """Return what happened to a decision, a team or a player: added, changed or removed."""
    return {
        ENTERED: pgettext("history", "added"),
        CORRECTED: pgettext("history", "changed"),
        DELETED: pgettext("history", "removed"),
    }[record.history_type]


def _result_entry(row, previous, boards) -> Entry:
    board = boards[row.board_id]
    subject = _("Board %(board)s, %(room)s") % {"board": board, "room": RoomChoice(row.room).label}
    result = row.instance
    text = contract_text(result.contract)
    if not result.contract.is_pass:
        text = _("%(contract)s by %(declarer)s, %(result)s") % {
            "contract": text,
            "declarer": SeatChoice(result.declarer).label if result.declarer else "—",
            "result": result.result_text,
        }
    if row.history_type == CORRECTED and previous is not None:
        before = previous.instance
        was = contract_text(before.contract)
        if not before.contract.is_pass:
            was = f"{was} {before.result_text}"
        text = _("%(before)s → %(after)s") % {"before": was, "after": text}
    reason = row.assigned_reason
    if reason:
        subject = _("%(subject)s (assigned score)") % {"subject": subject}
    return _entry(row, subject, _said(_change(row), text), reason)


def _adjustment_entry(row, boards) -> Entry:
    subject = _("Board %(board)s, adjusted score") % {"board": boards[row.board_id]}
    text = _("home %(home)s IMP, away %(away)s IMP") % {
        "home": signed(row.home_imps),
        "away": signed(row.away_imps),
    }
    return _entry(row, subject, _said(_did(row), text), row.reason)


def _penalty_entry(row, teams) -> Entry:
    text = _("%(team)s −%(imps)s IMP") % {"team": teams.get(row.team_id, "?"), "imps": row.imps}
    return _entry(row, _("IMP penalty"), _said(_did(row), text), row.reason)


def _seating_entry(row, players) -> Entry:
    subject = _("Seating, segment %(segment)s") % {"segment": row.segment}
    seat = _("%(room)s, %(seat)s: %(player)s") % {
        "room": RoomChoice(row.room).label,
        "seat": SeatChoice(row.seat).label,
        "player": players.get(row.player_id, "?"),
    }
    if row.history_type == DELETED:
        return _entry(row, subject, _("emptied: %(seat)s") % {"seat": seat})
    return _entry(row, subject, seat)


def _match_entries(row, previous, teams, stage) -> list[Entry]:
    subject = pgettext("history subject", "Match")
    if row.history_type == ENTERED:
        return [_entry(row, subject, _did(row))]
    if row.history_type == DELETED:
        return [_entry(row, subject, _did(row), row.history_change_reason)]
    if previous is None:
        return []
    found = []
    if row.status != previous.status:
        if row.status == MatchStatus.FINAL and row.final_by_period:
            period = _("its corrections period of %(minutes)s minutes ended") % {
                "minutes": row.final_by_period
            }
            found.append(_entry(row, subject, _("made final"), period))
        elif row.status == MatchStatus.FINAL:
            found.append(_entry(row, subject, _("marked final")))
        else:
            found.append(_entry(row, subject, _("reopened"), row.status_reason))
    forfeit = (row.forfeit_home_vp, row.forfeit_away_vp, row.forfeit_reason)
    if forfeit != (previous.forfeit_home_vp, previous.forfeit_away_vp, previous.forfeit_reason):
        if row.forfeit_home_vp is None:
            found.append(_entry(row, _("Forfeit"), pgettext("history", "removed")))
        else:
            points = points_pair(row.forfeit_home_vp, row.forfeit_away_vp, stage)
            found.append(_entry(row, _("Forfeit"), points, row.forfeit_reason))
    if row.decided_winner_id != previous.decided_winner_id and row.decided_winner_id:
        winner = teams.get(row.decided_winner_id, "?")
        found.append(_entry(row, _("Tie decided"), winner, row.decided_reason))
    return found


# -- an event --------------------------------------------------------------------------


def event_history(event: Event) -> list[Entry]:
    """Return every change to the event's settings, teams, players, VP penalties and
    directors, and every match deleted, newest first."""
    entries = []
    for row, previous in _with_previous(_rows(Event, id=event.pk)):
        entry = _settings_entry(row, previous)
        if entry is not None:
            entries.append(entry)
    team_rows = _rows(Team, event_id=event.pk)
    names = {row.id: row.name for row in team_rows}  # the latest name of every team
    for row, previous in _with_previous(team_rows):
        entries.append(_team_entry(row, previous))
    for row, previous in _with_previous(_rows(Player, team_id__in=names)):
        entries.append(_player_entry(row, previous, names))
    stages = {stage.pk: stage for stage in event.stages.all()}
    for stage in stages.values():
        stage.event = event
    for row in _rows(VpPenalty, event_id=event.pk):
        stage = stages.get(row.stage_id)  # in its stage's units (VP when it is gone)
        text = _("%(team)s −%(vp)s %(units)s") % {
            "team": names.get(row.team_id, "?"),
            "vp": format_points(row.vp, stage),
            "units": units_label(stage),
        }
        entries.append(_entry(row, _("VP penalty"), _said(_did(row), text), row.reason))
    director_rows = _rows(EventDirector, event_id=event.pk)
    users = {
        u.pk: u.get_username()
        for u in User.objects.filter(pk__in=[row.user_id for row in director_rows])
    }
    for row in director_rows:
        user = users.get(row.user_id, "?")
        entries.append(_entry(row, _("Director"), _said(_did(row), user)))
    for row in _rows(Match, event_id=event.pk, history_type=DELETED):
        text = _("round %(round)s, %(home)s – %(away)s") % {
            "round": row.round,
            "home": names.get(row.home_id, "?"),
            "away": names.get(row.away_id, "?"),
        }
        entries.append(_entry(row, _("Match deleted"), text, row.history_change_reason))
    return _newest_first(entries)


def _settings_entry(row, previous) -> Entry | None:
    if row.history_type == ENTERED or previous is None:
        return _entry(row, _("Event"), _("created"))
    if row.history_type == DELETED:
        return _entry(row, _("Event"), _did(row), row.history_change_reason)
    changed = []
    for name in EVENT_SETTINGS:
        before, after = getattr(previous, name), getattr(row, name)
        if before != after:
            field = Event._meta.get_field(name)
            changed.append(
                _("%(setting)s: %(before)s → %(after)s")
                % {
                    "setting": field.verbose_name,
                    "before": _shown(field, before),
                    "after": _shown(field, after),
                }
            )
    if not changed:
        return None
    return _entry(row, _("Event settings"), join_groups(changed))


def _shown(field, value) -> str:
    if value is None or value == "":
        return "—"
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return str(value)


def _team_entry(row, previous) -> Entry:
    if row.history_type == CORRECTED and previous is not None:
        changes = []
        if row.name != previous.name:
            changes.append(
                _("renamed: %(before)s → %(after)s") % {"before": previous.name, "after": row.name}
            )
        if row.captain != previous.captain:
            before, after = previous.captain or "—", row.captain or "—"
            changes.append(
                _("captain: %(before)s → %(after)s") % {"before": before, "after": after}
            )
        text = join_groups(changes) or _did(row)
        return _entry(row, _("Team %(team)s") % {"team": row.name}, text)
    return _entry(row, _("Team %(team)s") % {"team": row.name}, _did(row))


def _player_entry(row, previous, teams) -> Entry:
    subject = _("Player of %(team)s") % {"team": teams.get(row.team_id, "?")}
    if row.history_type == CORRECTED and previous is not None and row.name != previous.name:
        text = _("renamed: %(before)s → %(after)s") % {"before": previous.name, "after": row.name}
        return _entry(row, subject, text)
    return _entry(row, subject, _said(_did(row), row.name))
