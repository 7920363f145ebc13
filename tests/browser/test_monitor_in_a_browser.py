"""The director's side of the tables in a browser: the round page's "Open the tables"
button, the table cards on paper (four to an A4 page), the room monitor updating itself
within 5 seconds with a visible, heard alert for a new call or a result not agreed, the
call answered from the monitor, and a board opened from the grid and overwritten by the
director once asked (the director's word stands; the board's history keeps both)."""

import math
import re
import shutil
import subprocess

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import DirectorCall, Result, Room
from matches.models.stages import first_stage
from matches.scoring import Contract
from tests.browser.helpers import log_in, open_the_tables, type_row
from tests.factories import make_event, make_match, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "watching the room"
PHONE = {"width": 390, "height": 844}
FOUR_SPADES = {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 10, "lead": "HA"}
UPDATE_MS = 5_000  # the monitor shows a change within 5 seconds


def a_round(matches=2):
    event = make_event(name="俱乐部队式赛")
    made = [make_match(event) for _ in range(matches)]
    make_user("td", chief=True, password=PASSWORD)
    return event, made


def table(match, room="open"):
    return Room.objects.get(match=match, room=room)


def pdf_pages(page: Page, tmp_path) -> int:
    """Return the pages the page prints on (pdfinfo's count where it is installed)."""
    pdf = page.pdf(prefer_css_page_size=True)
    if shutil.which("pdfinfo"):
        path = tmp_path / "cards.pdf"
        path.write_bytes(pdf)
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
        assert re.search(r"Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)", info), info
        return int(re.search(r"Pages:\s+(\d+)", info).group(1))
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
@pytest.mark.parametrize("matches", [2, 3])  # 4 tables: one page; 6 tables: two pages
def test_the_round_page_opens_the_tables_and_their_cards_print_four_to_a_page(
    page: Page, locale, matches, tmp_path
):
    event, _made = a_round(matches)
    log_in(page, "td", PASSWORD)
    assert not Room.objects.exists()
    open_the_tables(page, event)
    cards = page.locator("article.table-card")
    expect(cards).to_have_count(2 * matches)
    expect(cards.locator("svg.qr")).to_have_count(2 * matches)
    assert pdf_pages(page, tmp_path) == math.ceil(2 * matches / 4)
    page.go_back()
    page.reload()
    for made in Room.objects.filter(match__event=event):
        expect(page.locator(f'tr[data-table="{made.pk}"] .table-code')).to_have_text(made.code)


def test_the_monitor_shows_a_new_entry_and_a_call_within_5_seconds_with_a_beep(page: Page):
    event, (first, second) = a_round()
    actions.open_tables(first_stage(event), round_number=1, user=None)
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/monitor/")
    sound = page.locator("#monitor-sound")
    sound.click()  # the click browsers need before a page may play sound
    expect(page.locator("#monitor")).to_have_attribute("data-beeps", "1")  # a test beep
    expect(sound).to_have_text("Turn sound off")
    cell = page.locator(f"#cell-{first.pk}-open-1")
    expect(cell).to_have_attribute("data-state", "empty")
    expect(page.locator("#monitor-alert")).to_be_empty()

    entry = actions.enter_at_table(
        table(first), board=1, entry=FOUR_SPADES, side="NS", device="ns", key="b1"
    )
    expect(cell).to_have_attribute("data-state", "waiting", timeout=UPDATE_MS)
    actions.accept_at_table(entry, side="EW", device="ew", key="b1-ok")
    expect(cell).to_have_attribute("data-state", "accepted", timeout=UPDATE_MS)
    expect(page.locator("#monitor")).to_have_attribute("data-beeps", "1")  # no call, no beep

    disputed = actions.enter_at_table(
        table(second, "closed"), board=2, entry=FOUR_SPADES, side="EW", device="ew2", key="b2"
    )
    actions.dispute_at_table(disputed, side="NS", device="ns2", key="b2-no", reason="4H")
    alert = page.locator("#monitor-alert")
    expect(alert).to_contain_text("Table 2, Closed room: board 2 not agreed", timeout=UPDATE_MS)
    expect(page.locator(f"#cell-{second.pk}-closed-2")).to_have_attribute("data-state", "disputed")
    expect(page.locator("#monitor")).to_have_attribute("data-beeps", "2")

    actions.call_director(table(first, "closed"), key="call", reason="Revoke?")
    expect(alert).to_contain_text("Table 1, Closed room: director call", timeout=UPDATE_MS)
    expect(page.locator("#monitor")).to_have_attribute("data-beeps", "3")
    expect(page.locator(".monitor-calls li.call")).to_have_count(2)


def test_a_call_is_answered_from_the_monitor_without_leaving_it(page: Page):
    event, (first, _second) = a_round()
    actions.open_tables(first_stage(event), round_number=1, user=None)
    call = actions.call_director(table(first), key="call", reason="Revoke on board 4", board=4)
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/monitor/")
    page.evaluate("window.notReloaded = true")
    item = page.locator(f'li[data-alert="call-{call.pk}"]')
    expect(item).to_contain_text("Revoke on board 4")
    item.get_by_role("button", name="Answered: table 1, Open room").click()
    expect(item).to_have_count(0)
    expect(page.locator(".monitor-calls")).to_contain_text("No table is waiting for the director.")
    expect(page.locator("#calls-title")).to_be_focused()
    assert page.evaluate("window.notReloaded") is True  # answered in the background
    call.refresh_from_db()
    assert call.answered is not None and call.answered_by.username == "td"


def test_a_cell_opens_the_board_and_the_directors_word_stands_over_the_tables(page: Page):
    event, (first, _second) = a_round()
    actions.open_tables(first_stage(event), round_number=1, user=None)
    entry = actions.enter_at_table(
        table(first), board=3, entry=FOUR_SPADES, side="NS", device="phone-ns", key="b3"
    )
    actions.accept_at_table(entry, side="EW", device="phone-ew", key="b3-ok")
    log_in(page, "td", PASSWORD)
    page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/monitor/")
    page.locator(f"#cell-{first.pk}-open-3").click()
    expect(page).to_have_url(re.compile(rf"/director/matches/{first.pk}/open/#row-3$"))
    expect(page.locator("#row-3 [name=b3-contract]")).to_be_focused()  # the board asked for
    type_row(page, "4S", "N", "HA", "+1")  # typed over the table's 4S= (selected)
    question = page.locator("#row-3").get_by_role("alert")  # the table's result: asked first
    expect(question).to_contain_text("accepted at the table: 4♠ by North, = (N-S 420)")
    question.get_by_role("button", name="Replace it").click()
    expect(page.locator("#row-3")).to_contain_text("450")
    result = Result.objects.get(board__match=first, board__number=3, room="open")
    assert result.tricks == 11 and result.entered_by.username == "td"

    page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/monitor/")
    expect(page.locator(f"#cell-{first.pk}-open-3")).to_have_attribute("data-state", "director")
    page.goto(f"/director/matches/{first.pk}/boards/3/history/")
    rows = page.locator("table.board-history tbody tr")
    expect(rows).to_have_count(2)  # the director's correction, then the table's result
    expect(rows.nth(0)).to_contain_text("td")
    expect(rows.nth(1)).to_contain_text(
        "Entered by N-S, table 1, Open room, phone 1; accepted by E-W, table 1, Open room, phone 2"
    )


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_monitor_and_the_cards_fit_a_390_px_phone(page: Page, locale):
    event, made = a_round(3)
    actions.open_tables(first_stage(event), round_number=1, user=None)
    actions.call_director(table(made[0]), key="call", reason="慢打" * 20)
    log_in(page, "td", PASSWORD)
    page.set_viewport_size(PHONE)
    for path in ("monitor/", "table-cards/"):
        page.goto(f"/director/events/{event.pk}/stages/1/rounds/1/{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide"
    page.goto(f"/director/events/{event.pk}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert DirectorCall.objects.filter(answered__isnull=True).count() == 1
