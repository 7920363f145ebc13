"""A negative number on a page is written with a real minus sign (U+2212), as the printed
tables and the table pages write it; the files and feeds that programs read keep the ASCII
hyphen, and a form a person types into still takes one.

Board 1, nobody vulnerable: 4♠ two down by North in the open room (N-S -100, the home
team's) against 4♠ made with an overtrick by North in the closed room (N-S +450, the away
team's): -550, 11 IMPs to the away team.
"""

import csv
import io
import json

import pytest
from django.urls import reverse

from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db
MINUS = "\u2212"


@pytest.fixture
def match():
    event = make_event(name="Club teams", boards_per_match=2, boards_per_segment=2)
    match = make_match(event, home=make_team(event, "Ash"), away=make_team(event, "Birch"))
    enter(match, 1, "open", "4S", "N", "-2")
    enter(match, 1, "closed", "4S", "N", "+1")
    return match


def test_the_traveller_writes_the_away_teams_11_imps_with_a_minus_sign(english, match):
    page = english.get(reverse("traveller", args=[match.event_id, 1, 1])).text
    assert f"{MINUS}11</a>" in page
    assert "-11" not in page


def test_the_round_csv_and_the_scorecard_json_keep_the_ascii_hyphen(english, match):
    data = english.get(reverse("round-csv", args=[match.event_id, 1, 1])).content
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert [row[-2:] for row in rows[1:3]] == [["-100", "-11"], ["450", "-11"]]
    feed = json.loads(english.get(reverse("scorecard-json", args=[match.pk])).content)
    board = feed["boards"][0]
    assert (board["difference"], board["imps"]) == (-550, -11)
    assert MINUS not in data.decode("utf-8-sig") and MINUS not in json.dumps(feed)


def test_an_artificial_adjustment_reads_with_a_minus_sign_on_the_directors_and_public_pages(
    director_client, match
):
    board = match.boards.get(number=2)
    url = reverse("director-board-adjust", args=[match.pk, 2])
    form = {
        "action": "artificial",
        "art-home": "plus",
        "art-away": "minus",
        "art-reason": "Fouled board",
    }
    director_client.post(url, form)
    board.refresh_from_db()
    assert (board.adjustment.home_imps, board.adjustment.away_imps) == (3, -3)
    assert f"Ash +3, Birch {MINUS}3" in director_client.get(url).text
    scorecard = director_client.get(reverse("scorecard", args=[match.pk])).text
    assert f"Birch {MINUS}3 IMPs" in scorecard


def test_a_room_sheet_still_takes_a_result_typed_with_a_hyphen(director_client, match):
    url = reverse("director-save-row", args=[match.pk, "open", 2])
    director_client.post(
        url,
        {"b2-contract": "3NT", "b2-declarer": "S", "b2-result": "-1", "b2-version": 0},
        headers={"HX-Request": "true"},
    )
    assert match.boards.get(number=2).results.get(room="open").tricks == 8
