"""Chicago (four-deal bridge): dealer, vulnerability, games, part-scores and rounds.

By default the ACBL's rules of four-deal bridge: 100 only for a part-score made on the fourth
deal that completes no game; a passed-out deal dealt again by the same dealer at the same
vulnerability. The house variants (ChicagoRules) have worked cases of their own below.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import PASS, Seat, Side, Vulnerability, all_contracts, duplicate_score
from matches.scoring.chicago import (
    ACBL,
    ChicagoDeal,
    ChicagoRules,
    PartScoreBonus,
    PassedOut,
    VulnerabilityOrder,
    chicago_dealer,
    chicago_pad,
    chicago_vulnerability,
)
from matches.scoring.rubber import DealError, EntryKind, Honours

NS, EW = Side.NS, Side.EW
K = EntryKind
PASSED = ChicagoDeal(None, PASS, 0)
# A deal that writes nothing below the line: 1♣ by North, one down (undertricks only).
DOWN = ChicagoDeal("N", "1C", 6)
UNCONVERTED = ChicagoRules(part_score_bonus=PartScoreBonus.UNCONVERTED)
COUNTS = ChicagoRules(passed_out=PassedOut.COUNTS)
SWITCHED = ChicagoRules(vulnerability=VulnerabilityOrder.NON_DEALER)


def after_passes(place, deal):
    """Return the deals that put ``deal`` at this place of the first round (passes count)."""
    return [PASSED] * (place - 1) + [deal]


def bonus_100(row):
    """Return each side's part-score premium on a row."""
    return {
        side: sum(e.points for e in row.entries if e.side == side and e.kind is K.PART_SCORE)
        for side in Side
    }


def written(row):
    return [(entry.side, entry.kind, entry.points) for entry in row.entries]


@pytest.mark.parametrize(
    ("number", "dealer", "vulnerability"),
    [
        (1, Seat.NORTH, Vulnerability.NONE),
        (2, Seat.EAST, Vulnerability.EW),
        (3, Seat.SOUTH, Vulnerability.NS),
        (4, Seat.WEST, Vulnerability.ALL),
        (5, Seat.NORTH, Vulnerability.NONE),
        (6, Seat.EAST, Vulnerability.EW),
        (11, Seat.SOUTH, Vulnerability.NS),
        (12, Seat.WEST, Vulnerability.ALL),
    ],
)
def test_the_dealer_rotates_and_the_vulnerability_follows_the_place_in_the_round(
    number, dealer, vulnerability
):
    assert chicago_dealer(number) == dealer
    assert chicago_vulnerability(number) == vulnerability


@pytest.mark.parametrize("number", [0, -1, 1.0])
def test_deal_numbers_start_at_1(number):
    with pytest.raises(ValueError):
        chicago_vulnerability(number)


GAME_CASES = [
    (1, "N", "4S", 10, [(NS, K.CONTRACT_TRICKS, 120), (NS, K.GAME, 300)]),
    (1, "E", "3NT", 10, [(EW, K.CONTRACT_TRICKS, 100), (EW, K.OVERTRICKS, 30), (EW, K.GAME, 300)]),
    (2, "E", "3NT", 9, [(EW, K.CONTRACT_TRICKS, 100), (EW, K.GAME, 500)]),
    (2, "N", "4S", 10, [(NS, K.CONTRACT_TRICKS, 120), (NS, K.GAME, 300)]),
    (3, "S", "4H", 11, [(NS, K.CONTRACT_TRICKS, 120), (NS, K.OVERTRICKS, 30), (NS, K.GAME, 500)]),
    (3, "W", "5D", 11, [(EW, K.CONTRACT_TRICKS, 100), (EW, K.GAME, 300)]),
    (
        4,
        "W",
        "6NT",
        12,
        [(EW, K.CONTRACT_TRICKS, 190), (EW, K.SMALL_SLAM, 750), (EW, K.GAME, 500)],
    ),
    (
        4,
        "N",
        "2HX",
        9,
        [
            (NS, K.CONTRACT_TRICKS, 120),
            (NS, K.OVERTRICKS, 200),
            (NS, K.DOUBLED_MADE, 50),
            (NS, K.GAME, 500),
        ],
    ),
    (1, "N", "7C", 13, [(NS, K.CONTRACT_TRICKS, 140), (NS, K.GRAND_SLAM, 1000), (NS, K.GAME, 300)]),
    (2, "E", "4SX", 8, [(NS, K.UNDERTRICKS, 500)]),
    (3, "E", "4SX", 8, [(NS, K.UNDERTRICKS, 300)]),
    (3, "S", "4SXX", 8, [(EW, K.UNDERTRICKS, 1000)]),
    (1, "S", "3NT", 8, [(EW, K.UNDERTRICKS, 50)]),
    (4, "W", "3NT", 8, [(NS, K.UNDERTRICKS, 100)]),
]


@pytest.mark.parametrize(
    ("place", "declarer", "contract", "tricks", "entries"),
    GAME_CASES,
    ids=[f"deal{p}-{d}-{c}-{t}" for p, d, c, t, _ in GAME_CASES],
)
def test_a_deal_is_scored_by_its_own_vulnerability(place, declarer, contract, tricks, entries):
    pad = chicago_pad(after_passes(place, ChicagoDeal(declarer, contract, tricks)), COUNTS)
    assert written(pad.deals[-1]) == entries


def test_two_part_scores_in_a_round_add_up_to_game():
    pad = chicago_pad([ChicagoDeal("N", "2S", 8), ChicagoDeal("S", "2D", 8)])
    first, second = pad.deals
    assert written(first) == [(NS, K.CONTRACT_TRICKS, 60)]
    assert first.part_scores == {NS: 60, EW: 0}
    assert first.game is None
    assert written(second) == [(NS, K.CONTRACT_TRICKS, 40), (NS, K.GAME, 300)]
    assert second.game == NS
    assert second.part_scores == {NS: 0, EW: 0}


@pytest.mark.parametrize(
    ("first", "second", "side", "score"),
    [
        (ChicagoDeal("E", "1NT", 7), ChicagoDeal("W", "2H", 8), EW, 60 + 300),
        (ChicagoDeal("N", "2S", 8), ChicagoDeal("S", "2C", 8), NS, 40 + 500),
    ],
    ids=["ew-not-vulnerable-on-deal-3", "ns-vulnerable-on-deal-3"],
)
def test_a_game_made_of_part_scores_gets_the_bonus_of_the_deal_that_completes_it(
    first, second, side, score
):
    pad = chicago_pad([DOWN, first, second])  # deals 2 and 3: EW then NS vulnerable
    assert pad.deals[-1].game == side
    assert pad.deals[-1].scores[side] == score


def test_a_game_wipes_the_other_sides_part_score_off_the_way_to_game_but_not_off_the_total():
    pad = chicago_pad([ChicagoDeal("E", "2H", 8), ChicagoDeal("N", "4S", 10)])
    assert pad.deals[1].part_scores == {NS: 0, EW: 0}
    assert pad.totals == {NS: 420, EW: 60}


# The fourth deal's premium (ACBL): "A side that makes a partscore in the fourth deal, if the
# partscore is not sufficient to complete a game, receives a premium of 100 points. This
# premium is scored whether or not the same side or the other side has an uncompleted
# partscore. There is no separate premium for making a partscore in any other circumstance."

FOURTH_DEAL_CASES = [
    # Deal 4 (both vulnerable): West 2♥= is 60 below, and 100.
    ("made-on-deal-4", [DOWN, DOWN, DOWN, ChicagoDeal("W", "2H", 8)], {NS: 0, EW: 100}),
    # East-West's 2♥ on deal 1 is still open after deal 4, but they made nothing on it.
    ("left-from-deal-1", [ChicagoDeal("E", "2H", 8), DOWN, DOWN, DOWN], {NS: 0, EW: 0}),
    # Both sides hold part-scores (NS 60, EW 40); North 1♣= (20, NS now 80) earns NS the 100.
    (
        "made-beside-part-scores-of-both-sides",
        [ChicagoDeal("N", "2S", 8), ChicagoDeal("E", "2D", 8), DOWN, ChicagoDeal("N", "1C", 7)],
        {NS: 100, EW: 0},
    ),
    # 2♣ by West on top of their 2♥ completes a game: the game premium (500), not 100.
    (
        "completes-a-game",
        [ChicagoDeal("E", "2H", 8), DOWN, DOWN, ChicagoDeal("W", "2C", 8)],
        {NS: 0, EW: 0},
    ),
    # 2♣× made is 80 below: a part-score, so 100 (and 50 for making it doubled).
    ("doubled-part-score", [DOWN, DOWN, DOWN, ChicagoDeal("S", "2CX", 8)], {NS: 100, EW: 0}),
    # A game bid and made on deal 4 is a game, not a part-score.
    ("game-on-deal-4", [DOWN, DOWN, DOWN, ChicagoDeal("S", "4S", 10)], {NS: 0, EW: 0}),
    ("down-on-deal-4", [DOWN, DOWN, DOWN, ChicagoDeal("W", "3NT", 8)], {NS: 0, EW: 0}),
]


@pytest.mark.parametrize(
    ("deals", "bonuses"),
    [case[1:] for case in FOURTH_DEAL_CASES],
    ids=[case[0] for case in FOURTH_DEAL_CASES],
)
def test_100_goes_only_to_a_part_score_made_on_the_fourth_deal_that_completes_no_game(
    deals, bonuses
):
    pad = chicago_pad(deals)
    assert bonus_100(pad.deals[3]) == bonuses
    assert all(bonus_100(row) == {NS: 0, EW: 0} for row in pad.deals[:3])


def test_the_issues_worked_case_a_part_score_on_deal_1_earns_no_100_after_deal_4():
    # Deal 1: North 2♠= (NS 60 below). Deal 2, E-W vulnerable: East 1NT-1 (NS 100).
    # Deal 3, N-S vulnerable: South 4♠-1 (EW 100). Deal 4, both: West 3NT-1 (NS 100).
    # Nothing is made on deal 4, so N-S score 60 + 100 + 100 = 260 (not 360).
    deals = [
        ChicagoDeal("N", "2S", 8),
        ChicagoDeal("E", "1NT", 6),
        ChicagoDeal("S", "4S", 9),
        ChicagoDeal("W", "3NT", 8),
    ]
    assert chicago_pad(deals).totals == {NS: 260, EW: 100}
    assert chicago_pad(deals, UNCONVERTED).totals == {NS: 360, EW: 100}


def test_a_part_score_that_completes_game_on_the_fourth_deal_gets_the_game_bonus_not_100():
    pad = chicago_pad([ChicagoDeal("E", "2H", 8), DOWN, DOWN, ChicagoDeal("W", "2C", 8)])
    assert written(pad.deals[3]) == [(EW, K.CONTRACT_TRICKS, 40), (EW, K.GAME, 500)]


def test_a_new_round_starts_with_no_part_scores():
    pad = chicago_pad([DOWN, DOWN, ChicagoDeal("N", "2S", 8), DOWN, ChicagoDeal("N", "2S", 8)])
    assert bonus_100(pad.deals[3]) == {NS: 0, EW: 0}
    assert pad.deals[4].game is None
    assert pad.deals[4].part_scores == {NS: 60, EW: 0}
    assert pad.part_scores == {NS: 60, EW: 0}


# House variant: 100 for any part-score still unconverted after the fourth deal.

UNCONVERTED_CASES = [
    ("made-on-deal-4", [DOWN, DOWN, DOWN, ChicagoDeal("N", "1NT", 7)], {NS: 100, EW: 0}),
    ("left-from-deal-1", [ChicagoDeal("E", "2H", 8), DOWN, DOWN, DOWN], {NS: 0, EW: 100}),
    (
        "both-sides",
        [ChicagoDeal("E", "2H", 8), DOWN, DOWN, ChicagoDeal("S", "1C", 8)],
        {NS: 100, EW: 100},
    ),
    (
        "made-game-on-4",
        [ChicagoDeal("E", "2H", 8), DOWN, DOWN, ChicagoDeal("W", "2C", 8)],
        {NS: 0, EW: 0},
    ),
    ("none", [DOWN, DOWN, DOWN, DOWN], {NS: 0, EW: 0}),
]


@pytest.mark.parametrize(
    ("deals", "bonuses"),
    [case[1:] for case in UNCONVERTED_CASES],
    ids=[case[0] for case in UNCONVERTED_CASES],
)
def test_the_house_variant_gives_100_to_each_side_holding_a_part_score_after_deal_4(deals, bonuses):
    assert bonus_100(chicago_pad(deals, UNCONVERTED).deals[3]) == bonuses


# A passed-out deal (common rule): dealt again by the same dealer at the same vulnerability.


def test_a_passed_out_deal_is_dealt_again_by_the_same_dealer_at_the_same_vulnerability():
    pad = chicago_pad([DOWN, PASSED])  # deal 2 passed out: East deals it again, E-W vulnerable
    passed = pad.deals[1]
    assert (passed.number, passed.dealer, passed.vulnerability) == (2, Seat.EAST, Vulnerability.EW)
    assert passed.redeal and passed.entries == ()
    assert (pad.next_number, pad.next_dealer, pad.next_vulnerability) == (
        2,
        Seat.EAST,
        Vulnerability.EW,
    )


def test_a_round_is_four_deals_played_however_many_are_passed_out():
    deals = [PASSED, DOWN, PASSED, PASSED, DOWN, DOWN, DOWN, ChicagoDeal("N", "1NT", 7)]
    pad = chicago_pad(deals)
    assert [row.number for row in pad.deals] == [1, 1, 2, 2, 2, 3, 4, 5]
    assert [row.redeal for row in pad.deals] == [
        True,
        False,
        True,
        True,
        False,
        False,
        False,
        False,
    ]
    first, second = pad.rounds
    assert first.complete and len(first.deals) == 7
    assert [row.number for row in second.deals] == [5]
    assert [row.index for row in pad.deals] == list(range(8))


def test_a_part_score_made_on_the_fourth_deal_after_it_was_passed_out_earns_the_100():
    pad = chicago_pad([DOWN, DOWN, DOWN, PASSED, ChicagoDeal("W", "1C", 7)])
    assert pad.deals[3].redeal and bonus_100(pad.deals[3]) == {NS: 0, EW: 0}
    assert pad.deals[4].number == 4
    assert bonus_100(pad.deals[4]) == {NS: 0, EW: 100}


def test_part_scores_carry_across_a_passed_out_deal():
    pad = chicago_pad([ChicagoDeal("N", "2S", 8), PASSED, ChicagoDeal("S", "2D", 8)])
    assert pad.deals[1].part_scores == {NS: 60, EW: 0}
    assert pad.deals[2].game == NS  # 60 + 40 on deal 2, E-W vulnerable: 300 to N-S
    assert written(pad.deals[2]) == [(NS, K.CONTRACT_TRICKS, 40), (NS, K.GAME, 300)]


def test_the_house_variant_counts_a_passed_out_deal_as_one_of_the_four():
    pad = chicago_pad([PASSED], COUNTS)
    assert pad.deals[0].entries == () and not pad.deals[0].redeal
    assert pad.deals[0].dealer == Seat.NORTH
    assert (pad.next_number, pad.next_dealer) == (2, Seat.EAST)


# House variant (allowed by the ACBL by agreement): deals 2 and 3 switched.


@pytest.mark.parametrize(
    ("number", "dealer", "acbl", "switched"),
    [
        (1, Seat.NORTH, Vulnerability.NONE, Vulnerability.NONE),
        (2, Seat.EAST, Vulnerability.EW, Vulnerability.NS),
        (3, Seat.SOUTH, Vulnerability.NS, Vulnerability.EW),
        (4, Seat.WEST, Vulnerability.ALL, Vulnerability.ALL),
        (6, Seat.EAST, Vulnerability.EW, Vulnerability.NS),
    ],
)
def test_the_vulnerability_of_deals_2_and_3_may_be_switched(number, dealer, acbl, switched):
    assert chicago_dealer(number) == dealer
    assert chicago_vulnerability(number) == acbl
    assert chicago_vulnerability(number, VulnerabilityOrder.NON_DEALER) == switched


def test_with_the_vulnerability_switched_east_is_not_vulnerable_on_deal_2():
    # Deal 2, East deals, N-S vulnerable: East's 4♠= is a non-vulnerable game (420).
    pad = chicago_pad([DOWN, ChicagoDeal("E", "4S", 10)], SWITCHED)
    assert pad.deals[1].scores[EW] == 420
    assert chicago_pad([DOWN, ChicagoDeal("E", "4S", 10)]).deals[1].scores[EW] == 620


def test_the_rules_name_the_house_variants_chosen():
    assert ACBL.variants == ()
    rules = ChicagoRules("unconverted", "counts", "non-dealer")
    assert rules.variants == (
        PartScoreBonus.UNCONVERTED,
        PassedOut.COUNTS,
        VulnerabilityOrder.NON_DEALER,
    )
    with pytest.raises(ValueError):
        ChicagoRules(passed_out="sometimes")


@pytest.mark.parametrize(
    ("played", "number", "place", "dealer", "vulnerability"),
    [
        (0, 1, 1, Seat.NORTH, Vulnerability.NONE),
        (3, 4, 4, Seat.WEST, Vulnerability.ALL),
        (4, 5, 1, Seat.NORTH, Vulnerability.NONE),
        (6, 7, 3, Seat.SOUTH, Vulnerability.NS),
    ],
)
def test_the_pad_tells_who_deals_next_and_at_what_vulnerability(
    played, number, place, dealer, vulnerability
):
    pad = chicago_pad([DOWN] * played)
    assert (pad.next_number, pad.next_place) == (number, place)
    assert (pad.next_dealer, pad.next_vulnerability) == (dealer, vulnerability)


def test_rounds_have_their_own_totals_and_a_running_total():
    pad = chicago_pad(
        [
            ChicagoDeal("N", "4S", 10),  # NS 420
            ChicagoDeal("E", "2H", 8),  # EW 60
            ChicagoDeal("S", "3NT", 8),  # NS vulnerable, down 1: EW 100
            ChicagoDeal("W", "1NT", 7),  # EW 40 more: 100, game vulnerable, 500
            ChicagoDeal("N", "1C", 7),  # round 2: NS 20
            ChicagoDeal("E", "6D", 12),  # EW vulnerable: 120 + 750 + 500
            ChicagoDeal("S", "1C", 6),  # deal 7, N-S vulnerable, one down: EW 100
        ]
    )
    first, second = pad.rounds
    assert first.complete and not second.complete
    assert first.totals == {NS: 420, EW: 60 + 100 + 40 + 500}
    assert first.running_totals == first.totals
    assert second.brought_forward == first.totals
    assert second.totals == {NS: 20, EW: 1470}
    assert second.running_totals == {NS: 440, EW: 2170}
    assert pad.totals == second.running_totals
    assert pad.difference == 440 - 2170
    assert [row.round for row in pad.deals] == [1, 1, 1, 1, 2, 2, 2]
    assert [row.place for row in pad.deals] == [1, 2, 3, 4, 1, 2, 3]
    assert pad.part_scores == {NS: 0, EW: 0}  # East-West's slam wiped N-S's 20


def test_an_empty_pad_starts_at_deal_1_with_nothing_scored():
    pad = chicago_pad([])
    assert pad.rounds == ()
    assert pad.totals == {NS: 0, EW: 0}
    assert (pad.next_number, pad.next_dealer) == (1, Seat.NORTH)


def test_honours_are_scored_as_in_rubber_bridge():
    pad = chicago_pad([ChicagoDeal("N", "4H", 10, Honours.FOUR_TRUMP, "EW")])
    assert (EW, K.HONOURS, 100) in written(pad.deals[0])


@pytest.mark.parametrize(
    ("declarer", "contract", "tricks", "honours", "holder"),
    [
        ("X", "4S", 10, None, None),
        (None, "4S", 10, None, None),
        ("N", "4S", 10, Honours.FOUR_TRUMP, "WE"),
        ("N", "4S", 10, Honours.FOUR_ACES, "NS"),
    ],
)
def test_a_deal_that_cannot_be_scored_is_refused(declarer, contract, tricks, honours, holder):
    with pytest.raises(ValueError):
        ChicagoDeal(declarer, contract, tricks, honours, holder)


def test_a_passed_out_deal_with_a_declarer_is_a_deal_error():
    with pytest.raises(DealError):
        ChicagoDeal("N", PASS, 0)


# Properties over random sessions, by any rules.

RULES = st.builds(
    ChicagoRules,
    st.sampled_from(PartScoreBonus),
    st.sampled_from(PassedOut),
    st.sampled_from(VulnerabilityOrder),
)


@st.composite
def deals(draw):
    declarer = draw(st.sampled_from([*Seat, None]))
    if declarer is None:
        return PASSED
    return ChicagoDeal(declarer, draw(st.sampled_from(all_contracts())), draw(st.integers(0, 13)))


@given(st.lists(deals(), max_size=14), RULES)
def test_the_totals_are_the_sums_of_every_entry_deal_and_round(played, rules):
    pad = chicago_pad(played, rules)
    for side in Side:
        assert pad.totals[side] == sum(
            e.points for row in pad.deals for e in row.entries if e.side == side
        )
        assert pad.totals[side] == sum(round_.totals[side] for round_ in pad.rounds)
        assert sum(row.scores[side] for row in pad.deals) == pad.totals[side]
    assert [row.index for row in pad.deals] == list(range(len(played)))
    assert all(round_.complete for round_ in pad.rounds[:-1])
    counted = sum(not row.redeal for row in pad.deals)
    assert pad.next_number == counted + 1
    assert all(
        row.redeal == (row.deal.declarer is None and rules.passed_out == "redeal")
        for row in pad.deals
    )


@given(st.lists(deals(), max_size=14), RULES)
def test_part_scores_stay_under_100_and_their_100_comes_only_on_a_fourth_deal(played, rules):
    pad = chicago_pad(played, rules)
    for row in pad.deals:
        assert all(0 <= points < 100 for points in row.part_scores.values())
        kinds = [entry.kind for entry in row.entries]
        assert (K.GAME in kinds) == (row.game is not None)
        assert kinds.count(K.GAME) <= 1
        bonus = {side for side, points in bonus_100(row).items() if points}
        if row.place != 4 or row.redeal:
            assert not bonus
        elif rules.part_score_bonus is PartScoreBonus.UNCONVERTED:
            assert bonus == {side for side in Side if row.part_scores[side]}
        else:
            made = row.deal.declarer is not None and row.deal.tricks >= row.deal.contract.book
            assert bonus == ({row.deal.declarer.side} if made and row.game is None else set())
            assert all(points == 100 for points in bonus_100(row).values() if points)


@given(
    st.integers(1, 4),
    st.sampled_from(list(Seat)),
    st.sampled_from(all_contracts()),
    st.integers(0, 13),
    RULES,
)
def test_a_game_contract_or_a_failed_one_scores_as_in_duplicate(
    place, seat, contract, tricks, rules
):
    pad = chicago_pad([DOWN] * (place - 1) + [ChicagoDeal(seat, contract, tricks)], rules)
    row = pad.deals[-1]
    assert row.vulnerability == chicago_vulnerability(place, rules.vulnerability)
    score = duplicate_score(contract, tricks, row.vulnerability.is_vulnerable(seat))
    if tricks < contract.book:
        other = EW if seat.side is NS else NS
        assert row.scores[other] == -score
    elif row.game is not None:
        assert row.scores[seat.side] == score
