"""Reads put together once (matches/lib/prepared.py) give what the ORM gives: the same
rows, the same values in each, the same related rows, on SQLite and on PostgreSQL."""

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.db.models import Exists, OuterRef
from django.db.transaction import TransactionManagementError

from matches import actions
from matches.lib.prepared import PreparedRead
from matches.models import Board, Event, Match, Result, Room, TableEntry, boards_with_results
from matches.models.stages import first_stage
from tests.factories import enter, make_event, make_match, make_team


def fields_of(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


@pytest.fixture
def match(db):
    event = make_event(name="周二队式赛", boards_per_match=4, boards_per_segment=4)
    home = make_team(event, "北京队")
    away = make_team(event, "上海队")
    match = make_match(event, home=home, away=away)
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "3NTX", "S", "-2")
    enter(match, 3, "open", "PASS", "", "")
    actions.set_artificial_score(
        match.boards.get(number=2), home_imps=3, away_imps=-3, reason="fouled board", user=None
    )
    actions.open_tables(first_stage(event), round_number=match.round, user=None)
    return match


def test_a_read_with_related_rows_builds_them_as_the_orm_does(match):
    def build(token):
        return Room.objects.select_related(
            "match__event", "match__stage", "match__home", "match__away"
        ).filter(token=token)

    read = PreparedRead(build, "a sample token")
    for table in Room.objects.all():
        prepared, orm = read.first(table.token), build(table.token).get()
        for ours, theirs in [
            (prepared, orm),
            (prepared.match, orm.match),
            (prepared.match.event, orm.match.event),
            (prepared.match.stage, orm.match.stage),
            (prepared.match.home, orm.match.home),
            (prepared.match.away, orm.match.away),
        ]:
            assert type(ours) is type(theirs) and fields_of(ours) == fields_of(theirs)
            assert not ours._state.adding and ours._state.db == "default"
    assert read.first("no such token") is None


def test_a_read_of_values_gives_the_tuples_values_list_gives(match):
    def build(token):
        return Room.objects.filter(token=token).values_list(
            "pk", "revoked", "revision", "match__event__created", "match__event__wide_revision"
        )

    read = PreparedRead(build, "a sample token")
    for table in Room.objects.all():
        assert read.all(table.token) == list(build(table.token))
    assert read.first("no such token") is None


def test_a_match_s_boards_and_results_are_those_with_results_gives(
    match, django_assert_num_queries
):
    with django_assert_num_queries(2):
        boards = boards_with_results(match)
    orm = list(match.boards.with_results())
    assert [b.number for b in boards] == [b.number for b in orm] == [1, 2, 3, 4]
    for ours, theirs in zip(boards, orm, strict=True):
        assert ours.comparison() == theirs.comparison()
        for room in ("open", "closed"):
            mine, other = ours.result_in(room), theirs.result_in(room)
            assert (mine and fields_of(mine)) == (other and fields_of(other))
        assert (ours.adjusted and fields_of(ours.adjusted)) == (
            theirs.adjusted and fields_of(theirs.adjusted)
        )
    with django_assert_num_queries(0):
        assert match.score(boards, penalties=()) == match.score(orm, penalties=())


def test_annotations_and_the_query_s_own_values_come_through(match):
    def build(board_id):
        entries = TableEntry.objects.filter(result=OuterRef("pk"))
        return Result.objects.filter(board_id=board_id, room="open").annotate(
            from_table=Exists(entries)
        )

    read = PreparedRead(build, -1)
    board = Board.objects.get(match=match, number=1)
    (result,) = read.all(board.pk)
    assert result.from_table is False
    assert fields_of(result) == fields_of(build(board.pk).get())
    assert read.all(Board.objects.get(match=match, number=4).pk) == []


def test_a_small_number_is_sent_as_the_backend_sends_it(match):
    """PostgreSQL's backend sends a small integer column's value typed (psycopg's Int2):
    the value given takes the sample's place in that type."""
    read = PreparedRead(lambda m, n: Board.objects.filter(match_id=m, number=n), -1, 32001)
    for number in (1, 4):
        board = read.first(match.pk, number)
        assert fields_of(board) == fields_of(Board.objects.get(match=match, number=number))
    assert read.first(match.pk, 5) is None
    assert read.first(match.pk, 2**15) is None  # beyond the column: nothing, not an error
    assert read.first(2**70, 1) is None


def test_a_sample_that_is_not_exactly_one_parameter_is_refused(match):
    read = PreparedRead(lambda n: Board.objects.filter(number=n, match__round=n), 1)
    with pytest.raises(ValueError, match="not one"):
        read.all(2)
    with pytest.raises(ValueError, match="range"):
        PreparedRead(lambda n: Board.objects.filter(number=n), -1).all(2)
    with pytest.raises(TypeError):
        PreparedRead(lambda n: Board.objects.filter(number=n), 32001).all(1, 2)


@pytest.mark.django_db(transaction=True)
def test_a_locking_read_needs_a_transaction_where_the_database_locks_rows(match):
    read = PreparedRead(lambda pk: Match.objects.select_for_update().filter(pk=pk), -1)
    if connection.features.has_select_for_update:  # PostgreSQL; SQLite locks no rows
        with pytest.raises(TransactionManagementError):
            read.first(match.pk)
        with pytest.raises(TransactionManagementError):  # as the ORM refuses it
            Match.objects.select_for_update().filter(pk=match.pk).first()
    with transaction.atomic():
        assert read.first(match.pk).pk == match.pk


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_postgresql_prepares_a_read_run_again_on_one_connection(match):
    """With DATABASE_PREPARED (on by default), the same SQL with other values is a
    statement PostgreSQL prepared once: it is neither parsed nor planned again."""
    read = PreparedRead(lambda m, n: Board.objects.filter(match_id=m, number=n), -1, 32001)

    def prepared() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
                ["%matches_board%"],
            )
            return cursor.fetchone()[0]

    before = prepared()
    for number in (1, 2, 3, 4, 1, 2):
        assert read.first(match.pk, number).number == number
    assert prepared() == before + 1


@pytest.mark.django_db(transaction=True)
def test_a_key_share_read_locks_its_rows_on_postgresql_and_reads_them_elsewhere(match):
    """PostgreSQL's FOR KEY SHARE, which the ORM cannot say: another transaction may not
    take the row FOR UPDATE meanwhile (an event-wide change waits for the tables' posts)."""
    read = PreparedRead(lambda pk: Event.objects.filter(pk=pk).order_by(), -1, key_share=True)
    event = match.event
    with transaction.atomic():
        assert fields_of(read.first(event.pk)) == fields_of(Event.objects.get(pk=event.pk))
        if connection.vendor != "postgresql":
            return
        other = connections.create_connection("default")
        try:
            with other.cursor() as cursor:
                cursor.execute("BEGIN")
                with pytest.raises(OperationalError):  # psycopg's LockNotAvailable
                    cursor.execute(
                        "SELECT id FROM matches_event WHERE id = %s FOR UPDATE NOWAIT", [event.pk]
                    )
        finally:
            other.close()
