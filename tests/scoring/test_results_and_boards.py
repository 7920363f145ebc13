import pytest

from matches.scoring import (
    Contract,
    ResultError,
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    format_result,
    ns_score,
    parse_result,
    passed_out_extras,
)


@pytest.mark.parametrize(
    ("contract", "text", "tricks", "written"),
    [
        ("4S", "=", 10, "="),
        ("4S", "+1", 11, "+1"),
        ("4S", "-2", 8, "-2"),
        ("4S", "10", 10, "="),
        ("4S", "12", 12, "+2"),
        ("3NT", "0", 0, "-9"),
        ("7NT", "13", 13, "="),
        ("1C", "+6", 13, "+6"),
        ("2H", "－１", 7, "-1"),
        ("2H", "＝", 8, "="),
    ],
)
def test_it_reads_and_writes_results_both_ways(contract, text, tricks, written):
    contract = Contract.parse(contract)
    assert parse_result(text, contract) == tricks
    assert format_result(contract, tricks) == written


@pytest.mark.parametrize(
    ("contract", "text", "code"),
    [
        ("7NT", "+7", "over"),
        ("7NT", "+1", "over"),
        ("1C", "-8", "under"),
        ("4S", "14", "tricks"),
        ("4S", "abc", "format"),
        ("4S", "", "empty"),
        ("PASS", "10", "passed-out"),
        ("PASS", "=", "passed-out"),
        ("PASS", "0", "passed-out"),
    ],
)
def test_it_refuses_results_that_cannot_be(contract, text, code):
    with pytest.raises(ResultError) as caught:
        parse_result(text, Contract.parse(contract))
    assert caught.value.code == code


# Seed 002 section 九: 1 N 双无, 2 E 南北, 3 S 东西, 4 W 双有, 5 N 南北, 6 E 东西, 7 S 双有,
# 8 W 双无, 9 N 东西, 10 E 双有, 11 S 双无, 12 W 南北, 13 N 双有, 14 E 双无, 15 S 南北, 16 W 东西.
SECTION_NINE = (
    "N None,E NS,S EW,W All,N NS,E EW,S All,W None,N EW,E All,S None,W NS,N All,E None,S NS,W EW"
).split(",")


@pytest.mark.parametrize("board", range(1, 49))
def test_dealer_and_vulnerability_follow_the_sixteen_board_cycle(board):
    dealer, vulnerability = SECTION_NINE[(board - 1) % 16].split()
    assert board_dealer(board) == Seat(dealer)
    assert board_vulnerability(board) == Vulnerability(vulnerability)
    assert board_vulnerability(board).value == vulnerability  # written as PBN writes it


@pytest.mark.parametrize("board", [0, -1, "3"])
def test_board_numbers_start_at_one(board):
    with pytest.raises(ValueError):
        board_vulnerability(board)


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "board", "expected"),
    [
        ("4H", "N", 10, 1, 420),  # NS not vulnerable
        ("4H", "E", 10, 1, -420),
        ("4H", "S", 10, 2, 620),  # NS vulnerable on board 2
        ("4H", "W", 10, 2, -420),  # EW not vulnerable on board 2
        ("4H", "E", 10, 3, -620),
        ("3NT", "N", 8, 4, -100),
        ("3NT", "W", 8, 4, 100),
        ("PASS", None, 0, 7, 0),
        ("4H", "E", 10, 19, -620),  # board 19 is board 3 again
    ],
)
def test_ns_score_is_north_souths_view_of_the_result(contract, declarer, tricks, board, expected):
    assert ns_score(Contract.parse(contract), declarer, tricks, board) == expected


def test_vulnerability_by_side():
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH)
    assert not Vulnerability.NS.is_vulnerable("EW")
    assert Vulnerability.ALL.is_vulnerable(Seat.WEST)
    assert not Vulnerability.NONE.is_vulnerable(Seat.NORTH)


@pytest.mark.parametrize(
    ("contract", "typed", "extras"),
    [
        ("PASS", {"declarer": "N", "lead": "SQ", "result": "="}, ("declarer", "lead", "result")),
        ("PASS", {"declarer": " ", "lead": "", "result": None}, ()),
        ("PASS", {"lead": "♠Q"}, ("lead",)),
        ("PASS", {"declarer": "北", "board": "3"}, ("declarer",)),
        ("4S", {"declarer": "N", "lead": "SQ", "result": "="}, ()),
    ],
)
def test_a_passed_out_board_has_no_declarer_lead_or_result(contract, typed, extras):
    assert passed_out_extras(Contract.parse(contract), **typed) == extras
