"""A round's clock as the pages show it: the wall, the tables' phones, the director's
monitor and the clock's own page.

What is rendered does not depend on the time it is rendered at, but for the figure a page shows
without its script: a running clock carries the instant it ends, a paused or unstarted one
the time it has left, and the page's script (static/js/round_clock.js) counts down from
those each second. So a page kept in a cache between changes still counts down right, and
a change (pause, extend...) bumps the event's revision, which renders it again."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from matches.models import RoundClock


def clock_figure(seconds: float) -> str:
    """Return a time as a clock shows it: "42:07", "1:05:00"; a time past as "+3:12"."""
    over = seconds < 0
    whole = int(abs(seconds) + (0 if over else 0.999))  # count down: 59.2 s left shows 1:00
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
    return f"+{text}" if over else text


@dataclass(frozen=True)
class ClockShown:
    mode: str  # "ready" (set, not started), "running" or "paused"
    left: float  # seconds left when rendered (below 0: the time is up)
    ends: datetime.datetime | None  # while running
    minutes: int  # the length and the extensions

    @property
    def over(self) -> bool:
        return self.left <= 0

    @property
    def left_text(self) -> str:
        """Return the seconds left as the page's script reads them (to the millisecond)."""
        return f"{self.left:.3f}"

    @property
    def figure(self) -> str:
        return clock_figure(self.left)

    @property
    def ends_ms(self) -> int | None:
        return int(self.ends.timestamp() * 1000) if self.ends else None

    @property
    def ends_local(self) -> datetime.datetime | None:
        return timezone.localtime(self.ends) if self.ends else None

    @property
    def signature(self) -> tuple:
        """Return what is rendered but the figure (which the script renders): the same
        signature, the same clock."""
        left = None if self.mode == "running" else round(self.left)
        return (self.mode, self.ends_ms, left, self.minutes)


def clock_shown(row: RoundClock | None, now: datetime.datetime) -> ClockShown | None:
    """Return a round's clock as shown, or None while its length is not set."""
    if row is None:
        return None
    clock = row.arithmetic
    if not clock.is_set:
        return None
    mode = "ready" if clock.started is None else "running" if clock.running else "paused"
    return ClockShown(
        mode,
        clock.remaining(now).total_seconds(),
        clock.ends(),
        clock.minutes + clock.extra_minutes,
    )
