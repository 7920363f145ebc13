"""Results from the tables, as the actions see them: a side enters, the other accepts; a
link writes only its own room, never a final match's, never over the director's word."""

import pytest

from matches import actions, queries
from matches.models import DirectorCall, EntryStatus, Result, Room
from matches.scoring import Contract
from tests.factories import enter, make_match

FOUR_SPADES = {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 10, "lead": "HA"}


@pytest.fixture
def tables(db):
    match = make_match()
    opened = actions.open_tables(match.stage, round_number=match.round, user=None)
    return {table.room: table for table in opened}


def test_each_room_of_a_round_gets_a_table_with_an_unguessable_link_and_a_short_code(tables):
    assert set(tables) == {"open", "closed"}
    for table in tables.values():
        assert len(table.token) >= 43  # 32 random bytes: 256 bits
        assert len(table.code) == 6 and table.code.isalnum() and table.code.isupper()
    again = actions.open_tables(tables["open"].match.stage, round_number=1, user=None)
    assert {t.token for t in again} == {t.token for t in tables.values()}  # made once


def test_a_result_entered_by_one_side_is_saved_once_the_other_side_accepts_it(tables):
    table = tables["open"]
    entry = actions.enter_at_table(
        table, board=1, entry=FOUR_SPADES, side="NS", device="phone-ns", key="k1"
    )
    assert entry.status == EntryStatus.WAITING
    assert not Result.objects.filter(board__match=table.match).exists()
    accepted = actions.accept_at_table(entry, side="EW", device="phone-ew", key="k1-ok")
    result = Result.objects.get(board__match=table.match, board__number=1, room="open")
    assert accepted.status == EntryStatus.ACCEPTED and accepted.result == result
    assert (str(result.contract), result.declarer, result.tricks, result.lead) == (
        "4S",
        "N",
        10,
        "HA",
    )
    record = result.history.first()
    assert record.history_user is None
    assert record.history_change_reason == (
        f"match {table.match_id} open room (table {table.pk}): entered by NS, accepted by EW "
        "on another phone"
    )
    table.match.refresh_from_db()
    assert table.match.home_imps == 0 and table.match.pending_boards == 16  # one room only


def test_the_same_entry_sent_twice_is_stored_once(tables):
    table = tables["closed"]
    first = actions.enter_at_table(
        table, board=2, entry=FOUR_SPADES, side="EW", device="d", key="same"
    )
    again = actions.enter_at_table(
        table, board=2, entry=FOUR_SPADES, side="EW", device="d", key="same"
    )
    assert first.pk == again.pk and table.entries.count() == 1
    actions.accept_at_table(first, side="NS", device="d2", key="same-ok")
    actions.accept_at_table(first, side="NS", device="d2", key="same-ok")
    result = Result.objects.get(board__number=2, room="closed", board__match=table.match)
    assert result.history.count() == 1


def test_the_side_that_entered_a_result_cannot_accept_it(tables):
    entry = actions.enter_at_table(
        tables["open"], board=1, entry=FOUR_SPADES, side="NS", device="d", key="k"
    )
    with pytest.raises(actions.ActionError) as refused:
        actions.accept_at_table(entry, side="NS", device="d", key="k-ok")
    assert refused.value.field == "side"


def test_a_result_not_agreed_calls_the_director_and_saves_nothing(tables):
    entry = actions.enter_at_table(
        tables["open"], board=3, entry=FOUR_SPADES, side="NS", device="d", key="k"
    )
    disputed = actions.dispute_at_table(
        entry, side="EW", device="e", key="k-no", reason="It was 4H"
    )
    assert disputed.status == EntryStatus.DISPUTED
    call = DirectorCall.objects.get()
    assert call.dispute and call.board.number == 3 and call.reason == "It was 4H"
    assert not Result.objects.exists()


def test_the_directors_result_stands_over_the_table(tables):
    table = tables["open"]
    enter(table.match, 4, "open", "3NT", "S", "=")
    with pytest.raises(actions.ActionError) as refused:
        actions.enter_at_table(table, board=4, entry=FOUR_SPADES, side="NS", device="d", key="late")
    assert refused.value.code == "director"
    entry = actions.enter_at_table(
        table, board=5, entry=FOUR_SPADES, side="NS", device="d", key="k5"
    )
    enter(table.match, 5, "open", "3NT", "S", "=")  # the director meanwhile
    with pytest.raises(actions.ActionError) as refused:
        actions.accept_at_table(entry, side="EW", device="e", key="k5-ok")
    assert refused.value.code == "director"
    entry.refresh_from_db()
    assert entry.status == EntryStatus.SUPERSEDED
    assert str(Result.objects.get(board__number=5, room="open").contract) == "3NT"


def test_a_table_writes_only_its_own_match_while_it_is_not_final_and_its_link_is_open(tables):
    table = tables["open"]
    with pytest.raises(actions.ActionError) as refused:
        actions.enter_at_table(table, board=17, entry=FOUR_SPADES, side="NS", device="d", key="k17")
    assert refused.value.code == "board"
    actions.revoke_table(table, user=None)
    with pytest.raises(actions.ActionError) as refused:
        actions.enter_at_table(table, board=1, entry=FOUR_SPADES, side="NS", device="d", key="k1")
    assert refused.value.code == "revoked"
    renewed = actions.renew_table(table, user=None)
    assert renewed.token != table.token and renewed.is_open
    other = tables["closed"]
    actions.mark_final(other.match, confirm=True, user=None)
    with pytest.raises(actions.MatchIsFinal):
        actions.enter_at_table(
            other, board=1, entry=FOUR_SPADES, side="NS", device="d", key="k-final"
        )


def test_a_call_for_the_director_is_kept_once_and_answered_by_a_director(tables, director):
    table = tables["closed"]
    call = actions.call_director(table, key="c1", reason="Revoke on board 2", board=2)
    assert actions.call_director(table, key="c1", reason="Revoke on board 2").pk == call.pk
    answered = actions.answer_call(call, user=director)
    assert answered.answered is not None and answered.answered_by == director
    assert Room.objects.get(pk=table.pk).calls.count() == 1


def test_a_table_sees_nothing_of_the_other_room_until_the_segment_is_complete_in_both(db):
    match = make_match(event_fields={"boards_per_match": 4, "boards_per_segment": 2})
    opened = {t.room: t for t in actions.open_tables(match.stage, round_number=1, user=None)}
    table = opened["open"]
    enter(match, 1, "closed", "4S", "N", "-1")
    enter(match, 2, "closed", "4S", "N", "=")
    for number, key in ((1, "a"), (2, "b")):
        made = actions.enter_at_table(
            table, board=number, entry=FOUR_SPADES, side="NS", device="d", key=key
        )
        view = queries.table_view(Room.objects.select_related("match__event").get(pk=table.pk))
        if number == 1:  # board 1 done in both rooms, board 2 not yet here
            assert view.shown.number == 1 and not view.shown.complete
            assert view.shown.boards[0].waiting == made
            actions.accept_at_table(made, side="EW", device="e", key="a-ok")
            view = queries.table_view(Room.objects.get(pk=table.pk))
            assert view.shown.boards[0].done and view.shown.boards[0].other is None
            assert view.shown.boards[0].comparison is None
        else:
            actions.accept_at_table(made, side="EW", device="e", key="b-ok")
    view = queries.table_view(Room.objects.get(pk=table.pk))
    first = view.segments[0]
    assert first.complete and first.boards[0].other is not None
    assert first.boards[0].comparison.imps == 10  # 4S= +420 here, 4S-1 -50 there: 470
    assert view.shown.number == 2  # the next segment to play


def test_with_each_board_set_a_table_sees_a_board_once_both_rooms_have_it(db):
    match = make_match(event_fields={"boards_per_match": 4, "boards_per_segment": 2})
    actions.change_event(match.event, table_each_board=True, user=None)
    table = actions.open_tables(match.stage, round_number=1, user=None)[0]
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "=")
    view = queries.table_view(Room.objects.get(pk=table.pk))
    assert view.shown.boards[0].comparison.imps == 0 and view.shown.boards[0].by_director
    assert view.shown.boards[1].comparison is None
