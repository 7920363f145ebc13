"""The corrections period (Law 79C): a match complete in both rooms becomes final by
itself once the event's period has run since its last change, with no call for the
director open; its history says the period did it. The clock is the test's: the time
handed to ``end_corrections_periods``."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from matches import actions
from matches.models import Match
from matches.queries.corrections import provisional_until
from tests.factories import enter, make_event, make_match, make_user
from tests.test_table_pages import text_of

pytestmark = pytest.mark.usefixtures("in_english")
MINUTES = datetime.timedelta(minutes=1)


def played(match, boards=(1, 2)):
    for number in boards:
        enter(match, number, "open", "3NT", "N", "=")
        enter(match, number, "closed", "3NT", "N", "-1")
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def match(db):
    event = make_event(boards_per_match=2, boards_per_segment=2, corrections_minutes=30)
    return make_match(event)


def test_a_complete_match_becomes_final_when_its_corrections_period_ends(director_client, match):
    match = played(match)
    end = provisional_until(match)
    assert end == match.updated + 30 * MINUTES
    assert actions.end_corrections_periods(end - MINUTES) == []  # a minute to go
    assert not Match.objects.get(pk=match.pk).is_final
    made = actions.end_corrections_periods(end)
    assert [m.pk for m in made] == [match.pk] and Match.objects.get(pk=match.pk).is_final
    history = text_of(director_client.get(reverse("director-match", args=[match.pk])))
    assert "· — Match · made final Reason: its corrections period of 30 minutes ended" in history
    assert actions.end_corrections_periods(end + 60 * MINUTES) == []  # once


def test_a_result_corrected_meanwhile_starts_the_period_again(match):
    match = played(match)
    first_end = provisional_until(match)
    enter(match, 2, "closed", "3NT", "N", "=", user=make_user(director=True))
    later = provisional_until(Match.objects.get(pk=match.pk))
    assert later > first_end
    assert actions.end_corrections_periods(first_end) == []


def test_an_open_call_for_the_director_holds_the_match_until_it_is_answered(match):
    match = played(match)
    table = actions.open_tables(match.stage, round_number=1, user=None)[0]
    call = actions.call_director(table, key="slow-play", reason="Slow play")
    late = timezone.now() + 90 * MINUTES
    assert provisional_until(Match.objects.get(pk=match.pk)) is None
    assert actions.end_corrections_periods(late) == []
    actions.answer_call(call, user=make_user(director=True))
    assert len(actions.end_corrections_periods(late)) == 1


def test_a_match_not_complete_or_without_a_period_stays_provisional(db):
    late = timezone.now() + 24 * 60 * MINUTES
    half = played(make_match(make_event(boards_per_match=2, corrections_minutes=30)), (1,))
    none = played(make_match(make_event(boards_per_match=2, corrections_minutes=None)))
    assert actions.end_corrections_periods(late) == []
    assert not Match.objects.get(pk=half.pk).is_final and not Match.objects.get(pk=none.pk).is_final


def test_a_director_reopens_it_and_the_period_runs_again_from_the_reopening(match):
    match = played(match)
    director = make_user(director=True)
    actions.end_corrections_periods(provisional_until(match))
    reopened = actions.reopen_match(match, reason="Board 2 miscounted", user=director)
    assert not reopened.is_final and reopened.final_by_period is None
    assert actions.end_corrections_periods(timezone.now() + 29 * MINUTES) == []
    assert len(actions.end_corrections_periods(timezone.now() + 31 * MINUTES)) == 1


def test_the_command_makes_final_what_is_due(match, capsys):
    match = played(match)
    Match.objects.filter(pk=match.pk).update(updated=timezone.now() - 31 * MINUTES)
    call_command("end_corrections")
    assert Match.objects.get(pk=match.pk).is_final
    assert "1 match(es) made final" in capsys.readouterr().out
