"""Seed 000 (桥牌记分方法): every cell of its duplicate scoring tables, checked against Law 77.

Tables: 表一 (trick scores), 表二 (overtricks), 表三 (bonuses), 表四 (undertricks, per
trick), 记分一览表 (the full lookup of made contracts), its 罚分 table (undertricks,
totals) and 表五 (IMP scale, Law 78B).

The seed values are transcribed below as printed. Where a printed cell disagrees with
the Laws (WBF Laws of Duplicate Bridge 2017, Laws 77 and 78B) the test expects the
Laws' value, and the cell is named in OVERRIDES with the printed value and the reason.
"""

import pytest

from matches.scoring import Contract, PartKind, duplicate_score, imps
from tests.scoring.seed_tables import (
    COLUMNS,
    DOUBLINGS,
    SCORE_FIELDS,
    SeedCells,
    bonus_cases,
    imp_range_cases,
    made_cases,
    parts_of,
    penalty_case,
    rows,
    undertrick_cases,
    undertrick_cost,
)

SOURCE = "000 记分一览表"

# (source, cell) -> (printed, correct, why)
OVERRIDES = {
    (SOURCE, "5H/5S made 6 vul undoubled"): (
        580,
        680,
        "misprint: 5♥/5♠ +1 vulnerable undoubled is 5×30 + 30 + 500 = 680 "
        "(the rows around it, 650 and 710, step by 30)",
    ),
}

# 记分一览表 as printed: contracts, level made (完成), then
# not vulnerable (undoubled, doubled, redoubled), vulnerable (undoubled, doubled, redoubled).
SCORE_TABLE = """
1C/1D 1   70  140  230   70  140  230
1C/1D 2   90  240  430   90  340  630
1C/1D 3  110  340  630  110  540 1030
1C/1D 4  130  440  830  130  740 1430
1C/1D 5  150  540 1030  150  940 1830
1C/1D 6  170  640 1230  170 1140 2230
1C/1D 7  190  740 1430  190 1340 2630
1H/1S 1   80  160  520   80  160  720
1H/1S 2  110  260  720  110  360 1120
1H/1S 3  140  360  920  140  560 1520
1H/1S 4  170  460 1120  170  760 1920
1H/1S 5  200  560 1320  200  960 2320
1H/1S 6  230  660 1520  230 1160 2720
1H/1S 7  260  760 1720  260 1360 3120
1NT   1   90  180  560   90  180  760
1NT   2  120  280  760  120  380 1160
1NT   3  150  380  960  150  580 1560
1NT   4  180  480 1160  180  780 1960
1NT   5  210  580 1360  210  980 2360
1NT   6  240  680 1560  240 1180 2760
1NT   7  270  780 1760  270 1380 3160
2C/2D 2   90  180  560   90  180  760
2C/2D 3  110  280  760  110  380 1160
2C/2D 4  130  380  960  130  580 1560
2C/2D 5  150  480 1160  150  780 1960
2C/2D 6  170  580 1360  170  980 2360
2C/2D 7  190  680 1560  190 1180 2760
2H/2S 2  110  470  640  110  670  840
2H/2S 3  140  570  840  140  870 1240
2H/2S 4  170  670 1040  170 1070 1640
2H/2S 5  200  770 1240  200 1270 2040
2H/2S 6  230  870 1440  230 1470 2440
2H/2S 7  260  970 1640  260 1670 2840
2NT   2  120  490  680  120  690  880
2NT   3  150  590  880  150  890 1280
2NT   4  180  690 1080  180 1090 1680
2NT   5  210  790 1280  210 1290 2080
2NT   6  240  890 1480  240 1490 2480
2NT   7  270  990 1680  270 1690 2880
3C/3D 3  110  470  640  110  670  840
3C/3D 4  130  570  840  130  870 1240
3C/3D 5  150  670 1040  150 1070 1640
3C/3D 6  170  770 1240  170 1270 2040
3C/3D 7  190  870 1440  190 1470 2440
3H/3S 3  140  530  760  140  730  960
3H/3S 4  170  630  960  170  930 1360
3H/3S 5  200  730 1160  200 1130 1760
3H/3S 6  230  830 1360  230 1330 2160
3H/3S 7  260  930 1560  260 1530 2560
3NT   3  400  550  800  600  750 1000
3NT   4  430  650 1000  630  950 1400
3NT   5  460  750 1200  660 1150 1800
3NT   6  490  850 1400  690 1350 2200
3NT   7  520  950 1600  720 1550 2600
4C/4D 4  130  510  720  130  710  920
4C/4D 5  150  610  920  150  910 1320
4C/4D 6  170  710 1120  170 1110 1720
4C/4D 7  190  810 1320  190 1310 2120
4H/4S 4  420  590  880  620  790 1080
4H/4S 5  450  690 1080  650  990 1480
4H/4S 6  480  790 1280  680 1190 1880
4H/4S 7  510  890 1480  710 1390 2280
4NT   4  430  610  920  630  810 1120
4NT   5  460  710 1120  660 1010 1520
4NT   6  490  810 1320  690 1210 1920
4NT   7  520  910 1520  720 1410 2320
5C/5D 5  400  550  800  600  750 1000
5C/5D 6  420  650 1000  620  950 1400
5C/5D 7  440  750 1200  640 1150 1800
5H/5S 5  450  650 1000  650  850 1200
5H/5S 6  480  750 1200  580 1050 1600
5H/5S 7  510  850 1400  710 1250 2000
5NT   5  460  670 1040  660  870 1240
5NT   6  490  770 1240  690 1070 1640
5NT   7  520  870 1440  720 1270 2040
6C/6D 6  920 1090 1380 1370 1540 1830
6C/6D 7  940 1190 1580 1390 1740 2230
6H/6S 6  980 1210 1620 1430 1660 2070
6H/6S 7 1010 1310 1820 1460 1860 2470
6NT   6  990 1230 1660 1440 1680 2110
6NT   7 1020 1330 1860 1470 1880 2510
7C/7D 7 1440 1630 1960 2140 2330 2660
7H/7S 7 1510 1770 2240 2210 2470 2940
7NT   7 1520 1790 2280 2220 2490 2980
"""

# 罚分 (after the 记分一览表): tricks down, then the same six columns.
PENALTY_TABLE = """
 1  50  100  200  100  200  400
 2 100  300  600  200  500 1000
 3 150  500 1000  300  800 1600
 4 200  800 1600  400 1100 2200
 5 250 1100 2200  500 1400 2800
 6 300 1400 2800  600 1700 3400
 7 350 1700 3400  700 2000 4000
 8 400 2000 4000  800 2300 4600
 9 450 2300 4600  900 2600 5200
10 500 2600 5200 1000 2900 5800
11 550 2900 5800 1100 3200 6400
12 600 3200 6400 1200 3500 7000
13 650 3500 7000 1300 3800 7600
"""

# 表一 trick scores (基本分): level, then NT, ♠♥, ♦♣ (each undoubled, doubled, redoubled).
TRICK_SCORE_TABLE = """
1  40  80 160   30  60 120   20  40  80
2  70 140 280   60 120 240   40  80 160
3 100 200 400   90 180 360   60 120 240
4 130 260 520  120 240 480   80 160 320
5 160 320 640  150 300 600  100 200 400
6 190 380 760  180 360 720  120 240 480
7 220 440 880  210 420 840  140 280 560
"""

# 表二 each overtrick: (vulnerability, doubling, strains the cell covers, printed points).
OVERTRICK_TABLE = [
    ("nv", "", "NT S H", 30),
    ("nv", "", "D C", 20),
    ("nv", "X", "NT S H D C", 100),
    ("nv", "XX", "NT S H D C", 200),
    ("vul", "", "NT S H", 30),
    ("vul", "", "D C", 20),
    ("vul", "X", "NT S H D C", 200),
    ("vul", "XX", "NT S H D C", 400),
]

# 表三 bonuses as printed ("500+300=800" kept as its parts), with the kinds of part that
# make up each row and contracts (made exactly) that earn it.
BONUS_TABLE = [
    ("part-score", (PartKind.PART_SCORE,), "1C 2S 2NT 3H 4D", "50", "50"),
    ("game", (PartKind.GAME,), "3NT 4H 5C 1SXX 3CX 2NTX", "300", "500"),
    (
        "small slam",
        (PartKind.SMALL_SLAM, PartKind.GAME),
        "6C 6H 6NT",
        "500+300=800",
        "750+500=1250",
    ),
    (
        "grand slam",
        (PartKind.GRAND_SLAM, PartKind.GAME),
        "7D 7S 7NT",
        "1000+300=1300",
        "1500+500=2000",
    ),
    ("doubled", (PartKind.DOUBLED_MADE,), "1HX 3NTX 7CX", "50", "50"),
    ("redoubled", (PartKind.DOUBLED_MADE,), "1HXX 3NTXX 7CXX", "100", "100"),
]

# 表四 each undertrick: row, which undertricks it covers, then the six columns.
UNDERTRICK_TABLE = [
    ("first", (1,), "50 100 200 100 200 400"),
    ("second and third", (2, 3), "50 200 400 100 300 600"),
    ("fourth and later", tuple(range(4, 14)), "50 300 600 100 300 600"),
]

# 表五 IMP scale: lowest and highest difference ("up": 4000以上, no limit), IMPs.
IMP_TABLE = """
20 40 1     370 420 9     1500 1740 17
50 80 2     430 490 10    1750 1990 18
90 120 3    500 590 11    2000 2240 19
130 160 4   600 740 12    2250 2490 20
170 210 5   750 890 13    2500 2990 21
220 260 6   900 1090 14   3000 3490 22
270 310 7   1100 1290 15  3500 3990 23
320 360 8   1300 1490 16  4000 up 24
"""

CELLS = SeedCells(OVERRIDES)
DOUBLING_NAMES = {"": "undoubled", "X": "doubled", "XX": "redoubled"}  # as the cells name them


def result_text(level, made):
    return "=" if made == level else f"+{made - level}"


def score_table_cases():
    cases = []
    for group, made, *values in rows(SCORE_TABLE):
        level, made = int(group[0]), int(made)
        for (vul, dbl), value in zip(COLUMNS, map(int, values), strict=True):
            want = CELLS.expected(SOURCE, f"{group} made {made} {vul} {DOUBLING_NAMES[dbl]}", value)
            cases += made_cases(group, dbl, result_text(level, made), vul, want, "000-table")
    return cases


@pytest.mark.parametrize(SCORE_FIELDS, score_table_cases())
def test_seed_score_table_cells_match_the_rules(contract, tricks, vulnerable, want):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == want


@pytest.mark.parametrize("key", CELLS.override_cases({SOURCE: "000-table"}))
def test_seed_overrides_name_printed_cells_that_break_the_rules(key):
    CELLS.check_override(key)


def penalty_cases():
    for down, *values in rows(PENALTY_TABLE):
        for (vul, dbl), value in zip(COLUMNS, map(int, values), strict=True):
            yield penalty_case(int(down), vul, dbl, value, "000-penalty")


@pytest.mark.parametrize(SCORE_FIELDS, list(penalty_cases()))
def test_seed_penalty_table_cells_match_the_rules(contract, tricks, vulnerable, want):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == want


def trick_score_cases():
    groups = ("NT", "S H", "D C")
    for level, *values in rows(TRICK_SCORE_TABLE):
        for index, value in enumerate(map(int, values)):
            dbl = DOUBLINGS[index % 3]
            for strain in groups[index // 3].split():
                contract = f"{level}{strain}{dbl}"
                yield pytest.param(contract, value, id=f"000-t1-{contract}")


@pytest.mark.parametrize(("contract", "want"), list(trick_score_cases()))
def test_seed_trick_score_table_cells_match_the_rules(contract, want):
    level = int(contract[0])
    for vulnerable in (False, True):
        assert parts_of(contract, level + 6, vulnerable, PartKind.CONTRACT_TRICKS) == want


def overtrick_cases():
    for vul, dbl, strains, value in OVERTRICK_TABLE:
        for strain in strains.split():
            contract = f"1{strain}{dbl}"
            yield pytest.param(contract, vul == "vul", value, id=f"000-t2-{contract}-+1-{vul}")


@pytest.mark.parametrize(("contract", "vulnerable", "want"), list(overtrick_cases()))
def test_seed_overtrick_table_cells_match_the_rules(contract, vulnerable, want):
    for over in (1, 2, 6):
        got = parts_of(contract, 7 + over, vulnerable, PartKind.OVERTRICKS)
        assert got == over * want


@pytest.mark.parametrize("bonus", bonus_cases(BONUS_TABLE, "000-t3"))
def test_seed_bonus_table_cells_match_the_rules(bonus):
    assert sum(bonus.items) == bonus.total  # the seed's own arithmetic, e.g. 500+300=800
    assert bonus.points() == bonus.items
    assert bonus.total_points() == bonus.total


@pytest.mark.parametrize(
    ("contract", "down", "vulnerable", "want"),
    undertrick_cases(UNDERTRICK_TABLE, "NT", "000-t4-{doubling}-{vul}-undertrick{down}"),
)
def test_seed_each_undertrick_costs_what_the_table_says(contract, down, vulnerable, want):
    assert undertrick_cost(contract, down, vulnerable) == want


def imp_ranges():
    """The (low, high, IMPs) of 表五, printed three to a line."""
    words = IMP_TABLE.split()
    return zip(words[0::3], words[1::3], words[2::3], strict=True)


@pytest.mark.parametrize(("difference", "want"), imp_range_cases(imp_ranges(), "000-imp", 10_000))
def test_seed_imp_table_rows_match_the_scale(difference, want):
    assert imps(difference) == want
