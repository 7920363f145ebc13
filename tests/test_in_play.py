"""Honest standings while a round is in play: official ones count a match once it is
complete, forfeited or final; live ones count the matches in play as they stand."""

from decimal import Decimal

import pytest
from django.urls import reverse

from matches import actions
from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_event(name="Club league", boards_per_match=4, boards_per_segment=4)


@pytest.fixture
def match(event):
    """Return a match after one board of four: a flat board, 0 : 0 so far."""
    match = make_match(event, home=make_team(event, "Ash"), away=make_team(event, "Birch"))
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "=")
    return match


def standing(page, team):
    """Return (played, VP) of a team's row in a standings table."""
    import re

    row = re.search(rf'<tr data-team="{team.pk}">.*?</tr>', page, re.S)[0]
    cells = re.findall(r'<td class="text-end[^"]*">([^<]*)</td>', row)
    return cells[1], cells[2]  # position, played, VP


def test_a_match_one_board_in_is_in_play_not_counted_in_the_official_standings(english, match):
    """The fault of issue 9: a 0:0 after one board of sixteen counted as a 10:10 draw."""
    page = english.get(reverse("event", args=[match.event_id])).text
    assert standing(page, match.home) == ("0", "0")
    assert standing(page, match.away) == ("0", "0")
    assert "1 match is still in play and not counted yet." in page
    assert 'class="badge text-bg-info status-in-play">In play</span>' in page
    assert '<td class="text-end text-nowrap vp">10 : 10</td>' in page  # its VP as they stand
    cross = english.get(reverse("cross-table", args=[match.event_id])).text
    assert 'title="Not played yet">·</a>' in cross


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Live standings", "Not official", "These standings count 1 match still in play"]),
        ("zh-hans", ["实时排名", "非正式", "本排名计入 1 场正在进行的比赛"]),
    ],
)
def test_the_live_standings_count_it_as_it_stands_clearly_labelled(client, match, language, words):
    client.cookies["django_language"] = language
    page = client.get(reverse("live-standings", args=[match.event_id])).text
    assert all(word in page for word in words)
    assert standing(page, match.home) == ("1", "10")


def test_the_json_feed_gives_official_and_live_standings_and_each_matchs_in_play(client, match):
    feed = client.get(reverse("standings-json", args=[match.event_id])).json()
    assert [row["vp"] for row in feed["standings"]] == [0.0, 0.0]
    assert [row["played"] for row in feed["standings"]] == [0, 0]
    assert [row["vp"] for row in feed["live_standings"]] == [10.0, 10.0]
    assert feed["matches"][0]["in_play"] is True
    card = client.get(reverse("scorecard-json", args=[match.pk])).json()
    assert card["match"]["in_play"] is True


def test_a_complete_match_counts_and_is_no_longer_in_play(english, client, match):
    for number in (2, 3, 4):
        enter(match, number, "open", "3NT", "S", "=")
        enter(match, number, "closed", "3NT", "S", "=")
    page = english.get(reverse("event", args=[match.event_id])).text
    assert standing(page, match.home) == ("1", "10")
    assert "status-in-play" not in page and "still in play" not in page
    feed = client.get(reverse("standings-json", args=[match.event_id])).json()
    assert feed["standings"] == feed["live_standings"]
    assert feed["matches"][0]["in_play"] is False


@pytest.mark.parametrize("decision", ["final", "forfeit"])
def test_a_match_marked_final_or_forfeited_counts_officially(english, match, decision):
    if decision == "final":
        actions.mark_final(match, confirm=True, user=None)
        expected = ("1", "10")
    else:
        actions.set_forfeit(
            match, home_vp=Decimal(12), away_vp=Decimal(0), reason="Left early", user=None
        )
        expected = ("1", "12")
    page = english.get(reverse("event", args=[match.event_id])).text
    assert standing(page, match.home) == expected


def test_marking_final_with_pending_boards_names_them_and_asks_to_confirm(director_client, match):
    url = reverse("director-status", args=[match.pk])
    page = director_client.post(url, {"status": "final"}).text
    assert "Boards 2, 3, 4 are not complete in both rooms: they will count as they stand." in page
    assert '<input type="hidden" name="confirm" value="on">' in page  # the step's own button
    match.refresh_from_db()
    assert not match.is_final
    director_client.post(url, {"status": "final", "confirm": "on"})
    match.refresh_from_db()
    assert match.is_final
