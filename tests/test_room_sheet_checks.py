"""The room sheet checks itself against the other room, and links to where the director
goes next; the director's event page shows how far each match of a round has got."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import actions
from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    event = make_event(name="Club teams")
    return make_match(event, home=make_team(event, "Ash"), away=make_team(event, "Birch"))


def sheet(client, match, room="open") -> str:
    return client.get(reverse("director-sheet", args=[match.pk, room])).text


def row(page: str, number: int) -> str:
    return re.search(rf'<form class="sheet-row[^"]*"[^>]*id="row-{number}".*?</form>', page, re.S)[
        0
    ]


def test_a_row_shows_the_other_rooms_result_and_the_boards_imps_for_the_home_team(
    director_client, match
):
    enter(match, 1, "open", "4H", "N", "=")  # N-S 420: Ash's
    enter(match, 1, "closed", "4H", "N", "-1")  # Birch N-S 50 down: Ash +470, 10 IMPs
    shown = row(sheet(director_client, match), 1)
    assert re.search(r'class="other-result">4<span class="suit suit-h">♥</span> North -1<', shown)
    assert '<span class="imp-value imp-home">+10</span>' in shown


def test_a_swing_of_10_imps_or_more_is_highlighted_not_refused(director_client, match):
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")
    shown = row(sheet(director_client, match, "closed"), 1)
    assert "check-swing" in shown
    assert "A swing of 10 IMPs: worth a second look." in shown
    assert 'data-saved="true"' in shown


def test_a_swing_under_10_imps_is_not_highlighted(director_client, match):
    enter(match, 2, "open", "3NT", "S", "=")  # N-S 600 (vulnerable)
    enter(match, 2, "closed", "3NT", "S", "+1")  # 630: 1 IMP to Birch
    shown = row(sheet(director_client, match), 2)
    assert "check-swing" not in shown
    assert '<span class="imp-value imp-away">\u22121</span>' in shown


def test_the_same_contract_from_opposite_sides_is_highlighted(director_client, match):
    enter(match, 3, "open", "4S", "N", "=")
    enter(match, 3, "closed", "4S", "E", "=")  # a declarer typed on the wrong side?
    shown = row(sheet(director_client, match), 3)
    assert "check-sides" in shown
    assert "The other room played the same contract from the other side" in shown


def test_the_same_contract_from_the_same_side_is_not(director_client, match):
    enter(match, 3, "open", "4S", "N", "=")
    enter(match, 3, "closed", "4S", "S", "=")
    assert "check-sides" not in row(sheet(director_client, match), 3)


def test_the_answer_to_a_save_carries_the_check(director_client, match):
    enter(match, 1, "closed", "4H", "N", "-1")
    url = reverse("director-save-row", args=[match.pk, "open", 1])
    data = {"b1-contract": "4H", "b1-declarer": "N", "b1-result": "=", "b1-version": 0}
    answer = director_client.post(url, data, headers={"HX-Request": "true"}).text
    assert "+10" in answer and "check-swing" in answer


def test_the_sheet_links_to_the_other_room_the_scorecard_and_the_next_match(director_client, match):
    later = make_match(match.event, round=1)
    page = sheet(director_client, match)
    assert f'href="{reverse("director-sheet", args=[match.pk, "closed"])}"' in page
    assert f'href="{reverse("scorecard", args=[match.pk])}"' in page
    assert f'href="{reverse("director-sheet", args=[later.pk, "open"])}"' in page
    assert f"Next match: Round 1, {later.home.name} – {later.away.name}" in page


def test_a_final_matchs_sheet_is_read_only_with_a_reopen_form(director_client, match):
    enter(match, 1, "open", "4H", "N", "=")
    actions.mark_final(match, user=None, confirm=True)
    page = sheet(director_client, match)
    assert 'data-readonly="true"' in page
    assert page.count(" readonly") == 16 * 4
    assert ">Save</button>" not in page
    assert "Reopen the match" in page
    assert f'action="{reverse("director-sheet-reopen", args=[match.pk, "open"])}"' in page


def test_reopening_from_the_sheet_needs_a_reason_and_comes_back_to_an_open_sheet(
    director_client, match, director
):
    actions.mark_final(match, user=None, confirm=True)
    url = reverse("director-sheet-reopen", args=[match.pk, "closed"])
    refused = director_client.post(url, {"reason": " "})
    assert refused.status_code == 200
    assert 'id="id_reopen_reason_error" role="alert">Say why the match is reopened.' in refused.text
    match.refresh_from_db()
    assert match.is_final

    response = director_client.post(url, {"reason": "Board 4 was entered in the wrong room"})
    assert response.url == reverse("director-sheet", args=[match.pk, "closed"])
    match.refresh_from_db()
    assert not match.is_final
    assert match.history.first().status_reason == "Board 4 was entered in the wrong room"
    assert match.history.first().history_user == director
    page = sheet(director_client, match, "closed")
    assert 'data-readonly="true"' not in page and " readonly" not in page


def test_the_event_page_shows_each_matchs_progress_in_the_current_round(director_client):
    event = make_event()
    teams = [make_team(event, name) for name in ("Ash", "Birch", "Cedar", "Dogwood")]
    first = make_match(event, home=teams[0], away=teams[1], round=1)
    make_match(event, home=teams[2], away=teams[3], round=1)
    second = make_match(event, home=teams[0], away=teams[2], round=2)
    for number in range(1, 17):
        enter(first, number, "open", "4S", "N", "=")
        enter(first, number, "closed", "4S", "N", "=")
    actions.mark_final(first, user=None)
    for number in (1, 2, 3):
        enter(second, number, "open", "4S", "N", "=")
    enter(second, 1, "closed", "4S", "N", "=")

    page = director_client.get(reverse("director-event", args=[event.pk])).text
    assert 'data-round="2"' in page  # the latest round with results
    progress = re.search(rf'<tr data-match="{second.pk}">.*?</tr>', page, re.S)[0]
    assert re.search(r'class="text-end text-nowrap room-open"><a [^>]*>3/16</a>', progress)
    assert re.search(r'class="text-end text-nowrap room-closed"><a [^>]*>1/16</a>', progress)
    assert "15 boards pending" in progress
    assert "1 match still waits for results (15 boards)." in page

    page = director_client.get(reverse("director-event", args=[event.pk]) + "?round=1").text
    done = re.search(rf'<tr data-match="{first.pk}">.*?</tr>', page, re.S)[0]
    assert ">16/16<" in done and "Final" in done
    assert "1 match still waits for results (16 boards)." in page


def test_the_new_match_form_starts_at_the_current_round_with_teams_in_entry_order(
    director_client,
):
    event = make_event()
    teams = [make_team(event, name) for name in ("Zebra", "Ash", "Moth")]
    match = make_match(event, home=teams[0], away=teams[1], round=3)
    enter(match, 1, "open", "4S", "N", "=")
    page = director_client.get(reverse("director-event", args=[event.pk])).text
    assert re.search(r'name="round" value="3"', page)
    select = re.search(r'<select name="home".*?</select>', page, re.S)[0]
    assert re.findall(r">(Zebra|Ash|Moth)<", select) == ["Zebra", "Ash", "Moth"]
    listed = re.findall(r'href="/director/events/\d+/teams/\d+/">([^<]+)</a>', page)
    assert listed == ["Zebra", "Ash", "Moth"]


def test_a_new_event_is_dated_today_unless_the_director_says_otherwise(director_client):
    page = director_client.get(reverse("director-event-new")).text
    today = timezone.localdate().isoformat()
    assert re.search(rf'name="date" value="{today}"', page)


def test_blank_table_sheets_fill_in_teams_room_boards_dealer_and_vulnerability(
    director_client, match
):
    north = match.home.players.first()
    actions.set_seating(match, 1, {("open", "N"): north}, user=None)
    url = reverse("director-table-sheets", args=[match.event_id, 1, 1])
    page = director_client.get(url).text
    assert page.count('<article class="table-sheet"') == 2
    open_room = re.search(r'data-room="open">.*?</article>', page, re.S)[0]
    assert "N-S Ash, E-W Birch" in open_room
    assert f'<span class="sheet-fill">{north.name}</span>' in open_room
    board = re.search(r'<tr data-board="5">(.*?)</tr>', open_room)[1]
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", board)
    assert cells == ["5", "N-S", "North"] + [""] * 10  # to write: 6 results, 4 IMP columns
    closed_room = re.search(r'data-room="closed">.*?</article>', page, re.S)[0]
    assert "N-S Birch, E-W Ash" in closed_room


def test_a_round_without_matches_has_no_table_sheets(director_client, match):
    url = reverse("director-table-sheets", args=[match.event_id, 1, 9])
    assert director_client.get(url).status_code == 404
