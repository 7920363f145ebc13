"""Seed 002 (桥牌计分规则): every cell of sections 三 to 七, checked against Law 77.

三 the scoring rules (基本分, 奖分 and the 罚分 table), 四 made contracts not vulnerable
(无局方), 五 made contracts vulnerable (有局方), 六 and 七 undertricks (有局方, 无局方).

The seed values are transcribed below as printed. Where a printed cell disagrees with the
Laws (WBF Laws of Duplicate Bridge 2017, Law 77) the test expects the Laws' value and the
cell is named in OVERRIDES with the printed value and the reason. Section 三's 罚分 table
prints the doubled undertricks of the Laws before 1987 (not vulnerable: 200 each from the
4th on, now 300), and its bonus list gives 50 for a made redoubled contract (before 1987;
now 100). Section 五's column header also says 无局方, copied from 四: its title, 有局方,
and its values are the vulnerable ones, so the test reads it as vulnerable.
"""

import pytest

from matches.scoring import Contract, PartKind, duplicate_score
from tests.scoring.seed_tables import (
    DOUBLINGS,
    SCORE_FIELDS,
    SeedCells,
    doubling_name,
    made_cases,
    parts_of,
    penalty_case,
    rows,
)

S3, S4, S5, S6, S7 = "002 §三", "002 §四", "002 §五", "002 §六", "002 §七"
PRE_1987 = (
    "the Laws before 1987: not vulnerable doubled undertricks were 100, 200, 200, then 200 "
    "each; since 1987 (Law 77) they are 100, 200, 200, then 300 each (redoubled: twice that)"
)
NV_ROW = "the not-vulnerable row of §四 printed in §五"

# (source, cell) -> (printed, correct, why); "+ 600" is the game bonus 500 plus 100 for a
# redoubled contract made, "+ 550" the game bonus plus 50 for a doubled one.
OVERRIDES = {
    (S3, "bonus for a made redoubled contract"): (
        50,
        100,
        "the Laws before 1987 gave 50 for making any doubled or redoubled contract; "
        "Law 77 gives 50 doubled, 100 redoubled",
    ),
    (S3, "down 4 nv X"): (700, 800, PRE_1987),
    (S3, "down 5 nv X"): (900, 1100, PRE_1987),
    (S3, "down 6 nv X"): (1100, 1400, PRE_1987),
    (S3, "down 7 nv X"): (1300, 1700, PRE_1987),
    (S3, "down 4 nv XX"): (1400, 1600, PRE_1987),
    (S3, "down 5 nv XX"): (1800, 2200, PRE_1987),
    (S3, "down 6 nv XX"): (2200, 2800, PRE_1987),
    (S3, "down 7 nv XX"): (2600, 3400, PRE_1987),
    (S5, "1NT +2 X"): (
        180,
        580,
        "misprint: 1NT× +2 vulnerable is 80 + 2×200 + 50 + 50 = 580 (180 is the = row's)",
    ),
    (S5, "2C/D +2 XX"): (1960, 1560, "misprint: 2♣/♦×× +2 vulnerable is 160 + 2×400 + 600 = 1560"),
    (S5, "2C/D +3 XX"): (1160, 1960, "misprint: 2♣/♦×× +3 vulnerable is 160 + 3×400 + 600 = 1960"),
    (S5, "2C/D +4 XX"): (3360, 2360, "misprint: 2♣/♦×× +4 vulnerable is 160 + 4×400 + 600 = 2360"),
    (S5, "5C/D +2 undoubled"): (440, 640, f"{NV_ROW}: 5♣/♦ +2 vulnerable is 100 + 40 + 500 = 640"),
    (S5, "5C/D +2 X"): (750, 1150, f"{NV_ROW}: 5♣/♦× +2 vulnerable is 200 + 2×200 + 550 = 1150"),
    (S5, "5C/D +2 XX"): (1200, 1800, f"{NV_ROW}: 5♣/♦×× +2 vulnerable is 400 + 2×400 + 600 = 1800"),
}

# Row labels that are misprinted (no score depends on them): (printed, meant, why).
LABEL_FIXES = {
    (S4, "level 1 row +1 label"): ("1", "+1", "misprint: the plus sign is missing"),
    (S5, "level 1 row +1 label"): ("1", "+1", "misprint: the plus sign is missing"),
}

# 三（一）基本分: each trick (C/D, H/S) or NT's first and later tricks: undoubled, X, XX.
BASIC_TABLE = """
C/D each     20 40 80
H/S each     30 60 120
NT first     40 80 160
NT later     30 60 120
"""

# 三（二）1 each overtrick: not vulnerable (—, X, XX), vulnerable (—, X, XX); 基本分 means
# the trick's undoubled value.
OVERTRICK_ROW = "基本分 100 200 基本分 200 400"
TRICK_VALUES = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}

# 三（二）2-6 bonuses: cell, kind of part, contracts made exactly that earn it, nv, vul.
BONUS_ROWS = [
    ("bonus for a made doubled contract", PartKind.DOUBLED_MADE, "1HX 3NTX 7CX", 50, 50),
    ("bonus for a made redoubled contract", PartKind.DOUBLED_MADE, "1HXX 3NTXX 7CXX", 50, 50),
    ("part-score bonus", PartKind.PART_SCORE, "1C 2S 2NT 4D", 50, 50),
    ("game bonus", PartKind.GAME, "3NT 4S 5D 2HX", 300, 500),
    ("small slam bonus", PartKind.SMALL_SLAM, "6C 6H 6NT", 500, 750),
    ("grand slam bonus", PartKind.GRAND_SLAM, "7D 7S 7NT", 1000, 1500),
]

# 三（三）罚分: tricks down, not vulnerable (—, X, XX), vulnerable (—, X, XX).
S3_PENALTIES = """
1  50  100  200 100  200  400
2 100  300  600 200  500 1000
3 150  500 1000 300  800 1600
4 200  700 1400 400 1100 2200
5 250  900 1800 500 1400 2800
6 300 1100 2200 600 1700 3400
7 350 1300 2600 700 2000 4000
"""

# 六 (有局方) and 七 (无局方): rows —, 加倍, 再加倍 for 1 to 11 down.
S6_PENALTIES = """
—   100  200  300  400  500  600  700  800  900 1000 1100
X   200  500  800 1100 1400 1700 2000 2300 2600 2900 3200
XX  400 1000 1600 2200 2800 3400 4000 4600 5200 5800 6400
"""
S7_PENALTIES = """
—    50  100  150  200  250  300  350  400  450  500  550
X   100  300  500  800 1100 1400 1700 2000 2300 2600 2900
XX  200  600 1000 1600 2200 2800 3400 4000 4600 5200 5800
"""

# 四 and 五: level, result, then C/D, H/S, NT (each —, 加倍, 再加倍), as printed.
S4_TABLE = """
1 =     70  140  230     80  160  520     90  180  560
1 1     90  240  430    110  260  720    120  280  760
1 +2   110  340  630    140  360  920    150  380  960
1 +3   130  440  830    170  460 1120    180  480 1160
1 +4   150  540 1030    200  560 1320    210  580 1360
1 +5   170  640 1230    230  660 1520    240  680 1560
1 +6   190  740 1430    260  760 1720    270  780 1760
2 =     90  180  560    110  470  640    120  490  680
2 +1   110  280  760    140  570  840    150  590  880
2 +2   130  380  960    170  670 1040    180  690 1080
2 +3   150  480 1160    200  770 1240    210  790 1280
2 +4   170  580 1360    230  870 1440    240  890 1480
2 +5   190  680 1560    260  970 1640    270  990 1680
3 =    110  470  640    140  530  760    400  550  800
3 +1   130  570  840    170  630  960    430  650 1000
3 +2   150  670 1040    200  730 1160    460  750 1200
3 +3   170  770 1240    230  830 1360    490  850 1400
3 +4   190  870 1440    260  930 1560    520  950 1600
4 =    130  510  720    420  590  880    430  610  920
4 +1   150  610  920    450  690 1080    460  710 1120
4 +2   170  710 1120    480  790 1280    490  810 1320
4 +3   190  810 1320    510  890 1480    520  910 1520
5 =    400  550  800    450  650 1000    460  670 1040
5 +1   420  650 1000    480  750 1200    490  770 1240
5 +2   440  750 1200    510  850 1400    520  870 1440
6 =    920 1090 1380    980 1210 1620    990 1230 1660
6 +1   940 1190 1580   1010 1310 1820   1020 1330 1860
7 =   1440 1630 1960   1510 1770 2240   1520 1790 2280
"""
S5_TABLE = """
1 =     70  140  230     80  160  720     90  180  760
1 1     90  340  630    110  360 1120    120  380 1160
1 +2   110  540 1030    140  560 1520    150  180 1560
1 +3   130  740 1430    170  760 1920    180  780 1960
1 +4   150  940 1830    200  960 2320    210  980 2360
1 +5   170 1140 2230    230 1160 2720    240 1180 2760
1 +6   190 1340 2630    260 1360 3120    270 1380 3160
2 =     90  180  760    110  670  840    120  690  880
2 +1   110  380 1160    140  870 1240    150  890 1280
2 +2   130  580 1960    170 1070 1640    180 1090 1680
2 +3   150  780 1160    200 1270 2040    210 1290 2080
2 +4   170  980 3360    230 1470 2440    240 1490 2480
2 +5   190 1180 2760    260 1670 2840    270 1690 2880
3 =    110  670  840    140  730  960    600  750 1000
3 +1   130  870 1240    170  930 1360    630  950 1400
3 +2   150 1070 1640    200 1130 1760    660 1150 1800
3 +3   170 1270 2040    230 1330 2160    690 1350 2200
3 +4   190 1470 2440    260 1530 2560    720 1550 2600
4 =    130  710  920    620  790 1080    630  810 1120
4 +1   150  910 1320    650  990 1480    660 1010 1520
4 +2   170 1110 1720    680 1190 1880    690 1210 1920
4 +3   190 1310 2120    710 1390 2280    720 1410 2320
5 =    600  750 1000    650  850 1200    660  870 1240
5 +1   620  950 1400    680 1050 1600    690 1070 1640
5 +2   440  750 1200    710 1250 2000    720 1270 2040
6 =   1370 1540 1830   1430 1660 2070   1440 1680 2110
6 +1  1390 1740 2230   1460 1860 2470   1470 1880 2510
7 =   2140 2330 2660   2210 2470 2940   2220 2490 2980
"""

CELLS = SeedCells(OVERRIDES)
SECTION_IDS = {S3: "002-sec3", S4: "002-sec4", S5: "002-sec5", S6: "002-sec6", S7: "002-sec7"}
LABELS_AS_PRINTED = {}  # (source, label) -> (printed, meant) where a row label is off


def made_table_cases(source, table, vul):
    cases, rows_read = [], {}
    for level, label, *values in rows(table):
        over = rows_read[level] = rows_read.get(level, -1) + 1
        meant = "=" if over == 0 else f"+{over}"
        if label != meant:
            LABELS_AS_PRINTED[(source, f"level {level} row {meant} label")] = (label, meant)
        for index, value in enumerate(map(int, values)):
            group, dbl = ("C/D", "H/S", "NT")[index // 3], DOUBLINGS[index % 3]
            cell = f"{level}{group} {meant} {doubling_name(dbl)}"
            want = CELLS.expected(source, cell, value)
            cases += made_cases(f"{level}{group}", dbl, meant, vul, want, SECTION_IDS[source])
    return cases


MADE_CASES = made_table_cases(S4, S4_TABLE, "nv") + made_table_cases(S5, S5_TABLE, "vul")


@pytest.mark.parametrize(SCORE_FIELDS, MADE_CASES)
def test_seed_made_contract_table_cells_match_the_rules(contract, tricks, vulnerable, want):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == want


def printed_penalty_case(source, down, vul, dbl, value):
    want = CELLS.expected(source, f"down {down} {vul} {doubling_name(dbl)}", value)
    return penalty_case(down, vul, dbl, want, SECTION_IDS[source])


def penalty_cases():
    for down, *values in rows(S3_PENALTIES):
        for index, value in enumerate(map(int, values)):
            vul, dbl = ("nv", "vul")[index // 3], DOUBLINGS[index % 3]
            yield printed_penalty_case(S3, int(down), vul, dbl, value)
    for source, table, vul in ((S6, S6_PENALTIES, "vul"), (S7, S7_PENALTIES, "nv")):
        for dbl, *values in rows(table):
            for down, value in enumerate(map(int, values), start=1):
                yield printed_penalty_case(source, down, vul, dbl.replace("—", ""), value)


@pytest.mark.parametrize(SCORE_FIELDS, list(penalty_cases()))
def test_seed_penalty_table_cells_match_the_rules(contract, tricks, vulnerable, want):
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == want


def basic_cases():
    for group, which, *values in rows(BASIC_TABLE):
        for dbl, value in zip(DOUBLINGS, map(int, values), strict=True):
            for strain in group.split("/"):
                case_id = f"002-sec3-basic-{strain}-{which}-{doubling_name(dbl)}"
                yield pytest.param(strain, which, dbl, value, id=case_id)


@pytest.mark.parametrize(("strain", "which", "dbl", "value"), list(basic_cases()))
def test_seed_basic_score_table_cells_match_the_rules(strain, which, dbl, value):
    def contract_tricks(level):
        return parts_of(f"{level}{strain}{dbl}", level + 6, False, PartKind.CONTRACT_TRICKS)

    if which == "each":
        assert [contract_tricks(level) for level in range(1, 8)] == [
            level * value for level in range(1, 8)
        ]
    elif which == "first":
        assert contract_tricks(1) == value
    else:
        assert [contract_tricks(level) - contract_tricks(level - 1) for level in range(2, 8)] == [
            value
        ] * 6


def overtrick_cases():
    for index, printed in enumerate(OVERTRICK_ROW.split()):
        vul, dbl = ("nv", "vul")[index // 3], DOUBLINGS[index % 3]
        for strain in TRICK_VALUES:
            value = TRICK_VALUES[strain] if printed == "基本分" else int(printed)
            case_id = f"002-sec3-overtrick-1{strain}{dbl}-{vul}"
            yield pytest.param(f"1{strain}{dbl}", vul == "vul", value, id=case_id)


@pytest.mark.parametrize(("contract", "vulnerable", "value"), list(overtrick_cases()))
def test_seed_overtrick_table_cells_match_the_rules(contract, vulnerable, value):
    for over in (1, 3, 6):
        assert parts_of(contract, 7 + over, vulnerable, PartKind.OVERTRICKS) == over * value


def bonus_cases():
    for cell, kind, contracts, nv_value, vul_value in BONUS_ROWS:
        for vul, value in (("nv", nv_value), ("vul", vul_value)):
            # Rows 2 and 3 print one figure for both; rows 4 to 6 one for each.
            want = CELLS.expected(S3, cell if nv_value == vul_value else f"{cell} {vul}", value)
            for contract in contracts.split():
                case_id = f"002-sec3-{cell.replace(' ', '-')}-{contract}-{vul}"
                yield pytest.param(contract, vul == "vul", kind, want, id=case_id)


@pytest.mark.parametrize(("contract", "vulnerable", "kind", "want"), list(bonus_cases()))
def test_seed_bonus_table_cells_match_the_rules(contract, vulnerable, kind, want):
    assert parts_of(contract, int(contract[0]) + 6, vulnerable, kind) == want


@pytest.mark.parametrize("key", CELLS.override_cases(SECTION_IDS))
def test_seed_overrides_name_printed_cells_that_break_the_rules(key):
    CELLS.check_override(key)


def test_seed_label_fixes_name_every_misprinted_row_label():
    assert {key: fix[:2] for key, fix in LABEL_FIXES.items()} == LABELS_AS_PRINTED
