"""Knockouts as players read them: rounds by their names (决赛, 半决赛 / Final, Semi-final),
IMPs with the carry-over in the headline and its working a tap away, never VP; and once
the final is decided the event page leads with the final ranking."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions, queries
from matches.choices import LosersByChoice
from matches.models import Stage
from matches.queries.knockout_words import carry_over_text, working_text
from matches.scoring.knockout import CarryOverMethod, CarryOverRule, carry_over_working
from tests import congress, pages
from tests.factories import make_event, make_team, make_user

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return pages.text_of(response.content.decode(), without_svg=True)


@pytest.fixture
def won():
    """A round robin of eight, then a knockout of its top four played to a winner."""
    return congress.knockout()


def knockout_of(event):
    return Stage.objects.get(event=event, number=2)


def test_the_final_ranking_places_the_semi_finals_losers_by_their_round_robin_position(won):
    outcome = queries.final_ranking(won)
    stage = knockout_of(won)
    final = stage.matches.get(round=2)
    assert outcome.winner == final.knockout_winner()
    assert [p.place for p in outcome.placings] == list(range(1, 9))
    assert [p.how for p in outcome.placings] == ["winner", "runner-up"] + ["knockout"] * 2 + [
        "qualifying"
    ] * 4
    losers = outcome.placings[2:4]
    assert losers[0].position < losers[1].position  # the better round robin place first
    assert {p.team.pk for p in outcome.placings[:4]} == {e.team_id for e in stage.entries.all()}
    assert [p.position for p in outcome.placings[4:]] == [5, 6, 7, 8]


def test_the_losers_of_a_round_may_share_its_first_place_instead(won):
    actions.configure_stage(won, user=None, number=2, losers_by=LosersByChoice.SHARED)
    outcome = queries.final_ranking(won)
    assert [(p.place, p.shared) for p in outcome.placings[:5]] == [
        (1, False),
        (2, False),
        (3, True),
        (3, True),
        (5, False),
    ]


def test_no_final_ranking_before_the_final_is_decided():
    assert queries.final_ranking(congress.knockout(decided=False)) is None
    assert queries.final_ranking(congress.round_robin()) is None


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_event_page_leads_with_the_final_ranking(client, won, language):
    client.cookies["django_language"] = language
    response = client.get(reverse("event", args=[won.pk]), HTTP_ACCEPT_LANGUAGE=language)
    text = text_of(response)
    outcome = queries.final_ranking(won)
    names = [placing.team.name for placing in outcome.placings]
    heading, standings = (
        ("最终排名", "排名 名次") if language == "zh-hans" else ("Final ranking", "Standings")
    )
    start = text.index(heading)
    assert start < text.index(standings, start + len(heading))
    block = text[start : text.index(standings, start + len(heading))]
    assert [block.index(name) for name in names] == sorted(block.index(name) for name in names)
    if language == "zh-hans":
        assert "冠军" in block and "亚军" in block and "半决赛出局" in block
    else:
        assert "Winner" in block and "Runner-up" in block and "Out in the Semi-finals" in block


def test_the_finals_scorecard_says_final_with_the_carry_over_in_the_imps_and_no_vp(client, won):
    final = knockout_of(won).matches.get(round=2)
    response = client.get(final.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="zh-hans")
    text = text_of(response)
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", response.content.decode(), re.S).group(1)
    assert "决赛" in heading and "第 2 轮" not in heading
    summary = re.search(r'class="match-summary.*?</div>', response.content.decode(), re.S).group(0)
    assert "summary-vp" not in summary  # IMPs only: a knockout match gives no VP
    home, away = final.total_with_carry
    assert f"{home} : {away}" in summary
    if final.has_carry:
        working = carry_over_text(final)
        assert working and working in text
        assert re.search(r"½ × [\d.]+ VP = [\d.]+", working)


def test_a_semi_finals_round_page_is_named_so_and_shows_imps_with_the_carry_over(client, won):
    stage = knockout_of(won)
    response = client.get(reverse("stage-round", args=[won.pk, 2, 1]), HTTP_ACCEPT_LANGUAGE="en")
    text = text_of(response)
    assert "Semi-finals" in text and "Round 1" not in text
    for semi in stage.matches.filter(round=1):
        home, away = semi.total_with_carry
        assert f"{home} : {away}" in text
    scorecard = client.get(
        stage.matches.filter(round=1).first().get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Semi-final" in text_of(scorecard)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "½ × 2.07 VP = 1.035 → 1.0 → 1.1, so the match cannot end level"),
        ("zh-hans", "½ × 2.07 VP = 1.035 → 1.0 → 1.1，使比赛不会打平"),
    ],
)
def test_the_working_reads_as_the_rule_does(language, words):
    rule = CarryOverRule(CarryOverMethod.VP_DIFFERENCE, fraction=Fraction(1, 2))
    working = carry_over_working(rule, vp_difference=Decimal("2.07"))
    with translation.override(language):
        assert working_text(working) == words


@pytest.mark.parametrize(("language", "name"), [("zh-hans", "1/4 决赛"), ("en", "Quarter-finals")])
def test_an_event_that_starts_with_a_knockout_names_its_round_on_the_event_page(
    client, language, name
):
    event = make_event(name="Cup", boards_per_match=2, boards_per_segment=2)
    for team in ("Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Holly"):
        make_team(event, team)
    actions.start_stage(
        actions.configure_stage(event, user=None, number=1, kind="knockout"), user=None
    )
    client.cookies["django_language"] = language
    for page in (reverse("event", args=[event.pk]), reverse("round", args=[event.pk, 1])):
        html = client.get(page, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        block = re.search(r'<section class="mb-3 round".*?</section>', html, re.S).group(0)
        assert re.search(r"<h3[^>]*>(.*?)</h3>", block).group(1) == name
        assert f'aria-label="{name}' in block
        words = re.sub(r"<[^>]+>", " ", block)
        assert "第 1 轮" not in words and "Round 1" not in words
        assert "VP" not in words  # IMPs only, as everywhere else in a knockout


@pytest.mark.parametrize(
    ("language", "final", "semi"), [("zh-hans", "决赛", "半决赛"), ("en", "Final", "Semi-final")]
)
def test_the_finals_table_page_and_the_directors_match_page_name_its_round(
    client, won, language, final, semi
):
    stage = knockout_of(won)
    match = stage.matches.get(round=2)
    tables = actions.open_tables(stage, round_number=2, user=None)
    table = next(t for t in tables if t.match_id == match.pk)
    client.cookies["django_language"] = language
    phone = text_of(client.get(f"/t/{table.token}/"))
    assert f"{won.name} · {final}" in phone and "Round 2" not in phone and "第 2 轮" not in phone
    client.force_login(make_user(chief=True))
    semi_final = stage.matches.filter(round=1).first()
    page = client.get(reverse("director-match", args=[semi_final.pk]))
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page.content.decode(), re.S).group(1)
    colon = "：" if language == "zh-hans" else ": "
    assert f"{semi}{colon}{semi_final.home.name} – {semi_final.away.name}" in heading
