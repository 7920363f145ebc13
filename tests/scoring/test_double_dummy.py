"""Double-dummy tables and par from endplay's bundled DDS, on deals whose answers are known."""

import pytest

from matches.scoring import Contract, Seat, Vulnerability
from matches.scoring.deals import Deal
from matches.scoring.double_dummy import Analysis, ParContract, analyse

# Each player holds one whole suit: North spades, East hearts, South diamonds, West clubs.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# East-West hold every ace, king and queen between them.
EAST_WEST_GRAND = "N:5432.5432.432.32 AKQJ.AKQ.AKQJ.AK 876.876.8765.765 T9.JT9.T9.QJT984"


@pytest.fixture(scope="module")
def solved():
    return analyse(
        [
            (Deal.parse(EAST_WEST_GRAND), Seat.NORTH, Vulnerability.NONE),
            (Deal.parse(ONE_SUIT_EACH), Seat.NORTH, Vulnerability.ALL),
            (Deal.parse(ONE_SUIT_EACH), Seat.EAST, Vulnerability.NONE),
        ]
    )


def test_each_declarer_in_each_strain_takes_the_tricks_dds_finds(solved):
    table = solved[1].as_json()["double_dummy"]
    assert table["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert table["E"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert solved[0].tricks_for("W", "NT") == 13
    assert solved[0].tricks_for(Seat.SOUTH, "S") == 0


def test_par_is_from_north_souths_side_like_a_score(solved):
    assert solved[0].par_score == -1520
    assert [str(c) for c in solved[0].par_contracts] == ["7NT by E", "7NT by W"]


def test_par_depends_on_vulnerability_and_on_who_deals(solved):
    assert solved[1].par_score == 2210  # 7S vulnerable
    assert solved[2].par_score == 1510  # 7S not vulnerable
    assert [str(c) for c in solved[1].par_contracts] == ["7S by N", "7S by S"]


def test_progress_is_reported_as_the_deals_are_solved():
    calls = []
    deals = [(Deal.parse(ONE_SUIT_EACH), Seat.NORTH, Vulnerability.NONE)] * 40
    analyse(deals, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (40, 40) and len(calls) == 10


def test_the_stored_form_reads_back_the_same(solved):
    for analysis in solved:
        assert Analysis.from_json(analysis.as_json()) == analysis


@pytest.mark.parametrize("text", ["4S by N", "3NT+1 by E", "5HX-2 by W", "7CXX by S"])
def test_par_contracts_read_back_as_written(text):
    assert str(ParContract.parse(text)) == text


def test_a_sacrifice_keeps_its_doubling_and_undertricks():
    contract = ParContract.parse("5HX-2 by W")
    assert contract.contract == Contract.parse("5HX")
    assert contract.result == -2
    assert contract.declarer is Seat.WEST
