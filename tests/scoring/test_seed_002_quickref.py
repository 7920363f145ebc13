"""Seed 002 (桥牌计分规则): every cell of the 桥牌记分速查表 (quick-reference table).

For each contract and result the table prints, not vulnerable (无局) and vulnerable (有局),
undoubled (—), doubled and redoubled, the score (基本分 column) and its IMPs (IMP column:
the IMPs that score is worth against a zero at the other table, Law 78B). Scores are
checked against Law 77 with duplicate_score, IMPs against the scale with imps().

The seed's text breaks off inside the 6H/S block: of 6H/S only the not-vulnerable undoubled
and doubled columns are there, and the IMPs for 6H/S +1 doubled are missing ("?" below, no
case). The rows of the table are transcribed as printed, one line per result (the seed
prints them column by column). Where a printed cell disagrees with the Laws the test
expects the Laws' value and the cell is named in OVERRIDES with the reason.
"""

import pytest

from matches.scoring import Contract, duplicate_score, imps
from tests.scoring.seed_tables import (
    COLUMNS,
    SCORE_FIELDS,
    SeedCells,
    doubling_name,
    made_cases,
    rows,
)

SOURCE = "002 速查表"

# (source, cell) -> (printed, correct, why)
OVERRIDES = {
    (SOURCE, "1H/S +6 nv XX IMPs"): (
        18,
        17,
        "misprint: 1720 is in the 1500–1740 row of the IMP scale, 17 IMPs (18 starts at 1750)",
    ),
    (SOURCE, "3C/D +2 nv X IMPs"): (
        13,
        12,
        "misprint: 670 is in the 600–740 row of the IMP scale, 12 IMPs (13 starts at 750)",
    ),
}

# Contract, result, then (score, IMPs) for: not vulnerable —, X, XX; vulnerable —, X, XX.
QUICK_TABLE = """
1C/D =     70  2    140  4    230  6     70  2    140  4    230  6
1C/D +1    90  3    240  6    430 10     90  3    340  8    630 12
1C/D +2   110  3    340  8    630 12    110  3    540 11   1030 14
1C/D +3   130  4    440 10    830 13    130  4    740 12   1430 16
1C/D +4   150  4    540 11   1030 14    150  4    940 14   1830 18
1C/D +5   170  5    640 12   1230 15    170  5   1140 15   2230 19
1C/D +6   190  5    740 12   1430 16    190  5   1340 16   2630 21
1H/S =     80  2    160  4    520 11     80  2    160  4    720 12
1H/S +1   110  3    260  6    720 12    110  3    360  8   1120 15
1H/S +2   140  4    360  8    920 14    140  4    560 11   1520 17
1H/S +3   170  5    460 10   1120 15    170  5    760 13   1920 18
1H/S +4   200  5    560 11   1320 16    200  5    960 14   2320 20
1H/S +5   230  6    660 12   1520 17    230  6   1160 15   2720 21
1H/S +6   260  6    760 13   1720 18    260  6   1360 16   3120 22
1NT  =     90  3    180  5    560 11     90  3    180  5    760 13
1NT  +1   120  3    280  7    760 13    120  3    380  9   1160 15
1NT  +2   150  4    380  9    960 14    150  4    580 11   1560 17
1NT  +3   180  5    480 10   1160 15    180  5    780 13   1960 18
1NT  +4   210  5    580 11   1360 16    210  5    980 14   2360 20
1NT  +5   240  6    680 12   1560 17    240  6   1180 15   2760 21
1NT  +6   270  7    780 13   1760 18    270  7   1380 16   3160 22
2C/D =     90  3    180  5    560 11     90  3    180  5    760 13
2C/D +1   110  3    280  7    760 13    110  3    380  9   1160 15
2C/D +2   130  4    380  9    960 14    130  4    580 11   1560 17
2C/D +3   150  4    480 10   1160 15    150  4    780 13   1960 18
2C/D +4   170  5    580 11   1360 16    170  5    980 14   2360 20
2C/D +5   190  5    680 12   1560 17    190  5   1180 15   2760 21
2H/S =    110  3    470 10    640 12    110  3    670 12    840 13
2H/S +1   140  4    570 11    840 13    140  4    870 13   1240 15
2H/S +2   170  5    670 12   1040 14    170  5   1070 14   1640 17
2H/S +3   200  5    770 13   1240 15    200  5   1270 15   2040 19
2H/S +4   230  6    870 13   1440 16    230  6   1470 16   2440 20
2H/S +5   260  6    970 14   1640 17    260  6   1670 17   2840 21
2NT  =    120  3    490 10    680 12    120  3    690 12    880 13
2NT  +1   150  4    590 11    880 13    150  4    890 13   1280 15
2NT  +2   180  5    690 12   1080 14    180  5   1090 14   1680 17
2NT  +3   210  5    790 13   1280 15    210  5   1290 15   2080 19
2NT  +4   240  6    890 13   1480 16    240  6   1490 16   2480 20
2NT  +5   270  7    990 14   1680 17    270  7   1690 17   2880 21
3C/D =    110  3    470 10    640 12    110  3    670 12    840 13
3C/D +1   130  4    570 11    840 13    130  4    870 13   1240 15
3C/D +2   150  4    670 13   1040 14    150  4   1070 14   1640 17
3C/D +3   170  5    770 13   1240 15    170  5   1270 15   2040 19
3C/D +4   190  5    870 13   1440 16    190  5   1470 16   2440 20
3H/S =    140  4    530 11    760 13    140  4    730 12    960 14
3H/S +1   170  5    630 12    960 14    170  5    930 14   1360 16
3H/S +2   200  5    730 12   1160 15    200  5   1130 15   1760 18
3H/S +3   230  6    830 13   1360 16    230  6   1330 16   2160 19
3H/S +4   260  6    930 14   1560 17    260  6   1530 17   2560 21
3NT  =    400  9    550 11    800 13    600 12    750 13   1000 14
3NT  +1   430 10    650 12   1000 14    630 12    950 14   1400 16
3NT  +2   460 10    750 13   1200 15    660 12   1150 15   1800 18
3NT  +3   490 10    850 13   1400 16    690 12   1350 16   2200 19
3NT  +4   520 11    950 14   1600 17    720 12   1550 17   2600 21
4C/D =    130  4    510 11    720 12    130  4    710 12    920 14
4C/D +1   150  4    610 12    920 14    150  4    910 14   1320 16
4C/D +2   170  5    710 12   1120 15    170  5   1110 15   1720 17
4C/D +3   190  5    810 13   1320 16    190  5   1310 16   2120 19
4H/S =    420  9    590 11    880 13    620 12    790 13   1080 14
4H/S +1   450 10    690 12   1080 14    650 12    990 14   1480 16
4H/S +2   480 10    790 13   1280 15    680 12   1190 15   1880 18
4H/S +3   510 11    890 13   1480 16    710 12   1390 16   2280 20
4NT  =    430 10    610 12    920 14    630 12    810 13   1120 15
4NT  +1   460 10    710 12   1120 15    660 12   1010 14   1520 17
4NT  +2   490 10    810 13   1320 16    690 12   1210 15   1920 18
4NT  +3   520 11    910 14   1520 17    720 12   1410 16   2320 20
5C/D =    400  9    550 11    800 13    600 12    750 13   1000 14
5C/D +1   420  9    650 12   1000 14    620 12    950 14   1400 16
5C/D +2   440 10    750 13   1200 15    640 12   1150 15   1800 18
5H/S =    450 10    650 12   1000 14    650 12    850 13   1200 15
5H/S +1   480 10    750 13   1200 15    680 12   1050 14   1600 17
5H/S +2   510 11    850 13   1400 16    710 12   1250 15   2000 19
5NT  =    460 10    670 12   1040 14    660 12    870 13   1240 15
5NT  +1   490 10    770 13   1240 15    690 12   1070 14   1640 17
5NT  +2   520 11    870 13   1440 16    720 12   1270 15   2040 19
6C/D =    920 14   1090 14   1380 16   1370 16   1540 17   1830 18
6C/D +1   940 14   1190 15   1580 17   1390 16   1740 17   2230 19
6H/S =    980 14   1210 15
6H/S +1  1010 14   1310  ?
"""

CELLS = SeedCells(OVERRIDES)


def read_table():
    score_cases, imp_cases = [], []
    for group, result, *numbers in rows(QUICK_TABLE):
        pairs = zip(numbers[0::2], numbers[1::2], strict=True)
        for (vul, dbl), (score_text, imps_text) in zip(COLUMNS, pairs, strict=False):  # 6H/S ends
            cell = f"{group} {result} {vul} {doubling_name(dbl)}"
            score = CELLS.expected(SOURCE, f"{cell} score", int(score_text))
            score_cases += made_cases(group, dbl, result, vul, score, "002-quick")
            if imps_text != "?":  # one IMP cell serves both suits of a C/D or H/S row
                won = CELLS.expected(SOURCE, f"{cell} IMPs", int(imps_text))
                case_id = f"002-quick-{group}-{doubling_name(dbl)}-{result}-{vul}-imps"
                imp_cases.append(pytest.param(score, won, id=case_id))
    return score_cases, imp_cases


SCORE_CASES, IMP_CASES = read_table()


@pytest.mark.parametrize(SCORE_FIELDS, SCORE_CASES)
def test_seed_quick_reference_scores_match_the_rules(contract, tricks, vulnerable, want):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == want


@pytest.mark.parametrize(("score", "want"), IMP_CASES)
def test_seed_quick_reference_imps_match_the_scale(score, want):
    assert imps(score) == want


@pytest.mark.parametrize("key", CELLS.override_cases({SOURCE: "002-quick"}))
def test_seed_overrides_name_printed_cells_that_break_the_rules(key):
    CELLS.check_override(key)
