"""Chicago (four-deal bridge): dealer, vulnerability, games, part-scores and rounds."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import PASS, Seat, Side, Vulnerability, all_contracts, duplicate_score
from matches.scoring.chicago import (
    ChicagoDeal,
    chicago_dealer,
    chicago_pad,
    chicago_vulnerability,
)
from matches.scoring.rubber import DealError, EntryKind, Honours

NS, EW = Side.NS, Side.EW
K = EntryKind
PASSED = ChicagoDeal(None, PASS, 0)


def after_passes(place, deal):
    """Return the deals that put ``deal`` at this place of the first round."""
    return [PASSED] * (place - 1) + [deal]


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
    pad = chicago_pad(after_passes(place, ChicagoDeal(declarer, contract, tricks)))
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
    pad = chicago_pad([PASSED, first, second])  # deals 2 and 3: EW then NS vulnerable
    assert pad.deals[-1].game == side
    assert pad.deals[-1].scores[side] == score


def test_a_game_wipes_the_other_sides_part_score_off_the_way_to_game_but_not_off_the_total():
    pad = chicago_pad([ChicagoDeal("E", "2H", 8), ChicagoDeal("N", "4S", 10), PASSED, PASSED])
    assert pad.deals[1].part_scores == {NS: 0, EW: 0}
    assert not [e for e in pad.deals[3].entries if e.kind is K.PART_SCORE]
    assert pad.totals == {NS: 420, EW: 60}


@pytest.mark.parametrize(
    ("deals", "bonuses"),
    [
        ([PASSED, PASSED, PASSED, ChicagoDeal("N", "1NT", 7)], {NS: 100, EW: 0}),
        ([ChicagoDeal("E", "2H", 8), PASSED, PASSED, PASSED], {NS: 0, EW: 100}),
        (
            [ChicagoDeal("E", "2H", 8), PASSED, PASSED, ChicagoDeal("S", "1C", 8)],
            {NS: 100, EW: 100},
        ),
        ([ChicagoDeal("E", "2H", 8), PASSED, PASSED, ChicagoDeal("W", "2C", 8)], {NS: 0, EW: 0}),
        ([PASSED, PASSED, PASSED, ChicagoDeal("W", "3NT", 8)], {NS: 0, EW: 0}),
        ([PASSED, PASSED, PASSED, PASSED], {NS: 0, EW: 0}),
    ],
    ids=["made-on-deal-4", "left-from-deal-1", "both-sides", "made-game-on-4", "down", "none"],
)
def test_a_part_score_left_after_the_fourth_deal_scores_100(deals, bonuses):
    fourth = chicago_pad(deals).deals[3]
    for side, bonus in bonuses.items():
        got = [e.points for e in fourth.entries if e.side == side and e.kind is K.PART_SCORE]
        assert sum(got) == bonus


def test_a_part_score_that_completes_game_on_the_fourth_deal_gets_the_game_bonus_not_100():
    pad = chicago_pad([ChicagoDeal("E", "2H", 8), PASSED, PASSED, ChicagoDeal("W", "2C", 8)])
    assert written(pad.deals[3]) == [(EW, K.CONTRACT_TRICKS, 40), (EW, K.GAME, 500)]


def test_a_new_round_starts_with_no_part_scores():
    pad = chicago_pad(
        [PASSED, PASSED, ChicagoDeal("N", "2S", 8), PASSED, ChicagoDeal("N", "2S", 8)]
    )
    assert [e.kind for e in pad.deals[3].entries] == [K.PART_SCORE]
    assert pad.deals[4].game is None
    assert pad.deals[4].part_scores == {NS: 60, EW: 0}
    assert pad.part_scores == {NS: 60, EW: 0}


def test_a_passed_out_deal_scores_nothing_and_the_deal_passes_to_the_next_dealer():
    pad = chicago_pad([PASSED])
    assert pad.deals[0].entries == ()
    assert pad.deals[0].dealer == Seat.NORTH
    assert (pad.next_number, pad.next_dealer) == (2, Seat.EAST)


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
    pad = chicago_pad([PASSED] * played)
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
            ChicagoDeal(None, PASS, 0),
        ]
    )
    first, second = pad.rounds
    assert first.complete and not second.complete
    assert first.totals == {NS: 420, EW: 60 + 100 + 40 + 500}
    assert first.running_totals == first.totals
    assert second.brought_forward == first.totals
    assert second.totals == {NS: 20, EW: 1370}
    assert second.running_totals == {NS: 440, EW: 2070}
    assert pad.totals == second.running_totals
    assert pad.difference == 440 - 2070
    assert [row.round for row in pad.deals] == [1, 1, 1, 1, 2, 2, 2]
    assert [row.place for row in pad.deals] == [1, 2, 3, 4, 1, 2, 3]
    assert pad.part_scores == {NS: 0, EW: 0}


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


# Properties over random sessions.


@st.composite
def deals(draw):
    declarer = draw(st.sampled_from([*Seat, None]))
    if declarer is None:
        return PASSED
    return ChicagoDeal(declarer, draw(st.sampled_from(all_contracts())), draw(st.integers(0, 13)))


@given(st.lists(deals(), max_size=14))
def test_the_totals_are_the_sums_of_every_entry_deal_and_round(played):
    pad = chicago_pad(played)
    for side in Side:
        assert pad.totals[side] == sum(
            e.points for row in pad.deals for e in row.entries if e.side == side
        )
        assert pad.totals[side] == sum(round_.totals[side] for round_ in pad.rounds)
        assert sum(row.scores[side] for row in pad.deals) == pad.totals[side]
    assert len(pad.deals) == len(played)
    assert all(len(round_.deals) == 4 for round_ in pad.rounds[:-1])


@given(st.lists(deals(), max_size=14))
def test_part_scores_stay_under_100_and_their_100_comes_only_on_a_fourth_deal(played):
    pad = chicago_pad(played)
    for row in pad.deals:
        assert all(0 <= points < 100 for points in row.part_scores.values())
        kinds = [entry.kind for entry in row.entries]
        assert (K.GAME in kinds) == (row.game is not None)
        assert kinds.count(K.GAME) <= 1
        for side in Side:
            bonus = [e for e in row.entries if e.side == side and e.kind is K.PART_SCORE]
            assert len(bonus) == (row.place == 4 and row.part_scores[side] > 0)


@given(
    st.integers(1, 4),
    st.sampled_from(list(Seat)),
    st.sampled_from(all_contracts()),
    st.integers(0, 13),
)
def test_a_game_contract_or_a_failed_one_scores_as_in_duplicate(place, seat, contract, tricks):
    pad = chicago_pad(after_passes(place, ChicagoDeal(seat, contract, tricks)))
    row = pad.deals[-1]
    score = duplicate_score(contract, tricks, row.vulnerability.is_vulnerable(seat))
    if tricks < contract.book:
        other = EW if seat.side is NS else NS
        assert row.scores[other] == -score
    elif row.game is not None:
        assert row.scores[seat.side] == score
