"""Public pages are cached between changes, and every change clears what it affects."""

import pytest
from django.urls import reverse

from matches import actions
from tests.factories import enter, make_event, make_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    match = make_match(make_event(vp_scale="printed-25"))
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")  # 470: 10 IMPs to the home team
    return match


def pages(match):
    event = match.event
    return [
        reverse("event", args=[event.pk]),
        reverse("round", args=[event.pk, 1]),
        reverse("cross-table", args=[event.pk]),
        reverse("team", args=[event.pk, match.home_id]),
        reverse("scorecard", args=[match.pk]),
        reverse("standings-json", args=[event.pk]),
        reverse("scorecard-json", args=[match.pk]),
    ]


def test_a_cached_page_costs_a_query_or_two(client, match, django_assert_max_num_queries):
    for url in pages(match):
        client.get(url)  # fills the cache
        with django_assert_max_num_queries(3):
            assert client.get(url).status_code == 200, url


def test_a_saved_result_shows_on_the_very_next_request(client, director_client, match):
    for url in pages(match):
        client.get(url)
    first = client.get(reverse("scorecard", args=[match.pk])).text
    assert '<td colspan="2" class="home-total">10</td>' in first

    url = reverse("director-save-row", args=[match.pk, "open", 2])
    data = {"b2-contract": "4S", "b2-declarer": "S", "b2-result": "=", "b2-version": 0}
    director_client.post(url, data, headers={"HX-Request": "true"})
    enter(match, 2, "closed", "4S", "S", "-1")  # board 2, N-S vulnerable: 620 + 100 = 12 IMPs

    client.logout()
    assert '<td colspan="2" class="home-total">22</td>' in client.get(pages(match)[4]).text
    assert '<td class="text-end text-nowrap imps">22 : 0</td>' in client.get(pages(match)[0]).text
    assert client.get(pages(match)[6]).json()["totals"]["home_imps"] == 22


def test_a_vp_penalty_clears_the_standings(client, match):
    url = reverse("event", args=[match.event.pk])
    assert "Slow play" not in client.get(url).text
    actions.add_vp_penalty(match.event, team=match.home, vp=2, reason="Slow play", user=None)
    assert "Slow play" in client.get(url).text


def test_each_language_has_its_own_cached_page(client, match):
    url = reverse("event", args=[match.event.pk])
    client.cookies["django_language"] = "en"
    assert "Standings" in client.get(url).text
    client.cookies["django_language"] = "zh-hans"
    assert "名次" in client.get(url).text
