"""What players read on the public pages: travellers, standings before play, Chinese doubles."""

import pytest
from django.urls import reverse

from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    event = make_event(name="Spring teams")
    return make_match(event, home=make_team(event, "Ash"), away=make_team(event, "Birch"))


def test_the_traveller_shows_each_rooms_opening_lead(english, match):
    enter(match, 5, "open", "4H", "N", "=", "SQ")
    enter(match, 5, "closed", "4H", "N", "-1", "DT")
    page = english.get(reverse("traveller", args=[match.event_id, 1, 5])).text
    assert '<td class="lead-card"><span class="suit suit-s">♠</span>Q</td>' in page
    assert '<td class="lead-card"><span class="suit suit-d">♦</span>10</td>' in page


def test_before_any_play_the_standings_show_no_quotient_and_no_tie_break(english, match):
    page = english.get(reverse("event", args=[match.event_id])).text
    assert "1.000" not in page
    assert "Tied" not in page
    assert page.count('<td class="small decided-by"></td>') == 2


def test_once_a_board_is_played_the_quotient_and_ties_show(english, match):
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")
    # One board of sixteen: the match is in play, counted in the live standings.
    page = english.get(reverse("live-standings", args=[match.event_id])).text
    assert "∞" in page and "0.000" in page


def test_chinese_pages_write_doubles_as_the_seeds_do(chinese, match):
    enter(match, 1, "open", "4SX", "N", "=")
    enter(match, 1, "closed", "2NTXX", "E", "-1")
    page = chinese.get(reverse("scorecard", args=[match.pk])).text
    assert '4<span class="suit suit-s">♠</span>×<' in page
    assert '2<span class="nt">NT</span>××<' in page


def test_english_pages_write_doubles_with_x(english, match):
    enter(match, 1, "open", "4SX", "N", "=")
    page = english.get(reverse("scorecard", args=[match.pk])).text
    assert '4<span class="suit suit-s">♠</span>X<' in page
