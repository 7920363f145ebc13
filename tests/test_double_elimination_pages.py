"""A double elimination's pages as a player reads them, in English and in Chinese: the
stage page's winners' and losers' brackets and finals, the scorecard's round, the event
page and the wall leading with the final ranking, the bracket's JSON."""

import html
import re

import pytest
from django.urls import reverse

from matches import actions
from tests.double_elimination import double_elimination, play_out

pytestmark = pytest.mark.usefixtures("messages_in_english")


@pytest.fixture
def started(director):
    event, stage = double_elimination(director, 8)
    actions.start_stage(stage, user=director)
    return event, stage


@pytest.fixture
def won(director):
    event, stage = double_elimination(director, 8)
    actions.start_stage(stage, user=director)
    play_out(
        director,
        stage,
        lambda match: match.bracket != "final" and match.home.name < match.away.name,
    )
    return event, stage


def page(client, url, language):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return html.unescape(response.text)  # as read: "Winners' bracket", not &#x27;


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Winners' bracket",
                "Losers' bracket",
                "Winners' bracket round 1",
                "Winners' bracket final",
                "Losers' bracket round 1",
                "Losers' bracket final",
                "Grand final",
                "a second final decides the winner",
            ],
        ),
        (
            "zh-hans",
            [
                "胜者组",
                "败者组",
                "胜者组第 1 轮",
                "胜者组决赛",
                "败者组第 1 轮",
                "败者组决赛",
                "总决赛",
                "第二场总决赛",
            ],
        ),
    ],
)
def test_the_stage_page_shows_both_brackets_and_the_final_with_their_rounds_named(
    client, started, language, words
):
    event, stage = started
    text = page(client, stage.get_absolute_url(), language)
    for word in words:
        assert word in text
    assert 'data-figure="winners-1-0"' in text and "Team 1" in text and "Team 8" in text
    assert 'data-figure="losers-4-0"' in text
    assert "Standings" not in text


def test_the_second_final_appears_once_the_losers_bracket_winner_wins_the_first(client, won):
    event, stage = won
    text = page(client, stage.get_absolute_url(), "en")
    assert "Second final" in text and 'data-figure="final-2-1-0"' in text
    assert "a second final decides the winner" not in text  # decided: no longer "if"


@pytest.mark.parametrize(
    ("language", "first", "out"),
    [("en", "Winner", "Out in the Losers' bracket final"), ("zh-hans", "冠军", "败者组决赛出局")],
)
def test_the_event_page_leads_with_the_final_ranking(client, won, language, first, out):
    event, _stage = won
    text = page(client, event.get_absolute_url(), language)
    ranking = text[text.index('id="outcome-title"') :]
    assert ranking.index("Team 1") < ranking.index("Team 2") < ranking.index("Team 3")
    assert first in ranking and out in ranking


def test_a_scorecard_names_its_bracket_and_round(client, started):
    event, stage = started
    match = stage.matches_here().first()
    assert "Winners' bracket round 1" in page(client, match.get_absolute_url(), "en")
    assert "胜者组第 1 轮" in page(client, match.get_absolute_url(), "zh-hans")


def test_the_wall_shows_the_brackets_rounds_in_both_languages_and_then_the_ranking(client, won):
    event, _stage = won
    text = page(client, reverse("wall", args=[event.pk]), "en")
    assert "败者组决赛" in text and "Losers' bracket final" in text
    assert "第二场总决赛" in text and "Second final" in text
    # Two panels, so that the names have room: the winners' bracket and finals, the losers'.
    assert text.count('class="wall-panel wall-bracket"') == 2
    assert 'id="wall-bracket-title1"><span lang="zh-hans" class="in-zh">胜者组</span>' in text
    assert 'id="outcome-title"' in text or "wall-outcome" in text


def test_the_bracket_json_lists_every_round_of_both_brackets(client, won):
    event, stage = won
    url = reverse("stage-bracket-json", args=[event.pk, stage.number])
    document = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    names = [round_["name"] for round_ in document["rounds"]]
    assert names[0] == "Winners' bracket round 1" and names[-1] == "Second final"
    assert len([m for r in document["rounds"] for m in r["matches"]]) == 15


def test_a_round_page_is_named_by_its_round_and_the_finals_by_their_own_names(client, won):
    event, stage = won

    def heading(number, language):
        text = page(client, reverse("stage-round", args=[event.pk, 1, number]), language)
        return re.search(r'<h1 class="h5">(.*?)</h1>', text).group(1)

    assert heading(2, "en") == "Winners' bracket round 2 · Losers' bracket round 1"
    assert heading(3, "zh-hans") == "败者组第 2 轮"
    assert heading(5, "en") == "Losers' bracket final"
    assert heading(6, "zh-hans") == "总决赛"
    assert heading(7, "en") == "Second final"
