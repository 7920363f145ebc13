"""The scoring options of the commands that make events (``generate_event``,
``demo_data``): ``--method`` and its settings, given to ``actions.configure_stage`` for
stage 1 before the event's matches are made (a stage's method cannot change after)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from matches.choices import BoardScaleChoice, ScoringMethodChoice

# What ``--method`` accepts: the methods' own names and the short ones a director types.
METHOD_NAMES = {
    "vp": ScoringMethodChoice.IMPS_VP,
    "imps-vp": ScoringMethodChoice.IMPS_VP,
    "bam": ScoringMethodChoice.BOARD_A_MATCH,
    "board-a-match": ScoringMethodChoice.BOARD_A_MATCH,
    "wl": ScoringMethodChoice.WIN_LOSS,
    "win-loss": ScoringMethodChoice.WIN_LOSS,
    "patton": ScoringMethodChoice.PATTON,
}


def decimal(text: str) -> Decimal:
    """Return a number typed on the command line (argparse refuses anything else)."""
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(text) from None


def add_method_arguments(parser) -> None:
    """Add ``--method``, ``--board-scale``, ``--win-points``, ``--tie-margin`` and
    ``--patton-stake`` to a command."""
    parser.add_argument(
        "--method",
        choices=METHOD_NAMES,
        default="vp",
        help="how stage 1 scores a match: vp (IMPs → VP, the default), bam "
        "(board-a-match), wl (win/loss) or patton",
    )
    parser.add_argument(
        "--board-scale",
        choices=BoardScaleChoice.values,
        help="board-a-match and Patton: 1 a board won (default) or 2 (point-a-board)",
    )
    parser.add_argument("--win-points", type=decimal, help="win/loss: a match won (default 1)")
    parser.add_argument(
        "--tie-margin", type=int, help="win/loss: a match won by this many IMPs or fewer is tied"
    )
    parser.add_argument(
        "--patton-stake",
        type=decimal,
        help="Patton: the IMP aggregate's points (default: as boards)",
    )


def method_settings(options: dict) -> dict:
    """Return the stage settings the options ask for (those left out keep their defaults;
    none at all for IMPs → VP with nothing else set)."""
    settings = {
        "method": METHOD_NAMES[options.get("method") or "vp"],
        "board_scale": options.get("board_scale"),
        "win_points": options.get("win_points"),
        "tie_margin": options.get("tie_margin"),
        "patton_stake": options.get("patton_stake"),
    }
    settings = {key: value for key, value in settings.items() if value is not None}
    return {} if settings == {"method": ScoringMethodChoice.IMPS_VP} else settings
