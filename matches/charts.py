"""A team's progress drawn server-side as SVG: running VP and position after each round."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 640, 220, 36


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

    @property
    def vp_line(self) -> str:
        """Return the running-VP polyline's points attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.vp_points)

    @property
    def position_line(self) -> str:
        """Return the position polyline's points attribute."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.position_points)


def progress_chart(positions, teams: int) -> Chart | None:
    """Return the chart of a team's running VP (rising) and position (1 at the top)."""
    if not positions:
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
