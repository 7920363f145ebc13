"""What browser tests do as a user again and again: log in, set up and start a stage
through its form, type a row of a room sheet, open a round's tables from its page, tap a
result on a table's phone, cut a browser's network and bring it back, read a page as a
spectator in each language; check a page fits the screen, count the A4 pages it prints
on, keep a screenshot to look at."""

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.urls import reverse
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from tests.browser.wifi import RELAYS
from tests.factories import enter

POLL = 12_000  # a table's page asks for its state every 5 s: a slow machine may take two turns


def log_in(page: Page, username: str, password: str):
    """Log in through the login page, as a person would."""
    page.goto("/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("input[name=password]").press("Enter")
    expect(page.locator("form[action$='/logout/']")).to_be_attached()


def press(page: Page, name: str):
    """Press the button of that name (exactly), as a person clicks it."""
    page.get_by_role("button", name=name, exact=True).click()


def set_up_stage(page: Page, event, number=1, *, kind=None, method=None, **labelled):
    """Set up stage ``number`` on its director's page and start it, as the director does:
    its format and scoring chosen, the fields labelled so filled in (``{"Rounds (Swiss)":
    "3"}``), saved, then "Start this stage". Return the page's stage path."""
    page.goto(f"/director/events/{event.pk}/stages/{number}/")
    if kind is not None:
        page.get_by_label("Format").select_option(kind)
    if method is not None:
        page.get_by_label("Scoring").select_option(method)
    for label, value in labelled.items():
        page.get_by_label(label).fill(value)
    press(page, "Save stage")
    expect(page.get_by_text("Stage saved.")).to_be_visible()
    press(page, "Start this stage")
    expect(page.get_by_text(re.compile(r"^Stage started"))).to_be_visible()


def play_boards(match, boards):
    """Enter the match's boards in both rooms behind the scenes, one (open, closed) pair of
    (contract, declarer, result) a board, from board 1 on."""
    for number, (open_result, closed_result) in enumerate(boards, start=1):
        enter(match, number, "open", *open_result)
        enter(match, number, "closed", *closed_result)


@contextmanager
def spectator(browser, live_server, locale: str) -> Iterator[Page]:
    """Yield a page of a spectator's own browser, asking for pages in ``locale``."""
    context = browser.new_context(base_url=live_server.url, locale=locale)
    try:
        yield context.new_page()
    finally:
        context.close()


def type_row(page: Page, contract="", declarer="", lead="", result="", end="Enter"):
    """Type a room-sheet row from the contract field on, Tab between fields, then ``end``."""
    page.keyboard.type(contract)
    for text in (declarer, lead, result):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    if end:
        page.keyboard.press(end)


def open_the_tables(page: Page, event, round_number=1):
    """Open a round's tables as the director does: the button on the event's page (a POST),
    which leads to the tables' cards."""
    page.goto(f"/director/events/{event.pk}/")
    action = reverse("director-open-tables", args=[event.pk, 1, round_number])
    page.locator(f'form[action="{action}"] button').click()
    expect(page).to_have_url(
        re.compile(rf"/director/events/{event.pk}/stages/1/rounds/{round_number}/table-cards/$")
    )


def board(page: Page, number: int) -> Locator:
    """Return a board's card on a table's page."""
    return page.locator(f"#board-{number}")


def tap_result(page: Page, level, strain, declarer, result, doubling=""):
    """Enter a result by taps, as a player does (``doubling``: "X" or "XX"), and send it."""
    page.locator(f"#table-entry [data-level='{level}']").click()
    page.locator(f"#table-entry [data-strain='{strain}']").click()
    if doubling:
        page.locator(f"#table-entry [data-doubling='{doubling}']").click()
    page.locator(f"label[for=declarer-{declarer}]").click()
    page.locator(f"#table-entry [data-result='{result}']").click()
    page.locator("#table-entry [type=submit]").click()


SIZES = {"1366": {"width": 1366, "height": 768}, "390": {"width": 390, "height": 844}}
# WALL_SCREENSHOTS=<folder>: the wall, poster and knockout tests keep what they saw there.
SHOTS = Path(os.environ["WALL_SCREENSHOTS"]) if os.environ.get("WALL_SCREENSHOTS") else None


def _refuse(route: Route):
    route.abort("internetdisconnected")


def cut_network(context: BrowserContext):
    """Cut a browser's network (a phone's, a director's): offline, and every request it
    makes refused as a dead Wi-Fi would; a phone's relay (tests/browser/wifi.py) goes down
    too, since Chromium's offline mode and routes alone let a post through now and then."""
    context.set_offline(True)
    context.route("**/*", _refuse)
    if context in RELAYS:
        RELAYS[context].cut()


def restore_network(context: BrowserContext):
    """Bring a phone's network back after :func:`cut_network`."""
    if context in RELAYS:
        RELAYS[context].restore()
    context.unroute("**/*", _refuse)
    context.set_offline(False)


def shot(page: Page, name: str):
    """Keep a screenshot of the page in WALL_SCREENSHOTS (when it is set)."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(800)  # the panel's fade-in and a flash's peak, in real time
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def fits_the_screen(page: Page) -> bool:
    """Return True when nothing makes the page wider than the window."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def pdf_pages(page: Page, tmp_path, landscape=False, **options) -> int:
    """Return the A4 pages the page prints on (portrait, or ``landscape``), as pdfinfo
    (poppler-utils) counts them."""
    assert shutil.which("pdfinfo"), "pdfinfo (poppler-utils) counts the pages"
    path = tmp_path / "print.pdf"
    path.write_bytes(page.pdf(prefer_css_page_size=True, **options))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    size = r"841\.\d+ x 59[45]\.\d+" if landscape else r"59[45]\.\d+ x 841\.\d+"
    assert re.search(rf"Page size:\s+{size} pts \(A4\)", info), info
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))
