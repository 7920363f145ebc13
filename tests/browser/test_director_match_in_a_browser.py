"""The director's side of a match, in both languages on a desktop (1366 px) and a phone
(390 px): the running score on the match page and the room sheets, and "Mark final",
which shows the result to be confirmed before it is done.

长城队 (Great Wall) plays 华山队 (Huashan) over 16 boards; boards 1 and 2 are complete:
4S made by North in the open room against one down in the closed room (+470: 10 IMPs),
and a flat 3NT. Home by 10 over 16 boards is 12.80 : 7.20 on the WBF 2013 scale.
"""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import helpers
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "the director's side"
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
SIZES = {"1366": {"width": 1366, "height": 900}, "390": {"width": 390, "height": 844}}
WORDS = {
    "en-US": {"mark": "Mark the match final", "yes": "Yes, mark it final",
              "saved": "Match status saved.", "boards": "2 of 16 boards complete in both rooms",
              "confirm": "长城队 10 : 0 华山队, VP 12.80 : 7.20 — confirm?"},
    "zh-CN": {"mark": "确认为最终成绩", "yes": "是，确认为最终成绩",
              "saved": "本场比赛的状态已保存。", "boards": "2 / 16 副两室均已录完",
              "confirm": "长城队 10 : 0 华山队，VP 12.80 : 7.20 — 确认？"},
}  # fmt: skip
CASES = [(locale, size) for locale in WORDS for size in SIZES]
IDS = [f"{locale}-{size}" for locale, size in CASES]


@pytest.fixture
def match():
    event = make_event(name="春季团体赛")
    home, away = make_team(event, "长城队"), make_team(event, "华山队")
    match = make_match(event, home=home, away=away)
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "-1")
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "=")
    make_user("td", chief=True, password=PASSWORD)
    return match


def shoot(page: Page, name: str):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_the_director_sees_the_score_and_confirms_the_result_before_marking_final(
    page: Page, match, locale, size
):
    words = WORDS[locale]
    page.set_viewport_size(SIZES[size])
    helpers.log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/")
    score = page.locator("#match-score")
    expect(score).to_contain_text("10 : 0")
    expect(score).to_contain_text("12.80 : 7.20")
    expect(score).to_contain_text(words["boards"])

    page.get_by_role("button", name=words["mark"], exact=True).click()
    expect(page.locator(".confirm-result")).to_have_text(words["confirm"])
    expect(page.locator(".match-status")).not_to_have_class("text-bg-success")  # not yet
    shoot(page, f"match-confirm-{locale}-{size}")
    page.get_by_role("button", name=words["yes"], exact=True).click()
    expect(page.get_by_text(words["saved"])).to_be_visible()
    match.refresh_from_db()
    assert match.is_final


@pytest.mark.parametrize(("locale", "size"), CASES, ids=IDS)
def test_the_room_sheet_shows_the_running_score_and_follows_each_save(
    page: Page, match, locale, size
):
    page.set_viewport_size(SIZES[size])
    enter(match, 3, "closed", "2H", "E", "=")  # E-W +110 in the closed room: Great Wall's
    helpers.log_in(page, "td", PASSWORD)
    page.goto(f"/director/matches/{match.pk}/open/")
    score = page.locator("#match-score")
    expect(score).to_contain_text("10 : 0")
    page.locator("#id_b3-contract").focus()
    helpers.type_row(page, "2H", "E", "SA", "+2")  # E-W +170 here: 60 to Huashan, 2 IMPs
    expect(score).to_contain_text("10 : 2")
    expect(score).to_contain_text("3")  # boards complete
    shoot(page, f"room-sheet-score-{locale}-{size}")
