"""The single-table game (贴点赛): each reading the module's docstring names, the deal's
checks, the explanation a page translates, and properties of both methods.

The seeds' worked examples are in ``test_single_table_seeds.py``.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import (
    PASS,
    Contract,
    Seat,
    Side,
    all_contracts,
    board_vulnerability,
    imps,
    ns_score,
)
from matches.scoring.single_table import (
    POINT_VALUES,
    Band,
    Method,
    Reason,
    Step,
    StepCode,
    TableDeal,
    TableDealError,
    contract_band,
    long_game_bonus,
    points_band,
    score_deal,
    score_sheet,
)

NS, EW = Side.NS, Side.EW


def deal(board, declarer, contract, tricks, ns_hcp):
    return TableDeal(board, Contract.parse(contract), declarer, tricks, ns_hcp)


def passed_out(board, ns_hcp):
    return TableDeal(board, PASS, None, 0, ns_hcp)


# Reading 1: what a side's points should make.
@pytest.mark.parametrize(
    ("hcp", "band"),
    [
        pytest.param(20, Band.PART_SCORE, id="20-part-score"),
        pytest.param(25, Band.PART_SCORE, id="25-part-score"),
        pytest.param(26, Band.GAME, id="26-game"),
        pytest.param(32, Band.GAME, id="32-game"),
        pytest.param(33, Band.SMALL_SLAM, id="33-small-slam"),
        pytest.param(36, Band.SMALL_SLAM, id="36-small-slam"),
        pytest.param(37, Band.GRAND_SLAM, id="37-grand-slam"),
        pytest.param(40, Band.GRAND_SLAM, id="40-grand-slam"),
    ],
)
def test_a_sides_points_set_what_the_deal_should_be_worth(hcp, band):
    assert points_band(hcp) is band


# Reading 1: what a contract is worth, doubling included.
@pytest.mark.parametrize(
    ("contract", "band"),
    [
        pytest.param("PASS", Band.PART_SCORE, id="passed-out-part-score"),
        pytest.param("2S", Band.PART_SCORE, id="2S-part-score"),
        pytest.param("4D", Band.PART_SCORE, id="4D-part-score"),
        pytest.param("2SX", Band.GAME, id="2SX-game-by-doubling"),
        pytest.param("1NTXX", Band.GAME, id="1NTXX-game-by-redoubling"),
        pytest.param("3NT", Band.GAME, id="3NT-game"),
        pytest.param("5D", Band.GAME, id="5D-game"),
        pytest.param("5NT", Band.GAME, id="5NT-game"),
        pytest.param("6C", Band.SMALL_SLAM, id="6C-small-slam"),
        pytest.param("7NTX", Band.GRAND_SLAM, id="7NTX-grand-slam"),
    ],
)
def test_a_contract_is_worth_a_game_by_its_trick_score_and_a_slam_by_its_level(contract, band):
    assert contract_band(Contract.parse(contract)) is band


@pytest.mark.parametrize(
    ("args", "per_point", "reason", "band"),
    [
        pytest.param(
            (1, "N", "4S", 10, 24),
            60,
            Reason.CONTRACT,
            Band.GAME,
            id="24hcp-bid-game-give-at-game-value",
        ),
        pytest.param(
            (1, "E", "4S", 10, 23),
            60,
            Reason.CONTRACT,
            Band.GAME,
            id="23hcp-defending-a-game-give-at-game-value",
        ),
        pytest.param(
            (1, "N", "2S", 9, 25),
            40,
            Reason.PART_SCORE,
            Band.PART_SCORE,
            id="25hcp-part-score-give-40",
        ),
        pytest.param(
            (1, "N", "3S", 9, 33),
            70,
            Reason.POINTS,
            Band.SMALL_SLAM,
            id="33hcp-in-3S-give-at-small-slam-value",
        ),
        pytest.param(
            (4, "N", "6S", 12, 34),
            90,
            Reason.POINTS_AND_CONTRACT,
            Band.SMALL_SLAM,
            id="34hcp-in-6S-vul-give-90",
        ),
        pytest.param(
            (4, "N", "4S", 10, 38),
            110,
            Reason.POINTS,
            Band.GRAND_SLAM,
            id="38hcp-in-4S-vul-give-110",
        ),
        pytest.param(
            (1, "E", "7NT", 13, 22),
            90,
            Reason.CONTRACT,
            Band.GRAND_SLAM,
            id="22hcp-defending-7NT-give-90",
        ),
    ],
)
def test_the_value_of_a_point_is_the_higher_of_the_points_and_the_contract(
    args, per_point, reason, band
):
    compensation = score_deal(deal(*args), Method.ELABORATE).compensation
    assert (compensation.per_point, compensation.reason, compensation.band) == (
        per_point,
        reason,
        band,
    )


# Reading 2: the giving side's own vulnerability, whoever declared.
@pytest.mark.parametrize(
    ("board", "declarer", "ns_hcp", "per_point"),
    [
        pytest.param(2, "E", 22, 80, id="NS-vul-give-80-against-EW-game"),
        pytest.param(2, "N", 18, 60, id="EW-not-vul-give-60-against-NS-game"),
        pytest.param(3, "E", 22, 60, id="NS-not-vul-give-60-against-EW-vul-game"),
        pytest.param(3, "N", 18, 80, id="EW-vul-give-80-against-NS-game"),
    ],
)
def test_the_giving_side_gives_by_its_own_vulnerability(board, declarer, ns_hcp, per_point):
    result = score_deal(deal(board, declarer, "4H", 10, ns_hcp), Method.ELABORATE)
    assert result.compensation.per_point == per_point
    assert result.compensation.vulnerable is (per_point == 80)


# Reading 3: the 28-point rule.
@pytest.mark.parametrize(
    ("args", "bonus"),
    [
        pytest.param((2, "N", "3NT", 11, 29), 140, id="3NT+2-29hcp-vul-600+200=800"),
        pytest.param((2, "N", "5NT", 11, 29), 200, id="5NT=-29hcp-vul-660+200=860"),
        pytest.param((1, "N", "3NT", 11, 28), 140, id="3NT+2-28hcp-rule-starts-at-28"),
        pytest.param((1, "N", "3NT", 11, 27), 0, id="3NT+2-27hcp-no-rule"),
        pytest.param((1, "N", "3NT", 9, 30), 0, id="3NT=-no-overtricks"),
        pytest.param((1, "N", "3NT", 8, 30), 0, id="3NT-1-failed"),
        pytest.param((1, "N", "4S", 12, 30), 140, id="4S+2-420+200=620-not-480"),
        pytest.param((1, "S", "5D", 12, 30), 80, id="5D+1-400+100=500-not-420"),
        pytest.param((1, "N", "4D", 12, 30), 0, id="4D+2-part-score-no-rule"),
        pytest.param((1, "N", "6NT", 13, 34), 0, id="6NT+1-slam-no-rule"),
        pytest.param((1, "N", "3NTX", 11, 30), 0, id="3NTX+2-doubled-overtricks-stand"),
        pytest.param((1, "E", "3NT", 11, 10), -140, id="3NT+2-by-EW-30hcp"),
        pytest.param((1, "N", "3NT", 11, 10), 0, id="3NT+2-by-NS-10hcp-no-rule"),
    ],
)
def test_the_28_point_rule_pays_100_a_trick_over_the_lowest_game(args, bonus):
    assert long_game_bonus(deal(*args)) == bonus
    result = score_deal(deal(*args), Method.ELABORATE)
    assert result.ns_counted == result.ns_score + bonus


def test_the_28_point_rule_is_for_the_elaborate_method_only():
    result = score_deal(deal(2, "N", "3NT", 11, 29), Method.SIMPLE)
    assert result.ns_counted == result.ns_score == 660
    assert result.ns_score_imps == 12
    assert (result.ns_imps, result.ew_imps) == (3, 0)  # 12 less 9


# Reading 4: a passed-out deal.
@pytest.mark.parametrize(
    ("method", "ns_hcp", "ns_imps", "ew_imps"),
    [
        pytest.param(Method.SIMPLE, 20, 0, 0, id="simple-20-20-nothing"),
        pytest.param(Method.SIMPLE, 21, 0, 1, id="simple-NS-21-EW-win-1"),
        pytest.param(Method.SIMPLE, 17, 3, 0, id="simple-NS-17-NS-win-3"),
        pytest.param(Method.ELABORATE, 23, 0, 3, id="elaborate-NS-23-give-3x40=120-EW-win-3"),
        pytest.param(Method.ELABORATE, 26, 0, 8, id="elaborate-NS-26-give-6x60=360-EW-win-8"),
        pytest.param(Method.ELABORATE, 20, 0, 0, id="elaborate-20-20-nothing"),
    ],
)
def test_a_passed_out_deal_still_costs_the_side_with_more_points(method, ns_hcp, ns_imps, ew_imps):
    result = score_deal(passed_out(1, ns_hcp), method)
    assert result.ns_score == 0
    assert (result.ns_imps, result.ew_imps) == (ns_imps, ew_imps)


# Reading 5: level points, level deals.
def test_with_20_points_each_nothing_is_given():
    compensation = score_deal(deal(1, "N", "4S", 10, 20), Method.ELABORATE).compensation
    assert (compensation.giver, compensation.receiver, compensation.amount) == (None, None, 0)
    assert compensation.reason is Reason.EVEN


def test_a_deal_that_ends_level_gives_no_imps():
    result = score_deal(deal(1, "N", "1NT", 7, 22), Method.SIMPLE)  # 90 is 3 IMPs, less 2
    assert result.winner is NS
    result = score_deal(deal(1, "N", "1C", 7, 22), Method.SIMPLE)  # 70 is 2 IMPs, less 2
    assert (result.ns_net, result.ns_imps, result.ew_imps, result.winner) == (0, 0, 0, None)
    assert result.explanation[-1].code is StepCode.NO_IMPS


@pytest.mark.parametrize(
    ("args", "code"),
    [
        pytest.param((0, PASS, None, 0, 20), "board", id="board-0"),
        pytest.param((1, "4S", "N", 10, 20), "contract", id="contract-as-text"),
        pytest.param((1, PASS, None, 0, 41), "hcp", id="hcp-41"),
        pytest.param((1, PASS, None, 0, -1), "hcp", id="hcp-negative"),
        pytest.param((1, PASS, None, 0, True), "hcp", id="hcp-not-a-number"),
        pytest.param((1, PASS, "N", 0, 20), "passed-out", id="passed-out-with-declarer"),
        pytest.param((1, PASS, None, 7, 20), "passed-out", id="passed-out-with-tricks"),
        pytest.param((1, Contract.parse("4S"), None, 10, 20), "declarer", id="no-declarer"),
        pytest.param((1, Contract.parse("4S"), "X", 10, 20), "declarer", id="declarer-X"),
        pytest.param((1, Contract.parse("4S"), "N", 14, 20), "tricks", id="tricks-14"),
        pytest.param((1, Contract.parse("4S"), "N", -1, 20), "tricks", id="tricks-negative"),
    ],
)
def test_a_deal_that_cannot_be_is_refused_with_a_code(args, code):
    with pytest.raises(TableDealError) as raised:
        TableDeal(*args)
    assert raised.value.code == code
    assert isinstance(raised.value, ValueError)


def test_a_declarer_written_as_a_letter_is_taken_as_the_seat():
    assert deal(1, "N", "4S", 10, 20).declarer is Seat.NORTH


def test_a_method_is_named_by_its_stored_value():
    assert Method("simple") is Method.SIMPLE and Method("elaborate") is Method.ELABORATE
    with pytest.raises(ValueError):
        score_deal(deal(1, "N", "4S", 10, 20), "rubber")


def test_the_explanation_of_a_simple_deal_is_codes_and_values():
    steps = score_deal(deal(3, "E", "2D", 10, 13), Method.SIMPLE).explanation
    assert [step.code for step in steps] == ["score", "score-imps", "compensation", "imps"]
    assert steps[0].kwargs == {"side": "EW", "score": 130}
    assert steps[1].kwargs == {"side": "EW", "imps": 4}
    assert steps[2].kwargs == {
        "giver": "EW",
        "receiver": "NS",
        "hcp": 27,
        "excess": 7,
        "per_point": 1,
        "amount": 7,
        "unit": "imps",
        "reason": "simple",
    }
    assert steps[3].kwargs == {"side": "NS", "imps": 3}


def test_the_explanation_of_an_elaborate_deal_names_the_band_and_why():
    steps = score_deal(deal(15, "W", "2SX", 9, 21), Method.ELABORATE).explanation
    assert [step.code for step in steps] == ["score", "compensation", "net-score", "imps"]
    assert steps[1].kwargs == {
        "giver": "NS",
        "receiver": "EW",
        "hcp": 21,
        "excess": 1,
        "per_point": 80,
        "amount": 80,
        "unit": "score",
        "reason": "contract",
        "band": "game",
        "vulnerable": 1,
    }
    assert steps[2].kwargs == {"side": "EW", "score": 650}


def test_the_explanation_of_a_passed_out_deal_at_20_each():
    steps = score_deal(passed_out(1, 20), Method.ELABORATE).explanation
    assert [step.code for step in steps] == ["passed-out", "even", "no-imps"]


def test_an_empty_sheet_totals_nothing():
    sheet = score_sheet([], Method.SIMPLE)
    assert (sheet.rows, sheet.ns_total, sheet.ew_total, sheet.net) == ((), 0, 0, 0)


# Properties.
ANY_HCP = st.integers(0, 40)


@st.composite
def deals(draw, hcp=ANY_HCP):
    board = draw(st.integers(1, 32))
    contract = draw(st.sampled_from([PASS, *all_contracts()]))
    if contract.is_pass:
        return passed_out(board, draw(hcp))
    seat = draw(st.sampled_from(list(Seat)))
    return TableDeal(board, contract, seat, draw(st.integers(0, 13)), draw(hcp))


methods = st.sampled_from(list(Method))
_NEXT_SEAT = dict(zip("NESW", "ESWN", strict=True))  # each seat moves one to the left
_MIRROR_VUL = {"None": "None", "NS": "EW", "EW": "NS", "All": "All"}
_BOARD_WITH = {board_vulnerability(b).value: b for b in range(16, 0, -1)}  # the first of each


def mirrored(table_deal):
    """Return the deal with North-South and East-West swapping seats, points and vulnerability."""
    board = _BOARD_WITH[_MIRROR_VUL[board_vulnerability(table_deal.board).value]]
    seat = table_deal.declarer and _NEXT_SEAT[table_deal.declarer]
    return TableDeal(
        board, table_deal.contract, seat, table_deal.tricks, table_deal.ew_hcp, table_deal.lead
    )


@given(deals(), methods)
def test_swapping_north_south_and_east_west_mirrors_the_result(table_deal, method):
    result = score_deal(table_deal, method)
    mirror = score_deal(mirrored(table_deal), method)
    assert mirror.ns_score == -result.ns_score
    assert mirror.ns_counted == -result.ns_counted
    assert mirror.ns_net == -result.ns_net
    assert (mirror.ns_imps, mirror.ew_imps) == (result.ew_imps, result.ns_imps)
    assert mirror.compensation.giver == result.compensation.receiver
    assert mirror.compensation.amount == result.compensation.amount
    assert mirror.compensation.per_point == result.compensation.per_point
    assert mirror.compensation.reason is result.compensation.reason


@given(deals(hcp=st.just(20)), methods)
def test_with_20_points_each_the_deal_is_just_the_imps_of_its_score(table_deal, method):
    result = score_deal(table_deal, method)
    assert result.compensation.amount == 0
    assert result.ns_imps - result.ew_imps == imps(result.ns_score)


@given(deals())
def test_the_simple_method_takes_a_point_over_20_off_the_imps(table_deal):
    result = score_deal(table_deal, Method.SIMPLE)
    assert result.ns_imps - result.ew_imps == imps(result.ns_score) - (table_deal.ns_hcp - 20)


@given(deals(), methods)
def test_only_the_side_ahead_wins_imps(table_deal, method):
    result = score_deal(table_deal, method)
    assert min(result.ns_imps, result.ew_imps) == 0
    assert result.ns_imps >= 0 and result.ew_imps >= 0


@given(deals())
def test_the_elaborate_method_gives_at_least_what_the_points_say(table_deal):
    result = score_deal(table_deal, Method.ELABORATE)
    compensation = result.compensation
    if compensation.giver is None:
        assert table_deal.ns_hcp == 20
        return
    assert table_deal.hcp(compensation.giver) > 20
    values = POINT_VALUES[points_band(table_deal.hcp(compensation.giver))]
    assert compensation.per_point >= values[compensation.vulnerable]
    assert compensation.amount == compensation.excess * compensation.per_point
    assert result.ns_imps - result.ew_imps == imps(result.ns_net)


@given(st.lists(deals(), max_size=20), methods)
def test_the_sheet_keeps_running_totals_of_each_sides_imps(table_deals, method):
    sheet = score_sheet(table_deals, method)
    assert [row.score for row in sheet.rows] == [score_deal(d, method) for d in table_deals]
    ns_total = ew_total = 0
    for row in sheet.rows:
        ns_total += row.score.ns_imps
        ew_total += row.score.ew_imps
        assert (row.ns_total, row.ew_total) == (ns_total, ew_total)
    assert (sheet.ns_total, sheet.ew_total) == (ns_total, ew_total)


@given(deals(), methods)
def test_every_explanation_is_codes_with_plain_values(table_deal, method):
    result = score_deal(table_deal, method)
    for step in result.explanation:
        assert isinstance(step, Step) and step.code in set(StepCode)
        assert all(type(value) in (int, str) for value in step.kwargs.values())
    assert result.explanation[-1].code in (StepCode.IMPS, StepCode.NO_IMPS)
    assert result.ns_score == ns_score(
        table_deal.contract, table_deal.declarer, table_deal.tricks, table_deal.board
    )
