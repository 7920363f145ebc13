"""A double elimination whose final is played once (the CBA's A-class club league final)
beside the default second final ("bracket reset"): the stage setting on the form in both
languages, kept by the JSON backup, obeyed as the matches are made and on the bracket
page."""

import pytest
from django.urls import reverse

from matches import actions, queries
from matches.choices import DoubleFinalChoice
from matches.interchange import backup
from tests import pages
from tests.double_elimination import double_elimination, number, play_out
from tests.factories import make_event, make_team

pytestmark = pytest.mark.usefixtures("messages_in_english")


def underdog_final(match):
    """The losers' bracket winner takes the grand final; the better seed wins the rest."""
    if match.bracket == "final":
        return False
    return number(match.home) < number(match.away)


def one_final(td, teams=4):
    event, stage = double_elimination(td, teams)
    actions.configure_stage(event, user=td, number=1, double_final="once")
    stage.refresh_from_db()
    return event, stage


def test_a_stage_plays_a_second_final_unless_set_to_play_one(director):
    _event, stage = double_elimination(director, 4)
    assert stage.double_final == DoubleFinalChoice.RESET


def test_with_one_final_the_losers_bracket_winner_who_wins_it_wins_the_stage(director):
    event, stage = one_final(director)
    actions.start_stage(stage, user=director)
    played = play_out(director, stage, underdog_final)
    assert [m.bracket for m in played].count("final") == 1
    assert not stage.matches_here().filter(bracket="final-2").exists()
    outcome = queries.final_ranking(event)
    assert [(p.place, p.team.name) for p in outcome.placings] == [
        (1, "Team 2"),
        (2, "Team 1"),
        (3, "Team 3"),
        (4, "Team 4"),
    ]


def test_the_final_cannot_change_once_the_stage_has_matches(director):
    event, stage = one_final(director)
    actions.start_stage(stage, user=director)
    with pytest.raises(actions.ActionError) as refused:
        actions.configure_stage(event, user=director, number=1, double_final="reset")
    assert refused.value.field == "double_final"
    assert "how its final is played cannot change" in str(refused.value)


def test_a_setting_that_is_not_one_of_the_two_is_refused_beside_it(director):
    event, _stage = double_elimination(director, 4)
    with pytest.raises(actions.ActionError) as refused:
        actions.configure_stage(event, user=director, number=1, double_final="thrice")
    assert refused.value.field == "double_final"


def test_the_json_backup_keeps_a_one_final_stage_and_its_winner(director):
    event, stage = one_final(director)
    actions.start_stage(stage, user=director)
    play_out(director, stage, underdog_final)
    document = backup.loads(backup.dumps(backup.export_event(event)))
    assert document["stages"][0]["double_final"] == "once"
    copy = backup.import_event(document, user=director)
    assert copy.stages.get(number=1).double_final == DoubleFinalChoice.ONCE
    assert queries.final_ranking(copy).winner.name == "Team 2"


def test_a_backup_from_before_the_setting_plays_the_second_final(director):
    event, _stage = double_elimination(director, 4)
    document = backup.loads(backup.dumps(backup.export_event(event)))
    del document["stages"][0]["double_final"]
    copy = backup.import_event(document, user=director)
    assert copy.stages.get(number=1).double_final == DoubleFinalChoice.RESET


def text_of(response) -> str:
    return pages.text_of(response.text, unescaped=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "The final (double elimination)",
                "(bracket reset)",
                "One final only (as the CBA plays it)",
            ],
        ),
        (
            "zh-hans",
            [
                "总决赛（双败淘汰赛）",
                "再赛第二场总决赛（双方各负一场）",
                "只打一场总决赛（中国桥牌协会赛制）",
            ],
        ),
    ],
)
def test_the_stage_form_offers_the_two_finals_in_both_languages(
    director_client, director, language, words
):
    event, _stage = double_elimination(director, 4)
    director_client.cookies["django_language"] = language
    text = text_of(director_client.get(reverse("director-stage", args=[event.pk, 1])))
    for word in words:
        assert word in text


def test_the_director_sets_one_final_on_the_stage_form(director_client, director):
    event, stage = double_elimination(director, 4)
    form = {
        "kind": "double-elimination",
        "losers_by": "qualifying",
        "double_final": "once",
        "tie_break_1": "",
        "name": "",
    }
    response = director_client.post(reverse("director-stage", args=[event.pk, 1]), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    stage.refresh_from_db()
    assert stage.double_final == DoubleFinalChoice.ONCE


@pytest.mark.parametrize(
    ("language", "rule", "not_said"),
    [
        ("en", "The grand final is played once: its winner wins the stage", "Second final"),
        ("zh-hans", "总决赛只打一场：其胜者即本赛段冠军", "第二场总决赛"),
    ],
)
def test_the_bracket_page_says_the_final_is_played_once(client, director, language, rule, not_said):
    event, stage = one_final(director)
    actions.start_stage(stage, user=director)
    text = text_of(client.get(stage.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language))
    assert rule in text and not_said not in text
    play_out(director, stage, underdog_final)
    text = text_of(client.get(stage.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language))
    assert not_said not in text and 'data-figure="final-2' not in text
    assert rule not in text  # decided: nothing left to explain


@pytest.mark.parametrize(
    ("final", "last_round"), [("reset", "Second final"), ("once", "Grand final")]
)
def test_the_bracket_and_stages_feeds_say_how_the_final_is_played(
    client, director, final, last_round
):
    """A program reading the bracket learns before the grand final whether a second one
    may follow, as the bracket page says it; the rounds played then agree."""
    event, stage = double_elimination(director, 4)
    actions.configure_stage(event, user=director, number=1, double_final=final)
    actions.start_stage(stage, user=director)
    url = reverse("stage-bracket-json", args=[event.pk, 1])
    assert client.get(url).json()["stage"]["double_final"] == final
    [entry] = client.get(reverse("stages-json", args=[event.pk])).json()["stages"]
    assert entry["double_final"] == final
    play_out(director, stage, underdog_final)  # the losers' bracket winner takes the first
    rounds = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["rounds"]
    assert rounds[-1]["name"] == last_round


def test_a_knockouts_feed_has_no_double_final(client, director):
    event = make_event()
    for name in ("Ash", "Birch", "Cedar", "Deal"):
        make_team(event, name)
    actions.start_stage(
        actions.configure_stage(event, user=director, number=1, kind="knockout"), user=director
    )
    bracket = client.get(reverse("stage-bracket-json", args=[event.pk, 1])).json()
    assert bracket["stage"]["double_final"] is None
