"""Byes in a knockout's placing matches, shown on the bracket page, the wall and the
bracket's JSON as the main bracket shows its byes: a bye of the first round carried into
the play-off (six teams: the two first-round losers go through places 5–8 without
playing), and a bracket with one team alone (five teams: the one quarter-final's loser)."""

import re

import pytest
from django.urls import reverse

from matches.choices import PlacingChoice
from tests import pages
from tests.test_placing_matches import knockout, matches, win

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def placing_section(client, stage, language="en") -> str:
    client.cookies["django_language"] = language
    page = client.get(reverse("stage", args=[stage.event_id, 1])).content.decode()
    found = re.search(
        r'<section class="placing-bracket".*?</section>\s*</div>\s*</section>', page, re.S
    )
    assert found, "no placing matches on the page"
    return found.group(0)


def card(section: str, figure: str) -> str:
    """Return the words of one match's card in the section, by its figure."""
    found = re.search(rf'data-figure="{figure}">(.*?)</div>\s*</div>', section, re.S)
    assert found, f"no {figure} on the page"
    return pages.text_of(found.group(1)).strip()


def test_byes_of_the_first_round_show_in_the_play_off_before_their_teams_are_known(client, td):
    stage = knockout(6, td, placing=PlacingChoice.ALL)
    section = placing_section(client, stage)
    # Teams 1 and 2 had byes: no loser comes from there, so places 5–8 start with byes.
    assert card(section, "place-5-2-0") == "— bye"
    assert card(section, "place-5-2-1") == "— bye"


@pytest.mark.parametrize(("language", "bye"), [("en", "bye"), ("zh-hans", "轮空")])
def test_the_first_round_losers_go_through_their_byes_to_the_match_for_fifth(
    client, td, language, bye
):
    stage = knockout(6, td, placing=PlacingChoice.ALL)
    for match in matches(stage, round=1):
        win(match, match.home, td)  # 4 beat 5, 3 beat 6
    section = placing_section(client, stage, language)
    assert card(section, "place-5-2-0") == f"Team 5 {bye}"
    assert card(section, "place-5-2-1") == f"Team 6 {bye}"
    assert card(section, "place-5-3-0").startswith("Team 5 0.0 Team 6 0.0")
    # The byes come first, in the round the main bracket's semi-finals are played.
    order = re.findall(r'data-figure="(place-[^"]*)"', section)
    assert order.index("place-5-2-0") < order.index("place-5-3-0")


def test_a_team_alone_in_its_placing_bracket_shows_its_byes(client, td):
    stage = knockout(5, td, placing=PlacingChoice.ALL)
    [quarter_final] = matches(stage, round=1)
    win(quarter_final, quarter_final.home, td)  # 4 beats 5: Team 5 is alone in places 5–8
    section = placing_section(client, stage)
    byes = re.findall(r'data-figure="(place-5-[^"]*)"', section)
    assert byes and all(card(section, figure) == "Team 5 bye" for figure in byes)


def test_the_bracket_json_and_the_wall_list_the_placing_byes(client, td):
    stage = knockout(6, td, placing=PlacingChoice.ALL)
    for match in matches(stage, round=1):
        win(match, match.home, td)
    client.cookies["django_language"] = "en"
    data = client.get(reverse("stage-bracket-json", args=[stage.event_id, 1])).json()
    byes = [m for column in data["placing_matches"] for m in column["matches"] if m["bye"]]
    assert [(m["home"]["name"], m["away"]) for m in byes] == [("Team 5", None), ("Team 6", None)]
    page = client.get(reverse("wall", args=[stage.event_id])).content.decode()
    panel = re.search(r"wall-bracket-title2.*?</section>", page, re.S).group(0)
    text = pages.text_of(panel)
    assert 'data-figure="place-5-2-0"' in panel and "Team 5 轮空 bye" in text


def round_names(html: str, tag: str) -> list[str]:
    return [
        pages.text_of(name).strip()
        for name in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", html, re.S)
    ]


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["Byes to places 5–6", "Third place", "Places 5–6"]),
        ("zh-hans", ["轮空晋级第 5–6 名", "三四名决赛", "第 5–6 名"]),
    ],
)
def test_six_teams_byes_are_named_by_the_match_for_fifth_they_lead_to(client, td, language, names):
    """Six teams: the two first-round losers have byes through the round of places 5–8
    (there are no 7th and 8th), then play each other for 5th and 6th. Only that match is
    "Places 5–6"; the column of byes before it says where they go."""
    stage = knockout(6, td, placing=PlacingChoice.ALL)
    for match in matches(stage, round=1):
        win(match, match.home, td)
    assert round_names(placing_section(client, stage, language), "h3") == names
    fifth = stage.matches.get(round=3, home__name="Team 5")
    client.cookies["django_language"] = language
    scorecard = client.get(reverse("scorecard", args=[fifth.pk])).content.decode()
    assert names[2] in scorecard and names[0] not in scorecard
    wall = client.get(reverse("wall", args=[stage.event_id])).content.decode()
    panel = re.search(r"wall-bracket-title2.*?</section>", wall, re.S).group(0)
    assert round_names(panel, "h3") == [  # both languages at once on the wall
        "轮空晋级第 5–6 名 Byes to places 5–6",
        "三四名决赛 Third place",
        "第 5–6 名 Places 5–6",
    ]
