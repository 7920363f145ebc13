import pytest

from matches.scoring import PASS, Contract, ContractError, Doubling, Strain


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4S", "4S"),
        ("3NT", "3NT"),
        ("3N", "3NT"),
        ("7NTXX", "7NTXX"),
        ("2HX", "2HX"),
        ("4s", "4S"),
        ("3nt", "3NT"),
        ("2hx", "2HX"),
        ("4♠", "4S"),
        ("5♣X", "5CX"),
        ("1♦", "1D"),
        ("6♥XX", "6HXX"),
        (" 4 S X ", "4SX"),
        ("３ＮＴ", "3NT"),
        ("4黑桃", "4S"),
        ("3无将加倍", "3NTX"),
        ("2S*", "2SX"),
        ("2S**", "2SXX"),
        ("PASS", "PASS"),
        ("pass", "PASS"),
        ("P", "PASS"),
        ("不叫", "PASS"),
    ],
)
def test_it_reads_contracts_as_directors_write_them(text, canonical):
    assert str(Contract.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("8NT", "level", "level must be 1 to 7: 8NT"),
        ("0S", "level", "level must be 1 to 7: 0S"),
        ("4Z", "strain", "strain must be C, D, H, S or NT: 4Z"),
        ("4SXXX", "doubling", "a contract is doubled (X) or redoubled (XX), no more: 4SXXX"),
        ("2NTXXXX", "doubling", "a contract is doubled (X) or redoubled (XX), no more: 2NTXXXX"),
        ("4S***", "doubling", "a contract is doubled (X) or redoubled (XX), no more: 4S***"),
        ("4SXY", "strain", "strain must be C, D, H, S or NT: 4SXY"),
        ("S4", "format", "a contract is a level 1 to 7 and a strain (C, D, H, S, NT): S4"),
        ("", "empty", "a contract is required"),
    ],
)
def test_it_refuses_text_that_is_no_contract_and_says_why(text, code, message):
    with pytest.raises(ContractError) as caught:
        Contract.parse(text)
    assert caught.value.code == code
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_a_parsed_contract_knows_its_parts():
    contract = Contract.parse("6NTX")
    assert (contract.level, contract.strain, contract.doubling) == (
        6,
        Strain.NOTRUMP,
        Doubling.DOUBLED,
    )
    assert contract.book == 12
    assert contract.display() == "6NTX"
    assert Contract.parse("4♥x").display() == "4♥X"


def test_the_same_contract_parses_to_one_equal_object():
    assert Contract.parse("4s") == Contract.of(4, "S") == Contract.parse("4♠")
    assert Contract.parse("4S") != Contract.parse("4SX")
    assert Contract.parse("pass") is PASS and PASS.is_pass
