"""A director sees the match's running score while working (the match page, both room
sheets) and the result to be confirmed before marking the match final."""

import re

import pytest
from django.urls import reverse

from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    """Great Wall against Huashan over 4 boards; board 1 played in both rooms: 4S made by
    North in the open room (+420 to Great Wall), 4S one down in the closed room (+50)."""
    event = make_event(name="Spring teams", boards_per_match=4, boards_per_segment=4)
    home, away = make_team(event, "Great Wall"), make_team(event, "Huashan")
    match = make_match(event, home=home, away=away)
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "-1")
    return match


def test_the_match_page_shows_the_running_imps_and_the_vp_they_give(director_client, match):
    page = director_client.get(reverse("director-match", args=[match.pk])).text
    assert 'Great Wall</span> <strong class="fs-5">10 : 0</strong>' in page
    assert 'VP <strong class="fs-5">15 : 5</strong>' in page
    assert "1 of 4 boards complete in both rooms" in page


def test_both_room_sheets_show_the_running_score(director_client, match):
    for room in ("open", "closed"):
        page = director_client.get(reverse("director-sheet", args=[match.pk, room])).text
        assert 'id="match-score"' in page and "10 : 0" in page and "15 : 5" in page


def test_a_saved_row_brings_the_new_running_score_back_to_the_sheet(director_client, match):
    row = reverse("director-save-row", args=[match.pk, "open", 2])
    answer = director_client.post(
        row,
        {"b2-contract": "3NT", "b2-declarer": "S", "b2-result": "=", "b2-version": 0},
        headers={"HX-Request": "true"},
    ).text
    assert 'id="row-2"' in answer and 'id="match-score"' in answer
    assert "1 of 4 boards complete" in answer  # board 2 waits for the closed room
    enter(match, 2, "closed", "3NT", "S", "-1")
    answer = director_client.post(
        row,
        {"b2-contract": "3NT", "b2-declarer": "S", "b2-result": "+1", "b2-version": 1},
        headers={"HX-Request": "true"},
    ).text
    assert (
        "2 of 4 boards complete" in answer and "22 : 0" in answer
    )  # 10 + 12 IMPs (vulnerable 3NT+1 against one down)


def test_mark_final_shows_the_result_to_confirm_and_changes_nothing_until_confirmed(
    director_client, match
):
    status = reverse("director-status", args=[match.pk])
    page = director_client.post(status, {"status": "final"}).text
    assert "Great Wall 10 : 0 Huashan, VP 15 : 5 — confirm?" in page
    assert "Boards 2, 3, 4 are not complete in both rooms: they will count as they stand." in page
    match.refresh_from_db()
    assert not match.is_final
    director_client.post(status, {"status": "final", "confirm": "on"})
    match.refresh_from_db()
    assert match.is_final


def test_the_confirmation_reads_in_chinese(client, director, match):
    client.force_login(director)
    client.cookies["django_language"] = "zh-hans"
    page = client.post(reverse("director-status", args=[match.pk]), {"status": "final"}).text
    assert "Great Wall 10 : 0 Huashan，VP 15 : 5 — 确认？" in page


def test_players_find_the_data_files_in_a_quiet_line_not_beside_the_cross_table(english, match):
    page = english.get(reverse("event", args=[match.event_id])).text
    header = page[page.index("Cross-table</a>") - 200 : page.index("Cross-table</a>") + 300]
    assert "JSON" not in header and "USEBIO" not in header and "CSV" not in header
    assert "Butler pair rankings" in header
    files = page[page.index('class="small text-body-secondary no-print event-files') :]
    assert "Data files:" in files and ">JSON</a>" in files and ">USEBIO</a>" in files


def test_a_director_has_the_files_in_a_downloads_menu(director_client, match):
    page = director_client.get(reverse("director-event", args=[match.event_id])).text
    menu = page[page.index('class="downloads-menu') : page.index("</details>")]
    for name, args in [
        ("standings-csv", [match.event_id]),
        ("event-usebio", [match.event_id]),
        ("director-event-export", [match.event_id]),
        ("director-table-sheets", [match.event_id, 1, 1]),
        ("round-pbn", [match.event_id, 1, 1]),
    ]:
        assert f'href="{reverse(name, args=args)}"' in menu
    assert "Hand records, to print" not in menu  # the round has no deals


def test_the_match_page_proposes_the_default_seating_and_saves_it_only_when_asked(
    director_client, match
):
    url = reverse("director-match", args=[match.pk])
    page = director_client.get(url).text
    assert "Default seating (players 1–2 N-S, 3–4 E-W): not saved yet" in page
    first = match.home.players.order_by("id").first()
    assert f'<option value="{first.pk}" selected>{first.name}</option>' in page
    assert not match.seatings.exists()
    shown = re.findall(r'name="s1-(\w+)".*?<option value="(\d+)" selected>', page, re.S)
    assert len(shown) == 8
    director_client.post(url, {"segment": "1", **{f"s1-{name}": pk for name, pk in shown}})
    assert match.seatings.count() == 8
    assert "not saved yet" not in director_client.get(url).text
