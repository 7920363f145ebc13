"""The history a director reads: each match's changes on its page (results and decisions
together, newest first) and the event's own history page, in both languages."""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from matches import actions
from tests.factories import enter, make_event, make_match, make_team, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    translation.activate("en")
    yield
    translation.activate("en")


def entries(page: str) -> list[str]:
    """Return the history entries on a page, each as its text on one line, in order."""
    found = re.findall(r'<li class="history-entry[^"]*">(.*?)</li>', page, re.DOTALL)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in found]


def test_the_match_page_shows_results_and_decisions_together_newest_first(td_client, td):
    match = make_match(make_event(td), user=td)
    home, away = match.home, match.away
    player = home.players.first()
    enter(match, 1, "open", "4S", "N", "=", user=td)
    enter(match, 1, "open", "4S", "N", "+1", user=td)  # corrected
    actions.set_seating(match, 1, {("open", "N"): player}, user=td)
    penalty = actions.add_imp_penalty(match, team=home, imps=2, reason="Late", user=td)
    actions.remove_imp_penalty(penalty, user=td)
    actions.set_forfeit(match, home_vp=Decimal(20), away_vp=Decimal(0), reason="No show", user=td)
    actions.mark_final(match, confirm=True, user=td)
    actions.reopen_match(match, reason="Scoring error on board 1", user=td)

    page = td_client.get(reverse("director-match", args=[match.pk])).text
    shown = entries(page)
    assert all(" · td " in line for line in shown)
    texts = [line.split(" · td ", 1)[1] for line in shown]
    assert texts[:7] == [
        "Match · reopened Reason: Scoring error on board 1",
        "Match · marked final",
        "Forfeit · VP 20 : 0 Reason: No show",
        f"IMP penalty · removed: {home.name} −2 IMP Reason: Late",
        f"IMP penalty · added: {home.name} −2 IMP Reason: Late",
        f"Seating, segment 1 · Open room, North: {player.name}",
        "Board 1, Open room · corrected: 4♠ = → 4♠ by North, +1",
    ]
    assert texts[7] == "Board 1, Open room · entered: 4♠ by North, ="
    assert away.name  # both teams are named in the page's heading


def test_the_event_history_keeps_settings_teams_players_and_deleted_matches(td_client, td):
    event = make_event(td, name="Club teams")
    team = make_team(event, "Dragons", user=td)
    other = make_team(event, "Tigers", user=td)
    player = team.players.first()
    actions.change_team(team, name="Red Dragons", rename={player.pk: "王建国"}, user=td)
    actions.change_event(event, vp_scale="printed-25", user=td)
    match = actions.add_match(event, round=1, home=team, away=other, user=td)
    enter(match, 1, "open", "4S", "N", "=", user=td)
    actions.delete_match(match, reason="Entered twice", confirm=True, user=td)
    actions.add_vp_penalty(event, team=other, vp=Decimal(1), reason="Phones", user=td)

    page = td_client.get(reverse("director-event-history", args=[event.pk])).text
    texts = [line.split(" · td ", 1)[1] for line in entries(page)]
    assert texts[:2] == [
        "VP penalty · added: Tigers −1 VP Reason: Phones",
        "Match deleted · round 1, Red Dragons – Tigers Reason: Entered twice",
    ]
    assert (
        "Event settings · VP scale: WBF 2013, 20 VP (any number of boards) → Printed sheet, "
        "25 VP (12, 16 or 20 boards)" in texts
    )
    assert f"Player of Red Dragons · renamed: {player.name} → 王建国" in texts
    assert "Team Red Dragons · renamed: Dragons → Red Dragons" in texts
    assert texts[-1] == "Event · created"


def test_a_director_of_another_event_cannot_read_its_history(client, td):
    event = make_event(td)
    client.force_login(make_user("other", director=True))
    assert client.get(reverse("director-event-history", args=[event.pk])).status_code == 403


def test_the_history_reads_in_chinese(client, td):
    match = make_match(make_event(td), user=td)
    enter(match, 1, "open", "4S", "N", "=", user=td)
    actions.mark_final(match, confirm=True, user=td)
    actions.reopen_match(match, reason="记错了", user=td)
    client.force_login(td)
    client.cookies["django_language"] = "zh-hans"
    texts = entries(client.get(reverse("director-match", args=[match.pk])).text)
    assert texts[0].endswith("比赛 · 取消确认（改回暂定） 理由：记错了")
    page = client.get(reverse("director-event-history", args=[match.event_id])).text
    assert "修改记录" in page


def match_page_queries(td_client, td, boards_entered: int) -> int:
    """Return the queries of the director's match page once both rooms of
    ``boards_entered`` boards and a penalty are in its history."""
    match = make_match(make_event(td), user=td)
    for number in range(1, boards_entered + 1):
        enter(match, number, "open", "4S", "N", "=", user=td)
        enter(match, number, "closed", "3NT", "S", "-1", user=td)
    actions.add_imp_penalty(match, team=match.home, imps=2, reason="Late", user=td)
    with CaptureQueriesContext(connection) as queries:
        page = td_client.get(reverse("director-match", args=[match.pk]))
    # each result, the penalty and the match's own making
    assert len(entries(page.text)) == 2 * boards_entered + 2
    return len(queries)


def test_the_match_history_costs_the_same_queries_for_two_boards_as_for_sixteen(td_client, td):
    assert match_page_queries(td_client, td, 16) == match_page_queries(td_client, td, 2)


def event_history_queries(td_client, td, teams: int) -> int:
    """Return the queries of the event's history page once ``teams`` teams, each renamed,
    and a deleted match are in it."""
    event = make_event(td)
    made = [make_team(event, f"Team {n}", user=td) for n in range(teams)]
    for team in made:
        actions.change_team(team, name=f"{team.name} renamed", user=td)
    match = actions.add_match(event, round=1, home=made[0], away=made[1], user=td)
    actions.delete_match(match, reason="Entered twice", confirm=True, user=td)
    with CaptureQueriesContext(connection) as queries:
        page = td_client.get(reverse("director-event-history", args=[event.pk]))
    assert sum("· renamed: Team " in line for line in entries(page.text)) == teams
    return len(queries)


def test_the_event_history_costs_the_same_queries_for_two_teams_as_for_twelve(td_client, td):
    assert event_history_queries(td_client, td, 12) == event_history_queries(td_client, td, 2)
