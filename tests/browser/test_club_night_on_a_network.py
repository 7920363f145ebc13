"""A club night on a laptop, on a network of its own: `make run` in the laptop's network
namespace prints the address phones use (with a QR code that reads as that address); the
director, on the laptop's own loopback address, adds a round, opens its tables and prints
their cards; a card's QR code, read back from the printed page, holds the laptop's address
on the network; a phone in the other namespace opens it and enters a board, which a second
phone accepts, while the director's monitor shows it; a phone that asks for a host the
app does not serve gets the short page in both languages. Ctrl+C stops everything `make
run` started; run again, it keeps the data, the director's session and the password, and
has made a backup.

Skipped where network namespaces cannot be made (not root, no ``ip``), unless
REQUIRE_NETNS=1 (CI), when it fails instead (tests/browser/network.py).
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.helpers import POLL, board, tap_result
from tests.browser.network import (
    LAPTOP_IP,
    MakeRun,
    Room,
    pdf_qr_codes,
    printed,
    terminal_qr_codes,
)

PORT = 8000  # the laptop's own port: nothing else listens in its namespace
PHONES = f"http://{LAPTOP_IP}:{PORT}"
LAPTOP = f"http://127.0.0.1:{PORT}"
FIRST_START = 600  # seconds: the first run gathers the static files (minutes on a busy CI)


@pytest.fixture
def room():
    made = Room()
    made.make()
    yield made
    made.remove()


def watch_errors(page, errors: list):
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "Content Security Policy" in m.text
            else None
        ),
    )


def add_round_two(page):
    """Add round 2 to the demo event on the director's form: the demo's teams again."""
    page.goto(f"{LAPTOP}/director/events/1/matches/new/")
    page.get_by_label("Round").fill("2")
    page.get_by_label("Home team").select_option(label="黄河队")
    page.get_by_label("Away team").select_option(label="长城队")
    page.get_by_role("button", name="Create match").click()
    page.get_by_label("Yes, these teams play each other again").check()  # they met in round 1
    page.get_by_role("button", name="Create match").click()
    expect(page).to_have_url(re.compile(r"/director/matches/\d+/$"))


def test_a_club_night_on_the_laptop_s_network(room, browser, tmp_path: Path):
    data = tmp_path / "data"
    evening = MakeRun(room, data, PORT)
    try:
        terminal = evening.start(FIRST_START)
        # the terminal: the address phones use, its QR code, the demo director's login
        assert printed(terminal, "Phones (手机):") == f"{PHONES}/"
        assert terminal_qr_codes(terminal, tmp_path) == [f"{PHONES}/"]
        password = printed(terminal, "password:")
        assert password, terminal
        assert "127.0.0.1" not in terminal.split("Demo event:")[1].split("\n")[0]

        laptop = room.browser(browser, room.laptop, tmp_path)
        phone = room.browser(
            browser, room.phone, tmp_path, f"--host-resolver-rules=MAP club.invalid {LAPTOP_IP}"
        )
        errors = []
        director = laptop.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
        desk = director.new_page()
        watch_errors(desk, errors)
        desk.goto(f"{LAPTOP}/accounts/login/")
        desk.locator("input[name=username]").fill("director")
        desk.locator("input[name=password]").fill(password)
        desk.locator("input[name=password]").press("Enter")
        expect(desk.locator("form[action$='/logout/']")).to_be_attached()
        add_round_two(desk)

        # the cards, opened on the laptop's loopback address, carry the network's
        desk.goto(f"{LAPTOP}/director/events/1/stages/1/rounds/2/table-cards/")
        desk.locator("form.open-tables button").click()
        cards = desk.locator("article.table-card")
        expect(cards).to_have_count(2)
        expect(cards.first).to_contain_text(f"{PHONES}/t/")
        assert "127.0.0.1" not in cards.first.inner_text()
        codes = pdf_qr_codes(desk.pdf(prefer_css_page_size=True), tmp_path)
        assert len(codes) == 2 and all(c.startswith(f"{PHONES}/t/") for c in codes), codes

        monitor = director.new_page()
        watch_errors(monitor, errors)
        monitor.goto(f"{LAPTOP}/director/events/1/stages/1/rounds/2/monitor/")
        expect(monitor.locator("a.monitor-cell[data-state=empty]").first).to_be_visible()

        # two phones on the other side of the link, the card's code scanned
        phones = []
        for side in ("NS", "EW"):
            context = phone.new_context(locale="zh-CN", **PHONE)
            page = context.new_page()
            watch_errors(page, errors)
            page.goto(codes[0])
            page.locator(f"label[for=side-{side}]").click()
            phones.append(page)
        north_south, east_west = phones
        tap_result(north_south, 4, "S", "N", "+1")
        expect(board(north_south, 1)).to_have_attribute("data-status", "waiting")
        expect(board(east_west, 1)).to_have_attribute("data-status", "waiting", timeout=POLL)
        board(east_west, 1).locator(".decide .btn-success").click()
        expect(board(east_west, 1)).to_have_attribute("data-status", "accepted")
        expect(board(north_south, 1)).to_have_attribute("data-status", "accepted", timeout=POLL)
        accepted = monitor.locator("a.monitor-cell[data-state=accepted]")
        expect(accepted).to_have_count(1, timeout=POLL)

        # a host the app does not serve: the short page in both languages
        stranger = phone.new_context(**PHONE).new_page()
        answer = stranger.goto(f"http://club.invalid:{PORT}/events/1/")
        assert answer.status == 400
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        expect(stranger.locator("h1")).to_have_text("网络地址不对 · Wrong address")
        expect(stranger.locator("main")).to_contain_text("请扫描桌卡上的二维码")
        expect(stranger.locator("main")).to_contain_text("Scan the QR code on your table's card")
        expect(stranger.locator(f'a[href="{PHONES}/"]')).to_have_count(2)

        # Ctrl+C stops the server and the worker; run again, nothing is lost
        key = (data / "secret_key").read_text()
        evening.stop()
        left = [c for c in room.commands(room.laptop) if "chromium" not in c]
        assert left == [], left
        terminal = evening.start(120)
        assert "password:" not in terminal
        assert "with the password printed when it was made" in terminal
        assert (data / "secret_key").read_text() == key
        assert len(list((data / "backups").glob("db-*.sqlite3"))) == 1
        monitor.reload()  # the director's session outlives the restart
        expect(monitor.locator("a.monitor-cell[data-state=accepted]")).to_have_count(1)
        assert not errors, errors
    finally:
        evening.stop()
