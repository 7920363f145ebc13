"""What a player reads before a round is played, and the small things that read as care:
no rank and no "0 : 0 · provisional" before play, a team's chart only from two rounds on,
a stage's name said once."""

import csv
import io
import re

import pytest
from django.urls import reverse

from matches import actions
from tests.factories import enter, make_event, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    event = make_event(name="Spring league")
    for name in ("Ash", "Birch", "Cedar", "Dogwood"):
        make_team(event, name)
    actions.make_round_robin(event, user=None)
    return event


def positions(page: str) -> list[str]:
    return re.findall(r'<td class="text-end position">([^<]*)</td>', page)


def play_board_1(match):
    enter(match, 1, "open", "4H", "N", "=")  # 420
    enter(match, 1, "closed", "4H", "N", "-1")  # -50: 470, 10 IMPs to the home team


def test_before_play_no_team_is_ranked_and_no_match_reads_as_a_draw(english, league):
    page = english.get(reverse("event", args=[league.pk])).text
    assert positions(page) == ["—"] * 4
    assert page.count('<td class="text-end text-nowrap imps">—</td>') == 2
    assert page.count('<td class="text-end text-nowrap vp">—</td>') == 2
    assert page.count(">Not started</span>") == 2
    assert "Provisional" not in page and "boards pending" not in page and "Tied" not in page


def test_in_chinese_an_unplayed_match_reads_not_started(chinese, league):
    page = chinese.get(reverse("event", args=[league.pk])).text
    assert page.count(">未开始</span>") == 2
    assert "暂定" not in page.split("第 1 轮")[-1]


def test_once_a_match_counts_the_teams_are_ranked(english, league):
    match = league.matches.filter(round=1).first()
    play_board_1(match)
    page = english.get(reverse("event", args=[league.pk])).text
    assert positions(page) == ["—"] * 4  # one board in: nothing counts yet
    assert page.count(">In play</span>") == 1
    actions.mark_final(match, confirm=True, user=None)
    page = english.get(reverse("event", args=[league.pk])).text
    assert positions(page) == ["1", "2", "3", "3"]  # the winner, the loser, the rest
    assert '<td class="text-end text-nowrap imps">10 : 0</td>' in page
    assert page.count(">Not started</span>") == 1  # the other match of round 1


def test_a_teams_chart_comes_with_its_second_round(english, league):
    team = league.teams.order_by("pk").first()
    url = reverse("team", args=[league.pk, team.pk])
    for match in league.matches.filter(round=1):
        play_board_1(match)
        actions.mark_final(match, confirm=True, user=None)
    page = english.get(url).text
    assert '<figure class="progress-chart">' not in page  # one round: two dots, no line
    assert '<th scope="col">Round</th>' in page  # its figures are in the table
    for match in league.matches.filter(round=2):
        play_board_1(match)
        actions.mark_final(match, confirm=True, user=None)
    assert '<figure class="progress-chart">' in english.get(url).text


def test_a_stage_without_a_name_is_named_once(director_client):
    director_client.cookies["django_language"] = "zh-hans"
    event = make_event(name="秋季赛")
    for name in ("长城队", "黄河队", "长江队", "泰山队"):
        make_team(event, name)
    stage = actions.configure_stage(event, user=None, number=1, kind="round-robin")
    actions.configure_stage(event, user=None, number=2, kind="knockout")
    page = director_client.get(reverse("stage", args=[event.pk, stage.number])).text
    subtitle = re.search(r'<p class="text-body-secondary mb-1">([^<]*)', page).group(1)
    assert "单循环赛" not in subtitle  # the heading says it: 第 1 赛段：单循环赛
    assert "单循环赛 单循环赛" not in page
    stages = director_client.get(reverse("director-stages", args=[event.pk])).text
    assert "单循环赛 单循环赛" not in stages and "单循环赛" in stages


def test_a_team_with_no_imps_either_way_has_one_quotient_a_dash_on_page_and_file_null_in_feed(
    english, league
):
    match = league.matches.order_by("pk").first()
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "=")  # a flat board: 0 : 0 IMPs, yet played
    page = english.get(reverse("live-standings", args=[league.pk])).text
    cells = re.findall(r'<td class="text-end d-none d-md-table-cell">([^<]*)</td>', page)
    assert cells and set(cells) == {"—"}
    table = english.get(reverse("standings-csv", args=[league.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(table)))
    assert rows[0][-1] == "IMP quotient"
    assert {row[-1] for row in rows[1:]} == {"—"}
    feed = english.get(reverse("standings-json", args=[league.pk])).json()
    assert {row["imp_quotient"] for row in feed["standings"]} == {None}
