"""A knockout of eight with a play-off for every place, as its director runs it: the
placing matches and the level rule chosen on the stage's page, the stage started, every
match marked final on its director's page as its results come in (entered behind the
scenes: the room sheet has its own tests), the placing matches made as their teams are
known; then the bracket page names the placing matches and the event page gives places
1 to 8, in English and in Chinese, on a desktop and on a phone.
"""

import pytest
from playwright.sync_api import Page, expect

from matches.models import Stage
from tests.browser.helpers import SIZES, fits_the_screen, log_in, play_boards, press, spectator
from tests.factories import make_event, make_team, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "third place and more"
HOME_WINS = (("4S", "N", "="), ("4S", "N", "-1"))  # 10 IMPs to the home team
AWAY_WINS = (("4S", "N", "-1"), ("4S", "N", "="))
LEVEL = (("3NT", "S", "="), ("3NT", "S", "="))
WORDS = {
    "en-US": {
        "placing": "Placing matches",
        "columns": ["Places 5–8", "Third place", "Places 5–6", "Places 7–8"],
        "ranking": "Final ranking",
        "third": "Third place match",
        "seventh": "Match for places 7–8",
    },
    "zh-CN": {
        "placing": "排位赛",
        "columns": ["第 5–8 名", "三四名决赛", "第 5–6 名", "第 7–8 名"],
        "ranking": "最终排名",
        "third": "三四名决赛",
        "seventh": "第 7–8 名决赛",
    },
}


def mark_final_in_the_browser(page: Page, match):
    page.goto(f"/director/matches/{match.pk}/")
    press(page, "Mark the match final")
    press(page, "Yes, mark it final")
    expect(page.get_by_text("Match status saved.")).to_be_visible()


def test_an_eight_team_knockout_with_a_play_off_for_every_place_ranks_one_to_eight(
    page: Page, browser, live_server
):
    make_user("td", chief=True, password=PASSWORD)
    log_in(page, "td", PASSWORD)
    event = make_event(name="Club Cup", boards_per_match=2, boards_per_segment=2)
    for number in range(1, 9):
        make_team(event, f"Team {number}")

    page.goto(f"/director/events/{event.pk}/stages/1/")
    page.get_by_label("Format").select_option("knockout")
    page.get_by_label("Placing matches").select_option(label="A play-off for every place")
    page.get_by_label("A level match").select_option(label="A level match goes to extra boards")
    press(page, "Save stage")
    expect(page.get_by_text("Stage saved.")).to_be_visible()
    press(page, "Start this stage")
    expect(page.get_by_text("Stage started: 4 matches made.")).to_be_visible()
    stage = Stage.objects.get(event=event, number=1)
    assert (stage.placing, stage.losers_by, stage.level_rule) == (
        "all",
        "qualifying",
        "extra-boards",
    )

    for round_number in (1, 2, 3):
        matches = list(stage.matches.filter(round=round_number).order_by("bracket", "pk"))
        assert len(matches) == 4  # the main bracket's and the placing matches, side by side
        for match in matches:
            play_boards(match, [AWAY_WINS, LEVEL])  # the lower seed wins every match
            mark_final_in_the_browser(page, match)
    assert stage.matches.count() == 12

    for locale, words in WORDS.items():
        with spectator(browser, live_server, locale) as reader:
            for size in SIZES:
                reader.set_viewport_size(SIZES[size])
                reader.goto(f"/events/{event.pk}/stages/1/")
                placing = reader.locator("#placing-matches")
                expect(placing.locator("h2")).to_have_text(words["placing"])
                expect(placing.locator(".bracket-round > h3")).to_have_text(words["columns"])
                expect(placing.locator(".bracket-match.decided")).to_have_count(5)
                assert fits_the_screen(reader)

                reader.goto(f"/events/{event.pk}/")
                ranking = reader.locator("section.outcome")
                expect(ranking.locator("h2")).to_have_text(words["ranking"])
                places = ranking.locator("li.outcome-place")
                expect(places).to_have_count(8)
                for index in range(8):  # Team 8 first … Team 1 last
                    expect(places.nth(index).locator(".outcome-number")).to_have_text(
                        str(index + 1)
                    )
                    expect(places.nth(index).locator(".outcome-team")).to_have_text(
                        f"Team {8 - index}"
                    )
                expect(places.nth(2)).to_contain_text(words["third"])
                expect(places.nth(7)).to_contain_text(words["seventh"])
                assert fits_the_screen(reader)
