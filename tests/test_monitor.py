"""The director's side of the tables: the round's tables opened by a POST (never by a GET),
their cards with the QR code and code, revoke and renew, the QR code on the blank sheets
and the round page, the room monitor (cell states, pace, calls and their answer, a fixed
number of queries), and the board history naming the table and phones of each result."""

import math
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import actions
from matches.models import DirectorCall, Result, Room
from matches.models.stages import first_stage
from matches.presenters.monitor import PACE_GAP, CellState, room_monitor
from matches.presenters.table_cards import qr_svg, round_tables
from matches.scoring import Contract
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db

FOUR_SPADES = {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 10, "lead": "HA"}


@pytest.fixture
def event():
    return make_event(name="Club teams")


def round_of(event, matches=2):
    return [make_match(event) for _ in range(matches)]


def opened(event, round_number=1):
    return actions.open_tables(first_stage(event), round_number=round_number, user=None)


def table_of(match, room):
    return Room.objects.get(match=match, room=room)


def at_table(table, board, entry=FOUR_SPADES, *, side="NS", accept=True, key=None):
    key = key or f"{table.pk}-{board}-{timezone.now().timestamp()}"
    made = actions.enter_at_table(
        table, board=board, entry=entry, side=side, device=f"phone-{side.lower()}", key=key
    )
    if accept:
        other = "EW" if side == "NS" else "NS"
        made = actions.accept_at_table(
            made, side=other, device=f"phone-{other.lower()}", key=key + "-ok"
        )
    return made


# --- opening the tables and the cards ------------------------------------------------


def test_a_get_of_the_cards_opens_no_table_and_offers_the_button(director_client, event):
    round_of(event)
    url = reverse("director-table-cards", args=[event.pk, 1, 1])
    response = director_client.get(url)
    assert response.status_code == 200
    assert not Room.objects.exists()
    html = response.content.decode()
    assert reverse("director-open-tables", args=[event.pk, 1, 1]) in html
    assert "Open the tables" in html and "<svg" not in html


def test_the_open_tables_button_makes_each_rooms_table_and_shows_its_card(director_client, event):
    home_first = round_of(event)[0]
    response = director_client.post(reverse("director-open-tables", args=[event.pk, 1, 1]))
    assert response.status_code == 302
    assert response.url == reverse("director-table-cards", args=[event.pk, 1, 1])
    assert Room.objects.count() == 4
    page = director_client.get(response.url).content.decode()
    assert page.count('class="table-card"') == 4
    open_room = table_of(home_first, "open")
    link = "http://testserver" + reverse("table", args=[open_room.token])
    assert qr_svg(link, "x").split('aria-label="x"')[1] in page  # the QR code of its link
    assert open_room.code in page
    card = page[page.index(f'id="table-{open_room.pk}"') :].split("</article>")[0]
    assert home_first.home.name in card and home_first.away.name in card
    assert "第 1 轮 · 第 1 桌 · 开室" in card and "Round 1 · table 1 · Open room" in card
    assert "扫描二维码" in card and "Scan the QR code" in card  # how to join: both languages
    assert "http://testserver" + reverse("table-code") in card
    # the home team sits North-South in the open room, East-West in the closed room
    ns = re.search(r"N-S</span></dt>\s*<dd><span class=\"team\">([^<]*)", card).group(1)
    assert ns == home_first.home.name
    closed = table_of(home_first, "closed")
    card = page[page.index(f'id="table-{closed.pk}"') :].split("</article>")[0]
    ns = re.search(r"N-S</span></dt>\s*<dd><span class=\"team\">([^<]*)", card).group(1)
    assert ns == home_first.away.name


def test_opening_the_tables_twice_keeps_their_links(director_client, event):
    round_of(event)
    url = reverse("director-open-tables", args=[event.pk, 1, 1])
    director_client.post(url)
    tokens = set(Room.objects.values_list("token", flat=True))
    director_client.post(url)
    assert set(Room.objects.values_list("token", flat=True)) == tokens


@pytest.mark.parametrize("tables", [1, 4, 5, 8])
def test_the_cards_come_four_to_a_page(event, tables):
    round_of(event, matches=math.ceil(tables / 2))
    opened(event)
    made = round_tables(
        first_stage(event), 1, lambda table: f"https://club.example/t/{table.token}/"
    )
    assert [len(page) for page in made.pages][:-1] == [4] * (len(made.pages) - 1)
    assert len(made.pages) == math.ceil(2 * math.ceil(tables / 2) / 4)


def test_a_round_without_matches_has_no_cards_nor_monitor(director_client, event):
    round_of(event)
    for name in ("director-table-cards", "director-monitor"):
        assert director_client.get(reverse(name, args=[event.pk, 1, 7])).status_code == 404
        assert director_client.get(reverse(name, args=[event.pk, 2, 1])).status_code == 404
    assert (
        director_client.post(reverse("director-open-tables", args=[event.pk, 1, 7])).status_code
        == 404
    )


# --- revoke, renew, and who may -----------------------------------------------------


def test_revoke_and_renew_from_the_round_page(director_client, event):
    match = round_of(event)[0]
    opened(event)
    table = table_of(match, "open")
    back = reverse("director-event", args=[event.pk]) + "?stage=1&round=1#tables-1-1"
    response = director_client.post(reverse("director-revoke-table", args=[event.pk, table.pk]))
    assert response.status_code == 302 and response.url == back
    table.refresh_from_db()
    assert table.revoked is not None
    page = director_client.get(back).content.decode()
    assert "link withdrawn" in page and "The link of table 1, Open room is withdrawn" in page
    old_code, old_token = table.code, table.token
    director_client.post(reverse("director-renew-table", args=[event.pk, table.pk]))
    table.refresh_from_db()
    assert table.is_open and table.code != old_code and table.token != old_token
    record = table.history.first()
    assert record.history_change_reason == "renewed" and record.history_user.username == "td"


def test_the_round_page_shows_each_tables_code_qr_card_and_buttons(director_client, event):
    match = round_of(event)[0]
    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert reverse("director-open-tables", args=[event.pk, 1, 1]) in page
    assert reverse("director-monitor", args=[event.pk, 1, 1]) in page
    opened(event)
    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    for table in Room.objects.filter(match__event=event):
        assert table.code in page
        assert reverse("director-table-qr", args=[event.pk, table.pk]) in page
        assert reverse("director-revoke-table", args=[event.pk, table.pk]) in page
        assert reverse("director-renew-table", args=[event.pk, table.pk]) in page
        assert reverse("director-table-cards", args=[event.pk, 1, 1]) + f"#table-{table.pk}" in page
    table = table_of(match, "closed")
    svg = director_client.get(reverse("director-table-qr", args=[event.pk, table.pk]))
    assert svg["Content-Type"] == "image/svg+xml"
    assert "no-store" in svg["Cache-Control"]
    assert b"<title>QR code of table 1, Closed room</title>" in svg.content


def test_only_the_events_directors_open_revoke_renew_answer_or_watch(client, event):
    match = round_of(event)[0]
    opened(event)
    table = table_of(match, "open")
    call = actions.call_director(table, key="c1", reason="Revoke?")
    posts = [
        reverse("director-open-tables", args=[event.pk, 1, 1]),
        reverse("director-revoke-table", args=[event.pk, table.pk]),
        reverse("director-renew-table", args=[event.pk, table.pk]),
        reverse("director-answer-call", args=[event.pk, 1, 1, call.pk]),
    ]
    gets = [
        reverse("director-table-cards", args=[event.pk, 1, 1]),
        reverse("director-monitor", args=[event.pk, 1, 1]),
        reverse("director-table-qr", args=[event.pk, table.pk]),
    ]
    for url in posts + gets:  # anonymous: to the login page
        assert client.generic("POST" if url in posts else "GET", url).status_code == 302
    client.force_login(make_user("other", director=True))  # a director of another event
    for url in posts + gets:
        assert client.generic("POST" if url in posts else "GET", url).status_code == 403
    client.force_login(make_user("chief", chief=True))
    for url in posts:  # a GET changes nothing, even for a director who may
        assert client.get(url).status_code == 405
    table.refresh_from_db()
    call.refresh_from_db()
    assert table.is_open and call.answered is None and table.code == table_of(match, "open").code


def test_a_table_of_another_event_is_not_found(director_client, event):
    round_of(event)
    other = make_event(name="Elsewhere")
    foreign = round_of(other)[0]
    opened(other)
    table = table_of(foreign, "open")
    for name in ("director-revoke-table", "director-renew-table"):
        response = director_client.post(reverse(name, args=[event.pk, table.pk]))
        assert response.status_code == 404
    assert (
        director_client.get(reverse("director-table-qr", args=[event.pk, table.pk])).status_code
        == 404
    )
    call = actions.call_director(table, key="elsewhere")
    url = reverse("director-answer-call", args=[event.pk, 1, 1, call.pk])
    assert director_client.post(url).status_code == 404
    table.refresh_from_db()
    assert table.is_open


def test_a_final_matchs_table_can_still_be_revoked(director_client, event):
    match = round_of(event)[0]
    opened(event)
    actions.mark_final(match, user=None, confirm=True)
    table = table_of(match, "open")
    director_client.post(reverse("director-revoke-table", args=[event.pk, table.pk]))
    table.refresh_from_db()
    assert not table.is_open


# --- the blank sheets ------------------------------------------------------------------


def test_the_blank_sheets_carry_each_tables_qr_code_and_code_once_open(director_client, event):
    match = round_of(event, matches=1)[0]
    url = reverse("director-table-sheets", args=[event.pk, 1, 1])
    page = director_client.get(url).content.decode()
    assert "<svg" not in page and "not open yet" in page
    assert not Room.objects.exists()  # a GET opens nothing
    opened(event)
    page = director_client.get(url).content.decode()
    for room in ("open", "closed"):
        table = table_of(match, room)
        sheet = page[page.index(f'data-room="{room}"') :].split("</article>")[0]
        assert table.code in sheet and '<svg class="qr"' in sheet


# --- the monitor -----------------------------------------------------------------------


def test_each_cell_shows_its_state(event):
    match = round_of(event, matches=1)[0]
    opened(event)
    table = table_of(match, "open")
    at_table(table, 1)  # entered and accepted
    at_table(table, 2, accept=False)  # awaiting acceptance
    disputed = at_table(table, 3, accept=False)
    actions.dispute_at_table(disputed, side="EW", device="phone-ew", key="no-3", reason="4H")
    enter(match, 4, "open", "3NT", "S", "=")  # typed by a director
    at_table(table, 5)
    enter(match, 5, "open", "4S", "N", "+1", confirm=True)  # the director's word over the table's
    disputed_then_fixed = at_table(table, 6, accept=False)
    actions.dispute_at_table(disputed_then_fixed, side="EW", device="e", key="no-6")
    enter(match, 6, "open", "4S", "N", "-1")  # the director settles the dispute
    monitor = room_monitor(first_stage(event), 1, timezone.now())
    row = monitor.rows[0]
    assert (row.number, row.room) == (1, "open")
    states = [cell.state for cell in row.cells[:7]]
    assert states == [
        CellState.ACCEPTED,
        CellState.WAITING,
        CellState.DISPUTED,
        CellState.DIRECTOR,
        CellState.DIRECTOR,
        CellState.DIRECTOR,
        CellState.EMPTY,
    ]
    assert row.cells[0].text == "4♠N=" and row.cells[4].text == "4♠N+1"  # with the declarer
    assert row.played == 6 and monitor.rows[1].played == 0
    assert monitor.waiting == 1 and monitor.disputed == 1


def test_a_table_is_behind_when_the_leader_has_played_three_boards_more(event):
    first, second = round_of(event)
    for number in range(1, 6):
        enter(first, number, "open", "4S", "N", "=")
        enter(first, number, "closed", "4S", "N", "=")
    for number in range(1, 5):
        enter(second, number, "open", "4S", "N", "=")
    for number in range(1, 3):
        enter(second, number, "closed", "4S", "N", "=")
    rows = room_monitor(first_stage(event), 1, timezone.now()).rows
    assert [row.played for row in rows] == [5, 5, 4, 2]
    assert [row.behind for row in rows] == [False, False, False, True]
    assert PACE_GAP == 3


def test_a_knockouts_first_round_has_a_monitor_of_its_own_without_the_round_robins_round_1(td):
    """Stages number their rounds from 1: the semi-finals' monitor shows the semi-finals
    alone, none behind, and the round robin's round 1 keeps its own."""
    event = make_event(boards_per_match=4, boards_per_segment=4)
    for number in range(1, 5):
        make_team(event, f"Team {number}")
    first = actions.configure_stage(event, user=td, number=1, kind="round-robin")
    for match in actions.start_stage(first, user=td):
        for number in range(1, 5):
            enter(match, number, "open", "4S", "N", "=" if number % 2 else "-1")
            enter(match, number, "closed", "4S", "N", "=")
        actions.mark_final(match, user=td, confirm=True)
    second = actions.configure_stage(event, user=td, number=2, kind="knockout", entrants=4)
    semi_finals = actions.start_stage(second, user=td)
    rows = room_monitor(second, semi_finals[0].round, timezone.now()).rows
    assert {row.match.pk for row in rows} == {match.pk for match in semi_finals}
    assert all(row.played == 0 and not row.behind for row in rows)
    first_rows = room_monitor(first, 1, timezone.now()).rows
    assert first_rows and all(row.match.stage_id == first.pk for row in first_rows)
    assert any(row.played == 4 for row in first_rows)


def test_calls_show_how_long_they_have_waited_and_are_answered_on_the_monitor(
    director_client, event
):
    match = round_of(event)[0]
    opened(event)
    table = table_of(match, "closed")
    call = actions.call_director(table, key="call-1", reason="Revoke on board 2", board=2)
    DirectorCall.objects.filter(pk=call.pk).update(created=timezone.now() - timedelta(minutes=3))
    url = reverse("director-monitor", args=[event.pk, 1, 1])
    page = director_client.get(url).content.decode()
    assert "Table 1, Closed room" in page and "waiting 3 minutes" in page
    assert "Revoke on board 2" in page and f'data-alerts="call-{call.pk}"' in page
    assert reverse("director-sheet", args=[match.pk, "closed"]) + "#row-2" in page
    answer = reverse("director-answer-call", args=[event.pk, 1, 1, call.pk])
    response = director_client.post(answer)
    assert response.status_code == 302 and response.url == url
    call.refresh_from_db()
    assert call.answered is not None and call.answered_by.username == "td"
    assert "No table is waiting for the director." in director_client.get(url).content.decode()


def test_the_monitors_own_script_gets_only_its_live_part(director_client, event):
    match = round_of(event)[0]
    opened(event)
    call = actions.call_director(table_of(match, "open"), key="c")
    url = reverse("director-monitor", args=[event.pk, 1, 1])
    live = director_client.get(url, headers={"HX-Request": "true"})
    html = live.content.decode()
    assert html.startswith('<div id="monitor-live"') and "<html" not in html
    assert "HX-Request" in live["Vary"] and "no-store" in live["Cache-Control"]
    answered = director_client.post(
        reverse("director-answer-call", args=[event.pk, 1, 1, call.pk]),
        headers={"HX-Request": "true"},
    )
    assert answered.status_code == 200
    assert 'data-alerts=""' in answered.content.decode()


def test_a_dispute_is_a_call_with_its_board(director_client, event):
    match = round_of(event)[0]
    opened(event)
    entry = at_table(table_of(match, "open"), 7, accept=False)
    actions.dispute_at_table(entry, side="EW", device="e", key="no", reason="It was 5S")
    page = director_client.get(reverse("director-monitor", args=[event.pk, 1, 1])).content.decode()
    assert "Board 7 not agreed" in page and "It was 5S" in page
    assert 'data-state="disputed"' in page


@pytest.mark.parametrize("matches", [2, 8])  # 4 and 16 tables
def test_the_monitor_reads_the_round_in_six_queries_whatever_its_size(
    event, matches, django_assert_num_queries
):
    made = round_of(event, matches=matches)
    opened(event)
    for match in made:
        for room in ("open", "closed"):
            table = table_of(match, room)
            at_table(table, 1)
            at_table(table, 2, accept=False)
            actions.call_director(table, key=f"call-{table.pk}")
        enter(match, 3, "open", "4S", "N", "=")
    stage = first_stage(event)
    with django_assert_num_queries(6):  # the round's clocks the sixth
        monitor = room_monitor(stage, 1, timezone.now())
        assert len(monitor.rows) == 2 * matches and len(monitor.calls) == 2 * matches
        assert monitor.count(CellState.ACCEPTED) == 2 * matches


def test_the_monitor_page_costs_the_same_queries_for_4_and_16_tables(director_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for matches in (2, 8):
        event = make_event()
        made = round_of(event, matches=matches)
        opened(event)
        for match in made:
            at_table(table_of(match, "open"), 1)
            actions.call_director(table_of(match, "closed"), key=f"call-{match.pk}")
        url = reverse("director-monitor", args=[event.pk, 1, 1])
        for live in ({}, {"HX-Request": "true"}):
            director_client.get(url, headers=live)  # the session and the user read once
            with CaptureQueriesContext(connection) as queries:
                assert director_client.get(url, headers=live).status_code == 200
            counts.append((bool(live), len(queries)))
    assert counts[0] == counts[2] and counts[1] == counts[3], counts


# --- who entered each result -----------------------------------------------------------


def test_the_board_history_names_the_table_sides_and_phones_and_keeps_the_directors_word(
    director_client, director, event
):
    match = round_of(event, matches=1)[0]
    opened(event)
    at_table(table_of(match, "open"), 1)
    enter(match, 1, "open", "4S", "N", "+1", user=director, confirm=True)
    page = director_client.get(reverse("director-board-history", args=[match.pk, 1]))
    html = page.content.decode()
    assert (
        "Entered by N-S, table 1, Open room, phone 1; accepted by E-W, table 1, Open room, "
        "phone 2" in html
    )
    assert "phone-ns" not in html and "phone-ew" not in html  # a phone's own name: never
    assert html.count("<tr>") >= 3  # the head, the director's row and the table's row
    assert Result.objects.get(board__match=match, board__number=1, room="open").tricks == 11
    assert "Entered at the tables" in html and 'data-status="accepted"' in html
