"""Standings, cross-table, team pages and travellers, as players see them."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from matches import actions
from matches.models import Match
from matches.scoring import victory_points
from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db


def play(event, home, away, round_number, open_result, closed_result, board=1, final=True):
    """Return a match in which one board was played in both rooms, then (unless told
    otherwise) marked final by the director: it counts in the official standings."""
    match = make_match(event, home=home, away=away, round=round_number)
    enter(match, board, "open", *open_result)
    enter(match, board, "closed", *closed_result)
    if final:
        actions.mark_final(match, confirm=True, user=None)
    return match


def positions(page) -> list[tuple[str, str]]:
    """Return (position, team name) down the standings table."""
    table = re.search(
        r'<table class="table table-sm align-middle standings">.*?</table>', page, re.S
    )
    return re.findall(
        r'<td class="text-end position">(\d+=?)</td>\s*<td[^>]*><a href="[^"]+">([^<]+)</a>',
        table[0],
    )


@pytest.fixture
def event():
    return make_event(vp_scale="printed-25", name="Club league")


@pytest.fixture
def teams(event):
    return [make_team(event, name) for name in ("Ash", "Birch", "Cedar", "Dogwood")]


def test_the_standings_rank_teams_by_total_vp(english, event, teams):
    ash, birch, cedar, dogwood = teams
    play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"))  # 420 + 50: 10 IMPs to Ash
    play(event, cedar, dogwood, 1, ("3NT", "N", "-1"), ("3NT", "N", "="))  # 11 IMPs to Dogwood
    page = english.get(reverse("event", args=[event.pk])).text
    # 16 boards on the printed scale: 10 IMPs is 17:13, 11 IMPs is 17:13 too
    assert [name for _, name in positions(page)] == ["Ash", "Dogwood", "Birch", "Cedar"]


def decided_by(page) -> list[str]:
    return re.findall(r'<td class="small decided-by">([^<]*)</td>', page)


# On the printed scale, 16 boards: 8 to 11 IMPs is 17:13. Board 1 (nobody vulnerable):
# 4♥ made in one room and one down in the other is 420 + 50 = 470, 10 IMPs.
WIN = (("4H", "N", "="), ("4H", "N", "-1"))


def test_a_tie_on_vp_is_broken_by_the_vp_between_the_tied_teams(english, event, teams):
    ash, birch, cedar, dogwood = teams
    play(event, ash, birch, 1, *WIN)  # Ash 17, Birch 13
    play(event, cedar, ash, 2, *WIN)  # Cedar 17, Ash 13
    play(event, birch, dogwood, 2, *WIN)  # Birch 17, Dogwood 13
    page = english.get(reverse("event", args=[event.pk])).text
    # Ash and Birch both have 30; Ash beat Birch.
    assert positions(page) == [("1", "Ash"), ("2", "Birch"), ("3", "Cedar"), ("4", "Dogwood")]
    assert decided_by(page)[:2] == ["VP between the tied teams"] * 2


def test_teams_that_have_not_met_are_separated_by_imp_quotient(english, event, teams):
    ash, birch, cedar, dogwood = teams
    match = play(event, ash, cedar, 1, *WIN, final=False)  # Ash wins 10 IMPs on board 1 ...
    enter(match, 2, "open", "2S", "E", "+1")  # ... and loses 1 on board 2 (-140 vs -110)
    enter(match, 2, "closed", "2S", "E", "=")
    actions.mark_final(match, confirm=True, user=None)
    play(event, birch, dogwood, 1, ("3NT", "N", "+1"), ("3NT", "N", "-1"))  # 430 + 50: 10
    page = english.get(reverse("event", args=[event.pk])).text
    # Both have 17 VP; Birch lost no IMPs (quotient ∞), Ash won 10 for 1 lost.
    assert positions(page)[:2] == [("1", "Birch"), ("2", "Ash")]
    assert decided_by(page)[:2] == ["IMP quotient"] * 2


def test_teams_still_level_after_every_rule_share_the_position(english, event, teams):
    ash, birch, cedar, dogwood = teams
    play(event, ash, cedar, 1, *WIN)
    play(event, birch, dogwood, 1, *WIN)
    page = english.get(reverse("event", args=[event.pk])).text
    assert [p for p, _ in positions(page)] == ["1=", "1=", "3=", "3="]
    assert decided_by(page) == ["Tied"] * 4


def test_a_bye_scores_the_events_bye_vp_once_its_round_is_under_way(english, event, teams):
    ash, birch, cedar, dogwood = teams
    actions.add_bye(event, round=1, team=ash, user=None)
    actions.add_bye(event, round=2, team=dogwood, user=None)
    play(event, birch, cedar, 1, *WIN)  # Birch 17, Cedar 13
    page = english.get(reverse("event", args=[event.pk])).text
    assert "Ash has a bye: 18 VP" in page  # the 25-VP scale's default
    # Round 2 has not started: Dogwood's bye does not count yet.
    assert positions(page) == [("1", "Ash"), ("2", "Birch"), ("3", "Cedar"), ("4", "Dogwood")]

    actions.change_event(event, bye_vp=Decimal("16.5"), user=None)
    page = english.get(reverse("event", args=[event.pk])).text
    assert "Ash has a bye: 16.50 VP" in page
    assert [name for _, name in positions(page)][:2] == ["Birch", "Ash"]


def test_a_vp_penalty_comes_off_the_total_and_its_reason_is_shown(english, event, teams):
    ash, birch, *_ = teams
    play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"))  # Ash 17, Birch 13
    actions.add_vp_penalty(event, team=ash, vp=5, reason="Slow play", user=None)
    page = english.get(reverse("event", args=[event.pk])).text
    assert [name for _, name in positions(page)][:2] == ["Birch", "Ash"]  # 13 > 12
    assert "Ash: −5 VP — Slow play" in page


def cell(page, against) -> str:
    """Return the text of a cross-table cell, tags taken out, pieces joined by spaces."""
    found = re.search(rf'<td data-against="{against}">(.*?)</td>', page)
    return " ".join(re.findall(r">([^<>]+)<", f">{found[1]}<"))


def test_the_cross_table_shows_each_meetings_vp_and_imps_from_the_row_teams_side(
    english, event, teams
):
    ash, birch, *_ = teams
    match = play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"))  # Ash +10 IMPs
    page = english.get(reverse("cross-table", args=[event.pk])).text
    ash_row = page[page.index(f'<tr data-team="{ash.pk}">') :]
    birch_row = page[page.index(f'<tr data-team="{birch.pk}">') :]
    assert cell(ash_row, birch.pk) == "17 10:0"
    assert cell(birch_row, ash.pk) == "13 0:10"
    assert f'href="{reverse("scorecard", args=[match.pk])}" title="IMPs 10 : 0, 17 VP"' in page


def test_a_team_page_lists_its_matches_and_charts_its_progress(english, event, teams):
    ash, birch, cedar, _ = teams
    play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"))
    play(event, cedar, ash, 2, ("4H", "N", "="), ("4H", "N", "-1"))
    page = english.get(reverse("team", args=[event.pk, ash.pk])).text
    assert page.count('<tr data-match="') == 2
    assert "<svg" in page and 'class="line-vp"' in page
    assert "Round 2: 30 VP" in page  # 17 + 13


def test_the_traveller_shows_a_board_across_the_rounds_matches(english, event, teams):
    ash, birch, cedar, dogwood = teams
    play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"), board=5)
    play(event, cedar, dogwood, 1, ("3NT", "S", "+1"), ("2S", "E", "="), board=5)
    page = english.get(reverse("traveller", args=[event.pk, 1, 5])).text
    assert page.count('<tr data-match="') == 2
    assert "N-S vulnerable" in page
    assert ">620<" in page and ">630<" in page


def test_public_pages_refresh_themselves_and_say_when_they_were_updated(english, event, teams):
    match = play(event, teams[0], teams[1], 1, ("4H", "N", "="), ("4H", "N", "-1"))
    for url in (
        reverse("event", args=[event.pk]),
        reverse("cross-table", args=[event.pk]),
        reverse("team", args=[event.pk, teams[0].pk]),
        reverse("scorecard", args=[match.pk]),
    ):
        page = english.get(url).text
        assert '<script src="/static/js/live.js" defer></script>' in page, url
        assert "Updates automatically every 15 s" in page, url
        assert "Last updated" in page, url


@pytest.mark.parametrize("teams_count", [32])
def test_the_pages_run_a_constant_number_of_queries_for_a_32_team_event(
    client, django_assert_max_num_queries, teams_count
):
    event = make_event(boards_per_match=4, boards_per_segment=4)
    for number in range(teams_count):
        make_team(event, f"Team {number:02d}")
    actions.make_round_robin(event, user=None)
    for match in Match.objects.filter(event=event, round__lte=3):
        enter(match, 1, "open", "4S", "N", "=")
        enter(match, 1, "closed", "4S", "N", "-1")
    team = event.teams.first()
    match = Match.objects.filter(event=event).first()
    # each page once, as after a change: one query is the event's revision (the ETag, read
    # for every page), one the event's stages
    for url, most in (
        (reverse("event", args=[event.pk]), 9),  # one more: the boards entered in each room
        (reverse("cross-table", args=[event.pk]), 8),
        (reverse("round", args=[event.pk, 2]), 11),  # one more: does the round have deals?
        (reverse("team", args=[event.pk, team.pk]), 10),
        (reverse("standings-json", args=[event.pk]), 8),
        (reverse("scorecard", args=[match.pk]), 8),  # one more each for the round's deals
        (reverse("scorecard-json", args=[match.pk]), 8),  # as the page: its match's version
        (reverse("traveller", args=[event.pk, 1, 1]), 7),
    ):
        with django_assert_max_num_queries(most):
            assert client.get(url).status_code == 200, url
    assert Match.objects.filter(event=event).count() == 32 * 31 // 2


def test_a_matchs_stored_vp_are_those_of_its_imps_on_the_events_scale(event, teams):
    ash, birch, *_ = teams
    match = play(event, ash, birch, 1, ("4H", "N", "="), ("4H", "N", "-1"))
    match.refresh_from_db()
    assert (match.home_vp, match.away_vp) == victory_points(10, 16, "printed-25")
