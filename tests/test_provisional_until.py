"""While a match's corrections period runs, the public pages say until when it is
provisional, as a visitor reads them (in the event's time zone, in each language): the
scorecard, the event page's matches and standings, the team's page and the wall; once the
period has ended and the match is final, they say nothing of it."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import actions
from matches.models import Match
from tests.factories import enter, make_event, make_match
from tests.test_table_pages import text_of
from tests.test_wall import text_of as wall_text

SAID = {
    "en": (
        "Provisional until 21:30",
        "These standings are provisional until 21:30: a result may still be corrected",
    ),
    "zh-hans": ("暂定，21:30 后确认", "排名暂定至 21:30：此前成绩仍可更正"),
}


@pytest.fixture
def complete(db):
    """Return a match complete in both rooms, its last result saved at 21:00."""
    event = make_event(boards_per_match=2, boards_per_segment=2, corrections_minutes=30)
    match = make_match(event)
    for number in (1, 2):
        enter(match, number, "open", "3NT", "N", "=")
        enter(match, number, "closed", "3NT", "N", "-1")
    nine = timezone.make_aware(datetime.datetime(2026, 11, 29, 21, 0))
    Match.objects.filter(pk=match.pk).update(updated=nine)
    return Match.objects.get(pk=match.pk)


def pages(client, match, language):
    """Return what a visitor reads on each public page of the match, in ``language``."""
    client.cookies["django_language"] = language
    urls = {
        "scorecard": match.get_absolute_url(),
        "event": reverse("event", args=[match.event_id]),
        "team": reverse("team", args=[match.event_id, match.home_id]),
    }
    read = {name: text_of(client.get(url)) for name, url in urls.items()}
    read["wall"] = wall_text(client.get(reverse("wall", args=[match.event_id])))
    return read


@pytest.mark.parametrize("language", SAID)
def test_a_visitor_reads_until_when_a_complete_match_is_provisional(client, complete, language):
    badge, standings = SAID[language]
    read = pages(client, complete, language)
    for name in ("scorecard", "event", "team"):
        assert badge in read[name], name
    assert standings in read["event"]
    assert SAID["zh-hans"][0] in read["wall"] and SAID["en"][0] in read["wall"]  # both at once
    assert SAID["zh-hans"][1] in read["wall"] and SAID["en"][1] in read["wall"]


def test_once_the_period_has_ended_the_pages_say_final_and_nothing_of_it(client, complete):
    until = complete.updated + datetime.timedelta(minutes=30)
    assert [m.pk for m in actions.end_corrections_periods(until)] == [complete.pk]
    for language in SAID:
        read = pages(client, complete, language)
        for name, text in read.items():
            assert "21:30" not in text, (language, name)
        assert ("Final" if language == "en" else "已确认") in read["scorecard"]


def test_a_match_still_in_play_or_without_a_period_is_only_provisional(client, db):
    for minutes, boards in ((30, (1,)), (None, (1, 2))):
        event = make_event(boards_per_match=2, boards_per_segment=2, corrections_minutes=minutes)
        match = make_match(event)
        for number in boards:
            enter(match, number, "open", "3NT", "N", "=")
            enter(match, number, "closed", "3NT", "N", "-1")
        read = pages(client, match, "en")
        assert "Provisional" in read["scorecard"] and "Provisional until" not in read["scorecard"]
        assert "provisional until" not in read["event"]


def test_an_open_call_for_the_director_leaves_no_time_on_the_pages(client, complete):
    table = actions.open_tables(complete.stage, round_number=1, user=None)[0]
    actions.call_director(table, key="revoke-claim", reason="A claim disputed")
    read = pages(client, complete, "en")
    assert "Provisional" in read["scorecard"] and "21:30" not in read["scorecard"]
    assert "21:30" not in read["event"] and "21:30" not in read["wall"]
