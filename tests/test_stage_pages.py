"""The stage pages as directors and players use them, in both languages."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import DrawSwap, Match
from tests.factories import enter, make_event, make_team


@pytest.fixture(autouse=True)
def in_english():
    """Messages read in English (a page in Chinese may have been served just before)."""
    translation.activate("en")
    yield
    translation.activate("en")


def play(match, home_wins=True):
    enter(match, 1, "open", "4S", "N", "=" if home_wins else "-1")
    enter(match, 1, "closed", "4S", "N", "-1" if home_wins else "=")
    enter(match, 2, "open", "3NT", "S", "=")  # board 2 level: the match is complete
    enter(match, 2, "closed", "3NT", "S", "=")


@pytest.fixture
def swiss(director):
    event = make_event(name="Club Swiss", boards_per_match=2, boards_per_segment=2)
    for number in range(1, 8):
        make_team(event, f"Team {number}")
    stage = actions.configure_stage(event, user=director, number=1, kind="swiss", rounds=5)
    return event, stage


def test_a_director_adds_a_knockout_stage_and_bad_settings_get_a_message(director_client, swiss):
    event, _ = swiss
    url = reverse("director-stages", args=[event.pk])
    form = {
        "kind": "knockout",
        "vp_scale": "wbf-2013",
        "boards_per_match": 2,
        "boards_per_segment": 2,
        "carry_over": "vp-difference",
        "carry_fraction": "three halves",
        "entrants": 4,
    }
    page = director_client.post(url, form)
    assert page.status_code == 400
    assert "Write a share from 0 to 1" in page.text
    page = director_client.post(url, {**form, "carry_fraction": "1/2"}, follow=True)
    assert page.status_code == 200
    assert "Stage added." in page.text
    assert event.stages.get(number=2).carry_fraction == "1/2"


SWISS_ONLY = {"rounds", "delayed", "repeats_after", "seed", "bye_average"}
KNOCKOUT_ONLY = {
    "carry_over",
    "carry_amount",
    "carry_fraction",
    "carry_cap",
    "placing",
    "losers_by",
    "level_rule",
}


def fields_shown(html: str) -> set[str]:
    """Return the names of the form's fields a director sees (hidden blocks left out)."""
    blocks = re.findall(r'<div id="div_id_(\w+)" class="([^"]*)"', html)
    return {name for name, classes in blocks if "d-none" not in classes.split()}


def error_beside(html: str, field: str) -> str:
    """Return the error shown under a field, or ''."""
    found = re.search(rf'id="error_1_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    return found.group(1) if found else ""


def test_a_swiss_stage_form_shows_the_swiss_settings_and_not_the_knockouts(director_client, swiss):
    event, _ = swiss
    shown = fields_shown(director_client.get(f"/director/events/{event.pk}/stages/1/").text)
    assert shown >= SWISS_ONLY and "tie_break_1" in shown
    assert not shown & KNOCKOUT_ONLY


def test_a_knockout_stage_form_shows_the_carry_over_and_no_swiss_or_tie_break_settings(
    director_client, swiss
):
    event, _ = swiss
    actions.configure_stage(event, user=None, number=2, kind="knockout")
    shown = fields_shown(director_client.get(f"/director/events/{event.pk}/stages/2/").text)
    assert KNOCKOUT_ONLY | {"entrants", "boards_per_match"} <= shown
    assert not shown & (SWISS_ONLY | {"tie_break_1", "vp_scale", "carry_vp"})


def test_a_swiss_stage_saved_with_a_knockout_setting_left_in_the_form_ignores_it(
    director_client, swiss
):
    event, stage = swiss
    form = {"kind": "swiss", "rounds": 6, "carry_fraction": "three halves", "carry_cap": "-1"}
    page = director_client.post(f"/director/events/{event.pk}/stages/1/", form, follow=True)
    assert "Stage saved." in page.text
    stage.refresh_from_db()
    assert (stage.rounds, stage.carry_fraction, stage.carry_cap) == (6, "0", None)


def test_a_knockout_settings_error_is_shown_beside_its_field(director_client, swiss):
    event, _ = swiss
    form = {
        "kind": "knockout",
        "boards_per_match": 2,
        "boards_per_segment": 2,
        "carry_over": "vp-difference",
        "carry_fraction": "2",
    }
    page = director_client.post(reverse("director-stages", args=[event.pk]), form)
    assert page.status_code == 400
    assert error_beside(page.text, "carry_fraction") == (
        "Write a share from 0 to 1, such as 1/3 or 0.5."
    )
    assert "kind-only d-none" not in re.search(r'id="div_id_carry_fraction"[^>]*', page.text)[0]


def test_the_director_draws_swaps_and_publishes_a_swiss_round(director_client, swiss):
    event, stage = swiss
    base = f"/director/events/{event.pk}/stages/1/"
    director_client.post(base + "start/")
    page = director_client.post(base + "draw/", follow=True)
    assert "Draw made." in page.text
    assert "bye" in page.text
    draft = list(stage.draft.all())
    bad = director_client.post(
        base + "swap/", {"swap-first": draft[0].home_id, "swap-second": draft[1].home_id}
    )
    assert bad.status_code == 400 and "This field is required." in bad.text
    page = director_client.post(
        base + "swap/",
        {
            "swap-first": draft[0].home_id,
            "swap-second": draft[1].home_id,
            "swap-reason": "Same club",
        },
        follow=True,
    )
    assert "Same club" in page.text and DrawSwap.objects.count() == 1
    page = director_client.post(base + "publish/", follow=True)
    assert "Draw published: 3 matches." in page.text
    screen = director_client.get(reverse("stage-draw", args=[event.pk, 1]))
    assert "Round 1" in screen.text and "第 1 轮" in screen.text
    data = json.loads(director_client.get(reverse("stage-draw-json", args=[event.pk, 1])).text)
    assert data["round"] == 1 and len(data["tables"]) == 3 and len(data["byes"]) == 1
    assert [row["table"] for row in data["tables"]] == [1, 2, 3]


def test_drawing_again_while_a_round_is_unplayed_is_refused_with_a_message(director_client, swiss):
    event, stage = swiss
    base = f"/director/events/{event.pk}/stages/1/"
    director_client.post(base + "start/")
    director_client.post(base + "draw/")
    director_client.post(base + "publish/")
    page = director_client.post(base + "draw/", follow=True)
    assert "Round 1 is still being played" in page.text


def test_the_stage_page_shows_standings_in_chinese(chinese, swiss, director):
    event, stage = swiss
    actions.start_stage(stage, user=director)
    actions.draw_next_round(stage, user=director)
    for match in actions.publish_draw(stage, user=director):
        play(match)
    page = chinese.get(reverse("stage", args=[event.pk, 1])).text
    assert "排名" in page or "名次" in page
    assert "瑞士" in page


def test_a_knockout_bracket_page_and_feed(english, director):
    client = english
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, 5):
        make_team(event, f"Team {number}")
    first = actions.configure_stage(event, user=director, number=1, kind="round-robin")
    for match in actions.start_stage(first, user=director):
        play(match, match.home.name < match.away.name)
        actions.mark_final(match, user=director, confirm=True)
    second = actions.configure_stage(
        event, user=director, number=2, kind="knockout", carry_over="fixed", carry_amount="0.1"
    )
    actions.start_stage(second, user=director)
    page = client.get(reverse("stage", args=[event.pk, 2])).text
    assert "Semi-finals" in page and "Final" in page
    assert "Carry-over included: 0.1 : 0.0" in page  # its working a tap away:
    assert "A fixed 0.1 IMPs to the higher-placed team" in page
    data = json.loads(client.get(reverse("stage-bracket-json", args=[event.pk, 2])).text)
    assert [r["name"] for r in data["rounds"]] == ["Semi-finals", "Final"]
    semi = data["rounds"][0]["matches"][0]
    assert semi["home"]["name"] == "Team 1" and semi["match"]["carry_over"]["home"] == 0.1
    stages = json.loads(client.get(reverse("stages-json", args=[event.pk])).text)
    assert [s["kind"] for s in stages["stages"]] == ["round-robin", "knockout"]
    assert Match.objects.filter(stage__number=2).count() == 2


@pytest.mark.parametrize("name", ["stage", "stage-cross-table", "stage-draw"])
def test_a_stage_that_does_not_exist_is_not_found(client, db, name):
    event = make_event()
    assert client.get(reverse(name, args=[event.pk, 9])).status_code == 404


def test_the_stage_pages_run_the_same_queries_for_a_small_and_a_bigger_swiss(client, director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for teams in (6, 18):
        event = make_event(boards_per_match=2, boards_per_segment=2)
        for number in range(teams):
            make_team(event, f"Team {number}")
        stage = actions.configure_stage(event, user=director, number=1, kind="swiss", rounds=3)
        actions.start_stage(stage, user=director)
        for _ in range(2):
            actions.draw_next_round(stage, user=director)
            for match in actions.publish_draw(stage, user=director):
                play(match)
        for team in event.teams.all()[:2]:  # penalties shown beside their teams' names
            actions.add_vp_penalty(event, team=team, vp=1, reason="Slow play", user=director)
        seen = []
        for url in (
            reverse("stage", args=[event.pk, 1]),
            reverse("stage-round", args=[event.pk, 1, 2]),
            reverse("stage-draw", args=[event.pk, 1]),
            reverse("stage-cross-table", args=[event.pk, 1]),
            reverse("stages-json", args=[event.pk]),
            reverse("team", args=[event.pk, event.teams.first().pk]),
        ):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            seen.append(len(queries))
        counts.append(seen)
    assert counts[0] == counts[1]


def test_the_director_seeds_a_round_robin_as_it_starts(director_client, director):
    event = make_event(name="Club teams", boards_per_match=2, boards_per_segment=2)
    a, b, c, d = (make_team(event, f"Team {name}") for name in "ABCD")
    url = f"/director/events/{event.pk}/stages/1/"
    page = director_client.get(url)
    assert re.search(rf'name="seeding-seed_{a.pk}"[^>]*value="1"', page.text)  # entered first
    seeds = {f"seeding-seed_{team.pk}": seed for team, seed in ((a, 3), (b, 3), (c, 1), (d, 2))}
    page = director_client.post(url + "start/", seeds)
    assert page.status_code == 400
    assert error_beside_seed(page.text, b) == (
        "Seed 3 is Team A&#x27;s already: give each team its own number."
    )
    assert not event.matches.exists()
    seeds[f"seeding-seed_{b.pk}"] = 4
    page = director_client.post(url + "start/", seeds, follow=True)
    assert "Stage started: 6 matches made." in page.text
    entries = event.stages.get().entries.order_by("seed")
    assert [entry.team.name for entry in entries] == ["Team C", "Team D", "Team A", "Team B"]
    assert entries[0].history.first().history_user == director


def test_the_director_reorders_a_swiss_stage_before_its_first_draw(director_client, swiss):
    event, stage = swiss
    base = f"/director/events/{event.pk}/stages/1/"
    director_client.post(base + "start/")
    teams = [entry.team for entry in stage.entries.order_by("seed")]
    reversed_seeds = {
        f"seeding-seed_{team.pk}": len(teams) - index for index, team in enumerate(teams)
    }
    page = director_client.post(base + "seeding/", reversed_seeds, follow=True)
    assert "Seeding saved." in page.text
    assert [e.team for e in stage.entries.order_by("seed")] == teams[::-1]
    moved = stage.entries.get(team=teams[0])
    assert moved.history.first().history_user.username == "td"
    director_client.post(base + "draw/")
    page = director_client.get(base)
    assert "seeding-seed_" not in page.text  # drawn: the seeding is settled
    refused = director_client.post(base + "seeding/", reversed_seeds, follow=True)
    assert "its seeding can no longer change" in refused.text


def error_beside_seed(html: str, team) -> str:
    found = re.search(rf'id="error_1_id_seeding-seed_{team.pk}">(.*?)</div>', html, re.S)
    return found.group(1) if found else ""


def test_the_director_gives_a_vp_penalty_in_a_chosen_stage(director_client, swiss):
    event, _ = swiss
    actions.configure_stage(event, user=None, number=2, kind="swiss", rounds=2)
    team = event.teams.first()
    url = reverse("director-vp-penalty", args=[event.pk])
    form = {"vp-stage": 2, "vp-team": team.pk, "vp-vp": "1.5", "vp-reason": "Late start"}
    page = director_client.post(url, form, follow=True)
    assert "VP penalty saved." in page.text
    assert "Stage 2:</span>" in page.text
    assert event.vp_penalties.get().stage.number == 2
    standings = director_client.get(reverse("stage", args=[event.pk, 2])).text
    assert "−1.50 VP" in standings and "Late start" in standings
    assert "Late start" not in director_client.get(reverse("stage", args=[event.pk, 1])).text


def test_a_team_page_shows_the_teams_matches_stage_by_stage_with_its_positions(english, director):
    client = english
    event = make_event(name="Club teams", boards_per_match=2, boards_per_segment=2)
    teams = [make_team(event, f"Team {n}") for n in range(1, 5)]
    first = actions.configure_stage(event, user=director, number=1, kind="round-robin")
    for match in actions.start_stage(first, user=director):
        play(match, home_wins=match.home.name < match.away.name)  # Team 1 wins everything
        actions.mark_final(match, user=director, confirm=True)
    knockout = actions.configure_stage(event, user=director, number=2, kind="knockout", entrants=2)
    page = client.get(reverse("team", args=[event.pk, teams[0].pk])).text
    assert "Stage 2" not in page  # not started: nothing of it yet
    (final,) = actions.start_stage(knockout, user=director)
    page = client.get(reverse("team", args=[event.pk, teams[0].pk])).text
    assert "Stage 1: Round robin" in page and "Stage 2: Knockout" in page
    assert "Position 1 of 4" in page
    assert page.count("align-middle team-matches") == 2
    assert f'data-match="{final.pk}"' in page.split('data-stage="2"')[1]
    page = client.get(reverse("team", args=[event.pk, teams[3].pk])).text
    assert "Stage 2" not in page  # did not go through
    assert "Position 4 of 4" not in page  # one stage: the page reads as before
