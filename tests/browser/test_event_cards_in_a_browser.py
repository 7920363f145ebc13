"""A 6-team, 3-round evening run from one printed set of table cards, in real browsers: the
director opens the event's tables and prints their cards once; a phone on each card types
its code; each round every phone enters a board at its table (the other side accepting on
the same phone), and once its match is over it follows its North-South pair to the table
its team plays at next, with one tap; a phone left on round 1's page cannot write into
round 2's match at its table: refused, with the new match named."""

import re
import time

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from matches import actions
from matches.models import EventTable, Room, TableEntry
from matches.queries.event_tables import next_tables
from tests.browser.helpers import POLL, board, fits_the_screen, log_in, tap_result
from tests.factories import enter, make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "one set of cards"
FULL = {"NS": "North-South", "EW": "East-West"}
TEAMS = ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir")


@pytest.fixture
def evening(db):
    event = make_event(name="Tuesday teams", boards_per_match=2, boards_per_segment=2)
    for name in TEAMS:
        make_team(event, name)
    actions.make_round_robin(event, user=None, rounds=3)
    make_user("td", chief=True, password=PASSWORD)
    return event


def again_while_locked(work, *args, **kwargs):
    """Return ``work(...)``, done again while SQLite's shared in-memory test database says
    a table is locked by the live server's thread (the phones poll all the while); at
    most 50 tries."""
    for _ in range(49):
        try:
            return work(*args, **kwargs)
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.1)
    return work(*args, **kwargs)


def room_of(phone) -> Room:
    token = re.search(r"/t/([\w-]+)/", phone.url).group(1)
    rooms = Room.objects.select_related("match__home", "match__away", "match__event")
    return again_while_locked(lambda: rooms.get(token=token))


def finish_the_round(event, round_number):
    """The rest of the round's boards, as the director enters them from the paper."""
    for match in again_while_locked(list, event.matches.filter(round=round_number)):
        for room in ("open", "closed"):
            played = match.boards.get(number=1).results.filter(room=room)
            if not again_while_locked(played.exists):
                again_while_locked(enter, match, 1, room, "4S", "N", "=")
            again_while_locked(enter, match, 2, room, "3NT", "N", "=")


def plays_board_1(phone, side):
    """The phone enters board 1 and the other side accepts it on the same phone."""
    phone.locator(f"label[for=side-{side}]").click()
    tap_result(phone, 4, "S", "N", "=")
    expect(board(phone, 1)).to_have_attribute("data-status", "waiting")  # the server has it
    other = "East-West" if side == "NS" else "North-South"
    board(phone, 1).get_by_role("button", name=f"Hand to {other} to accept").click()
    board(phone, 1).locator(".decide .btn-success").click()
    expect(board(phone, 1)).to_have_attribute("data-status", "accepted")


def test_an_evening_from_one_set_of_cards(page, phones, evening):
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{evening.pk}/tables/")
    page.get_by_role("button", name="Open the event's tables").click()
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(6)
    codes = {}
    for number in (1, 2, 3):
        for room in ("open", "closed"):
            card = page.locator(f'article[data-number="{number}"][data-room="{room}"]')
            codes[number, room] = card.locator(".table-card-code .code").inner_text()
    # round 1: a phone on each card, by its code
    players = {}
    for (number, room), code in codes.items():
        phone = phones()
        phone.locator("#id_code").fill(code)
        phone.get_by_role("button", name="Open the table").click()
        expect(phone).to_have_url(re.compile(r"/t/[\w-]+/$"))
        here = room_of(phone)
        assert (here.match.round, here.room, here.place.number) == (1, room, number)
        players[number, room] = phone
    left_behind = phones()  # a phone that stays on round 1's page of table 1, open room
    left_behind.goto(players[1, "open"].url)
    chinese = phones(locale="zh-CN")  # a phone in Chinese, on table 2's closed-room card
    chinese.goto(f"/t/{EventTable.objects.get(number=2, room='closed').token}/")
    stale = room_of(left_behind)
    sides = dict.fromkeys(players, "NS")  # where each phone's pair sits
    played = 0
    for round_number in (1, 2, 3):
        rooms = set()
        for key, phone in players.items():
            here = room_of(phone)
            if here.pk not in rooms:  # two pairs sent to one table: one phone enters
                rooms.add(here.pk)
                plays_board_1(phone, sides[key])
                played += 1
        finish_the_round(evening, round_number)
        for key, phone in list(players.items()):
            here = room_of(phone)
            assert here.match.round == round_number
            moves = phone.locator("[data-moves]")
            expect(moves).to_contain_text("Where the pairs play next", timeout=POLL)
            assert fits_the_screen(phone)  # 390 px
            nxt = again_while_locked(next_tables, here)[sides[key]]
            line = phone.locator(f'[data-next="{sides[key]}"]')
            if round_number == 3:
                expect(line).to_contain_text("No next match is drawn yet")
                continue
            words = (
                f"Round {round_number + 1}: table {nxt.number}, {nxt.room} room, {FULL[nxt.side]}"
            )
            expect(line).to_contain_text(f"{FULL[sides[key]]} ({nxt.team.name})")
            expect(line).to_contain_text(words)
            line.get_by_role("link").click()  # one tap: to the team's next table
            expect(phone.locator(".table-head")).to_contain_text(f"Round {round_number + 1}")
            expect(phone.locator("h1")).to_contain_text(f"Table {nxt.number} · {nxt.room.title()}")
            there = room_of(phone)
            assert (there.match, there.room, there.place.number) == (
                nxt.match,
                here.room,
                nxt.number,
            )
            expect(phone.locator("body")).to_contain_text(nxt.team.name)
            sides[key] = nxt.side
        if round_number == 1:
            line = chinese.locator('[data-next="NS"]')
            expect(line).to_contain_text(
                re.compile(r"第 2 轮：第 [123] 桌 闭室，(东西|南北)"), timeout=POLL
            )
            assert fits_the_screen(chinese)
            # round 2 plays at table 1 now: the phone left on round 1's page enters board 1
            expect(left_behind.locator("[data-now-here]")).to_contain_text(
                "This table now plays Round 2: table 1, open room", timeout=POLL
            )
            left_behind.locator("label[for=side-EW]").click()
            tap_result(left_behind, 3, "NT", "E", "+1")
            expect(left_behind.locator("body")).to_contain_text(
                "Nothing was entered: this match is over at this table.", timeout=POLL
            )
            late = TableEntry.objects.filter(declarer="E")  # the stale phone's 3NT by East
            assert not again_while_locked(late.filter(table__match__round=2).exists)
            assert not again_while_locked(late.filter(table=stale).exists)
            # the card on the table, scanned again, opens round 2's match there
            left_behind.locator("[data-now-here] a").click()
            assert room_of(left_behind).match.round == 2
    accepted = TableEntry.objects.filter(status="accepted")
    assert again_while_locked(accepted.count) == played >= 12
