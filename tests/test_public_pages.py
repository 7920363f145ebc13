"""What players read on the public pages: travellers, standings before play, Chinese doubles."""

import re

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


@pytest.mark.parametrize(
    ("language", "words", "touch_only"),
    [
        ("en", "Select a team's name to read it in full", "Tap"),
        ("zh-hans", "点击队名可看全名", "轻触"),
    ],
)
def test_the_travellers_note_reads_right_on_any_device(client, match, language, words, touch_only):
    client.cookies["django_language"] = language
    page = client.get(reverse("traveller", args=[match.event_id, 1, 5])).content.decode()
    note = re.search(r"<p[^>]*>(?:Scores are|得分为).*?</p>", page, re.S).group(0)
    assert words in note
    assert touch_only not in note


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


def test_scorecard_board_numbers_link_to_the_boards_traveller(english, match):
    page = english.get(reverse("scorecard", args=[match.pk])).text
    traveller = reverse("traveller", args=[match.event_id, match.round, 7])
    assert re.search(rf'<th scope="row" class="board-col"><a href="{traveller}"[^>]*>7</a>', page)


def test_the_printed_scorecard_has_signature_lines_for_both_captains_and_the_director(
    chinese, match
):
    page = chinese.get(reverse("scorecard", args=[match.pk])).text
    signatures = re.search(r'<section class="signatures print-only".*?</section>', page, re.S)[0]
    assert "主队 Ash 队长" in signatures
    assert "客队 Birch 队长" in signatures
    assert "裁判" in signatures
    assert signatures.count('class="signature-line"') == 3


def test_seating_reads_as_one_chinese_sentence(chinese, match):
    from matches import actions

    players = {p.name: p for team in (match.home, match.away) for p in team.players.all()}
    seats = {("open", "N"): "Ash A", ("open", "S"): "Ash B", ("open", "E"): "Birch A"}
    seats = {key: players[name] for key, name in seats.items()}
    actions.set_seating(match, 1, seats, user=None)
    page = chinese.get(reverse("scorecard", args=[match.pk])).text
    assert "开室：北 Ash A、南 Ash B、东 Birch A" in page
