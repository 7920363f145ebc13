"""A whole round played at the tables, as the players and the director play it: four teams,
two matches, eight boards; at each of the four tables North-South enter every board by taps
on one phone and East-West accept on their own (eight phones, 390 px; the first table's in
Chinese). On the way: a result not agreed (the director called), a call for the director
answered from the room monitor, three boards entered with the network cut, and a board the
director overrides on the room sheet, once asked. At the end each scorecard, as a spectator sees it,
holds what was typed (and the director's word), and each board's history holds exactly the
changes made, none twice.
"""

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from matches.models import DirectorCall, Room, TableEntry
from tests.browser.helpers import (
    POLL,
    board,
    cut_network,
    log_in,
    open_the_tables,
    restore_network,
    tap_result,
    type_row,
)
from tests.factories import make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a round at the tables"
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
ROOMS = {"open": "Open room", "closed": "Closed room"}


@dataclass(frozen=True)
class Play:
    """A room's result on a board as the table taps it ("4SX N -1"), with its N-S score."""

    typed: str
    ns: int

    @property
    def parts(self):
        contract, declarer, result = self.typed.split()
        level, strain, doubling = re.fullmatch(r"([1-7])(C|D|H|S|NT)(X{0,2})", contract).groups()
        return level, strain, doubling, declarer, result

    @property
    def contract(self) -> str:
        level, strain, doubling, _, _ = self.parts
        return f"{level}{SYMBOLS[strain]}{doubling}"

    def tap(self, phone: Page):
        level, strain, doubling, declarer, result = self.parts
        tap_result(phone, level, strain, declarer, result, doubling=doubling)

    def cells(self) -> list[str]:
        """Return the scorecard's cells for this room: declarer, contract, lead, result, N-S
        and E-W scores."""
        _, _, _, declarer, result = self.parts
        ns, ew = (str(self.ns), "") if self.ns > 0 else ("", str(-self.ns))
        return [SEATS[declarer], self.contract, "", result, ns, ew]


# Each match's boards: the open room's result, the closed room's, and the IMPs (+ home).
# Vulnerability by board number: 1 none, 2 N-S, 3 E-W, 4 all, 5 N-S, 6 E-W, 7 all, 8 none.
ROUND = [
    {
        1: (Play("4S N +1", 450), Play("4S N =", 420), 1),
        2: (Play("3NT S =", 600), Play("3NT S -1", -100), 12),
        3: (Play("4H E =", -620), Play("4H E -1", 100), -12),  # open: first not agreed
        4: (Play("2S S +1", 140), Play("3D W =", -110), 6),
        5: (Play("4SX N -1", -200), Play("4S N -1", -100), -3),  # closed: the director's
        6: (Play("1NT W +1", -120), Play("1NT W =", -90), -1),
        7: (Play("6C S =", 1370), Play("5C S +1", 620), 13),
        8: (Play("3NT N +2", 460), Play("3NT N +2", 460), 0),
    },
    {
        1: (Play("2H S =", 110), Play("2H S +1", 140), -1),
        2: (Play("4S N =", 620), Play("4S N =", 620), 0),
        3: (Play("3NT W -2", 200), Play("3NT W =", -600), 13),
        4: (Play("4H N =", 620), Play("2H N +2", 170), 10),  # open: 4 to 6 sent offline
        5: (Play("3C E =", -110), Play("3C E =", -110), 0),
        6: (Play("4SX E =", -790), Play("4S E =", -620), -5),
        7: (Play("1NT N =", 90), Play("1NT N -1", -100), 5),
        8: (Play("3S S -1", -50), Play("2S S =", 110), -4),
    },
]
TOTALS = [(32, 16), (28, 10)]  # the IMPs above, added up by hand
NOT_AGREED = Play("4H E -1", 100)  # the first table's board 3, as North-South first tapped it
TYPED_BEFORE_THE_DIRECTOR = Play("4S N -2", -200)  # the second table's board 5
OFFLINE = (4, 5, 6)  # the third table's boards entered with the network cut


@pytest.fixture
def round_of_two_matches(db):
    """Return the event (4 teams, round 1: two matches of 8 boards, one segment) and its
    matches; the chief director "td" runs it."""
    event = make_event(name="周四队式赛", boards_per_match=8, boards_per_segment=8)
    teams = [make_team(event, name) for name in ("北京队", "上海队", "天津队", "重庆队")]
    matches = [
        make_match(event, home=teams[0], away=teams[1]),
        make_match(event, home=teams[2], away=teams[3]),
    ]
    make_user("td", chief=True, password=PASSWORD)
    return event, matches


def enter_boards(phone: Page, plays: dict):
    """Enter boards by taps on North-South's phone, each once the form has moved to it."""
    for number, play in plays.items():
        expect(board(phone, number)).to_have_class(re.compile("is-current"))
        play.tap(phone)


def accept(phone: Page, number: int):
    """Accept a board on East-West's phone, once the entry has reached it."""
    card = board(phone, number)
    expect(card).to_have_attribute("data-status", "waiting", timeout=POLL)
    card.locator(".decide .btn-success").click()
    expect(card).to_have_attribute("data-status", "accepted")


def cell_texts(page: Page, rows: str) -> list[list[str]]:
    return page.locator(rows).evaluate_all(
        "rows => rows.map(row => Array.from(row.cells, cell => cell.textContent.trim()))"
    )


def test_a_round_is_played_at_the_tables_and_every_scorecard_holds_what_was_typed(
    page: Page, phones, browser, live_server, round_of_two_matches
):
    event, matches = round_of_two_matches
    log_in(page, "td", PASSWORD)
    open_the_tables(page, event)
    page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/monitor/")
    tables = [
        Room.objects.get(match=match, room=room) for match in matches for room in ("open", "closed")
    ]
    language = {table: "zh-CN" if table == tables[0] else "en-US" for table in tables}
    ns = [phones(table, language[table], side="NS") for table in tables]
    ew = [phones(table, language[table], side="EW") for table in tables]
    plays = [
        {number: deal[room] for number, deal in ROUND[match].items()}
        for match in (0, 1)
        for room in (0, 1)
    ]
    plays[0][3] = NOT_AGREED
    plays[1][5] = TYPED_BEFORE_THE_DIRECTOR

    # North-South enter every board; the third table's network goes for boards 4 to 6
    for phone, boards, table in zip(ns, plays, tables, strict=True):
        if table != tables[2]:
            enter_boards(phone, boards)
            continue
        enter_boards(phone, {n: boards[n] for n in (1, 2, 3)})
        expect(board(phone, 4)).to_have_class(re.compile("is-current"))  # board 3 answered
        cut_network(phone.context)
        enter_boards(phone, {n: boards[n] for n in OFFLINE})
        for number in OFFLINE:
            expect(board(phone, number).locator(".board-local")).to_contain_text("Waiting to send")
        expect(phone.locator("#table-connection")).to_contain_text("Waiting to send: 3.")
        assert not TableEntry.objects.filter(table=table, board__number__in=OFFLINE).exists()
        restore_network(phone.context)
        expect(phone.locator("#table-connection")).to_be_empty(timeout=POLL)
        enter_boards(phone, {n: boards[n] for n in (7, 8)})
    expect(board(ns[0], 1).locator(".board-words")).to_have_text("南北 4♠ 超一 +450")

    # East-West accept each board on their own phone, but the first table's board 3
    for phone, table in zip(ew, tables, strict=True):
        for number in range(1, 9):
            if table == tables[0] and number == 3:
                continue
            accept(phone, number)
    disputed = board(ew[0], 3)
    expect(disputed.locator(".board-words")).to_have_text("东西 4♥ 宕一 −100")
    disputed.locator(".decide-dispute summary").click()
    disputed.get_by_label("哪里不对？（选填）").fill("庄家做成了 4♥")
    disputed.get_by_role("button", name="不同意，呼叫裁判").click()
    expect(disputed).to_have_attribute("data-status", "disputed")
    expect(ew[0].locator("#table-calls")).to_contain_text("已呼叫裁判")
    ew[3].locator(".table-call summary").click()
    ew[3].get_by_label("Why? (optional)").fill("Slow play at our table")
    ew[3].locator(".call-form [type=submit]").click()

    # the director sees both on the monitor and answers the call without leaving it
    alert = page.locator("#monitor-alert")
    expect(alert).to_contain_text("Table 1, Open room: board 3 not agreed", timeout=POLL)
    expect(alert).to_contain_text("Table 2, Closed room: director call", timeout=POLL)
    call = page.locator(".monitor-calls li.call", has_text="Slow play at our table")
    call.get_by_role("button", name="Answered: table 2, Closed room").click()
    expect(call).to_have_count(0)
    answered = DirectorCall.objects.get(dispute=False)
    assert answered.answered_by.username == "td" and answered.table == tables[3]

    # settled at the table: North-South enter board 3 again, East-West accept it
    expect(board(ns[0], 3)).to_have_attribute("data-status", "disputed", timeout=POLL)
    board(ns[0], 3).locator("[data-enter='3']").click()
    ROUND[0][3][0].tap(ns[0])
    accept(ew[0], 3)

    # the director overrides the second table's board 5 from the monitor's grid
    cell = page.locator(f"#cell-{matches[0].pk}-closed-5")
    expect(cell).to_have_attribute("data-state", "accepted", timeout=POLL)
    cell.click()
    expect(page.locator("#row-5 [name=b5-contract]")).to_be_focused()
    type_row(page, "4S", "N", "", "-1")
    question = page.locator("#row-5").get_by_role("alert")  # the table's result: asked first
    expect(question).to_contain_text("This board's result was accepted at the table")
    question.get_by_role("button", name="Replace it").click()
    expect(page.locator("#row-5")).to_contain_text("100")
    for phone in (ns[1], ew[1]):
        expect(board(phone, 5)).to_have_attribute("data-status", "director", timeout=POLL)
        expect(board(phone, 5)).to_contain_text("N-S 4♠ −1 −100")

    # every scorecard, as a spectator sees it, holds what was typed and the director's word
    spectator = browser.new_context(base_url=live_server.url, locale="en-US")
    try:
        card = spectator.new_page()
        for match, deals, (home, away) in zip(matches, ROUND, TOTALS, strict=True):
            card.goto(f"/matches/{match.pk}/")
            shown = cell_texts(card, "table.scorecard tbody tr")
            rows = [[cells[0], *cells[2:]] for cells in shown]  # but the vulnerability
            assert rows == [scorecard_row(number, *deal) for number, deal in deals.items()]
            expect(card.locator(".summary-imps")).to_have_text(f"{home} : {away}")
            expect(card.locator("td.home-total")).to_have_text(str(home))
            expect(card.locator("td.away-total")).to_have_text(str(away))
    finally:
        spectator.close()

    # and each board's history, the director's page, exactly the changes made
    for index, (match, deals) in enumerate(zip(matches, ROUND, strict=True)):
        for number, (open_play, closed_play, _imps) in deals.items():
            page.goto(f"/director/matches/{match.pk}/boards/{number}/history/")
            saved = {"open": [open_play], "closed": [closed_play]}
            entered = {"open": ["accepted"], "closed": ["accepted"]}
            if (index, number) == (0, 3):
                entered["open"] = ["disputed", "accepted"]
            if (index, number) == (0, 5):
                saved["closed"] = [TYPED_BEFORE_THE_DIRECTOR, closed_play]
            expected = []
            for room in ("open", "closed"):
                where = f"table {index + 1}, {ROOMS[room]}"  # phones named, never by key
                by_table = f"Entered by N-S, {where}, phone 1; accepted by E-W, {where}, phone 2"
                for step, play in enumerate(saved[room]):
                    who = "td" if step else by_table
                    expected.append([who, ROOMS[room], play.contract, play.parts[4]])
            shown = cell_texts(page, "table.board-history tbody tr")
            history = [
                [who, room, contract, result]
                for _when, who, room, _change, contract, _declarer, _lead, result, _ns in shown
            ]
            assert sorted(history) == sorted(expected), f"match {index + 1}, board {number}"
            statuses = page.locator("table.table-entries tbody tr").evaluate_all(
                "rows => rows.map(row => row.dataset.status)"
            )
            assert sorted(statuses) == sorted(entered["open"] + entered["closed"])
    assert TableEntry.objects.filter(status="accepted").count() == 32
    assert TableEntry.objects.count() == 33  # and the one not agreed: none stored twice


def scorecard_row(number: int, open_play: Play, closed_play: Play, imps: int) -> list[str]:
    """Return a scorecard row's cells (but the vulnerability): both rooms, then the IMPs."""
    difference = open_play.ns - closed_play.ns
    home = [str(difference), str(imps)] if difference > 0 else ["", ""]
    away = [str(-difference), str(-imps)] if difference < 0 else ["", ""]
    return [str(number), *open_play.cells(), *closed_play.cells(), *home, *away]
