"""Table codes typed by hand at ``/t/``: what slows a guesser and never a club.

A code's turn is taken before the code is looked up, and given back when the code is a
table's: a right code (or a withdrawn table's) costs nothing, and only wrong codes count,
per client address (a club's phones all share its router's address). An address may type
``TABLE_CODE_WRONG_RATE`` wrong codes (``30/h``: 30 in any hour, a sliding window) with no
wait at all. Past that allowance it types one code at a time: each wrong code makes it
wait ``TABLE_CODE_WAIT`` seconds before the next, doubling with each further wrong code in
the hour, at most ``TABLE_CODE_MAX_WAIT``; the allowance comes back as its wrong codes grow
an hour old, and a chief director may lift it at once (``/director/lockouts/``).

While an address waits, even a right code typed there is refused, with the wait left:
every answer to a code tells a right one from a wrong one, so a wait that let right codes
through would not slow a guesser at all. A scanned QR code (the table's link) is never
stopped, nor a logged-in director, whose codes are not even counted.

The counts are slots in the shared cache (``matches.auth.ratelimit``), taken atomically:
a burst of codes at once gets no more answers than the allowance and one turn. The
addresses past their allowance are listed there too (at most 200 at a time) for the
chief directors' page.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from matches.auth import ratelimit
from matches.auth.permissions import is_director

WRONG = "table-code-wrong"  # the allowance: wrong codes in the period, with no wait
LATE = "table-code-late"  # wrong codes past the allowance: each doubles the wait
TURN = "table-code-turn"  # past the allowance: one code at a time, held for the wait
LISTED = "table-code-lockouts"  # the addresses past their allowance, for the directors
LISTED_MOST = 200


def allowance() -> tuple[int, int]:
    """Return the wrong codes an address may type with no wait, and in how many seconds."""
    return ratelimit.parse_rate(settings.TABLE_CODE_WRONG_RATE)


def wait_after(late: int) -> int:
    """Return the seconds an address waits after a wrong code past its allowance, when it
    has typed ``late`` wrong codes past it before this one in the period."""
    base, most = settings.TABLE_CODE_WAIT, settings.TABLE_CODE_MAX_WAIT
    return most if late >= most.bit_length() else min(most, base * 2**late)


def _late_rate() -> str:
    """Return the rate that counts the wrong codes past the allowance: enough slots for
    every one an address can type in the period, its waits being what they are."""
    _allowed, seconds = allowance()
    base, most = settings.TABLE_CODE_WAIT, settings.TABLE_CODE_MAX_WAIT
    doublings = math.ceil(math.log2(most / base)) + 1
    return f"{doublings + math.ceil(seconds / most) + 1}/{seconds}s"


def _late(address: str) -> int:
    rate = _late_rate()
    return ratelimit.parse_rate(rate)[0] - ratelimit.usage(LATE, None, rate, key=address).left


@dataclass
class Turn:
    """A code's turn to be looked up (``allowed``), or the seconds its address must wait."""

    allowed: bool
    address: str = ""
    wait: int = 0
    place: ratelimit.Attempt | None = None
    late: bool = False

    def right(self) -> None:
        """The code was a table's: it does not count."""
        if self.place is not None:
            self.place.give_back()

    def wrong(self) -> int:
        """Count the wrong code; return the seconds its address now waits (0: none)."""
        if self.place is None or not self.late:
            return 0  # not counted (a director, no cache), or within the allowance
        ratelimit.attempt(LATE, None, _late_rate(), key=self.address)
        return max(1, ratelimit.held(TURN, None, key=self.address))

    def left(self) -> int | None:
        """Return the wrong codes the address may still type with no wait (None: no limit)."""
        if self.place is None or self.late:
            return None
        return ratelimit.usage(WRONG, None, settings.TABLE_CODE_WRONG_RATE, key=self.address).left


def take_turn(request) -> Turn:
    """Return the turn of a code typed at /t/, taken before the code is looked up."""
    if is_director(request.user):
        return Turn(True)
    address = ratelimit.client_address(request)
    place = ratelimit.attempt(WRONG, request, settings.TABLE_CODE_WRONG_RATE, key=address)
    if place:
        return Turn(True, address, place=place if place.slot else None)
    turn = ratelimit.hold(TURN, request, wait_after(_late(address)), key=address)
    if not turn:
        return Turn(False, address, wait=max(1, ratelimit.held(TURN, None, key=address)))
    ratelimit.note(LISTED, address, allowance()[1], LISTED_MOST)
    return Turn(True, address, place=turn if turn.slot else None, late=True)


# --- the directors' list ------------------------------------------------------------------


@dataclass(frozen=True)
class CodeLockout:
    """An address past its allowance: its wrong codes in the period, and until when it
    waits (None: it may type a code now, one at a time)."""

    address: str
    wrong: int
    waits_until: datetime.datetime | None


def code_lockouts() -> list[CodeLockout]:
    """Return the addresses past their allowance of wrong codes, the longest wait first."""
    rate = settings.TABLE_CODE_WRONG_RATE
    found = []
    for address in ratelimit.noted(LISTED, LISTED_MOST):
        used = ratelimit.usage(WRONG, None, rate, key=address)
        if used.left > 0:
            continue  # its allowance is back
        wait = ratelimit.held(TURN, None, key=address)
        until = timezone.now() + datetime.timedelta(seconds=wait) if wait else None
        found.append(CodeLockout(address, allowance()[0] + _late(address), until))
    far = timezone.now() - datetime.timedelta(days=1)
    return sorted(found, key=lambda lockout: lockout.waits_until or far, reverse=True)


def lift(address: str) -> bool:
    """Give an address its whole allowance back; return whether it was past it."""
    listed = ratelimit.unnote(LISTED, address, LISTED_MOST)
    ratelimit.forget(WRONG, None, settings.TABLE_CODE_WRONG_RATE, key=address)
    ratelimit.forget(LATE, None, _late_rate(), key=address)
    ratelimit.let_go(TURN, None, key=address)
    return listed
