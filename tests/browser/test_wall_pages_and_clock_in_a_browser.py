"""The wall of a congress on a laptop's screen and a TV's: every panel, whatever the
number of tables, is on the screen (its rows a page at a time, "page 1 of 3"), with the
clock and "updated at" below it; and the round's clock the director starts counts down on
the wall and on a table's phone.

With WALL_SCREENSHOTS=<folder> each test also saves what it saw there, to look at.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from matches.models import Room
from matches.models.stages import first_stage
from tests import congress, knockout_cup
from tests.browser.conftest import PHONE
from tests.browser.helpers import fits_the_screen, log_in, shot
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = {"1366": {"width": 1366, "height": 768}, "1920": {"width": 1920, "height": 1080}}

# What of the shown panel (and of the header and footer) lies outside the screen: any
# element drawn below the footer's top or beyond an edge, and a footer not all on it.
OUTSIDE = """() => {
  const out = [];
  const foot = document.querySelector(".wall-foot").getBoundingClientRect();
  const describe = (el) => el.tagName + "." + el.className + " " +
    (el.textContent || "").trim().slice(0, 30);
  const panel = document.querySelector("#live .wall-panel.is-shown");
  for (const el of [panel, ...panel.querySelectorAll("*")]) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not drawn (a row of another page)
    if (box.bottom > foot.top + 1 || box.right > innerWidth + 1 || box.left < -1)
      out.push(describe(el) + " " + JSON.stringify(box));
  }
  for (const el of document.querySelectorAll(".wall-head, .wall-foot, .wall-clock, .wall-status")) {
    const box = el.getBoundingClientRect();
    if (box.top < -1 || box.bottom > innerHeight + 1 || box.right > innerWidth + 1)
      out.push(describe(el) + " " + JSON.stringify(box));
  }
  return out;
}"""


def shown(page: Page):
    return page.locator("#live .wall-panel.is-shown")


def every_slide(page: Page):
    """Yield as the wall shows each of its panels' pages in turn (moved on by hand)."""
    slides = max(page.locator(".wall-dots li").count(), 1)
    for number in range(slides):
        if number:
            page.keyboard.press("ArrowRight")
        expect(page.locator(".wall-dots li.is-shown")).to_have_count(1 if slides > 1 else 0)
        yield number


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("tables", [4, 16, 30])
def test_every_panel_of_the_wall_is_on_the_screen_whatever_the_number_of_tables(
    page: Page, tables, screen
):
    event = congress.one_round(tables)
    page.set_viewport_size(SCREENS[screen])
    page.clock.install()
    page.goto(f"/events/{event.pk}/wall/")
    expect(shown(page)).to_be_visible()
    seen = {"matches": set(), "standings": set(), "draw": set()}
    for number in every_slide(page):
        panel = shown(page)
        kind = panel.get_attribute("data-panel")
        assert page.evaluate(OUTSIDE) == [], (kind, number)
        assert fits_the_screen(page)
        rows = {
            "matches": "tr[data-match]",
            "standings": "tr[data-team]",
            "draw": "tbody[data-match]",
        }[kind]
        for row in panel.locator(rows).all():
            if row.is_visible():
                seen[kind].add(row.get_attribute("data-match") or row.get_attribute("data-team"))
        shot(page, f"wall-{tables}-tables-{screen}-{number}")
    # every table and every team was shown on some page
    assert len(seen["matches"]) == tables and len(seen["draw"]) == tables
    assert len(seen["standings"]) == 2 * tables
    if tables >= 16:
        expect(page.locator(".wall-dots li")).not_to_have_count(3)  # pages, not only panels


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("teams", [32, 60])  # 16 and 30 tables (60: with byes)
def test_a_big_knockouts_bracket_is_on_the_screen_a_slice_at_a_time(page: Page, teams, screen):
    stage = knockout_cup.knockout(teams, None)
    page.set_viewport_size(SCREENS[screen])
    page.clock.install()
    page.goto(f"/events/{stage.event_id}/wall/?panel=standings")
    expect(shown(page)).to_have_attribute("data-pager", "bracket")
    seen = set()
    for number in every_slide(page):
        assert page.evaluate(OUTSIDE) == [], number
        for match in shown(page).locator(".wall-bracket-match").all():
            if match.is_visible():
                seen.add(match.get_attribute("data-figure"))
        shot(page, f"wall-bracket-{teams}-{screen}-{number}")
    assert number > 0  # pages, the bracket being too tall for one
    assert len(seen) == shown(page).locator(".wall-bracket-match").count()  # each on a page


def seconds_of(text: str) -> int:
    minutes, seconds = text.split(":")[-2:]
    return int(minutes) * 60 + int(seconds)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_clock_the_director_starts_counts_down_on_the_wall_and_on_a_phone(
    page: Page, browser, live_server, locale
):
    event = congress.round_robin(played=2)  # round 3 under way
    make_user("td", chief=True)
    actions.open_tables(first_stage(event), round_number=3, user=None)
    table = Room.objects.filter(match__event=event, match__round=3, room="open").first()

    # The director sets the round's length and starts its clock on its page.
    log_in(page, "td", "correct horse battery")
    page.goto(f"/director/events/{event.pk}/stages/1/rounds/3/clock/")
    page.get_by_label(re.compile("Length of the round|本轮时长")).fill("45")
    page.locator("form.clock-length-form button").click()
    expect(page.locator(".alert-success")).to_be_visible()
    page.locator("form:has(input[value=start]) button").click()
    expect(page.locator("[data-round-clock]")).to_have_attribute("data-mode", "running")
    shot(page, f"clock-director-{locale}")

    wall = browser.new_context(base_url=live_server.url, locale=locale, viewport=SCREENS["1366"])
    phone = browser.new_context(base_url=live_server.url, locale=locale, **PHONE)
    try:
        screens = {"wall": wall.new_page(), "phone": phone.new_page()}
        for name, shown_page in screens.items():
            shown_page.clock.install()
            shown_page.goto(f"/events/{event.pk}/wall/" if name == "wall" else f"/t/{table.token}/")
        wall_clock = screens["wall"].locator(".wall-round-clock [data-round-clock]")
        expect(wall_clock).to_contain_text("剩余时间")
        expect(wall_clock).to_contain_text("Time left")
        phone_clock = screens["phone"].locator("#table-clock [data-round-clock]")
        expect(phone_clock).to_contain_text("剩余时间" if locale == "zh-CN" else "Time left")
        for name, shown_page in screens.items():
            figure = shown_page.locator("[data-round-clock] [data-clock-figure]")
            expect(figure).to_have_text(re.compile(r"^4[45]:\d\d$"))  # 45 minutes, started
            before = seconds_of(figure.inner_text())
            shown_page.clock.run_for(30_000)
            after = seconds_of(figure.inner_text())
            assert 25 <= before - after <= 36, (name, before, after)  # counted down 30 s
            shot(shown_page, f"clock-{name}-{locale}")
        assert fits_the_screen(screens["phone"])

        # Paused by the director: the wall says so at its next refresh, the time left still.
        page.locator("form:has(input[value=pause]) button").click()
        expect(page.locator("[data-round-clock]")).to_have_attribute("data-mode", "paused")
        screens["wall"].clock.run_for(16_000)
        expect(wall_clock).to_contain_text("计时暂停")
        figure = wall_clock.locator("[data-clock-figure]")
        held = figure.inner_text()
        screens["wall"].clock.run_for(5_000)
        expect(figure).to_have_text(held)
    finally:
        wall.close()
        phone.close()
