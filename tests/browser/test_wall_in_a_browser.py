"""The wall as a congress's projector and a player's phone show it: the panels take turns,
a score that changes flashes, a network that drops leaves the last figures up with the
time they are from; the round's QR-code poster prints on one A4 page.

With WALL_SCREENSHOTS=<folder> each test also saves what it saw there, to look at.
"""

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from tests import congress
from tests.browser.helpers import (
    SIZES,
    cut_network,
    fits_the_screen,
    pdf_pages,
    restore_network,
    shot,
)
from tests.factories import enter

pytestmark = pytest.mark.django_db(transaction=True)


def shown(page: Page):
    return page.locator("#live .wall-panel.is-shown")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_wall_turns_from_the_running_score_to_the_standings_and_the_draw(
    page: Page, locale, size
):
    event = congress.round_robin(played=2)
    page.set_viewport_size(SIZES[size])
    page.clock.install()
    page.goto(f"/events/{event.pk}/wall/")

    # Both languages whatever the browser asks for, and no site menu.
    expect(page.locator("nav.navbar")).to_have_count(0)
    expect(shown(page)).to_have_attribute("data-panel", "matches")
    expect(shown(page)).to_contain_text("即时比分")
    expect(shown(page)).to_contain_text("Running score")
    expect(shown(page).locator("tr[data-match]")).to_have_count(4)
    expect(shown(page).locator("tr.state-not-started")).to_contain_text("未开始")
    expect(shown(page).locator("tr.state-not-started .wt-score")).to_have_text("—")
    assert fits_the_screen(page)
    if size == "1366":  # "桌号" on one line (the phone shows no column headings)
        heading = shown(page).locator("thead th.wt-table .in-zh")
        assert heading.evaluate("el => el.getClientRects().length") == 1  # one line box
    shot(page, f"wall-matches-{locale}-{size}")

    page.clock.run_for(15_500)
    expect(shown(page)).to_have_attribute("data-panel", "standings")
    expect(shown(page)).to_contain_text("排名")
    expect(shown(page).locator("tr[data-team]")).to_have_count(8)
    assert fits_the_screen(page)
    shot(page, f"wall-standings-{locale}-{size}")

    page.clock.run_for(20_500)
    expect(shown(page)).to_have_attribute("data-panel", "draw")
    expect(shown(page)).to_contain_text("第 4 轮")
    draw = shown(page).locator("tbody.wall-draw-pair").first
    expect(draw.locator(".seat-ns").first).to_contain_text("南北")
    expect(draw.locator(".seat-ew").first).to_contain_text("E-W")
    assert fits_the_screen(page)
    shot(page, f"wall-draw-{locale}-{size}")

    page.clock.run_for(20_500)
    expect(shown(page)).to_have_attribute("data-panel", "matches")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_a_score_that_changes_flashes_and_a_dropped_network_keeps_the_last_figures(
    page: Page, locale, size, browser
):
    event = congress.round_robin(played=2, boards=8)
    waiting = event.matches.filter(round=3).order_by("pk").last()  # not started
    page.set_viewport_size(SIZES[size])
    page.clock.install()
    page.goto(f"/events/{event.pk}/wall/?panel=matches")
    row = page.locator(f'#live tr[data-match="{waiting.pk}"]')
    expect(row.locator(".wt-score")).to_have_text("—")

    enter(waiting, 1, "open", "4H", "N", "=")
    enter(waiting, 1, "closed", "4H", "N", "-1")
    with page.expect_response(lambda r: r.request.headers.get("x-live") == "1") as answer:
        page.clock.run_for(15_500)
    assert answer.value.status == 200
    row = page.locator(f'#live tr[data-match="{waiting.pk}"]')
    expect(row.locator(".wt-score")).to_have_text(re.compile(r"^\d+:\d+$"))
    expect(row.locator(".wt-score")).to_have_class(re.compile(r"\blive-changed\b"))
    expect(row.locator(".wt-rooms")).to_have_class(re.compile(r"\blive-changed\b"))
    expect(page.locator(".wall-status")).to_contain_text("Updated at")
    shot(page, f"wall-flash-{locale}-{size}")
    score = row.locator(".wt-score").inner_text()
    stamp = re.search(r"\d\d:\d\d:\d\d", page.locator(".wall-status").inner_text()).group(0)

    cut_network(page.context)
    enter(waiting, 2, "open", "3NT", "S", "+1")
    page.clock.run_for(15_500)
    status = page.locator(".wall-status")
    expect(status).to_have_class(re.compile(r"\bis-lost\b"))
    expect(status).to_contain_text("网络中断")
    expect(status).to_contain_text(f"Connection lost: the figures are those of {stamp}")
    expect(row.locator(".wt-score")).to_have_text(score)  # the last figures stay up
    expect(page.locator("#live tr[data-match]")).to_have_count(4)
    shot(page, f"wall-offline-{locale}-{size}")

    restore_network(page.context)
    with page.expect_response(lambda r: r.request.headers.get("x-live") == "1"):
        page.clock.run_for(15_500)
    expect(status).not_to_have_class(re.compile(r"\bis-lost\b"))
    expect(row.locator(".wt-rooms")).to_contain_text("2")


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_rounds_poster_prints_on_one_a4_page(page: Page, locale, tmp_path):
    event = congress.round_robin(played=2)
    page.goto(f"/events/{event.pk}/stages/1/rounds/3/poster/")
    expect(page.locator(".poster-tables svg.qr")).to_have_count(4)
    expect(page.locator(".poster-main svg.qr")).to_have_count(2)
    expect(page.locator(".poster-head")).to_contain_text("第 3 轮")
    expect(page.locator(".poster-head")).to_contain_text("Round 3")
    shot(page, f"poster-{locale}")
    assert pdf_pages(page, tmp_path) == 1


@pytest.mark.parametrize("tables", [12, 24, 40])
def test_a_poster_of_many_tables_still_prints_on_one_page(page: Page, tables, tmp_path):
    event = congress.one_round(tables)
    page.goto(f"/events/{event.pk}/stages/1/rounds/1/poster/")
    expect(page.locator(".poster-tables svg.qr")).to_have_count(tables)
    shot(page, f"poster-{tables}-tables")
    assert pdf_pages(page, tmp_path) == 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_after_the_final_the_wall_leads_with_the_winner_and_names_the_knockout_rounds(
    page: Page, locale, size
):
    event = congress.knockout()
    page.set_viewport_size(SIZES[size])
    page.clock.install()
    page.goto(f"/events/{event.pk}/wall/")
    expect(shown(page)).to_have_attribute("data-panel", "outcome")
    expect(shown(page)).to_contain_text("最终排名")
    expect(shown(page).locator("li.outcome-place").first).to_contain_text("冠军")
    expect(shown(page).locator("li.outcome-place").first).to_contain_text("Winner")
    # The stage's default name in both languages, as everything else on the wall.
    expect(page.locator(".wall-stage")).to_have_text("淘汰赛Knockout")
    assert fits_the_screen(page)
    shot(page, f"wall-won-{locale}-{size}")
    page.clock.run_for(20_500)
    expect(shown(page)).to_have_attribute("data-panel", "matches")
    expect(shown(page).locator("h2")).to_contain_text("决赛")
    expect(shown(page).locator("h2")).not_to_contain_text("第 2 轮")
    page.clock.run_for(15_500)
    expect(shown(page)).to_have_attribute("data-panel", "standings")  # the bracket
    expect(shown(page).locator("h3")).to_have_text(["半决赛Semi-finals", "决赛Final"])
    shot(page, f"wall-bracket-{locale}-{size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_walls_clock_tells_the_events_time_whatever_the_computers_zone(
    browser, live_server, locale, size
):
    event = congress.round_robin(played=2)
    now = datetime.datetime(2026, 12, 2, 7, 30, 5, tzinfo=datetime.UTC)
    here = now.astimezone(ZoneInfo(settings.TIME_ZONE))
    elsewhere = "Pacific/Honolulu"  # UTC−10: never the same hour as the event's zone
    assert now.astimezone(ZoneInfo(elsewhere)).hour != here.hour
    context = browser.new_context(
        base_url=live_server.url, locale=locale, timezone_id=elsewhere, viewport=SIZES[size]
    )
    try:
        page = context.new_page()
        page.clock.install(time=now)
        page.goto(f"/events/{event.pk}/wall/")
        expect(page.locator(".wall-clock")).to_have_text(here.strftime("%H:%M"))
        expect(page.locator(".wall-status")).to_contain_text(
            re.compile(rf"Updated at {here.strftime('%H:%M')}:\d\d")
        )
        updated = page.locator(".wall-subtitle time").get_attribute("datetime")
        # The header's "last updated" is in the same zone as the clock: the event's.
        assert datetime.datetime.fromisoformat(updated).utcoffset() == here.utcoffset()
        shot(page, f"wall-clock-{locale}-{size}")
    finally:
        context.close()
