"""Directors saving the same room sheet at the same moment, with real threads on PostgreSQL.

Each thread is a director's browser: its own test client, its own database connection,
all started together by a barrier. What must hold is what a director sees and what the
database keeps: one save wins, every other one is told of the conflict with the value now
saved, nothing is lost, and the stored match totals always equal the boards scored afresh.

SQLite takes one writer at a time, so these races only exist on PostgreSQL:
DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pytest tests/test_concurrency.py
"""

import threading
import time

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches.contract_words import result_words
from matches.models import ImpPenalty, Match, Result
from matches.presenters.formatting import contract_html
from matches.scoring import Contract
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="concurrent saves need PostgreSQL (row locks): set DATABASE_URL=postgres://…",
    ),
    pytest.mark.django_db(transaction=True),
]

HTMX = {"HX-Request": "true"}
SAVED = 'data-saved="true"'
TIMEOUT = 20  # seconds: a thread still waiting after this is a deadlock or a hang


def row_data(number, version, contract, declarer="", lead="", result=""):
    """Return the POST data of one sheet row, as the page sends it."""
    fields = {"contract": contract, "declarer": declarer, "lead": lead, "result": result}
    data = {f"b{number}-{name}": value for name, value in fields.items()}
    data[f"b{number}-version"] = version
    return data


def row_post(match, room, number, data):
    """Return a row save as save_at_once posts it: (url, data, headers)."""
    return reverse("director-save-row", args=[match.pk, room, number]), data, HTMX


def save_at_once(visits, start_after=None):
    """Return the responses of directors posting all at once, each from its own thread.

    ``visits`` is a list of (user, posts), a post being (url, data, headers). Each thread
    logs in, waits at the barrier, posts in turn and closes its database connection. The
    threads are named "director-<index>", for slow_scoring; ``start_after`` delays some
    of them: {index: seconds after the barrier}.
    """
    start_after = start_after or {}
    barrier = threading.Barrier(len(visits), timeout=TIMEOUT)
    responses = [None] * len(visits)
    errors = []

    def director(index, user, posts):
        try:
            client = Client()
            client.force_login(user)
            client.cookies["django_language"] = "en"
            barrier.wait()
            time.sleep(start_after.get(index, 0))
            responses[index] = [
                client.post(url, data, headers=headers) for url, data, headers in posts
            ]
        except BaseException as error:  # reported by the main thread
            errors.append(error)
            barrier.abort()
        finally:
            connection.close()

    threads = [
        threading.Thread(target=director, args=(i, user, posts), name=f"director-{i}", daemon=True)
        for i, (user, posts) in enumerate(visits)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not [t for t in threads if t.is_alive()], "a save never answered: deadlock or hang"
    assert not errors, errors
    return responses


@pytest.fixture
def slow_scoring(monkeypatch):
    """Return {thread name: seconds} that Match.score takes after reading the boards.

    A busy server pauses anywhere; pausing between reading the boards and writing the
    totals makes a race on the totals happen every time instead of once in a while.
    """
    delays = {}
    score = Match.score

    def slow_score(self, *args, **kwargs):
        result = score(self, *args, **kwargs)
        time.sleep(delays.get(threading.current_thread().name, delays.get("*", 0)))
        return result

    monkeypatch.setattr(Match, "score", slow_score)
    return delays


def directors(count):
    return [make_user(f"td{i}", chief=True) for i in range(1, count + 1)]


def english_result_html(match, number: int, room: str) -> str:
    """Return the room's saved result as the English page names it in a conflict
    ("4♠ by North, +1 (N-S 650)"; the tests' own thread may have another language active,
    where a double reads "×")."""
    result = Result.objects.get(board__match=match, board__number=number, room=room)
    with translation.override("en"):
        return result_words(result, contract=contract_html(result.contract))


def assert_conflict_shown(response, winner, current_html):
    """Assert the row tells the director who saved first and what is saved now."""
    assert response.status_code == 200
    assert SAVED not in response.text
    assert f"Not saved: {winner.username} changed this result" in response.text
    assert f'class="current">{current_html}</strong>' in response.text


def assert_totals_fresh(match):
    """Assert the match's stored totals (what the standings read) equal a fresh scoring."""
    match = Match.objects.get(pk=match.pk)
    fresh = match.score()
    home_vp, away_vp = fresh.vp if fresh.vp else (None, None)
    expected = {
        "home_imps": fresh.totals.home,
        "away_imps": fresh.totals.away,
        "home_margin": fresh.home_margin,
        "away_margin": fresh.away_margin,
        "home_vp": home_vp,
        "away_vp": away_vp,
        "complete_boards": fresh.totals.complete_boards,
        "pending_boards": fresh.totals.pending_boards,
    }
    stored = {name: getattr(match, name) for name in expected}
    assert stored == expected, "the stored match totals lost a change made at the same time"
    return fresh


@pytest.mark.parametrize("number", [1, 2, 3])
def test_a_new_row_saved_by_many_directors_at_once_keeps_exactly_one(number):
    match = make_match()
    users = directors(8)
    contracts = ["1S", "2S", "3S", "4S", "1H", "2H", "3NT", "4HX"]
    visits = [
        (user, [row_post(match, "open", number, row_data(number, 0, contract, "N", "", "="))])
        for user, contract in zip(users, contracts, strict=True)
    ]

    responses = [posts[0] for posts in save_at_once(visits)]

    assert [r.status_code for r in responses] == [200] * 8
    saved = [i for i, r in enumerate(responses) if SAVED in r.text]
    assert len(saved) == 1, f"{len(saved)} of 8 saves say saved"
    winner, contract = users[saved[0]], contracts[saved[0]]
    current = english_result_html(match, number, "open")
    for i, response in enumerate(responses):
        if i != saved[0]:
            assert_conflict_shown(response, winner, current)
            # Enter again would replace it: the row now carries the saved version.
            assert f'name="b{number}-version" value="1"' in response.text

    result = Result.objects.get(board__match=match, board__number=number, room="open")
    tricks = Contract.parse(contract).level + 6
    assert (str(result.contract), result.declarer, result.tricks) == (contract, "N", tricks)
    assert (result.version, result.entered_by) == (1, winner)
    assert result.history.count() == 1  # no save was written and then overwritten
    assert_totals_fresh(match)


@pytest.mark.parametrize("delay", [0, 0.02], ids=["fast-server", "busy-server"])
def test_different_rows_saved_at_once_all_keep_and_the_totals_add_up(slow_scoring, delay):
    slow_scoring["*"] = delay
    match = make_match()  # 16 boards
    users = directors(16)
    # Every board swings: 3NT in both rooms, a different number of tricks.
    open_results, closed_results = ["+1", "=", "+2", "-1"], ["-1", "-2", "=", "+1"]
    visits = []
    for number, user in enumerate(users, start=1):
        declarer, k = "NESW"[number % 4], number % 4
        open_row = row_data(number, 0, "3NT", declarer, "S2", open_results[k])
        closed_row = row_data(number, 0, "3NT", declarer, "", closed_results[k])
        posts = [
            row_post(match, "open", number, open_row),
            row_post(match, "closed", number, closed_row),
        ]
        visits.append((user, posts))

    responses = save_at_once(visits)

    for posts in responses:
        for response in posts:
            assert response.status_code == 200, response.text  # a deadlock would be a 503
            assert SAVED in response.text, response.text
    results = Result.objects.filter(board__match=match).select_related("board")
    assert len(results) == 32
    for result in results:
        k = result.board.number % 4
        typed = (open_results if result.room == "open" else closed_results)[k]
        declarer = "NESW"[k]
        assert (str(result.contract), result.declarer, result.result_text) == (
            "3NT",
            declarer,
            typed,
        )
        assert result.version == 1
    assert assert_totals_fresh(match).totals.complete_boards == 16


def test_two_directors_correcting_the_same_result_at_once_one_is_told():
    match = make_match()
    first, second = directors(2)
    enter(match, 5, "closed", "4S", "N", "=")  # version 1, on both directors' pages
    corrections = {first: "+1", second: "-1"}
    visits = [
        (user, [row_post(match, "closed", 5, row_data(5, 1, "4S", "N", "", text))])
        for user, text in corrections.items()
    ]

    responses = [posts[0] for posts in save_at_once(visits)]

    assert [r.status_code for r in responses] == [200, 200]
    saved = [i for i, r in enumerate(responses) if SAVED in r.text]
    assert len(saved) == 1, f"{len(saved)} of 2 corrections say saved"
    winner = first if saved == [0] else second
    current = english_result_html(match, 5, "closed")
    assert_conflict_shown(responses[1 - saved[0]], winner, current)

    result = Result.objects.get(board__match=match, board__number=5, room="closed")
    assert (result.version, result.entered_by) == (2, winner)
    assert result.tricks == {"+1": 11, "-1": 9}[corrections[winner]]
    assert result.history.count() == 2
    assert_totals_fresh(match)


def test_an_imp_penalty_given_while_a_result_is_saved_keeps_both_in_the_totals(slow_scoring):
    match = make_match()
    for number in range(1, 17):
        enter(match, number, "open", "3NT", "N", "+1")
    penalising, entering = directors(2)
    penalty = (
        reverse("director-imp-penalty", args=[match.pk]),
        {"penalty-team": match.home_id, "penalty-imps": 3, "penalty-reason": "Slow play"},
        {},
    )
    slow_scoring["director-0"] = 0.5  # the penalty's request is the slow one
    visits = [
        (penalising, [penalty]),
        (entering, [row_post(match, "closed", 1, row_data(1, 0, "3NT", "N", "", "-1"))]),
    ]

    # The result is saved while the penalty's request is scoring the match.
    responses = save_at_once(visits, start_after={1: 0.1})

    assert responses[0][0].status_code == 302
    assert SAVED in responses[1][0].text
    assert ImpPenalty.objects.filter(match=match).count() == 1
    assert assert_totals_fresh(match).totals.complete_boards == 1


@pytest.mark.parametrize(("teams", "matches", "byes"), [(10, 45, 0), (9, 36, 9)])
def test_two_round_robin_requests_at_once_make_one_schedule(teams, matches, byes):
    """A double click, or two directors: one schedule, and the second is told."""
    event = make_event()
    for number in range(teams):
        make_team(event, f"Team {number}")
    url = reverse("director-round-robin", args=[event.pk])
    page = reverse("director-event", args=[event.pk])
    visits = [(user, [(url, {}, {}), (page, None, {})]) for user in directors(2)]

    responses = save_at_once_reading(visits, start_after={})

    assert [r[0].status_code for r in responses] == [302, 302]  # no server error
    assert Match.objects.filter(event=event).count() == matches
    assert event.byes.count() == byes
    told = [r[1].text for r in responses]
    assert sum("Round robin made" in page for page in told) == 1
    assert sum("This event already has matches" in page for page in told) == 1


def test_a_page_fetched_during_a_slow_save_is_never_served_stale_after_it(slow_scoring):
    """The revision goes up in the save's own transaction, last: a page cached while the
    save was under way is cached under the old revision, never the new one."""
    match = make_match(make_event(vp_scale="printed-25"))
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")  # 10 IMPs: 17 : 13
    (penalising,) = directors(1)
    event_url = reverse("event", args=[match.event_id])
    json_url = reverse("scorecard-json", args=[match.pk])
    slow_scoring["director-0"] = 1.0  # the penalty's request scores the match slowly
    penalty = (
        reverse("director-imp-penalty", args=[match.pk]),
        {"penalty-team": match.home_id, "penalty-imps": 7, "penalty-reason": "Slow play"},
        {},
    )
    player = make_user("player")
    reads = [(event_url, None, {}), (json_url, None, {})] * 4
    visits = [(penalising, [penalty]), (player, reads)]

    responses = save_at_once_reading(visits, start_after={1: 0.3})

    assert responses[0][0].status_code == 302
    anyone = Client()
    page = anyone.get(event_url).text
    feed = anyone.get(json_url).json()
    # Home's margin is 3 after the penalty: 16; away's -10: 13 (it was 17 : 13).
    assert feed["vp"] == {"home": 16.0, "away": 13.0}
    assert (feed["match"]["home_vp"], feed["match"]["away_vp"]) == (16.0, 13.0)
    assert '<td class="text-end text-nowrap vp">16 : 13</td>' in page


def save_at_once_reading(visits, start_after):
    """Like save_at_once, where a post's data None means a GET."""
    start_after = start_after or {}
    barrier = threading.Barrier(len(visits), timeout=TIMEOUT)
    responses = [None] * len(visits)
    errors = []

    def visitor(index, user, requests):
        try:
            client = Client()
            client.force_login(user)
            client.cookies["django_language"] = "en"
            barrier.wait()
            time.sleep(start_after.get(index, 0))
            responses[index] = [
                client.get(url) if data is None else client.post(url, data, headers=headers)
                for url, data, headers in requests
            ]
        except BaseException as error:
            errors.append(error)
            barrier.abort()
        finally:
            connection.close()

    threads = [
        threading.Thread(target=visitor, args=(i, u, r), name=f"director-{i}", daemon=True)
        for i, (u, r) in enumerate(visits)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not [t for t in threads if t.is_alive()], "a request never answered"
    assert not errors, errors
    return responses
