"""Adjustments, penalties, forfeits and final results: each changes what players see."""

import re

import pytest
from django.urls import reverse

from matches import actions
from matches.models import BoardAdjustment, ImpPenalty, Match, Result
from matches.scoring import victory_points
from tests.factories import enter, make_event, make_match

pytestmark = pytest.mark.django_db

FINAL = (
    "This match is final: a director must reopen it, giving a reason, before anything in it "
    "changes."
)
# Board 1, nobody vulnerable: 4♥ made (420) against one down (-50) is 470, 10 IMPs to home.
WIN = (("4H", "N", "="), ("4H", "N", "-1"))


@pytest.fixture
def match():
    match = make_match(make_event(vp_scale="printed-25"))
    enter(match, 1, "open", *WIN[0])
    enter(match, 1, "closed", *WIN[1])
    return match


def adjust(client, match, number, **data):
    url = reverse("director-board-adjust", args=[match.pk, number])
    return client.post(url, data)


def stored(match):
    match.refresh_from_db()
    return match.home_imps, match.away_imps, match.home_vp, match.away_vp


@pytest.mark.parametrize(
    ("home", "away", "home_imps", "away_imps", "vp"),
    [
        ("plus", "minus", 13, 0, (18, 12)),  # 10 + 3: the 12-15 column
        ("average", "average", 10, 0, (17, 13)),
        ("minus", "plus", 10, 3, (16, 14)),  # 10 - 3 = 7: the 3-7 column
        ("plus", "plus", 13, 3, (18, 14)),  # split: home +13, away -10 + 3 = -7
    ],
)
def test_an_artificial_adjusted_score_changes_the_imps_and_the_vp(
    director_client, match, home, away, home_imps, away_imps, vp
):
    response = adjust(
        director_client,
        match,
        2,
        action="artificial",
        **{"art-home": home, "art-away": away, "art-reason": "Fouled board"},
    )
    assert response.status_code == 302
    assert stored(match) == (home_imps, away_imps, *vp)
    page = director_client.get(reverse("scorecard", args=[match.pk])).text
    assert "Board 2: artificial adjusted score" in page and "Fouled board" in page


def test_the_averages_are_set_per_event(director_client, match):
    actions.change_event(match.event, average_plus=2, average_minus=-2, user=None)
    adjust(
        director_client,
        match,
        2,
        action="artificial",
        **{"art-home": "plus", "art-away": "minus", "art-reason": "Late play"},
    )
    assert BoardAdjustment.objects.get().home_imps == 2


def test_an_adjusted_score_needs_a_reason(director_client, match):
    page = adjust(
        director_client,
        match,
        2,
        action="artificial",
        **{"art-home": "plus", "art-away": "minus", "art-reason": "  "},
    )
    assert "This field is required." in page.text or "Give a reason" in page.text
    assert not BoardAdjustment.objects.exists()


def test_removing_an_adjusted_score_scores_the_board_from_the_rooms_again(director_client, match):
    adjust(
        director_client,
        match,
        1,
        action="artificial",
        **{"art-home": "minus", "art-away": "plus", "art-reason": "Wrong board"},
    )
    assert stored(match)[:2] == (0, 3)
    adjust(director_client, match, 1, action="clear-artificial")
    assert stored(match)[:2] == (10, 0)


def test_an_assigned_adjusted_score_replaces_a_rooms_result(director_client, match):
    response = adjust(
        director_client,
        match,
        1,
        action="assigned",
        **{
            "asg-room": "closed",
            "asg-contract": "4H",
            "asg-declarer": "N",
            "asg-result": "=",
            "asg-reason": "Misinformation",
        },
    )
    assert response.status_code == 302
    closed = Result.objects.get(room="closed")
    assert (str(closed.contract), closed.tricks, closed.assigned_reason) == (
        "4H",
        10,
        "Misinformation",
    )
    assert stored(match)[:2] == (0, 0)
    page = director_client.get(reverse("scorecard", args=[match.pk])).text
    assert "Board 1, Closed room: assigned adjusted score — Misinformation" in page


def test_an_imp_penalty_comes_off_one_teams_margin(director_client, match):
    url = reverse("director-imp-penalty", args=[match.pk])
    director_client.post(
        url, {"penalty-team": match.home_id, "penalty-imps": 3, "penalty-reason": "Mobile phone"}
    )
    home_imps, away_imps, home_vp, away_vp = stored(match)
    assert (home_imps, away_imps) == (10, 0)  # the sheet's columns stay as played
    assert (home_vp, away_vp) == (16, 13)  # home's margin 7: 16; away's -10: 13
    page = director_client.get(reverse("scorecard", args=[match.pk])).text
    assert "IMP penalty: " in page and "Mobile phone" in page

    penalty = ImpPenalty.objects.get()
    director_client.post(reverse("director-imp-penalty-delete", args=[match.pk, penalty.pk]))
    assert stored(match)[2:] == (17, 13)


def test_a_forfeit_sets_the_vp_whatever_the_boards_say(director_client, match):
    url = reverse("director-forfeit", args=[match.pk])
    director_client.post(
        url,
        {
            "forfeit-home_vp": "18",
            "forfeit-away_vp": "0",
            "forfeit-reason": "Away team did not come",
        },
    )
    assert stored(match)[2:] == (18, 0)
    page = director_client.get(reverse("event", args=[match.event.pk])).text
    assert '<td class="text-end text-nowrap vp">18 : 0</td>' in page and "Forfeit" in page
    director_client.post(url, {"action": "clear"})
    assert stored(match)[2:] == (17, 13)


def test_a_forfeit_beyond_the_scale_is_refused(director_client, match):
    url = reverse("director-forfeit", args=[match.pk])
    page = director_client.post(
        url, {"forfeit-home_vp": "30", "forfeit-away_vp": "0", "forfeit-reason": "x"}
    )
    assert "VP are 0 to 25 on this event&#x27;s scale." in page.text
    assert stored(match)[2:] == (17, 13)


def test_a_final_match_refuses_changes_until_a_director_reopens_it_with_a_reason(
    director_client, match, english
):
    status = reverse("director-status", args=[match.pk])
    page = director_client.post(status, {"status": "final"}).text
    assert "Boards 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 are not complete" in page
    match.refresh_from_db()
    assert not match.is_final  # pending boards: the director confirms first
    director_client.post(status, {"status": "final", "confirm": "on"})
    match.refresh_from_db()
    assert match.is_final
    assert "status-final" in english.get(reverse("event", args=[match.event.pk])).text

    row = reverse("director-save-row", args=[match.pk, "open", 1])
    page = director_client.post(
        row,
        {"b1-contract": "3NT", "b1-declarer": "S", "b1-result": "=", "b1-version": 1},
        headers={"HX-Request": "true"},
    )
    assert FINAL in page.text
    assert str(Result.objects.get(room="open").contract) == "4H"

    director_client.post(status, {"status": "provisional", "reason": ""})
    match.refresh_from_db()
    assert match.is_final  # no reason, no reopening

    director_client.post(status, {"status": "provisional", "reason": "Scoring error on board 1"})
    match.refresh_from_db()
    assert not match.is_final
    reasons = [h.status_reason for h in match.history.all()]
    assert "Scoring error on board 1" in reasons
    page = director_client.get(reverse("director-match", args=[match.pk])).text
    assert "Scoring error on board 1" in page
    assert "status-provisional" in english.get(reverse("event", args=[match.event.pk])).text


def test_a_round_robin_with_an_odd_number_of_teams_gives_a_bye_each_round(director_client):
    from tests.factories import make_team

    event = make_event()
    for name in "ABCDE":
        make_team(event, name)
    director_client.post(reverse("director-round-robin", args=[event.pk]))
    assert Match.objects.filter(event=event).count() == 10
    assert event.byes.count() == 5
    assert sorted(event.byes.values_list("round", flat=True)) == [1, 2, 3, 4, 5]
    for number in range(1, 6):
        page = director_client.get(reverse("round", args=[event.pk, number])).text
        assert page.count("has a bye: 12 VP") == 1  # the 20-VP scale's default
        assert page.count('<tr data-match="') == 2
    again = director_client.post(reverse("director-round-robin", args=[event.pk]), follow=True)
    assert "This event already has matches" in again.text
    assert Match.objects.filter(event=event).count() == 10


def test_the_json_feeds_carry_standings_and_scorecards(client, match):
    feed = client.get(reverse("standings-json", args=[match.event.pk])).json()
    # One board of sixteen played: in play, so only the live standings count it.
    assert [row["vp"] for row in feed["standings"]] == [0.0, 0.0]
    assert [row["vp"] for row in feed["live_standings"]] == [17.0, 13.0]
    assert feed["live_standings"][0]["team"]["name"] == match.home.name
    assert feed["matches"][0]["status"] == "provisional"
    assert feed["matches"][0]["in_play"] is True

    card = client.get(reverse("scorecard-json", args=[match.pk])).json()
    board = card["boards"][0]
    assert board["open"]["contract"] == "4H" and board["open"]["ns_score"] == 420
    assert (board["difference"], board["imps"]) == (470, 10)
    assert card["vp"] == {"home": 17.0, "away": 13.0}
    assert card["boards"][1]["open"] is None
    assert victory_points(10, 16, "printed-25") == (17, 13)
    assert re.match(r"\d{4}-\d\d-\d\dT", card["updated"])
