"""Every write URL refuses anonymous users and logged-in non-directors, and changes nothing."""

import pytest
from django.urls import reverse

from matches.models import (
    BoardAdjustment,
    Bye,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
    Team,
    VpPenalty,
)
from tests.factories import enter, make_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    match = make_match()
    enter(match, 1, "open", "4S", "N", "=")
    return match


def write_requests(match):
    """Return (method, url, data) for every director URL, with data that would change things."""
    event = match.event
    team = match.home
    row = {"b1-contract": "3NT", "b1-declarer": "S", "b1-result": "=", "b1-version": "1"}
    return [
        ("get", reverse("director"), {}),
        (
            "post",
            reverse("director-event-new"),
            {
                "name": "X",
                "date": "2026-12-01",
                "vp_scale": "wbf-2013",
                "boards_per_match": 16,
                "boards_per_segment": 16,
            },
        ),
        (
            "post",
            reverse("director-event", args=[event.pk]),
            {
                "event-name": "Renamed",
                "event-date": "2026-12-01",
                "event-vp_scale": "wbf-2013",
                "event-boards_per_match": 16,
                "event-boards_per_segment": 16,
            },
        ),
        ("post", reverse("director-team-new", args=[event.pk]), {"name": "New team"}),
        ("post", reverse("director-team", args=[event.pk, team.pk]), {"name": "Renamed"}),
        (
            "post",
            reverse("director-match-new", args=[event.pk]),
            {"round": 2, "home": match.away.pk, "away": match.home.pk},
        ),
        (
            "post",
            reverse("director-match", args=[match.pk]),
            {"segment": 1, "s1-open_N": team.players.first().pk},
        ),
        ("get", reverse("director-sheet", args=[match.pk, "open"]), {}),
        ("post", reverse("director-save-row", args=[match.pk, "open", 1]), row),
        ("get", reverse("director-board-history", args=[match.pk, 1]), {}),
        (
            "post",
            reverse("director-board-adjust", args=[match.pk, 2]),
            {"action": "artificial", "art-home": "plus", "art-away": "minus", "art-reason": "x"},
        ),
        (
            "post",
            reverse("director-board-adjust", args=[match.pk, 1]),
            {
                "action": "assigned",
                "asg-room": "open",
                "asg-contract": "3NT",
                "asg-declarer": "S",
                "asg-result": "=",
                "asg-reason": "x",
            },
        ),
        ("post", reverse("director-status", args=[match.pk]), {"status": "final"}),
        (
            "post",
            reverse("director-forfeit", args=[match.pk]),
            {"forfeit-home_vp": "18", "forfeit-away_vp": "0", "forfeit-reason": "x"},
        ),
        (
            "post",
            reverse("director-imp-penalty", args=[match.pk]),
            {"penalty-team": team.pk, "penalty-imps": 3, "penalty-reason": "x"},
        ),
        (
            "post",
            reverse("director-vp-penalty", args=[event.pk]),
            {"vp-team": team.pk, "vp-vp": "2", "vp-reason": "x"},
        ),
        ("post", reverse("director-round-robin", args=[event.pk]), {}),
        ("get", reverse("director-table-sheets", args=[event.pk, 1, 1]), {}),
        ("post", reverse("director-sheet-reopen", args=[match.pk, "open"]), {"reason": "x"}),
        ("post", reverse("director-team-list", args=[event.pk]), {"teams": "Lions\nTigers"}),
        (
            "post",
            reverse("director-lineups", args=[event.pk, 1, 1]),
            {f"m{match.pk}-s1-open_N": team.players.first().pk},
        ),
    ]


def snapshot():
    return (
        list(Event.objects.values_list("name", flat=True)),
        list(Team.objects.values_list("name", flat=True)),
        Player.objects.count(),
        Match.objects.count(),
        Seating.objects.count(),
        list(Result.objects.values_list("level", "strain", "declarer", "tricks", "version")),
        list(Match.objects.values_list("status", "forfeit_home_vp", "home_vp")),
        BoardAdjustment.objects.count(),
        ImpPenalty.objects.count(),
        VpPenalty.objects.count(),
        Bye.objects.count(),
    )


def test_anonymous_users_are_sent_to_log_in_and_nothing_changes(client, match):
    before = snapshot()
    for method, url, data in write_requests(match):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login")), url
    assert snapshot() == before


def test_logged_in_players_who_are_not_directors_are_refused_and_nothing_changes(
    player_client, match
):
    before = snapshot()
    for method, url, data in write_requests(match):
        assert getattr(player_client, method)(url, data).status_code == 403, url
    assert snapshot() == before


def test_directors_can_reach_every_one_of_those_urls(director_client, match):
    for method, url, data in write_requests(match):
        assert getattr(director_client, method)(url, data).status_code in (200, 302), url


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_other_methods_are_refused(director_client, match, method):
    url = reverse("director-save-row", args=[match.pk, "open", 1])
    assert getattr(director_client, method)(url).status_code == 405
