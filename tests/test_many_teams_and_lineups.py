"""A director adds many teams at once and enters a round's line-ups on one page."""

import re

import pytest
from django.db import models
from django.urls import reverse

from matches import actions
from matches.models import Player, Seating, Team
from tests.factories import make_event, make_match, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_event(name="Club teams")


def add_list(client, event, text):
    return client.post(reverse("director-team-list", args=[event.pk]), {"teams": text})


def test_many_teams_are_added_in_the_order_typed_with_their_players(director_client, event):
    text = "长城队：王建国、李明、陈静、杨帆\n\nDragons: Li, Wang , Zhang,Zhao\nTigers\n"
    response = add_list(director_client, event, text)
    assert response.url == reverse("director-event", args=[event.pk])
    teams = list(Team.objects.filter(event=event).order_by("pk"))
    assert [t.name for t in teams] == ["长城队", "Dragons", "Tigers"]
    assert [p.name for p in teams[0].players.order_by("pk")] == ["王建国", "李明", "陈静", "杨帆"]
    assert [p.name for p in teams[1].players.order_by("pk")] == ["Li", "Wang", "Zhang", "Zhao"]
    assert not teams[2].players.exists()
    page = director_client.get(response.url).text
    assert re.findall(r'href="/director/events/\d+/teams/\d+/">([^<]+)</a>', page) == [
        "长城队",
        "Dragons",
        "Tigers",
    ]


def test_a_bad_line_is_named_and_no_team_is_added(director_client, event):
    make_team(event, "Dragons")
    text = "Tigers\ndragons: A, B\nLions\nLions\n: X, Y"
    page = add_list(director_client, event, text).text
    assert "Line 2: this event already has a team called “Dragons”." in page
    assert "Line 4: “Lions” is listed twice (line 3 too)." in page
    assert "Line 5: a team needs a name before the colon." in page
    assert list(Team.objects.values_list("name", flat=True)) == ["Dragons"]
    assert "Tigers\ndragons: A, B" in page  # what was typed is kept


def test_the_list_cannot_take_an_event_past_1000_teams(director_client, event):
    page = add_list(director_client, event, "\n".join(f"Team {n}" for n in range(1001))).text
    assert "An event has at most 1000 teams: it has 0, you listed 1001." in page
    assert not Team.objects.exists()


def test_one_team_form_quotes_the_existing_name_not_what_was_typed(director_client, event):
    make_team(event, "Dragons")
    url = reverse("director-team-new", args=[event.pk])
    page = director_client.post(url, {"name": "  DRAGONS ", "players": ""}).text
    assert "This event already has a team called “Dragons”." in page


@pytest.fixture
def round_robin(event, director):
    for name in ("Ash", "Birch", "Cedar", "Dogwood"):
        make_team(event, name)
    actions.make_round_robin(event, user=director)
    return event


def test_after_a_round_robin_the_event_page_asks_for_the_line_ups(director_client, round_robin):
    page = director_client.get(reverse("director-event", args=[round_robin.pk])).text
    assert "2 matches of this round have no full line-up yet" in page
    assert f'href="{reverse("director-lineups", args=[round_robin.pk, 1, 1])}"' in page


def test_a_rounds_line_ups_are_entered_on_one_page_and_reach_the_scorecards(
    director_client, round_robin, director
):
    url = reverse("director-lineups", args=[round_robin.pk, 1, 1])
    page = director_client.get(url).text
    matches = list(round_robin.matches.filter(round=1).select_related("home", "away"))
    assert page.count('<section class="lineup') == 2
    data = {}
    for match in matches:
        home, away = list(match.home.players.all()), list(match.away.players.all())
        seats = {
            "open_N": home[0],
            "open_S": home[1],
            "closed_E": home[2],
            "closed_W": home[3],
            "open_E": away[0],
            "open_W": away[1],
            "closed_N": away[2],
            "closed_S": away[3],
        }
        data.update({f"m{match.pk}-s1-{name}": p.pk for name, p in seats.items()})
    response = director_client.post(url, data)
    assert response.url.endswith("?stage=1&round=1")
    assert Seating.objects.count() == 16
    seating = Seating.objects.filter(match=matches[0], room="open", seat="N").get()
    assert seating.history.first().history_user == director
    card = director_client.get(reverse("scorecard", args=[matches[0].pk])).text
    assert f"North {matches[0].home.name} A" in card
    page = director_client.get(reverse("director-event", args=[round_robin.pk])).text
    assert "no full line-up yet" not in page


def test_a_player_seated_twice_is_refused_beside_the_seat_and_nothing_is_saved(
    director_client, round_robin
):
    match = round_robin.matches.filter(round=1).first()
    player = match.home.players.first()
    url = reverse("director-lineups", args=[round_robin.pk, 1, 1])
    data = {f"m{match.pk}-s1-open_N": player.pk, f"m{match.pk}-s1-open_S": player.pk}
    page = director_client.post(url, data).text
    assert f"{player.name} is already seated in this segment." in page
    assert not Seating.objects.exists()


def test_a_round_without_matches_has_no_line_up_page(director_client, event):
    make_match(event)
    assert (
        director_client.get(reverse("director-lineups", args=[event.pk, 1, 7])).status_code == 404
    )


def shown_seats(page: str, match) -> dict:
    """Return {field: player name} of the options shown selected for a match's segment 1."""
    found = re.findall(
        rf'name="m{match.pk}-s1-(\w+)".*?<option value="\d+" selected>([^<]+)</option>', page, re.S
    )
    return dict(found)


def test_round_1_proposes_players_1_2_north_south_3_4_east_west_and_saves_nothing_unasked(
    director_client, round_robin
):
    url = reverse("director-lineups", args=[round_robin.pk, 1, 1])
    page = director_client.get(url).text
    match = round_robin.matches.filter(round=1).select_related("home", "away").first()
    home, away = match.home.name, match.away.name
    assert shown_seats(page, match) == {
        "open_N": f"{home} A",
        "open_S": f"{home} B",
        "closed_E": f"{home} C",
        "closed_W": f"{home} D",
        "closed_N": f"{away} A",
        "closed_S": f"{away} B",
        "open_E": f"{away} C",
        "open_W": f"{away} D",
    }
    assert "Default seating (players 1–2 N-S, 3–4 E-W): not saved yet" in page
    assert "Confirm and save the line-ups" in page
    assert not Seating.objects.exists()  # shown, not saved

    data = {}
    for form_match in round_robin.matches.filter(round=1):
        shown = shown_seats(page, form_match)
        players = {p.name: p.pk for p in Player.objects.all()}
        data.update(
            {f"m{form_match.pk}-s1-{field}": players[name] for field, name in shown.items()}
        )
    director_client.post(url, data)  # the director confirms as shown
    assert Seating.objects.count() == 16


def test_round_2_carries_each_teams_pairs_over_from_round_1(director_client, round_robin):
    first = round_robin.matches.filter(round=1).select_related("home", "away").first()
    home = list(first.home.players.all())
    away = list(first.away.players.all())
    seats = {
        ("open", "N"): home[2],
        ("open", "S"): home[3],
        ("closed", "E"): home[0],
        ("closed", "W"): home[1],
        ("closed", "N"): away[0],
        ("closed", "S"): away[1],
        ("open", "E"): away[2],
        ("open", "W"): away[3],
    }
    actions.set_seating(first, 1, seats, user=None)  # Ash's C and D sat North-South
    page = director_client.get(reverse("director-lineups", args=[round_robin.pk, 1, 2])).text
    second = (
        round_robin.matches.filter(round=2)
        .filter(models.Q(home=first.home) | models.Q(away=first.home))
        .get()
    )
    shown = shown_seats(page, second)
    ns_room, ew_room = ("open", "closed") if second.home_id == first.home_id else ("closed", "open")
    assert shown[f"{ns_room}_N"] == home[2].name and shown[f"{ns_room}_S"] == home[3].name
    assert shown[f"{ew_room}_E"] == home[0].name and shown[f"{ew_room}_W"] == home[1].name
    assert "As in round 1: not saved yet" in page
    assert Seating.objects.filter(match__round=2).count() == 0
