"""No silent traps in a club scorer's week: a team added after the first stage started is
named with what to do, a stage can be taken back while nothing is played in it, a player
named twice is refused, segments that do not divide the match are asked about, and the
stage's messages say what happened and what comes next."""

import pytest
from django.urls import reverse

from matches import actions
from matches.models import Event, Match, Stage
from tests.factories import enter, make_event, make_team
from tests.test_event_setup import EVENT
from tests.test_table_pages import text_of

pytestmark = pytest.mark.usefixtures("in_english")


def club(teams=4, boards=2):
    event = make_event(boards_per_match=boards, boards_per_segment=boards)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number}")
    return event


def test_a_team_added_after_the_first_stage_started_is_named_with_what_to_do(director_client):
    event = club()
    stage = actions.configure_stage(event, user=None, number=1, kind="round-robin")
    actions.start_stage(stage, user=None)
    team = {"name": "Latecomers", "players": "A\nB\nC\nD"}
    saved = director_client.post(reverse("director-team-new", args=[event.pk]), team, follow=True)
    page = text_of(saved)
    assert "Latecomers was added after the first stage started: it has no match there" in page
    assert "take the stage back while nothing is played and start it again" in page


def test_a_stage_taken_back_while_nothing_is_played_starts_again_with_the_late_team(
    director_client, director
):
    event = club()
    stage = actions.configure_stage(event, user=director, number=1, kind="round-robin")
    actions.start_stage(stage, user=director)
    late = make_team(event, "Latecomers")
    url = reverse("director-stage-restart", args=[event.pk, 1])
    taken_back = director_client.post(url, {"restart-reason": "a team came late"})
    assert taken_back.status_code == 302
    assert not Match.objects.exists() and not Stage.objects.get().entries.exists()
    page = text_of(director_client.get(reverse("director-event", args=[event.pk])))
    assert "added after the first stage started" not in page  # nothing left out now
    made = actions.start_stage(stage, user=director)
    assert late.pk in {m.home_id for m in made} | {m.away_id for m in made}


def test_a_stage_with_a_result_is_not_taken_back(director):
    event = club()
    stage = actions.configure_stage(event, user=director, number=1, kind="round-robin")
    match = actions.start_stage(stage, user=director)[0]
    enter(match, 1, "open", "3NT", "N", "=")
    with pytest.raises(actions.ActionError, match="This stage has results"):
        actions.restart_stage(stage, reason="oops", user=director)
    assert Match.objects.count() == 6


def test_a_player_named_twice_in_a_team_is_refused(director_client):
    event = club(teams=0)
    page = director_client.post(
        reverse("director-team-new", args=[event.pk]),
        {"name": "Twins", "players": "Li Wei\nWang\nli wei"},
    )
    assert "li wei is named twice in this team" in text_of(page)
    assert not event.teams.exists()
    team = make_team(event, "Pairs", players=("A", "B"))
    with pytest.raises(actions.ActionError, match="is named twice"):
        actions.change_team(team, add=["Pairs A"], user=None)


def test_segments_that_do_not_divide_the_match_are_asked_about(director_client):
    uneven = {**EVENT, "boards_per_match": 8, "boards_per_segment": 5}
    asked = director_client.post(reverse("director-event-new"), uneven)
    text = text_of(asked)
    assert "8 boards in segments of 5 make segments of 5 + 3 boards" in text
    assert "(1, 2, 4, 8)" in text and 'type="checkbox" name="confirm"' in asked.text
    assert not Event.objects.exists()
    kept = director_client.post(reverse("director-event-new"), {**uneven, "confirm": "on"})
    assert kept.status_code == 302 and Event.objects.get().boards_per_segment == 5
    event = Event.objects.get()
    renamed = {f"event-{name}": value for name, value in {**uneven, "name": "Renamed"}.items()}
    saved = director_client.post(reverse("director-event", args=[event.pk]), renamed)
    assert saved.status_code == 302 and Event.objects.get().name == "Renamed"  # not asked again


def test_starting_a_swiss_says_to_draw_round_1_and_its_end_says_the_next_stage_can_start(
    director_client, director
):
    event = club(teams=4)
    actions.configure_stage(event, user=director, number=1, kind="swiss", rounds=1)
    actions.configure_stage(event, user=director, number=2, kind="knockout", entrants=2)
    started = director_client.post(reverse("director-stage-start", args=[event.pk, 1]), follow=True)
    assert "Stage started: its 4 teams are seeded. Draw round 1 below." in text_of(started)
    stage = Stage.objects.get(number=1)
    actions.draw_next_round(stage, user=director)
    for match in actions.publish_draw(stage, user=director):
        for number in (1, 2):
            enter(match, number, "open", "3NT", "N", "=")
            enter(match, number, "closed", "3NT", "N", "-1")
        actions.mark_final(match, user=director, confirm=True)
    page = text_of(director_client.get(reverse("director-stage", args=[event.pk, 1])))
    assert "This stage is complete: every match is final. The next stage can start" in page


def test_segments_that_do_not_divide_a_later_stage_s_match_are_asked_about(director_client):
    event = club()
    actions.configure_stage(event, user=None, number=1, kind="round-robin")
    url = reverse("director-stages", args=[event.pk])
    uneven = {
        "kind": "knockout",
        "vp_scale": "wbf-2013",
        "carry_over": "none",
        "entrants": 2,
        "boards_per_match": 8,
        "boards_per_segment": 5,
    }
    asked = director_client.post(url, uneven)
    assert asked.status_code == 400
    assert "8 boards in segments of 5 make segments of 5 + 3 boards" in text_of(asked)
    assert 'type="checkbox" name="confirm"' in asked.text and not Stage.objects.filter(number=2)
    kept = director_client.post(url, {**uneven, "confirm": "on"})
    assert kept.status_code == 302 and Stage.objects.get(number=2).boards_per_segment == 5
    page = reverse("director-stage", args=[event.pk, 2])
    again = director_client.post(page, {**uneven, "name": "Final"})  # as they are: not again
    assert again.status_code == 302 and Stage.objects.get(number=2).name == "Final"
    changed = director_client.post(
        page, {**uneven, "boards_per_match": 12, "boards_per_segment": 8}
    )
    assert "12 boards in segments of 8 make segments of 8 + 4 boards" in text_of(changed)
    assert "(1, 2, 3, 4, 6, 12)" in text_of(changed)
