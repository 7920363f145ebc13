"""A knockout tie is decided once: a second decision is refused, naming the first, never
silently put in its place (one director after the other, and two at the same moment)."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import Match
from tests.factories import enter, make_event, make_team, make_user
from tests.test_concurrency import save_at_once

DECIDED = "td1 has already decided this tie: {team} goes through ({reason}). Nothing was changed."


def tied_knockout_match(user) -> Match:
    """Return a two-team knockout's only match, final and level: it waits for a decision."""
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, 5):
        make_team(event, f"Team {number:02d}")
    first = actions.configure_stage(event, user=user, number=1, kind="round-robin")
    for match in actions.start_stage(first, user=user):
        actions.mark_final(match, user=user, confirm=True)
    stage = actions.configure_stage(event, user=user, number=2, kind="knockout", entrants=2)
    (match,) = actions.start_stage(stage, user=user)
    for room in ("open", "closed"):
        for number in (1, 2):
            enter(match, number, room, "3NT", "S", "=")
    marked = actions.mark_final(match, user=user, confirm=True)
    assert marked.advance.tie
    return Match.objects.select_related("home", "away").get(pk=match.pk)


def browser(user) -> Client:
    """Return a director's own browser, logged in, in English."""
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def decision_page(match):
    return reverse("director-knockout-tie", args=[match.pk])


@pytest.mark.django_db
def test_a_second_decision_is_refused_naming_who_decided_what_and_the_first_stays():
    first_director, second_director = make_user("td1", chief=True), make_user("td2", chief=True)
    match = tied_knockout_match(first_director)
    actions.decide_knockout_tie(
        match, winner=match.home, reason="Won the extra boards", user=first_director
    )
    with pytest.raises(actions.ActionError) as refused:
        actions.decide_knockout_tie(
            match, winner=match.away, reason="Drawn by lot", user=second_director
        )
    with translation.override("en"):
        message = str(refused.value)
    assert message == DECIDED.format(team=match.home.name, reason="Won the extra boards")
    match.refresh_from_db()
    assert (match.decided_winner_id, match.decided_reason) == (
        match.home_id,
        "Won the extra boards",
    )
    assert match.history.first().history_user == first_director


@pytest.mark.django_db
def test_the_decision_page_refuses_a_second_decision_and_shows_the_first():
    first_director, second_director = make_user("td1", chief=True), make_user("td2", chief=True)
    match = tied_knockout_match(first_director)
    first, client = browser(first_director), browser(second_director)
    form = {"winner": match.away_id, "reason": "Won the extra boards"}
    assert first.post(decision_page(match), form).status_code == 302
    response = client.post(decision_page(match), {"winner": match.home_id, "reason": "By lot"})
    assert response.status_code == 400
    page = response.content.decode()
    assert DECIDED.format(team=match.away.name, reason="Won the extra boards") in page
    assert "Decision recorded." not in page
    match.refresh_from_db()
    assert match.decided_winner_id == match.away_id
    shown = client.get(decision_page(match)).content.decode()
    assert f"The tie is decided: {match.away.name} goes through." in shown
    assert "Record the decision" not in shown  # no form to overwrite it with


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="concurrent decisions need PostgreSQL (row locks): set DATABASE_URL=postgres://…",
)
@pytest.mark.django_db(transaction=True)
def test_two_directors_deciding_the_same_tie_at_once_one_is_refused():
    first_director, second_director = make_user("td1", chief=True), make_user("td2", chief=True)
    match = tied_knockout_match(first_director)
    url = decision_page(match)
    visits = [
        (director, [(url, {"winner": winner, "reason": reason}, {})])
        for director, winner, reason in (
            (first_director, match.home_id, "Won the extra boards"),
            (second_director, match.away_id, "Drawn by lot"),
        )
    ]
    (first,), (second,) = save_at_once(visits)
    assert sorted([first.status_code, second.status_code]) == [302, 400]
    match.refresh_from_db()
    winner_index = 0 if match.decided_winner_id == match.home_id else 1
    winner_director = (first_director, second_director)[winner_index]
    refused = (first, second)[1 - winner_index]
    assert refused.status_code == 400
    kept = ("Won the extra boards", "Drawn by lot")[winner_index]
    assert match.decided_reason == kept
    message = DECIDED.replace("td1", winner_director.username).format(
        team=match.decided_winner.name, reason=kept
    )
    assert message in refused.content.decode()
    assert match.history.filter(decided_winner__isnull=False).count() == 1
