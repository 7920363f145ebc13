"""Tables of different matches posting at the same moment, with real threads on PostgreSQL.

What the players post at their table writes inside its own match alone, so it locks its
event's row shared (``Change.lock_event``): two matches' tables enter and accept side by
side, neither waiting for the other, while a director's change to the whole event still
waits for them, and they for it, so the stored totals are never worked out from stale
settings.

DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pytest tests/test_table_concurrency.py
"""

import threading

import pytest
from django.db import connection
from django.test import Client

from matches import actions
from matches.models import DirectorCall, Event, Match, Result, TableEntry
from matches.models.stages import first_stage
from tests.factories import make_event, make_match
from tests.test_concurrency import (
    TIMEOUT,
    assert_totals_fresh,
    pytestmark,  # noqa: F401 - PostgreSQL, real transactions
)

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def matches():
    event = make_event(boards_per_match=12, boards_per_segment=12, vp_scale="wbf-2013")
    first, second = make_match(event), make_match(event)
    opened = actions.open_tables(first_stage(event), round_number=1, user=None)
    tables = {t.match_id: t for t in opened if t.room == "open"}
    return [(first, tables[first.pk]), (second, tables[second.pk])]


def entered(table, board=1, contract="4S", result="+1"):
    """Return the entry's id after North-South's phone entered it (East-West accepts)."""
    phone = Client()
    answer = phone.post(
        f"/t/{table.token}/enter/",
        {
            "board": board,
            "side": "NS",
            "key": f"e{table.pk}-{board}",
            "device": "ns",
            "contract": contract,
            "declarer": "N",
            "result": result,
        },
        **JSON,
    )
    assert answer.json()["ok"], answer.content
    return next(b["entry"] for b in answer.json()["state"]["boards"] if b["number"] == board)


def accept(table, entry):
    answer = Client().post(
        f"/t/{table.token}/accept/",
        {
            "entry": entry,
            "side": "EW",
            "key": f"a{entry}",
            "device": "ew",
        },
        **JSON,
    )
    return answer.json()


def in_thread(target, errors):
    def run():
        try:
            target()
        except BaseException as error:  # reported by the test's own thread
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def pause_scoring(monkeypatch):
    """Make the first Match.score of a thread named in ``paused`` wait, inside its
    action's transaction, until ``go`` is set; ``reached`` is set once it waits there."""
    state = {"paused": set(), "reached": threading.Event(), "go": threading.Event()}
    score = Match.score

    def paused_score(self, *args, **kwargs):
        name = threading.current_thread().name
        if name in state["paused"]:
            state["paused"].discard(name)
            state["reached"].set()
            assert state["go"].wait(TIMEOUT), "never let go"
        return score(self, *args, **kwargs)

    monkeypatch.setattr(Match, "score", paused_score)
    return state


def test_an_acceptance_at_one_match_does_not_wait_for_one_in_progress_at_another(
    matches, pause_scoring
):
    """Match 1's acceptance is held inside its transaction; match 2's table accepts
    meanwhile and is answered while match 1's is still held, then match 1's goes through:
    both results are saved and each match's totals are its boards scored afresh."""
    (first, first_table), (second, second_table) = matches
    first_entry, second_entry = entered(first_table), entered(second_table)
    errors, answers = [], {}

    def held():
        threading.current_thread().name = "held"
        answers["first"] = accept(first_table, first_entry)

    pause_scoring["paused"].add("held")
    holding = in_thread(held, errors)
    assert pause_scoring["reached"].wait(TIMEOUT), errors
    meanwhile = in_thread(
        lambda: answers.setdefault("second", accept(second_table, second_entry)), errors
    )
    meanwhile.join(TIMEOUT)
    answered_while_held = not meanwhile.is_alive() and not holding.join(0) and holding.is_alive()
    pause_scoring["go"].set()
    holding.join(TIMEOUT)
    meanwhile.join(TIMEOUT)
    assert not errors, errors
    assert answered_while_held, "match 2's table waited for match 1's acceptance"
    assert answers["first"]["ok"] and answers["second"]["ok"]
    assert Result.objects.filter(board__match__in=[first, second], room="open").count() == 2
    assert_totals_fresh(first)
    assert_totals_fresh(second)


def test_a_directors_change_to_the_event_waits_for_an_acceptance_and_scores_it_on_the_new_scale(
    matches, pause_scoring
):
    """A table's acceptance is held inside its transaction when a director changes the VP
    scale: the director's change waits for it, then scores every match on the new scale,
    the accepted result among them; nothing is refused, nothing stale is stored."""
    (first, first_table), _ = matches
    entry = entered(first_table)
    # the other room has board 1 too, so the board is complete and the match has VP
    closed = next(
        t
        for t in actions.open_tables(first.stage, round_number=1, user=None)
        if t.match_id == first.pk and t.room == "closed"
    )
    assert accept(closed, entered(closed, contract="3NT", result="="))["ok"]
    errors, answers = [], {}

    def held():
        threading.current_thread().name = "held"
        answers["table"] = accept(first_table, entry)

    def director():
        answers["director"] = actions.change_event(first.event, user=None, vp_scale="printed-25")

    pause_scoring["paused"].add("held")
    holding = in_thread(held, errors)
    assert pause_scoring["reached"].wait(TIMEOUT), errors
    changing = in_thread(director, errors)
    changing.join(0.5)  # give it the time to reach the event's lock
    director_waited = changing.is_alive()
    pause_scoring["go"].set()
    for thread in (holding, changing):
        thread.join(TIMEOUT)
        assert not thread.is_alive(), "deadlock or hang"
    assert not errors, errors
    assert director_waited, "the director's change did not wait for the acceptance"
    assert answers["table"]["ok"]
    assert Event.objects.get(pk=first.event_id).vp_scale == "printed-25"
    fresh = assert_totals_fresh(first)
    assert fresh.totals.complete_boards == 1  # the accepted result counted, on the new scale


def test_tables_of_many_matches_and_a_director_posting_at_once_all_go_through(matches):
    """Both matches' tables enter and accept their four boards while a director changes
    the event's settings twice: every post is answered, none refused or stuck (no
    deadlock), and the totals are the boards scored afresh."""
    errors = []

    def table(match, table_row):
        for board in range(1, 5):
            assert accept(table_row, entered(table_row, board=board))["ok"]

    def director():
        event = matches[0][0].event
        for scale in ("printed-25", "wbf-2013"):
            actions.change_event(event, user=None, vp_scale=scale)

    threads = [in_thread(lambda m=m, t=t: table(m, t), errors) for m, t in matches]
    threads.append(in_thread(director, errors))
    for thread in threads:
        thread.join(TIMEOUT * 2)
        assert not thread.is_alive(), "deadlock or hang"
    assert not errors, errors
    for match, _ in matches:
        assert Result.objects.filter(board__match=match, room="open").count() == 4
        assert_totals_fresh(match)


@pytest.mark.parametrize("what", ["enter", "accept", "dispute", "call"])
def test_the_same_post_sent_four_times_at_once_is_stored_once_and_answered_four_times(
    matches, what
):
    """A phone's retry while its first post is still being saved: four posts with one key
    at the same moment are four answers of the row stored once, never a server error."""
    (_match, table), _ = matches
    entry = entered(table, board=2) if what in ("accept", "dispute") else None
    data = {
        "enter": {"board": 3, "side": "NS", "contract": "4S", "declarer": "N", "result": "="},
        "accept": {"entry": entry, "side": "EW"},
        "dispute": {"entry": entry, "side": "EW", "reason": "no"},
        "call": {"reason": "help"},
    }[what]
    start, errors, answers = threading.Barrier(4), [], []

    def post():
        start.wait(TIMEOUT)
        answer = Client().post(
            f"/t/{table.token}/{what}/", {**data, "key": "once", "device": "x"}, **JSON
        )
        answers.append((answer.status_code, answer.json()))

    threads = [in_thread(post, errors) for _ in range(4)]
    for thread in threads:
        thread.join(TIMEOUT)
        assert not thread.is_alive(), "deadlock or hang"
    assert not errors, errors
    assert [status for status, _body in answers] == [200] * 4, answers
    assert all(body["ok"] for _status, body in answers)
    if what == "enter":
        assert TableEntry.objects.filter(key="once").count() == 1
    elif what == "call":
        assert DirectorCall.objects.filter(key="once").count() == 1
    else:
        assert TableEntry.objects.filter(decision_key="once").count() == 1
        assert DirectorCall.objects.filter(dispute=True).count() == (what == "dispute")
