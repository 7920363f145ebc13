"""VP scales as data: published tables (IMP margin ranges → VP), and a table the director
types in, checked before it is used.

Published tables (``PUBLISHED``), each for a range of boards per match:

``acbl-20`` and ``acbl-30``
    The two scales "used in North America for multi-board Swiss team games", 20 and 30
    VP, for matches of 6 to 8 and of 9 to 11 boards (BridgeHands encyclopedia, "Victory
    Points", as printed in its tables; docs/rules.md). On the 30-VP scale a win by a
    single IMP is already 18 : 12.

A director's table (``parse_vp_table``): one line a band, "lowest margin–highest margin,
winner's VP, loser's VP", the last band open ("28+"):

    0     10  10
    1-2   11  9
    …
    28+   20  0

It must start at a margin of 0 with the VP shared equally, its bands follow each other
without a gap or overlap, the winner's VP never fall and the loser's never rise as the
margin grows (monotony), and the two VP of every band add up to the same total (sums).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

# (lowest margin, winner's VP, loser's VP) in order; the last band has no top.
Band = tuple[int, Decimal, Decimal]
MOST_BANDS = 60
MOST_VP = Decimal(999)


class VPTableError(ValueError):
    """A typed table the rules refuse: ``code`` names the fault, ``line`` where (1 on)."""

    def __init__(self, message: str, code: str, line: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.line = line


@dataclass(frozen=True, slots=True)
class VPTable:
    """A VP scale as a table: ``bands`` from a margin of 0 up; past the last band's lowest
    margin every margin scores that band."""

    bands: tuple[Band, ...]

    @property
    def total(self) -> Decimal:
        """Return the most VP one team can score (the last band's winner's)."""
        return self.bands[-1][1]

    def split(self, margin: int) -> tuple[Decimal, Decimal]:
        """Return (winner's VP, loser's VP) for a margin of ``margin`` IMPs (0 or more)."""
        chosen = self.bands[0]
        for band in self.bands:
            if band[0] > margin:
                break
            chosen = band
        return chosen[1], chosen[2]

    def stored(self) -> list[list]:
        """Return the table as a JSON value: [[lowest margin, "winner", "loser"], ...]."""
        return [[low, str(winner), str(loser)] for low, winner, loser in self.bands]

    @classmethod
    def from_stored(cls, value) -> VPTable:
        """Return the table stored by ``stored``; raise VPTableError when it is not one."""
        try:
            bands = tuple(
                (int(low), Decimal(winner), Decimal(loser)) for low, winner, loser in value
            )
        except (TypeError, ValueError, InvalidOperation):
            raise VPTableError("not a VP table", "format") from None
        check_bands(bands)
        return cls(bands)

    def text(self) -> str:
        """Return the table as the director types it."""
        lines = []
        for index, (low, winner, loser) in enumerate(self.bands):
            if index + 1 < len(self.bands):
                high = self.bands[index + 1][0] - 1
                margins = str(low) if high == low else f"{low}-{high}"
            else:
                margins = f"{low}+"
            lines.append(f"{margins} {_vp_text(winner)} {_vp_text(loser)}")
        return "\n".join(lines)


def _vp_text(value: Decimal) -> str:
    return format(value.normalize(), "f") if value == value.to_integral() else str(value)


_LINE = re.compile(
    r"^\s*(\d{1,4})\s*(?:(?:-|–|—|~|至)\s*(\d{1,4})|(\+))?\s*[:：,，]?\s*"
    r"(\d{1,3}(?:\.\d{1,2})?)\s*(?:-|–|:|：|,|，|\s)\s*(\d{1,3}(?:\.\d{1,2})?)\s*$"
)


def parse_vp_table(text: str) -> VPTable:
    """Return the table the director typed (see the module docstring); raise VPTableError
    for the first fault, naming its line."""
    rows = []
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise VPTableError("type the table, one band a line", "empty")
    if len(lines) > MOST_BANDS:
        raise VPTableError(f"at most {MOST_BANDS} bands", "too-long", lines[MOST_BANDS][0])
    expected = 0
    for index, (number, line) in enumerate(lines):
        match = _LINE.match(line)
        if match is None:
            raise VPTableError(f"line {number} is not a band", "format", number)
        low, high, open_end, winner, loser = match.groups()
        low = int(low)
        if low != expected:
            code = "start" if index == 0 else ("gap" if low > expected else "overlap")
            raise VPTableError(f"line {number} starts at {low}, not {expected}", code, number)
        last = index + 1 == len(lines)
        if open_end and not last:
            raise VPTableError(f"line {number}: only the last band is open", "open", number)
        top = int(high) if high is not None else low
        if top < low:
            raise VPTableError(f"line {number}: {top} is below {low}", "format", number)
        expected = top + 1
        rows.append((low, Decimal(winner), Decimal(loser), number))
    bands = tuple(row[:3] for row in rows)
    check_bands(bands, [row[3] for row in rows])
    return VPTable(bands)


def check_bands(bands: tuple[Band, ...], lines: list[int] | None = None) -> None:
    """Raise VPTableError unless the bands make a scale (see the module docstring)."""
    lines = lines or list(range(1, len(bands) + 1))
    if not bands or bands[0][0] != 0:
        raise VPTableError("the table starts at a margin of 0", "start", lines[0] if lines else 0)
    low0, winner0, loser0 = bands[0]
    if winner0 != loser0:
        raise VPTableError("a margin of 0 shares the VP equally", "draw", lines[0])
    total = winner0 + loser0
    previous = bands[0]
    for band, line in zip(bands, lines, strict=True):
        low, winner, loser = band
        if winner > MOST_VP or loser < 0:
            raise VPTableError("VP are 0 to 999", "range", line)
        if winner + loser != total:
            raise VPTableError(
                f"line {line} adds up to {winner + loser}, not {total}", "sums", line
            )
        if band is not bands[0] and (low <= previous[0] or winner < previous[1]):
            message = f"line {line} gives the winner less than before"
            raise VPTableError(message, "monotony", line)
        previous = band
    if len(bands) < 2:
        raise VPTableError("a scale needs a band for a win", "short", lines[0])


def _published(rows: list[tuple[int, int, int]]) -> VPTable:
    return VPTable(tuple((low, Decimal(win), Decimal(lose)) for low, win, lose in rows))


# BridgeHands encyclopedia, "Victory Points": (lowest margin, winner, loser) by boards.
_ACBL_30_6_TO_8 = [
    (0, 15, 15),
    (1, 18, 12),
    (2, 19, 11),
    (3, 20, 10),
    (4, 21, 9),
    (5, 22, 8),
    (7, 23, 7),
    (9, 24, 6),
    (11, 25, 5),
    (14, 26, 4),
    (17, 27, 3),
    (20, 28, 2),
    (24, 29, 1),
    (28, 30, 0),
]
_ACBL_30_9_TO_11 = [
    (0, 15, 15),
    (1, 18, 12),
    (2, 19, 11),
    (3, 20, 10),
    (5, 21, 9),
    (7, 22, 8),
    (9, 23, 7),
    (12, 24, 6),
    (15, 25, 5),
    (18, 26, 4),
    (22, 27, 3),
    (26, 28, 2),
    (31, 29, 1),
    (36, 30, 0),
]
_ACBL_20_6_TO_8 = [
    (0, 10, 10),
    (1, 11, 9),
    (3, 12, 8),
    (5, 13, 7),
    (8, 14, 6),
    (11, 15, 5),
    (14, 16, 4),
    (17, 17, 3),
    (20, 18, 2),
    (24, 19, 1),
    (28, 20, 0),
]
_ACBL_20_9_TO_11 = [
    (0, 10, 10),
    (1, 11, 9),
    (3, 12, 8),
    (6, 13, 7),
    (10, 14, 6),
    (14, 15, 5),
    (18, 16, 4),
    (22, 17, 3),
    (26, 18, 2),
    (31, 19, 1),
    (36, 20, 0),
]

# {scale: {boards: table}}
PUBLISHED: dict[str, dict[int, VPTable]] = {
    "acbl-20": {
        **dict.fromkeys(range(6, 9), _published(_ACBL_20_6_TO_8)),
        **dict.fromkeys(range(9, 12), _published(_ACBL_20_9_TO_11)),
    },
    "acbl-30": {
        **dict.fromkeys(range(6, 9), _published(_ACBL_30_6_TO_8)),
        **dict.fromkeys(range(9, 12), _published(_ACBL_30_9_TO_11)),
    },
}
