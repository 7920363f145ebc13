"""A team's progress drawn server-side as SVG: running VP and position after each round.

All the chart's geometry lives here (the template only places what this module measured):
the drawing area, the axis, where each scale's labels go, and each round's points.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 640, 240, 44
LABEL_GAP = 6  # between the drawing area and a scale's labels


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: object  # VP (a Decimal) or position (an int)
    round: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    vp_points: list[Point]
    position_points: list[Point]
    vp_max: float
    teams: int
    pad: int = PAD

    @property
    def top(self) -> int:
        """Return the y of the drawing area's top: the highest VP, position 1."""
        return self.pad

    @property
    def bottom(self) -> int:
        """Return the y of the axis: 0 VP, the last position."""
        return self.height - self.pad

    @property
    def left(self) -> int:
        return self.pad

    @property
    def right(self) -> int:
        return self.width - self.pad

    @property
    def vp_label_x(self) -> int:
        """Return where the VP scale's labels end (they stand left of the drawing area)."""
        return self.left - LABEL_GAP

    @property
    def position_label_x(self) -> int:
        """Return where the position scale's labels start (right of the drawing area)."""
        return self.right + LABEL_GAP

    @property
    def round_label_y(self) -> int:
        """Return the baseline of the round numbers under the axis."""
        return self.bottom + self.pad // 2 + 4

    @property
    def vp_line(self) -> str:
        """Return the running-VP polyline's points attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.vp_points)

    @property
    def position_line(self) -> str:
        """Return the position polyline's points attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.position_points)


def progress_chart(positions, teams: int) -> Chart | None:
    """Return the chart of a team's running VP (rising) and position (1 at the top), from
    two rounds on (one round would be two dots; its figures are in the table beside)."""
    if len(positions) < 2:
        return None
    rounds = len(positions)
    vp_max = max(float(p.vp) for p in positions) or 1.0
    inner_w, inner_h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def x(index: int) -> float:
        return PAD + (inner_w * index / (rounds - 1) if rounds > 1 else inner_w / 2)

    vp_points = [
        Point(x(i), PAD + inner_h * (1 - float(p.vp) / vp_max), p.vp, p.round)
        for i, p in enumerate(positions)
    ]
    span = max(teams - 1, 1)
    position_points = [
        Point(x(i), PAD + inner_h * (p.position - 1) / span, p.position, p.round)
        for i, p in enumerate(positions)
    ]
    return Chart(WIDTH, HEIGHT, vp_points, position_points, vp_max, teams)
