"""Placing matches through the actions: the match for third place made once both
semi-finals are final, a full play-off placing eight teams 1 to 8, a reopened match
redrawing (or refusing to redraw) what it fed, the settings' refusals, the final ranking
by the placing matches and by each rule for the other losers, and a level match sent to
extra boards."""

import re

import pytest
from django.urls import reverse
from jsonschema import Draft202012Validator

from matches import actions, queries
from matches.choices import LevelRuleChoice, LosersByChoice, PlacingChoice
from matches.interchange import backup
from matches.interchange.backup import schema as backup_schema
from matches.models import Match, Stage
from tests import pages
from tests.factories import enter, make_event, make_team
from tests.knockout_cup import knockout, win

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def matches(stage, **where):
    return list(stage.matches.filter(**where).order_by("round", "bracket", "bracket_position"))


def team(stage, number):
    return stage.event.teams.get(name=f"Team {number}")


def test_the_third_place_match_is_made_once_both_semi_finals_are_final(td):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    first, second = matches(stage, round=1)  # 1 v 4, 2 v 3
    win(first, first.away, td)  # Team 4 beats Team 1
    assert not stage.matches.filter(bracket="place-3").exists()
    made = win(second, second.home, td).advance.made  # Team 2 beats Team 3
    third = stage.matches.get(bracket="place-3")
    final = stage.matches.get(round=2, bracket="")
    assert {match.pk for match in made} == {third.pk, final.pk}
    assert (third.round, third.home, third.away) == (2, team(stage, 1), team(stage, 3))
    assert (final.home, final.away) == (team(stage, 2), team(stage, 4))


def play_every_round(stage, user, pick):
    """Play the stage's matches round after round, ``pick`` choosing each winner, until
    none is left to play."""
    while True:
        waiting = stage.matches.exclude(status="final")
        if not waiting.exists():
            return
        for match in waiting.order_by("round", "pk"):
            win(match, pick(match), user)


def test_a_full_play_off_of_eight_teams_places_every_team_one_to_eight(td):
    stage = knockout(8, td, placing=PlacingChoice.ALL)
    play_every_round(stage, td, pick=lambda match: match.away)  # the lower seed always wins
    assert [len(matches(stage, round=n)) for n in (1, 2, 3)] == [4, 4, 4]
    assert set(stage.matches.values_list("bracket", flat=True)) == {
        "",
        "place-3",
        "place-5",
        "place-7",
    }
    outcome = queries.final_ranking(stage.event)
    assert [p.place for p in outcome.placings] == list(range(1, 9))
    # Every match won by the lower seed: 8 beats 7 in the final, 6 beats 5 for third,
    # 4 beats 3 for fifth (after 4 beat 1 and 3 beat 2), 2 beats 1 for seventh.
    assert [p.team.name for p in outcome.placings] == [f"Team {n}" for n in range(8, 0, -1)]
    assert [p.how for p in outcome.placings[2:]] == ["placing-match"] * 6
    assert [p.bracket for p in outcome.placings[2:]] == [3, 3, 5, 5, 7, 7]


def test_no_final_ranking_while_a_placing_match_is_still_to_play(td):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    for semi in matches(stage, round=1):
        win(semi, semi.home, td)
    win(stage.matches.get(round=2, bracket=""), None, td)
    assert queries.final_ranking(stage.event) is None
    win(stage.matches.get(bracket="place-3"), None, td)
    outcome = queries.final_ranking(stage.event)
    assert [(p.place, p.team.name, p.how) for p in outcome.placings] == [
        (1, "Team 1", "winner"),
        (2, "Team 2", "runner-up"),
        (3, "Team 3", "placing-match"),
        (4, "Team 4", "placing-match"),
    ]


def reopen_and_win(match, winner, user):
    actions.reopen_match(match, reason="Board 1 scored the wrong way round", user=user)
    enter(match, 1, "open", "4S", "N", "=" if winner.pk == match.home_id else "-1", user=user)
    enter(match, 1, "closed", "4S", "N", "-1" if winner.pk == match.home_id else "=", user=user)
    match.refresh_from_db()
    return actions.mark_final(match, user=user, confirm=True)


def test_a_reopened_semi_final_redraws_the_third_place_match_while_it_has_no_results(td):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    first, second = matches(stage, round=1)
    win(first, first.home, td)
    win(second, second.home, td)
    assert stage.matches.get(bracket="place-3").home == team(stage, 3)  # 3 v 4
    reopen_and_win(Match.objects.get(pk=first.pk), first.away, td)  # Team 4 won after all
    third = stage.matches.get(bracket="place-3")
    assert (third.home, third.away) == (team(stage, 1), team(stage, 3))
    assert stage.matches.get(round=2, bracket="").away == team(stage, 4)


def test_a_reopened_semi_final_cannot_change_a_third_place_match_with_results(td):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    first, second = matches(stage, round=1)
    win(first, first.home, td)
    win(second, second.home, td)
    third = stage.matches.get(bracket="place-3")
    enter(third, 1, "open", "4S", "N", "=", user=td)
    with pytest.raises(actions.ActionError, match="has results already"):
        reopen_and_win(Match.objects.get(pk=first.pk), first.away, td)
    assert (stage.matches.get(bracket="place-3").home, third.away) == (
        team(stage, 3),
        team(stage, 4),
    )


def test_placing_matches_need_a_knockout_of_four_teams(td):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, 4):
        make_team(event, f"Team {number}")
    stage = actions.configure_stage(event, user=td, number=1, kind="knockout", placing="third")
    with pytest.raises(actions.ActionError, match="at least 4 teams; this one would have 3"):
        actions.start_stage(stage, user=td)
    assert not stage.matches.exists()


def test_a_knockout_of_three_qualifiers_refuses_placing_matches_beside_the_field(td):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    actions.configure_stage(event, user=td, number=1, kind="round-robin")
    with pytest.raises(actions.ActionError) as refused:
        actions.configure_stage(
            event, user=td, number=2, kind="knockout", entrants=3, placing="all"
        )
    assert refused.value.field == "placing"


def test_the_placing_matches_and_the_level_rule_are_fixed_once_the_knockout_has_matches(td):
    stage = knockout(4, td)
    for field, value in (("placing", "third"), ("level_rule", "extra-boards")):
        with pytest.raises(actions.ActionError, match="cannot change") as refused:
            actions.configure_stage(stage.event, user=td, number=1, **{field: value})
        assert refused.value.field == field
    actions.configure_stage(stage.event, user=td, number=1, losers_by="shared")
    assert Stage.objects.get(pk=stage.pk).losers_by == LosersByChoice.SHARED


@pytest.mark.parametrize(
    ("losers_by", "expected"),
    [
        (LosersByChoice.QUALIFYING, [(5, False), (6, False), (7, False), (8, False)]),
        (LosersByChoice.SHARED, [(5, True)] * 4),
    ],
)
def test_with_a_third_place_match_the_quarter_final_losers_follow_the_losers_rule(
    td, losers_by, expected
):
    stage = knockout(8, td, placing=PlacingChoice.THIRD, losers_by=losers_by)
    play_every_round(stage, td, pick=lambda match: match.home)
    outcome = queries.final_ranking(stage.event)
    assert [p.how for p in outcome.placings[:4]] == [
        "winner",
        "runner-up",
        "placing-match",
        "placing-match",
    ]
    assert [(p.place, p.shared) for p in outcome.placings[4:]] == expected
    assert [p.team.name for p in outcome.placings[4:]] == [f"Team {n}" for n in (5, 6, 7, 8)]


def test_with_extra_boards_a_level_match_waits_for_the_director_who_records_them(director, client):
    stage = knockout(4, director, level_rule=LevelRuleChoice.EXTRA_BOARDS)
    first, _second = matches(stage, round=1)
    assert win(first, None, director, level=True).advance.tie
    client.force_login(director)
    url = reverse("director-knockout-tie", args=[first.pk])
    for language, words in (("en", "Won the extra boards"), ("zh-hans", "加赛胜方")):
        client.cookies["django_language"] = language
        assert words in client.get(url).text
    client.post(url, {"winner": first.away_id, "reason": "4, 12–3"}, HTTP_ACCEPT_LANGUAGE="en")
    first.refresh_from_db()
    assert (first.knockout_winner(), first.decided_reason) == (team(stage, 4), "4, 12–3")


def test_an_exported_and_imported_knockout_keeps_its_placing_matches_and_rules(td):
    stage = knockout(
        4,
        td,
        placing=PlacingChoice.THIRD,
        losers_by=LosersByChoice.SHARED,
        level_rule=LevelRuleChoice.EXTRA_BOARDS,
    )
    for semi in matches(stage, round=1):
        win(semi, semi.home, td)
    document = backup.export_event(stage.event)
    Draft202012Validator(backup_schema.DOCUMENT).validate(document)
    restored = backup.import_event(backup.loads(backup.dumps(document)))
    copy = restored.stages.get(number=1)
    assert (copy.placing, copy.losers_by, copy.level_rule) == ("third", "shared", "extra-boards")
    brackets = {(m.round, m.bracket, m.home.name, m.away.name) for m in copy.matches.all()}
    assert (2, "place-3", "Team 3", "Team 4") in brackets
    assert (2, "", "Team 1", "Team 2") in brackets
    copy.event = restored
    assert [b.best for b in queries.knockout_playoff(copy)[0]] == [1, 3]


def error_beside(html: str, field: str) -> str:
    """Return the error shown under a field of the form, or ''."""
    found = re.search(rf'id="error_1_id_{field}"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Placing matches need a knockout of at least 4 teams; this one would have 3."),
        ("zh-hans", "排位赛需要淘汰赛至少有 4 支队；本阶段将有 3 支队。"),
    ],
)
def test_a_director_asking_three_qualifiers_for_a_third_place_match_is_told_beside_it(
    director_client, language, message
):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for number in range(1, 6):
        make_team(event, f"Team {number}")
    actions.configure_stage(event, user=None, number=1, kind="round-robin")
    director_client.cookies["django_language"] = language
    form = {
        "kind": "knockout",
        "vp_scale": "wbf-2013",
        "boards_per_match": 2,
        "boards_per_segment": 2,
        "carry_over": "none",
        "entrants": 3,
        "placing": "third",
        "losers_by": "qualifying",
        "level_rule": "tenth",
    }
    url = reverse("director-stages", args=[event.pk])
    page = director_client.post(url, form)
    assert page.status_code == 400
    assert error_beside(page.text, "placing") == message
    page = director_client.post(url, {**form, "entrants": 4}, follow=True)
    assert page.status_code == 200
    assert event.stages.get(number=2).placing == PlacingChoice.THIRD


def text_of(page) -> str:
    return pages.text_of(page.content.decode(), without_svg=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Placing matches",
                "Places 5–8",
                "Third place",
                "Places 5–6",
                "Places 7–8",
                "Third place match",
                "Match for places 5–6",
                "Match for places 7–8",
                "Placing matches decided every place of the knockout",
            ],
        ),
        (
            "zh-hans",
            [
                "排位赛",
                "第 5–8 名",
                "三四名决赛",
                "第 5–6 名",
                "第 7–8 名",
                "第 5–6 名决赛",
                "第 7–8 名决赛",
                "淘汰赛的每个名次都由排位赛决出",
            ],
        ),
    ],
)
def test_the_bracket_and_event_pages_name_the_placing_matches(client, td, language, words):
    stage = knockout(8, td, placing=PlacingChoice.ALL)
    play_every_round(stage, td, pick=lambda match: match.home)
    client.cookies["django_language"] = language
    bracket = text_of(client.get(reverse("stage", args=[stage.event_id, 1])))
    event = text_of(client.get(reverse("event", args=[stage.event_id])))
    bracket_words, event_words, note = words[:5], words[5:-1], words[-1]
    assert all(word in bracket for word in bracket_words), bracket
    assert all(word in event for word in event_words), event
    # A knockout with no stage before it: no note of teams that did not reach it.
    assert note not in event
    heading = "最终排名" if language == "zh-hans" else "Final ranking"
    after = "交叉表" if language == "zh-hans" else "Cross-table"
    ranking = event[event.index(heading) : event.index(after)]
    names = [f"Team {n}" for n in range(1, 9)]  # the better seed won every match
    assert [ranking.index(name) for name in names] == sorted(ranking.index(n) for n in names)


def test_the_bracket_feed_lists_the_placing_matches_by_the_places_they_play_for(client, td):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    for semi in matches(stage, round=1):
        win(semi, semi.home, td)
    client.cookies["django_language"] = "en"
    data = client.get(reverse("stage-bracket-json", args=[stage.event_id, 1])).json()
    assert [r["name"] for r in data["rounds"]] == ["Semi-finals", "Final"]
    [third] = data["placing_matches"]
    assert third["name"] == "Third place"
    assert [(m["home"]["name"], m["away"]["name"]) for m in third["matches"]] == [
        ("Team 3", "Team 4")
    ]
    everything = client.get(reverse("stages-json", args=[stage.event_id])).json()
    assert everything["stages"][0]["placing_matches"][0]["name"] == "Third place"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Team 3 wins the match (Third place)."),
        ("zh-hans", "Team 3 赢得本场比赛（三四名决赛）。"),
    ],
)
def test_the_third_place_matchs_scorecard_names_it_and_its_winner(client, td, language, words):
    stage = knockout(4, td, placing=PlacingChoice.THIRD)
    for semi in matches(stage, round=1):
        win(semi, semi.home, td)
    third = stage.matches.get(bracket="place-3")
    win(third, third.home, td)
    client.cookies["django_language"] = language
    text = text_of(client.get(third.get_absolute_url()))
    assert words in text
    assert "goes through" not in text and "晋级" not in text


def test_the_wall_shows_the_placing_matches_in_both_languages(client, td):
    stage = knockout(8, td, placing=PlacingChoice.ALL)
    for match in matches(stage, round=1):
        win(match, match.home, td)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(reverse("wall", args=[stage.event_id])).content.decode()
    second_panel = r'<section class="wall-panel wall-bracket"[^>]*wall-bracket-title2.*?</section>'
    panel = re.search(second_panel, page, re.S).group(0)
    text = pages.text_of(panel)
    assert "排位赛" in text and "Placing matches" in text
    assert "第 5–8 名" in text and "Places 5–8" in text
    assert text.count("Team 5") == 1 and "Team 8" in text  # 5 v 8 for places 5–8
    assert 'data-figure="place-5-2-0"' in panel
