"""Seed 000 (桥牌记分方法): every worked example of duplicate scoring, checked against Law 77.

- 例一 … 例十六: one board of each vulnerability, with the seed's arithmetic.
- the 基本分 examples (3NT = 40+2×30 = 100 …) and whether each is a game.
- the duplicate scores inside the 贴点 (point-count) examples. Left out: the 3NT/5NT
  "+2" example, which scores overtricks by the 贴点 scheme's own rule (100 each), not Law 77.
- 练习二 question 8: a four-board match with its answer key (scores, differences, IMPs).

Seed values are transcribed as printed (the seed writes doubled as "×", redoubled "××").
Where a printed value disagrees with the Laws (WBF 2017, Laws 77 and 78B) the test
expects the Laws' value and the value is named in OVERRIDES with the reason.
"""

import pytest

from matches.scoring import PartKind, board_vulnerability, imps, ns_score, score_breakdown
from tests.scoring.seed_tables import (
    SEATS,
    SeedCells,
    contract_of,
    evaluate,
    rows,
    tricks_of,
    worked_examples,
)

EXERCISE = "000 练习二"

# (source, cell) -> (printed, correct, why)
OVERRIDES = {
    (EXERCISE, "board 4 closed room NS score"): (
        620,
        650,
        "answer key: the question has 南主打4H，结果超1 on board 4 (both vulnerable), "
        "which is 4×30 + 30 + 500 = 650; 620 is 4♥ made exactly",
    ),
    (EXERCISE, "board 4 difference"): (-120, -150, "follows from 650: 500 − 650 = −150"),
    (EXERCISE, "board 4 IMPs"): (-3, -4, "150 is in the 130–160 row of the IMP scale: 4 IMPs"),
    (EXERCISE, "match total IMPs"): (
        -8,
        -9,
        "follows from board 4: −6 + 13 − 12 − 4 = −9, the visitors (客队) win by 9, not 8",
    ),
}

# 例一 … 例十六: board, vulnerability, declarer, contract, result, side that scores,
# points, the seed's arithmetic.
EXAMPLES = """
1  双无 南 2S    +1 南北 140  2×30+30+50
2  南北 南 3S    -2 东西 200  100×2
3  东西 南 3NT   =  南北 400  40+2×30+300
4  双有 南 3C    -1 东西 100  100
5  南北 西 6D    =  东西 920  6×20+800
6  东西 西 7S    =  东西 2210 7×30+2000
7  双有 西 5D×   -1 南北 200  200
8  双无 西 6H×   -4 南北 800  100+200×2+300
9  东西 北 1D××  +3 南北 830  20×4+3×200+50+100
10 双有 北 2NT×× -2 东西 1000 （200+300）×2
11 双无 北 2H××  +2 南北 1040 2×30×4+200×2+300+100
12 南北 北 6NT×  +1 南北 1880 （40+5×30）×2+200+1250+50
13 双有 东 2NT×  +1 东西 890  （40+30）×2+200+500+50
14 双无 东 7C××  =  东西 1960 7×20×4+1300+100
15 南北 东 4H××  -3 南北 1000 （100+200×2）×2
16 东西 东 7NT×× =  东西 2980 （40+6×30）×4+2000+100
"""

# The 贴点 examples' duplicate scores, in the same layout ("罚100分" has no arithmetic).
POINT_COUNT_EXAMPLES = """
1  双无 北 2S    =  南北 110  2×30+50
2  南北 北 3C    -1 东西 100  100
3  东西 东 2D    +2 东西 130  2×20+2×20+50
4  双有 东 4H    =  东西 620  4×30+500
13 双有 南 5D×   -2 东西 500  500
14 双无 西 3NT   =  东西 400  （40＋2×30）＋300
15 南北 西 2S×   +1 东西 570  2×30×2＋100＋300＋50
16 东西 南 4D    +1 南北 150  4×20＋20＋50
"""

# 基本分 examples: contracts, the seed's arithmetic, points, game (成局) or part-score.
BASIC_SCORES = """
3NT      40+2×30    100 game
4H/4S    4×30       120 game
5C/5D    5×20       100 game
3H/3S    3×30       90  part-score
4C/4D    4×20       80  part-score
2NT      40+30      70  part-score
1H××/1S×× 30×4      120 game
3C×/3D×  3×20×2     120 game
2NT×     （40+30）×2 140 game
"""

# 练习二 question 8: board, open room, closed room, then the answer key:
# open-room NS score, closed-room NS score, difference, IMPs.
EXERCISE_BOARDS = """
1 南 3S +1   北 4S =    +170  +420 -250  -6
2 北 6D×× +1 北 6NT +1  +2230 +1470 +760 +13
3 东 5C =    西 3NT -1  -600  +100 -700 -12
4 西 4S× -2  南 4H +1   +500  +620 -120  -3
"""
EXERCISE_TOTAL = -8  # "−6＋13−12−3=−8，结果客队获胜。胜8IMP"
ANSWER_NAMES = ("open room NS score", "closed room NS score", "difference", "IMPs")


CELLS = SeedCells(OVERRIDES)
ALL_EXAMPLES = worked_examples(EXAMPLES, "000-ex") + worked_examples(
    POINT_COUNT_EXAMPLES, "000-tiedian-board"
)


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_scores_match_the_rules(example):
    assert example.declarer_score() == example.score


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_north_south_scores_match_the_rules(example):
    assert example.north_south_score() == example.north_south


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_boards_have_the_printed_vulnerability(example):
    assert board_vulnerability(example.board) == example.vulnerability


@pytest.mark.parametrize("example", ALL_EXAMPLES)
def test_seed_example_breakdowns_add_up_to_the_score(example):
    assert evaluate(example.formula) == abs(example.score)  # the seed's own arithmetic
    breakdown = example.breakdown()
    assert breakdown.total == example.score
    assert sum(part.points for part in breakdown.parts) == example.score


def basic_score_cases():
    for contracts, formula, points, kind in rows(BASIC_SCORES):
        for contract in contracts.split("/"):
            case_id = f"000-basic-{contract.replace('×', 'X')}"
            yield pytest.param(contract, formula, int(points), kind == "game", id=case_id)


@pytest.mark.parametrize(("contract", "formula", "points", "game"), list(basic_score_cases()))
def test_seed_basic_score_examples_match_the_rules(contract, formula, points, game):
    assert evaluate(formula) == points
    contract = contract_of(contract)
    for vulnerable in (False, True):
        parts = score_breakdown(contract, contract.book, vulnerable).parts
        kinds = {part.kind: part.points for part in parts}
        assert kinds[PartKind.CONTRACT_TRICKS] == points
        assert (PartKind.GAME in kinds) is game
        assert (PartKind.PART_SCORE in kinds) is not game


def exercise_rows():
    """Yield (board, open room, closed room, key) with the answer key after overrides."""
    for board, *words in rows(EXERCISE_BOARDS):
        open_room, closed_room, numbers = words[0:3], words[3:6], words[6:]
        key = [
            CELLS.expected(EXERCISE, f"board {board} {name}", int(value))
            for name, value in zip(ANSWER_NAMES, numbers, strict=True)
        ]
        yield int(board), open_room, closed_room, key


EXERCISE_ROWS = list(exercise_rows())
EXERCISE_TOTAL_IMPS = CELLS.expected(EXERCISE, "match total IMPs", EXERCISE_TOTAL)


def exercise_score_cases():
    for board, open_room, closed_room, key in EXERCISE_ROWS:
        for room, (seat, contract, result), want in (
            ("open", open_room, key[0]),
            ("closed", closed_room, key[1]),
        ):
            case_id = f"000-exercise-board{board}-{room}-{contract.replace('×', 'X')}-{result}"
            yield pytest.param(board, SEATS[seat], contract, result, want, id=case_id)


def north_south(board, room):
    seat, contract, result = room
    contract = contract_of(contract)
    return ns_score(contract, SEATS[seat], tricks_of(contract, result), board)


@pytest.mark.parametrize(
    ("board", "seat", "contract", "result", "want"), list(exercise_score_cases())
)
def test_seed_exercise_table_scores_match_the_rules(board, seat, contract, result, want):
    contract = contract_of(contract)
    assert ns_score(contract, seat, tricks_of(contract, result), board) == want


@pytest.mark.parametrize(
    ("board", "open_room", "closed_room", "key"),
    [pytest.param(*row, id=f"000-exercise-board{row[0]}-imps") for row in EXERCISE_ROWS],
)
def test_seed_exercise_board_imps_match_the_scale(board, open_room, closed_room, key):
    open_score, closed_score, difference, won = key
    assert open_score - closed_score == difference
    assert north_south(board, open_room) - north_south(board, closed_room) == difference
    assert imps(difference) == won


def test_seed_exercise_match_total_matches_the_scale():
    total = sum(
        imps(north_south(board, open_room) - north_south(board, closed_room))
        for board, open_room, closed_room, _key in EXERCISE_ROWS
    )
    assert total == EXERCISE_TOTAL_IMPS
    assert sum(key[3] for *_rest, key in EXERCISE_ROWS) == total


@pytest.mark.parametrize("key", CELLS.override_cases({EXERCISE: "000-exercise"}))
def test_seed_overrides_name_printed_cells_that_break_the_rules(key):
    CELLS.check_override(key)
