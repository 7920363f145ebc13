"""A number in a path too long for the database is a page not found, never a server error.

Anyone can type an address: /events/99999999999999999999999/ once reached the database with
a number no integer column holds (SQLite: OverflowError, a 500). Every number in the app's
paths is at most 18 digits; one of 18 digits still fits and finds nothing.
"""

import pytest

from tests.factories import make_match

pytestmark = pytest.mark.django_db

TOO_LONG = "9" * 23
LONGEST = "9" * 18


@pytest.fixture
def match():
    return make_match()


def paths(match, number):
    event = match.event_id
    return [
        f"/events/{number}/",
        f"/events/{event}/rounds/{number}/",
        f"/events/{event}/rounds/{match.round}/boards/{number}/",
        f"/matches/{number}/",
        f"/director/matches/{number}/",
        f"/events/{event}/teams/{number}/",
        f"/events/{event}/stages/{number}/",
        f"/director/events/{number}/",
        f"/director/events/{event}/teams/{number}/",
    ]


@pytest.mark.parametrize("number", [TOO_LONG, LONGEST], ids=["23 digits", "18 digits"])
def test_a_number_too_long_for_any_record_is_a_page_not_found(
    client, director_client, match, number
):
    for path in paths(match, number):
        answer = (director_client if path.startswith("/director/") else client).get(path)
        assert answer.status_code == 404, path


def test_the_real_match_is_still_found_by_its_number(client, match):
    assert client.get(f"/matches/{match.pk}/").status_code == 200
