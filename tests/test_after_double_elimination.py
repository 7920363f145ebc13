"""The stage after a double elimination takes the top teams of its final ranking: the
winner, the runner-up, then the teams by the losers' round they went out in (ties by
their qualifying position, or shared, as the double elimination places its losers),
through the actions and as the director starts it on the stage page."""

import pytest
from django.urls import reverse

from matches import actions
from tests.double_elimination import double_elimination, number, play_out

pytestmark = pytest.mark.usefixtures("messages_in_english")


def won(td, teams=8, wins=None, **settings):
    """Return the event of a double elimination of ``teams`` played to its winner (the
    better seed wins every match unless ``wins`` says otherwise)."""
    event, stage = double_elimination(td, teams)
    if settings:
        actions.configure_stage(event, user=td, number=1, **settings)
    actions.start_stage(stage, user=td)
    if wins is None:
        play_out(td, stage)
    else:
        play_out(td, stage, wins)
    return event


def next_stage(td, event, entrants, kind="round-robin"):
    return actions.configure_stage(event, user=td, number=2, kind=kind, entrants=entrants)


def names(teams):
    return [team.name for team in teams]


def test_the_next_stage_takes_the_top_four_of_the_final_ranking_in_its_order(director):
    # Team 3 loses to Team 2 in the winners' bracket, then wins every match after it.
    def wins(match):
        if match.bracket and "Team 3" in (match.home.name, match.away.name):
            return match.home.name == "Team 3"
        return number(match.home) < number(match.away)

    event = won(director, wins=wins)
    stage = next_stage(director, event, 4)
    assert names(actions.stage_candidates(stage)) == ["Team 3", "Team 1", "Team 2", "Team 4"]
    actions.start_stage(stage, user=director)
    assert [entry.team.name for entry in stage.entries.order_by("seed")] == [
        "Team 3",
        "Team 1",
        "Team 2",
        "Team 4",
    ]


def test_teams_out_in_the_same_losers_round_go_through_by_their_qualifying_position(
    director,
):
    event = won(director)
    # Teams 5 and 6 both went out in the losers' round 2: seed 5 is ahead.
    assert names(actions.stage_candidates(next_stage(director, event, 5))) == [
        "Team 1",
        "Team 2",
        "Team 3",
        "Team 4",
        "Team 5",
    ]


def test_without_a_number_of_qualifiers_the_winner_alone_goes_through(director):
    event = won(director)
    assert names(actions.stage_candidates(next_stage(director, event, None))) == ["Team 1"]


def test_teams_sharing_a_place_go_through_together_or_not_at_all(director):
    event = won(director, losers_by="shared")
    assert len(actions.stage_candidates(next_stage(director, event, 6))) == 6
    with pytest.raises(actions.ActionError) as refused:
        actions.stage_candidates(next_stage(director, event, 5))
    assert str(refused.value) == (
        "The teams placed 5= in the previous stage share that place: take 4 or 6 teams, or "
        "let that stage place its losers by their qualifying position."
    )
    assert refused.value.field == "entrants"


def test_more_qualifiers_than_the_double_elimination_had_are_refused(director):
    event = won(director, teams=4)
    with pytest.raises(actions.ActionError, match="The previous stage has 4 teams"):
        actions.stage_candidates(next_stage(director, event, 5))


def test_the_next_stage_waits_for_the_double_eliminations_winner(director):
    event, stage = double_elimination(director, 4)
    actions.start_stage(stage, user=director)
    play_out(director, stage, lambda match: None if match.bracket == "final" else True)
    with pytest.raises(actions.ActionError, match="has no winner yet"):
        actions.stage_candidates(next_stage(director, event, 2))


def test_the_director_starts_the_next_stage_from_its_page_with_the_top_four(client, director):
    event = won(director)
    next_stage(director, event, 4, kind="knockout")
    client.force_login(director)
    page = client.get(reverse("director-stage", args=[event.pk, 2]), HTTP_ACCEPT_LANGUAGE="en")
    seeding = page.context["seeding_form"]
    assert [team.name for team, _field in seeding.rows()] == [
        "Team 1",
        "Team 2",
        "Team 3",
        "Team 4",
    ]
    response = client.post(reverse("director-stage-start", args=[event.pk, 2]))
    assert response.status_code == 302
    stage = event.stages.get(number=2)
    text = client.get(stage.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").text
    for home, away in (("Team 1", "Team 4"), ("Team 2", "Team 3")):
        assert home in text and away in text
    assert "Team 5" not in text
    assert sorted(
        (m.home.name, m.away.name) for m in stage.matches_here().select_related("home", "away")
    ) == [("Team 1", "Team 4"), ("Team 2", "Team 3")]


def test_the_director_is_told_why_the_next_stage_cannot_start_yet(client, director):
    event = won(director, losers_by="shared")
    next_stage(director, event, 5)
    client.force_login(director)
    response = client.post(
        reverse("director-stage-start", args=[event.pk, 2]),
        HTTP_ACCEPT_LANGUAGE="zh-hans",
        follow=True,
    )
    assert response.status_code == 200
    assert "取 4 支或 6 支队" in response.text
