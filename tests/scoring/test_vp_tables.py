"""VP scales as data: the ACBL's 20- and 30-VP tables as published, and a table the
director types in, checked for monotony and sums before it is used."""

from decimal import Decimal as D

import pytest

from matches.scoring import VPScaleError, default_bye_vp, scale_total, victory_points
from matches.scoring.vp_tables import PUBLISHED, VPTable, VPTableError, parse_vp_table


@pytest.mark.parametrize(
    ("margin", "boards", "scale", "vp"),
    [
        # BridgeHands, "Victory Points": the 30-VP scale, 6-8 boards: 1 IMP is 18-12,
        # 5-6 IMPs 22-8, 28 and more 30-0; 9-11 boards: 3-4 IMPs 20-10, 36+ 30-0.
        (0, 7, "acbl-30", (15, 15)),
        (1, 7, "acbl-30", (18, 12)),
        (6, 8, "acbl-30", (22, 8)),
        (-28, 6, "acbl-30", (0, 30)),
        (4, 9, "acbl-30", (20, 10)),
        (35, 11, "acbl-30", (29, 1)),
        (36, 10, "acbl-30", (30, 0)),
        # The 20-VP scale, 6-8 boards: 1-2 IMPs 11-9, 8-10 14-6, 28+ 20-0; 9-11 boards:
        # 3-5 IMPs 12-8, 26-30 18-2.
        (2, 7, "acbl-20", (11, 9)),
        (10, 8, "acbl-20", (14, 6)),
        (40, 6, "acbl-20", (20, 0)),
        (5, 9, "acbl-20", (12, 8)),
        (-30, 11, "acbl-20", (2, 18)),
    ],
)
def test_the_acbl_scales_give_the_published_vp(margin, boards, scale, vp):
    assert victory_points(margin, boards, scale) == tuple(D(v) for v in vp)


def test_every_published_table_is_monotone_and_adds_up_to_its_total():
    for scale, tables in PUBLISHED.items():
        for boards, table in tables.items():
            VPTable.from_stored(table.stored())  # the checks a typed table passes
            assert table.total == scale_total(scale), (scale, boards)


def test_a_published_scale_refuses_a_match_it_has_no_column_for():
    with pytest.raises(VPScaleError, match="6 to 11 boards, not 16"):
        victory_points(3, 16, "acbl-30")


def test_the_acbl_30_scales_bye_is_18_as_the_printed_25s():
    assert default_bye_vp("acbl-30") == 18
    assert default_bye_vp("acbl-20") == 12


TYPED = """0 10 10
1-2 11 9
3-5 12 8
6–9 13 7
10+ 14 6"""


def test_a_typed_table_gives_the_vp_of_the_band_the_margin_falls_in():
    table = parse_vp_table(TYPED)
    assert victory_points(0, 16, table) == (D(10), D(10))
    assert victory_points(2, 16, table) == (D(11), D(9))
    assert victory_points(-7, 16, table) == (D(7), D(13))
    assert victory_points(99, 16, table) == (D(14), D(6))
    assert scale_total(table) == 14
    assert default_bye_vp(table) == D("8.40")


def test_a_typed_table_reads_back_as_it_was_typed_and_survives_storing():
    table = parse_vp_table(TYPED)
    assert table.text() == TYPED.replace("–", "-")
    assert VPTable.from_stored(table.stored()) == table


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("", "empty", 0),
        ("1 11 9\n2+ 12 8", "start", 1),
        ("0 11 9\n1+ 12 8", "draw", 1),
        ("0 10 10\n1-2 11 9\n4+ 12 8", "gap", 3),
        ("0 10 10\n1-3 11 9\n3+ 12 8", "overlap", 3),
        ("0 10 10\n1-2 12 8\n3+ 11 9", "monotony", 3),  # the winner gets less for more
        ("0 10 10\n1-2 11 8\n3+ 12 8", "sums", 2),  # 11 + 8 is not 20
        ("0 10 10\n1+ 11 9\n5+ 12 8", "open", 2),
        ("0 10 10\nten 11 9", "format", 2),
    ],
)
def test_a_typed_table_that_is_not_a_scale_is_refused_naming_the_line(text, code, line):
    with pytest.raises(VPTableError) as refused:
        parse_vp_table(text)
    assert (refused.value.code, refused.value.line) == (code, line)
