"""A tidy list of events: the home page lists today's and coming events first, then the
recent ones; an unlisted event (a practice or generated one) is reached by its link only,
an archived one is found by a search; a director chooses on the event's form."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from matches import actions
from matches.models import Event
from tests.factories import make_event
from tests.test_table_pages import text_of

pytestmark = pytest.mark.usefixtures("in_english")
TODAY = timezone.localdate()


def dated(name, days, **fields):
    return make_event(name=name, date=TODAY + datetime.timedelta(days=days), **fields)


@pytest.fixture
def season(db):
    return {
        "coming": dated("Spring congress", 10),
        "today": dated("Tuesday teams", 0),
        "past": dated("Monday teams", -1),
        "practice": dated("Practice night", 0, listing="unlisted"),
        "old": dated("2024 club league", -700, listing="archived"),
    }


def test_the_home_page_lists_todays_and_coming_events_first_then_the_recent_ones(client, season):
    page = text_of(client.get("/", HTTP_ACCEPT_LANGUAGE="en"))
    coming, recent = page.index("Today and coming"), page.index("Recent events")
    assert coming < page.index("Tuesday teams") < page.index("Spring congress") < recent
    assert recent < page.index("Monday teams")
    assert "Practice night" not in page and "2024 club league" not in page


def test_an_unlisted_event_is_reached_by_its_link_and_never_found(client, season):
    practice = season["practice"]
    assert client.get(practice.get_absolute_url()).status_code == 200
    found = text_of(client.get("/?q=practice", HTTP_ACCEPT_LANGUAGE="en"))
    assert "No event has these words in its name." in found
    assert "Practice night" not in found


def test_a_search_finds_listed_and_archived_events_by_every_word(client, season):
    found = client.get("/", {"q": "  club   LEAGUE "}, HTTP_ACCEPT_LANGUAGE="en")
    text = text_of(found)
    assert "Events found for “club LEAGUE”" in text
    assert "2024 club league archived" in text and "Tuesday teams" not in text
    assert "Monday teams" in text_of(client.get("/", {"q": "teams monday"}))


def test_a_search_too_long_or_odd_never_fails(client, season):
    assert client.get("/", {"q": "x" * 5000}).status_code == 200
    assert client.get("/", {"q": "%_\\'\"<script>"}).status_code == 200


def test_the_director_chooses_on_the_events_form(director_client, season):
    event = season["coming"]
    data = {
        "event-name": event.name,
        "event-date": event.date.isoformat(),
        "event-vp_scale": "wbf-2013",
        "event-boards_per_match": 16,
        "event-boards_per_segment": 16,
        "event-average_plus": 3,
        "event-average_minus": -3,
        "event-listing": "unlisted",
    }
    page = text_of(director_client.get(reverse("director-event", args=[event.pk])))
    assert "Unlisted: reached by its link only" in page
    saved = director_client.post(reverse("director-event", args=[event.pk]), data)
    assert saved.status_code == 302, saved.content
    assert Event.objects.get(pk=event.pk).listing == "unlisted"
    refused = director_client.post(
        reverse("director-event", args=[event.pk]), {**data, "event-listing": "hidden"}
    )
    assert refused.status_code == 200 and Event.objects.get(pk=event.pk).listing == "unlisted"


def test_an_action_refuses_a_listing_it_does_not_know(db):
    with pytest.raises(actions.ActionError) as refused:
        make_event(listing="secret")
    assert refused.value.field == "listing"


def test_a_generated_practice_event_is_unlisted_from_the_start(db):
    call_command("generate_event", teams=4, rounds=1, boards=2, seed=3, verbosity=0)
    assert Event.objects.get().listing == "unlisted"
