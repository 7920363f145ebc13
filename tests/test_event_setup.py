import pytest
from django.urls import reverse

from matches.models import Event, Match, Seating, Team
from tests.factories import make_event, make_team

pytestmark = pytest.mark.django_db

EVENT = {
    "name": "Club teams",
    "date": "2026-12-05",
    "vp_scale": "wbf-2013",
    "boards_per_match": 32,
    "boards_per_segment": 16,
}


def test_a_director_sets_up_an_event_its_teams_and_a_match(director_client):
    response = director_client.post(reverse("director-event-new"), EVENT)
    event = Event.objects.get()
    assert response.url == reverse("director-event", args=[event.pk])

    for name, players in (("Dragons", "Li\nWang\n\nZhang\nZhao"), ("Tigers", "A\nB\nC\nD")):
        url = reverse("director-team-new", args=[event.pk])
        director_client.post(url, {"name": name, "captain": "Li", "players": players})
    dragons, tigers = Team.objects.order_by("name")
    assert [p.name for p in dragons.players.all()] == ["Li", "Wang", "Zhang", "Zhao"]

    url = reverse("director-match-new", args=[event.pk])
    director_client.post(url, {"round": 1, "home": dragons.pk, "away": tigers.pk})
    match = Match.objects.get()
    assert match.boards.count() == 32
    assert list(match.segment_numbers) == [1, 2]

    page = director_client.get(reverse("director-event", args=[event.pk])).text
    assert "Dragons – Tigers" in page


def test_the_printed_scale_is_refused_for_a_board_count_it_does_not_cover(director_client):
    data = {**EVENT, "vp_scale": "printed-25", "boards_per_match": 14}
    page = director_client.post(reverse("director-event-new"), data)
    assert "The printed 25-VP scale covers matches of 12, 16 or 20 boards, not 14" in page.text
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "This field is required."),
        ("boards_per_match", "0", "A match has 1 to 200 boards."),
        ("boards_per_match", "500", "A match has 1 to 200 boards."),
        ("boards_per_segment", "0", "A segment has 1 to 200 boards."),
        ("date", "tomorrow", "Enter a valid date."),
    ],
)
def test_bad_event_settings_get_a_message_and_nothing_is_saved(
    director_client, field, value, message
):
    page = director_client.post(reverse("director-event-new"), {**EVENT, field: value})
    assert message in page.text
    assert not Event.objects.exists()


def test_a_team_name_is_unique_in_its_event(director_client):
    event = make_event()
    make_team(event, "Dragons")
    url = reverse("director-team-new", args=[event.pk])
    page = director_client.post(url, {"name": "dragons"})
    assert "This event already has a team called “Dragons”." in page.text  # as the event has it
    assert Team.objects.count() == 1


def test_a_team_cannot_play_itself(director_client):
    event = make_event()
    team = make_team(event, "Dragons")
    url = reverse("director-match-new", args=[event.pk])
    page = director_client.post(url, {"round": 1, "home": team.pk, "away": team.pk})
    assert "A team cannot play itself." in page.text
    assert not Match.objects.exists()


def test_seating_puts_the_home_team_north_south_in_the_open_room(director_client):
    from tests.factories import make_match

    match = make_match()
    home = list(match.home.players.all())
    away = list(match.away.players.all())
    page = director_client.get(reverse("director-match", args=[match.pk]))
    form = page.context["seating_forms"][0][1]
    assert set(form.fields["open_N"].queryset) == set(home)
    assert set(form.fields["open_E"].queryset) == set(away)
    assert set(form.fields["closed_N"].queryset) == set(away)

    data = {
        "segment": 1,
        "s1-open_N": home[0].pk,
        "s1-open_S": home[1].pk,
        "s1-open_E": away[0].pk,
        "s1-open_W": away[1].pk,
    }
    director_client.post(reverse("director-match", args=[match.pk]), data)
    assert Seating.objects.count() == 4
    scorecard = director_client.get(reverse("scorecard", args=[match.pk])).text
    assert f"North {home[0].name}" in scorecard


def test_a_player_cannot_sit_twice_in_a_segment(director_client):
    from tests.factories import make_match

    match = make_match()
    player = match.home.players.first()
    data = {"segment": 1, "s1-open_N": player.pk, "s1-open_S": player.pk}
    page = director_client.post(reverse("director-match", args=[match.pk]), data)
    assert f"{player.name} is already seated in this segment." in page.text
    assert not Seating.objects.exists()


def test_an_event_has_at_most_1000_teams(director_client, director):
    from matches import actions
    from tests.factories import make_event

    event = make_event()
    actions.add_teams(event, teams=[(f"T{n}", ()) for n in range(1000)], user=director)
    url = reverse("director-team-new", args=[event.pk])
    page = director_client.post(url, {"name": "One too many"})
    assert "An event has at most 1000 teams." in page.text
    assert event.teams.count() == 1000


def test_an_event_can_be_deleted_with_its_matches_but_a_team_with_matches_cannot(in_english):
    from matches import actions
    from matches.models import Event, Match
    from tests.factories import enter, make_match

    match = make_match()
    enter(match, 1, "open", "4S", "N", "=")
    with pytest.raises(actions.ActionError, match="has matches, so cannot be removed"):
        actions.remove_team(match.home, user=None)
    with pytest.raises(actions.NeedsConfirmation):
        actions.delete_event(match.event, user=None)
    assert Match.objects.exists()
    actions.delete_event(match.event, confirm=True, user=None)
    assert not Event.objects.exists() and not Match.objects.exists()


def test_each_player_of_a_team_has_a_field_named_by_number_with_its_own_error(director_client):
    event = make_event()
    team = make_team(event, "Lions", players=("A", "B", "C", "D"))
    players = list(team.players.order_by("pk"))
    url = reverse("director-team", args=[event.pk, team.pk])

    page = director_client.get(url).text

    for number, player in enumerate(players, start=1):
        assert (
            f'<label class="visually-hidden" for="id_player_{player.pk}">Player {number}</label>'
            in page
        )
        assert f'Remove<span class="visually-hidden"> Player {number}</span>' in page

    data = {"name": "Lions", "captain": "", "players": ""}
    data |= {f"player_{p.pk}": p.name for p in players}
    data[f"player_{players[1].pk}"] = "x" * 81
    data[f"player_{players[3].pk}"] = "bell\x07"
    page = director_client.post(url, data).text

    for player in (players[1], players[3]):  # each error beside its own field, and linked
        field = f"id_player_{player.pk}"
        assert f'aria-invalid="true" aria-describedby="{field}_error"' in page
        assert f'id="{field}_error" role="alert"' in page
    assert f'href="#id_player_{players[1].pk}"' in page  # the page's error summary
    assert "Player 2" in page and "Player 4" in page
    assert list(team.players.order_by("pk").values_list("name", flat=True)) == [
        p.name for p in players
    ]  # nothing saved
