import pytest
from django.db import IntegrityError, transaction

from matches.models import Board, Result
from tests.factories import enter, make_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def board():
    return Board.objects.get(match=make_match(), number=1)


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"level": 4, "strain": "S", "declarer": "N", "tricks": 14}, "14 tricks"),
        ({"level": 4, "strain": "S", "declarer": "", "tricks": 10}, "a contract without declarer"),
        ({"level": 4, "strain": "S", "declarer": "Z", "tricks": 10}, "declarer Z"),
        ({"level": 8, "strain": "NT", "declarer": "N", "tricks": 10}, "an eight-level contract"),
        ({"level": 4, "strain": "X", "declarer": "N", "tricks": 10}, "strain X"),
        ({"level": 4, "strain": "S", "doubling": "XY", "declarer": "N", "tricks": 10}, "XY"),
        ({"level": 4, "strain": "S", "declarer": "N", "tricks": None}, "no tricks"),
        ({"level": 0, "strain": "", "declarer": "N", "tricks": None}, "a pass with a declarer"),
        ({"level": 0, "strain": "", "declarer": "", "tricks": 7}, "a pass with tricks"),
        ({"level": 4, "strain": "S", "declarer": "N", "tricks": 10, "room": "lobby"}, "room"),
    ],
)
def test_the_database_itself_refuses_impossible_results(board, fields, why):
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(board=board, **{"room": "open", **fields})


def test_the_database_keeps_one_result_per_room_per_board(board):
    Result.objects.create(board=board, room="open", level=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            board=board, room="open", level=3, strain="NT", declarer="S", tricks=9
        )
    Result.objects.create(board=board, room="closed", level=3, strain="NT", declarer="S", tricks=9)


@pytest.mark.parametrize(
    ("number", "contract", "declarer", "result", "ns_score"),
    [
        (1, "2S", "S", "+1", 140),
        (2, "3S", "S", "-2", -200),
        (5, "6D", "W", "=", -920),
        (9, "1DXX", "N", "+3", 830),
        (16, "7NTXX", "E", "=", -2980),
        (7, "PASS", "", "", 0),
    ],
)
def test_a_results_ns_score_derives_from_contract_declarer_tricks_and_board(
    number, contract, declarer, result, ns_score
):
    match = make_match()
    saved = enter(match, number, "open", contract, declarer, result)
    assert Result.objects.get(pk=saved.pk).ns_score == ns_score


def test_a_pass_stores_no_declarer_and_no_tricks():
    saved = enter(make_match(), 3, "closed", "pass", "N", "")
    saved.refresh_from_db()
    assert (saved.level, saved.declarer, saved.tricks, saved.ns_score) == (0, "", None, 0)
