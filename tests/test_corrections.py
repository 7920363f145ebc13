"""Corrections at the event level, as the event's own director makes them from the pages:
deleting a match or an event, removing or withdrawing a team, correcting a player's name,
a repeat pairing and fewer boards per match."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.interchange import backup
from matches.models import Bye, Event, Match, Player, Result, Seating, StageEntry, Team
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """Messages read in English (a page in Chinese may have been served just before)."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture
def event(td):
    """Return an event that the director ``td`` created, and so directs."""
    return make_event(td, name="Club teams")


@pytest.fixture
def match(event):
    return make_match(event)


def error_beside(page: str, field: str) -> str:
    """Return the error text shown beside a form field (crispy's invalid-feedback)."""
    found = re.search(rf'id="error_\d+_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', page, re.DOTALL)
    assert found, f"no error beside {field}"
    return found.group(1).strip()


def test_a_match_with_no_result_is_deleted_once_the_director_confirms(td_client, match):
    url = reverse("director-match-delete", args=[match.pk])
    page = td_client.get(url).text
    assert "No result has been entered in this match." in page
    response = td_client.post(url, {})
    assert response.url == reverse("director-event", args=[match.event_id])
    assert not Match.objects.exists()
    page = td_client.get(response.url).text
    assert f"Match deleted: round 1, {match.home.name} – {match.away.name}." in page


def test_a_match_with_results_needs_a_reason_and_a_tick_and_its_history_keeps_the_reason(
    td_client, td, match
):
    enter(match, 1, "open", "4S", "N", "=")
    enter(match, 1, "closed", "4S", "N", "-1")
    url = reverse("director-match-delete", args=[match.pk])
    assert "This match has 2 results." in td_client.get(url).text

    page = td_client.post(url, {"reason": "", "confirm": ""}).text
    assert error_beside(page, "reason") == "Give a reason; the history keeps it."
    assert error_beside(page, "confirm") == "Tick the box to confirm."
    assert 'id="error-summary"' in page
    assert Match.objects.filter(pk=match.pk).exists() and Result.objects.count() == 2

    td_client.post(url, {"reason": "Entered twice by mistake", "confirm": "on"})
    assert not Match.objects.filter(pk=match.pk).exists()
    deleted = Match.history.get(id=match.pk, history_type="-")
    assert deleted.history_change_reason == "Entered twice by mistake"
    assert deleted.history_user == td


def test_a_reason_too_long_for_the_history_is_refused_beside_the_field(td_client, match):
    enter(match, 1, "open", "4S", "N", "=")
    url = reverse("director-match-delete", args=[match.pk])
    page = td_client.post(url, {"reason": "x" * 101, "confirm": "on"}).text
    assert error_beside(page, "reason") == "A reason has at most 100 characters."
    assert Match.objects.filter(pk=match.pk).exists()


def test_a_final_match_is_not_deleted_until_a_director_reopens_it(td_client, td, match):
    enter(match, 1, "open", "4S", "N", "=")
    actions.mark_final(match, confirm=True, user=td)
    url = reverse("director-match-delete", args=[match.pk])
    assert "This match is final: reopen it" in td_client.get(url).text
    page = td_client.post(url, {"reason": "Wrong teams", "confirm": "on"}).text
    assert "This match is final: a director must reopen it" in page
    assert Match.objects.filter(pk=match.pk).exists()


def test_a_director_of_another_event_cannot_delete_its_match_or_the_event(client, match):
    client.force_login(make_user("other", director=True))
    for name, arg in (
        ("director-match-delete", match.pk),
        ("director-event-delete", match.event_id),
        ("director-event-export", match.event_id),
    ):
        assert client.get(reverse(name, args=[arg])).status_code == 403
        if name != "director-event-export":  # read only: a post is not allowed at all
            assert client.post(reverse(name, args=[arg]), {"confirm": "on"}).status_code == 403
    assert Match.objects.filter(pk=match.pk).exists() and Event.objects.exists()


def test_deleting_an_event_offers_its_export_first_and_needs_the_tick(td_client, match):
    enter(match, 1, "open", "4S", "N", "=")
    url = reverse("director-event-delete", args=[match.event_id])
    page = td_client.get(url).text
    assert "removes its 2 teams, 1 matches and 1 results for good" in page
    export = reverse("director-event-export", args=[match.event_id])
    assert f'href="{export}"' in page
    assert page.index(export) < page.index("Delete the event</button>")  # offered first

    page = td_client.post(url, {"reason": "A test event"}).text
    assert error_beside(page, "confirm") == "Tick the box to confirm."
    assert Event.objects.exists()

    response = td_client.post(url, {"reason": "A test event", "confirm": "on"})
    assert response.url == reverse("director")
    assert not Event.objects.exists() and not Result.objects.exists()
    assert Event.history.get(history_type="-").history_change_reason == "A test event"


def test_the_export_offered_is_the_whole_event_which_import_event_brings_back(td_client, match):
    enter(match, 1, "open", "4S", "N", "=", "SA")
    response = td_client.get(reverse("director-event-export", args=[match.event_id]))
    assert response["Content-Disposition"] == f'attachment; filename="event-{match.event_id}.json"'
    document = json.loads(response.content)
    restored = backup.import_event(document)
    assert restored.name == "Club teams"
    assert Result.objects.filter(board__match__event=restored).get().lead == "SA"


def test_a_team_with_no_match_is_removed_with_its_players(td_client, event):
    team = make_team(event, "Spare")
    url = reverse("director-team-remove", args=[event.pk, team.pk])
    page = td_client.get(url).text
    assert "Spare has no match yet. Removing it removes its 4 players too" in page
    page = td_client.post(url, {}).text
    assert error_beside(page, "confirm") == "Tick the box to confirm."
    td_client.post(url, {"confirm": "on"})
    assert not Team.objects.filter(pk=team.pk).exists() and not Player.objects.exists()


def test_a_team_that_has_played_is_withdrawn_its_results_stand_its_unplayed_matches_go(
    td_client, td, event
):
    a, b, c = (make_team(event, name) for name in ("Alpha", "Bravo", "Charlie"))
    actions.make_round_robin(event, user=td)  # three teams: a bye each round
    played = event.matches.filter(round=1).get()
    enter(played, 1, "open", "4S", "N", "=")
    quitter = played.home
    url = reverse("director-team-remove", args=[event.pk, quitter.pk])
    page = td_client.get(url).text
    assert f"{quitter.name} has played 1 matches: their results stand" not in page
    assert f"{quitter.name} has played 1 match: its results stand" in page
    assert "Its 1 match with no result is deleted" in page

    page = td_client.post(url, {"confirm": "on"}).text
    assert error_beside(page, "reason") == "Give a reason; the history keeps it."

    revision = Event.objects.get().revision
    td_client.post(url, {"reason": "Went home ill", "confirm": "on"})
    assert Event.objects.get().revision == revision + 1  # once, for the whole withdrawal
    theirs = Match.objects.filter(home=quitter) | Match.objects.filter(away=quitter)
    assert list(theirs) == [played]  # the played match stands, the other is gone
    gone = Match.history.filter(history_type="-").get()
    assert gone.history_change_reason == f"{quitter.name} withdrew: Went home ill"
    assert gone.history_user == td
    assert not Bye.objects.filter(team=quitter, round__gt=1).exists()
    assert Team.objects.filter(pk=quitter.pk).exists()


def test_a_withdrawn_swiss_team_is_left_out_of_the_draws_to_come(td_client, td, event):
    teams = [make_team(event, name) for name in ("A", "B", "C", "D")]
    actions.configure_stage(event, number=1, kind="swiss", rounds=3, user=td)
    stage = event.stages.get(number=1)
    actions.start_stage(stage, user=td)
    actions.draw_next_round(stage, user=td)
    actions.publish_draw(stage, user=td)
    for match in event.matches.all():
        enter(match, 1, "open", "4S", "N", "=")
    url = reverse("director-team-remove", args=[event.pk, teams[0].pk])
    td_client.post(url, {"reason": "Left", "confirm": "on"})
    assert StageEntry.objects.get(team=teams[0]).withdrawn_after == 1


def test_correcting_a_players_name_keeps_every_seat_they_sat_in(td_client, td, match):
    player = match.home.players.first()
    actions.set_seating(match, 1, {("open", "N"): player}, user=td)
    url = reverse("director-team", args=[match.event_id, match.home_id])
    data = {"name": match.home.name, "captain": "", "players": ""}
    data |= {f"player_{p.pk}": p.name for p in match.home.players.all()}
    data[f"player_{player.pk}"] = "王建国"
    td_client.post(url, data)
    seat = Seating.objects.get(match=match)
    assert seat.player_id == player.pk and seat.player.name == "王建国"
    card = td_client.get(reverse("scorecard", args=[match.pk])).text
    assert "王建国" in card


def test_a_repeat_pairing_asks_the_director_to_confirm_then_is_added(td_client, match):
    url = reverse("director-match-new", args=[match.event_id])
    data = {"round": 2, "home": match.away_id, "away": match.home_id}
    page = td_client.post(url, data).text
    assert (
        f"{match.away.name} and {match.home.name} have already played each other in this "
        "event (round 1)." in page
    )
    assert 'type="checkbox" name="confirm"' in page
    assert Match.objects.count() == 1
    td_client.post(url, {**data, "confirm": "on"})
    assert Match.objects.count() == 2


def test_fewer_boards_per_match_is_refused_naming_the_boards_that_hold_results(td_client, match):
    enter(match, 14, "open", "4S", "N", "=")
    enter(match, 16, "closed", "4S", "N", "=")
    event = match.event
    url = reverse("director-event", args=[event.pk])
    data = {
        "event-name": event.name,
        "event-date": "2026-11-29",
        "event-vp_scale": "wbf-2013",
        "event-boards_per_match": 12,
        "event-boards_per_segment": 12,
    }
    page = td_client.post(url, data).text
    assert (
        f"Boards per match cannot go down to 12: boards beyond it hold results (round 1 "
        f"{match.home.name} – {match.away.name}: boards 14, 16)." in page
    )
    assert match.boards.count() == 16 and Event.objects.get().boards_per_match == 16


def test_the_correction_pages_read_in_chinese(client, td, match):
    client.force_login(td)
    client.cookies["django_language"] = "zh-hans"
    enter(match, 1, "open", "4S", "N", "=")
    page = client.get(reverse("director-match-delete", args=[match.pk])).text
    assert "删除本场比赛" in page
    page = client.get(reverse("director-event-delete", args=[match.event_id])).text
    assert "下载赛事导出文件" in page
