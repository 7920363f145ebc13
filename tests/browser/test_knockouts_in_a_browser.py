"""A knockout to its end as the players and the room see it, in both languages at 1366 px
and 390 px: the event page leads with the final ranking, the final's scorecard says
"决赛 / Final" with the carry-over in its IMPs and its working on a tap, the bracket fits a
phone and prints on one landscape A4 page.

With WALL_SCREENSHOTS=<folder> each test also saves what it saw there, to look at.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches import queries
from matches.models import Stage
from tests import congress
from tests.browser.helpers import SIZES, fits_the_screen, pdf_pages, shot

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "zh-CN": {"ranking": "最终排名", "winner": "冠军", "final": "决赛", "semis": "半决赛"},
    "en-US": {
        "ranking": "Final ranking",
        "winner": "Winner",
        "final": "Final",
        "semis": "Semi-finals",
    },
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", WORDS)
def test_after_the_final_the_event_page_leads_with_the_winner(page: Page, locale, size):
    event = congress.knockout()
    outcome = queries.final_ranking(event)
    page.set_viewport_size(SIZES[size])
    page.goto(f"/events/{event.pk}/")
    ranking = page.locator("section.outcome")
    expect(ranking.locator("h2")).to_have_text(WORDS[locale]["ranking"])
    places = ranking.locator("li.outcome-place")
    expect(places).to_have_count(8)
    expect(places.first).to_contain_text(outcome.winner.name)
    expect(places.first).to_contain_text(WORDS[locale]["winner"])
    expect(places.nth(2)).to_contain_text(WORDS[locale]["semis"])
    # The ranking comes before the first stage's standings.
    assert ranking.evaluate(
        "el => !!(el.compareDocumentPosition(document.querySelector('table.standings')) & 4)"
    )
    assert fits_the_screen(page)
    shot(page, f"event-won-{locale}-{size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", WORDS)
def test_the_finals_scorecard_names_the_final_and_shows_the_carry_overs_working_on_a_tap(
    page: Page, locale, size
):
    event = congress.knockout()
    final = Stage.objects.get(event=event, number=2).matches.get(round=2)
    page.set_viewport_size(SIZES[size])
    page.goto(final.get_absolute_url())
    heading = page.locator("h1")
    expect(heading).to_contain_text(WORDS[locale]["final"])
    expect(heading).not_to_contain_text(re.compile(r"第 \d+ 轮|Round \d"))
    summary = page.locator(".match-summary")
    expect(summary.locator(".summary-vp")).to_have_count(0)
    home, away = final.total_with_carry
    expect(summary.locator(".summary-imps")).to_have_text(f"{home} : {away}")
    if final.has_carry:
        working = summary.locator(".carry-working-text")
        expect(working).to_be_hidden()
        summary.locator(".carry-working summary").click()
        expect(working).to_be_visible()
        expect(working).to_contain_text(re.compile(r"½ × [\d.]+ VP = [\d.]+"))
    assert fits_the_screen(page)
    shot(page, f"scorecard-final-{locale}-{size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", WORDS)
def test_the_bracket_fits_the_screen_and_names_its_rounds(page: Page, locale, size):
    event = congress.knockout()
    page.set_viewport_size(SIZES[size])
    page.goto(f"/events/{event.pk}/stages/2/")
    rounds = page.locator("#bracket .bracket-round > h2")
    expect(rounds).to_have_text([WORDS[locale]["semis"], WORDS[locale]["final"]])
    assert fits_the_screen(page)
    bracket = page.locator("#bracket")
    assert bracket.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing hidden sideways
    shot(page, f"bracket-{locale}-{size}")


@pytest.mark.parametrize("locale", WORDS)
def test_the_bracket_prints_on_one_landscape_a4_page(page: Page, locale, tmp_path):
    event = congress.knockout()
    page.goto(f"/events/{event.pk}/stages/2/")
    expect(page.locator("#bracket .bracket-match")).to_have_count(3)
    assert pdf_pages(page, tmp_path, landscape=True) == 1
