"""The live refresh keeps the reader's place: it asks every 15 seconds with the page's ETag
and gets 304 while nothing changed; a change replaces the results without moving a table
scrolled sideways or the keyboard focus, and is announced; it can be paused."""

import re

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from tests.factories import enter, make_event, make_team

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def event():
    event = make_event(name="Winter league", vp_scale="printed-25")
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Holly"):
        make_team(event, f"{name} bridge club of the river district")
    actions.make_round_robin(event, user=None)
    return event


def results_change(match, board):
    """A director saves both rooms of a board: 4H= against 4H-1."""
    enter(match, board, "open", "4H", "N", "=")
    enter(match, board, "closed", "4H", "N", "-1")


def wait_for_a_refresh(page: Page, status: int):
    """Let 15 seconds pass and return the live refresh's answer, which must be ``status``."""
    with page.expect_response(lambda r: r.request.headers.get("x-live") == "1") as answer:
        page.clock.run_for(15_500)
    assert answer.value.status == status
    return answer.value


def test_a_table_scrolled_sideways_on_a_phone_stays_put_across_three_refreshes(page: Page, event):
    page.set_viewport_size(PHONE)
    page.clock.install()
    match = event.matches.filter(round=1).first()
    page.goto(f"/matches/{match.pk}/")
    box = page.locator("#live .table-responsive").first
    assert box.evaluate("b => b.scrollWidth > b.clientWidth + 100")
    box.evaluate("b => { b.scrollLeft = 120; }")

    for board in (1, 2, 3):
        results_change(match, board)
        wait_for_a_refresh(page, 200)
        row = page.locator(f'#live tr[data-board="{board}"]').first
        expect(row).to_contain_text("4♥-1")
        assert page.locator("#live .table-responsive").first.evaluate("b => b.scrollLeft") == 120
    page.clock.run_for(200)
    expect(page.locator(".live-status")).to_have_text(re.compile(r"^Results updated \d\d:\d\d$"))


def test_nothing_changed_is_a_304_and_nothing_on_the_page_moves(page: Page, event):
    page.clock.install()
    page.goto(f"/events/{event.pk}/")
    page.evaluate("() => { document.getElementById('live').dataset.marker = 'shown'; }")
    answer = wait_for_a_refresh(page, 304)
    assert answer.request.headers["if-none-match"] == page.locator("#live").get_attribute(
        "data-etag"
    )
    assert page.locator("#live").get_attribute("data-marker") == "shown"


def test_keyboard_focus_stays_on_the_link_it_was_on(page: Page, event):
    page.clock.install()
    page.goto(f"/events/{event.pk}/cross-table/")
    link = page.locator("#live table.cross-table tbody th a").nth(3)
    href = link.get_attribute("href")
    link.focus()
    shown = page.locator("#live").get_attribute("data-etag")

    results_change(event.matches.filter(round=1).first(), 1)
    wait_for_a_refresh(page, 200)
    expect(page.locator("#live")).not_to_have_attribute("data-etag", shown)  # replaced
    focused = page.evaluate(
        "() => [document.activeElement.getAttribute('href'),"
        " document.getElementById('live').contains(document.activeElement)]"
    )
    assert focused == [href, True]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_live_updates_pause_and_the_choice_is_remembered(page: Page, event, locale):
    announced = {"en-US": r"^Results updated \d\d:\d\d$", "zh-CN": r"^结果已于 \d\d:\d\d 更新$"}
    page.clock.install()
    page.set_viewport_size(PHONE)
    match = event.matches.filter(round=1).first()
    page.goto(f"/events/{event.pk}/rounds/1/")
    pause = page.locator(".live-pause")
    expect(pause).to_have_attribute("aria-pressed", "false")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")

    page.reload()  # another visit: still paused
    expect(page.locator(".live-pause")).to_have_attribute("aria-pressed", "true")
    asked = []
    page.on("request", lambda r: asked.append(r) if r.headers.get("x-live") else None)
    results_change(match, 1)
    page.clock.run_for(60_000)
    page.wait_for_timeout(300)
    assert asked == []
    expect(page.locator(f'#live tr[data-match="{match.pk}"] .imps')).to_have_text("—")

    with page.expect_response(lambda r: r.request.headers.get("x-live") == "1"):
        page.locator(".live-pause").click()  # resumed: it catches up at once
    expect(page.locator(".live-pause")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(f'#live tr[data-match="{match.pk}"] .imps')).to_have_text("10 : 0")
    page.clock.run_for(200)
    expect(page.locator(".live-status")).to_have_text(re.compile(announced[locale]))


def test_a_knockout_bracket_on_a_phone_fits_and_a_refresh_keeps_the_place_read(page: Page):
    event = make_event(name="Cup", boards_per_match=2, boards_per_segment=2)
    for name in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Holly"):
        make_team(event, f"{name} bridge club")
    stage = actions.configure_stage(event, user=None, number=1, kind="knockout")
    quarter = actions.start_stage(stage, user=None)[0]
    page.set_viewport_size(PHONE)
    page.clock.install()
    page.goto(f"/events/{event.pk}/stages/1/")
    bracket = page.locator("#live .bracket")
    # The rounds stand one under the other: nothing is hidden sideways.
    assert bracket.evaluate("b => b.scrollWidth <= b.clientWidth")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    place = page.evaluate(
        "() => { scrollTo({top: 10000, behavior: 'instant'}); return Math.round(scrollY); }"
    )
    assert place > 0  # scrolled down to the final

    results_change(quarter, 1)
    wait_for_a_refresh(page, 200)

    expect(page.locator("#live .bracket-match").first).to_contain_text("10")
    assert page.evaluate("() => Math.round(scrollY)") == place


@pytest.mark.parametrize("size", [None, PHONE])
def test_a_refresh_flashes_the_rows_that_changed_and_only_those(page: Page, event, size):
    if size:
        page.set_viewport_size(size)
    page.clock.install()
    page.goto(f"/events/{event.pk}/")
    changed, unchanged = event.matches.filter(round=1).order_by("pk")[:2]
    results_change(changed, 1)
    wait_for_a_refresh(page, 200)
    flashing = re.compile(r"\blive-changed\b")
    expect(page.locator(f'#live tr[data-match="{changed.pk}"]')).to_have_class(flashing)
    expect(page.locator(f'#live tr[data-match="{unchanged.pk}"]')).not_to_have_class(flashing)
    # Once the flash has run its course the mark is gone, ready for the next change.
    page.wait_for_timeout(3_000)  # the CSS animation runs in real time, not the page clock
    expect(page.locator("#live .live-changed")).to_have_count(0)


def test_on_the_live_standings_the_two_teams_whose_vp_changed_flash(page: Page, event):
    page.clock.install()
    match = event.matches.filter(round=1).order_by("pk").first()
    results_change(match, 1)  # every team's place changes: all eight rows would flash
    page.goto(f"/events/{event.pk}/live/")
    results_change(match, 2)  # the same match again: two teams' VP, nobody's place
    wait_for_a_refresh(page, 200)
    moved = page.locator("#live table.standings tr.live-changed[data-team]")
    expect(moved).to_have_count(2)
    expect(moved.filter(has_text=match.home.name)).to_have_count(1)
    expect(moved.filter(has_text=match.away.name)).to_have_count(1)
