"""The rules of scoring, in plain Python: nothing here imports Django.

Views, models and templates call these; tests check them without a database.

"Seed" in this package and its tests means one of the five Chinese scoring documents the
project was created from, kept in ``../shared/seeds/`` beside the repository: 000 and 001
《桥牌记分方法》 (duplicate scoring tables, worked examples 一 to 十六, rubber bridge, IMPs,
贴点), 002 《桥牌计分规则》 (the printed team sheet, IMP and VP scales, the single-table
sheet), 003 简明计分法, 004 scoring with doubles and redoubles. A "seed table" is a table
printed in one of them; where they disagree with the Laws, the Laws decide and the tests say
which cell they override (tests/scoring/seed_overrides.md).
"""

from .boards import Seat, Side, Vulnerability, board_dealer, board_vulnerability, ns_score
from .cards import Card, CardError
from .contract import (
    PASS,
    Contract,
    ContractError,
    Doubling,
    Strain,
    all_contracts,
    register_score_tables,
)
from .duplicate import (
    Breakdown,
    PartKind,
    ScorePart,
    TricksError,
    duplicate_score,
    score_breakdown,
    score_table,
)
from .imps import IMP_THRESHOLDS, imp_scale, imps
from .methods import (
    BOARD_METHODS,
    KNOCKOUT_METHODS,
    RANKED_METHODS,
    BoardScale,
    Method,
    MethodRules,
    PattonAggregate,
    aggregate_points,
    average_points,
    board_a_match,
    board_gains,
    board_points,
    board_record,
    match_points,
    most_points,
    total_points,
    total_points_aggregate,
    win_loss,
)
from .outcomes import (
    FINAL,
    OUTCOME_FIELDS,
    bye_vp,
    counted_byes,
    default_bye_vp,
    is_in_play,
    is_official,
    match_outcome,
)
from .results import (
    PASSED_OUT_FIELDS,
    ResultError,
    format_result,
    parse_result,
    passed_out_extras,
)
from .schedule import Pairing, berger_schedule, byes_by_round, round_count
from .segments_won import DecidedBy as KnockoutDecidedBy
from .segments_won import SegmentRecord, SegmentTieBreak, segment_record, segments_winner
from .standings import (
    WBF_TIE_BREAKS,
    Bye,
    DecidedBy,
    MatchOutcome,
    Penalty,
    Standing,
    TieBreak,
    imp_quotient,
    standings,
    tie_breaks,
)
from .tables import CrossCell, RoundPosition, cross_table, positions_by_round
from .team import BoardComparison, MatchResult, Totals, score_match, segment_of
from .victory_points import (
    PRINTED_25_BOARDS,
    VPBand,
    VPScale,
    VPScaleError,
    printed_25_table,
    published_table,
    scale_boards,
    scale_total,
    victory_points,
    wbf_2013_table,
)
from .vp_tables import VPTable, VPTableError, parse_vp_table

register_score_tables(score_table)  # each contract carries its score table

__all__ = [
    "BOARD_METHODS",
    "KNOCKOUT_METHODS",
    "RANKED_METHODS",
    "BoardScale",
    "Method",
    "MethodRules",
    "PattonAggregate",
    "total_points",
    "total_points_aggregate",
    "aggregate_points",
    "average_points",
    "board_a_match",
    "board_gains",
    "board_record",
    "board_points",
    "match_points",
    "most_points",
    "win_loss",
    "FINAL",
    "OUTCOME_FIELDS",
    "bye_vp",
    "counted_byes",
    "default_bye_vp",
    "is_in_play",
    "is_official",
    "match_outcome",
    "PASS",
    "Bye",
    "CrossCell",
    "DecidedBy",
    "MatchOutcome",
    "Pairing",
    "Penalty",
    "RoundPosition",
    "Standing",
    "TieBreak",
    "WBF_TIE_BREAKS",
    "berger_schedule",
    "byes_by_round",
    "cross_table",
    "imp_quotient",
    "positions_by_round",
    "round_count",
    "standings",
    "tie_breaks",
    "BoardComparison",
    "MatchResult",
    "Totals",
    "score_match",
    "segment_of",
    "IMP_THRESHOLDS",
    "PRINTED_25_BOARDS",
    "VPBand",
    "VPScale",
    "VPScaleError",
    "printed_25_table",
    "published_table",
    "scale_boards",
    "VPTable",
    "VPTableError",
    "parse_vp_table",
    "KnockoutDecidedBy",
    "SegmentRecord",
    "SegmentTieBreak",
    "segment_record",
    "segments_winner",
    "scale_total",
    "victory_points",
    "wbf_2013_table",
    "Breakdown",
    "Card",
    "CardError",
    "Contract",
    "ContractError",
    "Doubling",
    "PartKind",
    "ResultError",
    "ScorePart",
    "Seat",
    "Side",
    "Strain",
    "TricksError",
    "Vulnerability",
    "all_contracts",
    "board_dealer",
    "board_vulnerability",
    "duplicate_score",
    "format_result",
    "imp_scale",
    "imps",
    "ns_score",
    "parse_result",
    "passed_out_extras",
    "PASSED_OUT_FIELDS",
    "score_breakdown",
    "score_table",
]
