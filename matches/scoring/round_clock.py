"""A round's clock, as arithmetic on the instants a director sets it by.

The clock stores what happened, never a ticking value: the round's length, the minutes it
was extended by, when it was started, when the pause under way began, and how long the
pauses already over lasted. Everything shown is worked out from those and the time now:

- elapsed: the time since the start, pauses left out;
- remaining: the length plus the extensions, less the elapsed time (below zero: the time
  is up, by that much);
- the instant it ends, while it runs (what a page counts down to);
- the boards due: the share of the round's boards whose time is over, and a table is
  behind the clock when it has played fewer.

Each change (start, pause, resume, extend, set the length, reset) returns a new clock, or
raises ``ClockRefused`` with a code saying why (the caller words it).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, replace

MOST_MINUTES = 600  # a round of ten hours is the longest a clock is set for
MOST_EXTENSION = 180
ZERO = datetime.timedelta(0)


class ClockRefused(ValueError):
    """A change the clock's state refuses; ``code`` says why."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class RoundClock:
    minutes: int = 0  # the round's length as set (0: not set)
    extra_minutes: int = 0  # the extensions, added up
    started: datetime.datetime | None = None
    paused: datetime.datetime | None = None  # when the pause under way began
    paused_for: datetime.timedelta = ZERO  # the pauses over, added up

    # -- what it says

    @property
    def is_set(self) -> bool:
        return self.minutes > 0

    @property
    def length(self) -> datetime.timedelta:
        """Return the round's whole time: its length and its extensions."""
        return datetime.timedelta(minutes=self.minutes + self.extra_minutes)

    @property
    def running(self) -> bool:
        return self.started is not None and self.paused is None

    def elapsed(self, now: datetime.datetime) -> datetime.timedelta:
        """Return the time played since the start, the pauses left out (never below 0)."""
        if self.started is None:
            return ZERO
        until = self.paused if self.paused is not None else now
        return max(until - self.started - self.paused_for, ZERO)

    def remaining(self, now: datetime.datetime) -> datetime.timedelta:
        """Return the time left (negative once the time is up)."""
        return self.length - self.elapsed(now)

    def ends(self) -> datetime.datetime | None:
        """Return the instant the time is up while the clock runs (None otherwise)."""
        if self.started is None or self.paused is not None:
            return None
        return self.started + self.paused_for + self.length

    def state(self, now: datetime.datetime) -> str:
        """Return "unset", "ready" (set, not started), "running", "paused" or "over"."""
        if not self.is_set:
            return "unset"
        if self.started is None:
            return "ready"
        if self.remaining(now) <= ZERO:
            return "over"
        return "running" if self.paused is None else "paused"

    def boards_due(self, boards: int, now: datetime.datetime) -> int:
        """Return how many of the round's ``boards`` should be played by now: those whose
        share of the round's time is over (all of them once the time is up)."""
        whole = self.length.total_seconds()
        if self.started is None or whole <= 0 or boards <= 0:
            return 0
        share = min(self.elapsed(now).total_seconds() / whole, 1.0)
        return math.floor(boards * share + 1e-9)

    def behind(self, played: int, boards: int, now: datetime.datetime) -> bool:
        """Return True when a table has played fewer boards than are due by now."""
        return played < min(self.boards_due(boards, now), boards)

    # -- what a director does to it

    def set_length(self, minutes: int) -> RoundClock:
        """Return the clock with the round's length set (the extensions kept)."""
        if not 1 <= minutes <= MOST_MINUTES:
            raise ClockRefused("minutes")
        return replace(self, minutes=minutes)

    def start(self, now: datetime.datetime) -> RoundClock:
        if not self.is_set:
            raise ClockRefused("unset")
        if self.started is not None:
            raise ClockRefused("started")
        return replace(self, started=now, paused=None, paused_for=ZERO)

    def pause(self, now: datetime.datetime) -> RoundClock:
        if self.started is None:
            raise ClockRefused("not-started")
        if self.paused is not None:
            raise ClockRefused("paused")
        return replace(self, paused=max(now, self.started))

    def resume(self, now: datetime.datetime) -> RoundClock:
        if self.paused is None:
            raise ClockRefused("not-paused")
        pause = max(now - self.paused, ZERO)
        return replace(self, paused=None, paused_for=self.paused_for + pause)

    def extend(self, minutes: int) -> RoundClock:
        """Return the clock given ``minutes`` more (the time may be up already)."""
        if not self.is_set:
            raise ClockRefused("unset")
        if not 1 <= minutes <= MOST_EXTENSION:
            raise ClockRefused("extension")
        return replace(self, extra_minutes=self.extra_minutes + minutes)

    def reset(self) -> RoundClock:
        """Return the clock back before its start: its length kept, its extensions gone."""
        return RoundClock(minutes=self.minutes)
