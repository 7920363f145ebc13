"""A round's clock, as the director runs it: set its length, start, pause, resume, extend
it, or reset it. Each change is one action (the event's row locked, the clock's row
written with its history, the event's revision bumped, so the wall, the phones and the
monitor show it at once); the arithmetic and what each change allows are
``matches/scoring/round_clock.py``'s."""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.models import Match, RoundClock
from matches.scoring.round_clock import MOST_EXTENSION, MOST_MINUTES, ClockRefused

from .base import ActionError, changing

COMMANDS = ("length", "start", "pause", "resume", "extend", "reset")
# Why a change is refused, by the scoring core's code, and the form field it belongs to.
REFUSALS = {
    "minutes": (_("A round lasts from 1 to %(most)s minutes."), "minutes"),
    "extension": (_("A round is extended by 1 to %(most)s minutes at a time."), "minutes"),
    "unset": (_("Set the length of the round first."), "minutes"),
    "started": (_("The clock is already started: pause it, extend it or reset it."), None),
    "not-started": (_("The clock is not started yet."), None),
    "paused": (_("The clock is already paused."), None),
    "not-paused": (_("The clock is not paused."), None),
}
NO_ROUND = _("This round has no matches: there is nothing to time.")


def round_clock_refusal(code: str) -> ActionError:
    """Return the refusal for a scoring core's code, beside its field."""
    message, field = REFUSALS[code]
    most = MOST_EXTENSION if code == "extension" else MOST_MINUTES
    return ActionError(message, params={"most": most}, field=field, code=code)


def change_round_clock(
    stage,
    round_number: int,
    *,
    command: str,
    minutes: int | None = None,
    user,
    now: datetime.datetime | None = None,
) -> RoundClock:
    """Return the round's clock after ``command`` ("length" and "extend" take
    ``minutes``); its history names the user and the change."""
    if command not in COMMANDS:
        raise ValueError(f"no such clock command: {command}")
    now = now or timezone.now()
    with changing(user) as change:
        change.lock_event(stage.event_id)
        if not Match.objects.filter(stage=stage.pk, round=round_number).exists():
            raise ActionError(NO_ROUND, code="round")
        rows = RoundClock.objects.select_for_update().filter(stage=stage.pk, round=round_number)
        row = rows.first() or RoundClock(stage_id=stage.pk, round=round_number)
        clock = row.arithmetic
        try:
            if command == "length":
                clock = clock.set_length(minutes or 0)
            elif command == "start":
                clock = clock.start(now)
            elif command == "pause":
                clock = clock.pause(now)
            elif command == "resume":
                clock = clock.resume(now)
            elif command == "extend":
                clock = clock.extend(minutes or 0)
            else:
                clock = clock.reset()
        except ClockRefused as refused:
            raise round_clock_refusal(refused.code) from None
        row.take(clock)
        reason = f"{command} {minutes}" if minutes else command
        row._change_reason = reason  # type: ignore[attr-defined]  # the history row's reason
        change.save(row)
        return row
