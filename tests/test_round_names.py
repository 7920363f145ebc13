"""Knockout and double-elimination rounds are named, never numbered, on every page that
shows them, in both languages, each page read as its user reads it: the public
traveller, hand records, round and stage pages, wall and poster; the director's round
page, room sheet, room monitor, line-ups, table cards and blank table sheets (whose
points row is in the stage's own units, none in a knockout); the players' table page."""

import html
import re

import pytest
from django.urls import reverse

from matches import actions
from matches.choices import PlacingChoice
from matches.scoring.boards import Seat, Vulnerability
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import analyse
from tests import congress, pages
from tests.double_elimination import double_elimination, play_out
from tests.factories import make_event, make_match, make_team
from tests.knockout_cup import knockout, win

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("messages_in_english")]

LANGUAGES = ["zh-hans", "en"]
FINAL = {"zh-hans": "决赛", "en": "Final"}
NUMBERED = re.compile(r"第 \d+ 轮|\bRound \d+|\bround \d+")
BRACKET_ROUND = re.compile(r"[胜败]者组第 \d+ 轮|(?:Winners|Losers)' bracket round \d+")
HANDS = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"


def text_of(response) -> str:
    """Return the page's text as read, its title and labels too (no markup, no SVG)."""
    assert response.status_code == 200
    page = pages.SVG.sub(" ", response.content.decode())
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', page))
    return pages.text_of(page, unescaped=True) + " " + html.unescape(labels)


def read(client, url, language) -> str:
    client.cookies["django_language"] = language
    return text_of(client.get(url, HTTP_ACCEPT_LANGUAGE=language))


def assert_named(text, name):
    assert name in text
    assert not NUMBERED.search(text), NUMBERED.search(text).group(0)


@pytest.fixture
def cup(director):
    """A knockout of four teams (the event's only stage): both semi-finals won, the
    final made, with its deals, its tables open and two boards played."""
    stage = knockout(4, director)
    for semi in stage.matches.filter(round=1):
        win(semi, semi.home, director)
    final = stage.matches.get(round=2)
    hands = Hands.parse(HANDS)
    analysis = analyse([(hands, Seat.NORTH, Vulnerability.NONE)])[0]
    actions.import_deals(stage, 2, [(1, hands, analysis)], source="cup.pbn", user=director)
    actions.open_tables(stage, round_number=2, user=director)
    return final


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_pages_of_a_knockout_final_name_it(client, cup, language):
    event = cup.event
    for url in (
        reverse("traveller", args=[event.pk, 2, 1]),
        reverse("hand-records", args=[event.pk, 1, 2]),
        reverse("round", args=[event.pk, 2]),
        reverse("stage-round", args=[event.pk, 1, 2]),
        reverse("round-poster", args=[event.pk, 1, 2]),
    ):
        assert_named(read(client, url, language), FINAL[language])


def test_the_round_links_name_the_knockouts_rounds(client, cup):
    text = read(client, reverse("round", args=[cup.event_id, 2]), "en")
    links = text[text.index("Rounds") :]
    assert "Semi-finals" in links and "Final" in links


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wall_names_the_final_in_both_languages(client, cup, language):
    text = read(client, reverse("wall", args=[cup.event_id]), language)
    assert "决赛" in text and "Final" in text
    assert not NUMBERED.search(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_pages_of_a_knockout_final_name_it(director_client, cup, language):
    event = cup.event
    for url in (
        reverse("director-event", args=[event.pk]) + "?round=2",
        reverse("director-sheet", args=[cup.pk, "open"]),
        reverse("director-match", args=[cup.pk]),
        reverse("director-monitor", args=[event.pk, 1, 2]),
        reverse("director-lineups", args=[event.pk, 1, 2]),
        reverse("director-table-cards", args=[event.pk, 1, 2]),
        reverse("director-table-sheets", args=[event.pk, 1, 2]),
    ):
        assert_named(read(director_client, url, language), FINAL[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_page_names_the_final(client, cup, language):
    table = cup.rooms.get(room="open")
    assert_named(read(client, reverse("table", args=[table.token]), language), FINAL[language])


def points_row(director_client, event, number):
    page = director_client.get(reverse("director-table-sheets", args=[event.pk, 1, number])).text
    rows = re.findall(r'<tr class="sheet-points"><th scope="row"[^>]*>([^<]*)</th>', page)
    return set(rows), page


def test_a_knockouts_blank_sheets_have_no_vp_row(director_client, cup):
    rows, page = points_row(director_client, cup.event, 2)
    assert rows == set()
    assert "IMP total" in page and ">VP<" not in page


def test_a_round_robins_blank_sheets_keep_the_vp_row(director_client):
    match = make_match(make_event(boards_per_match=2, boards_per_segment=2))
    assert points_row(director_client, match.event, 1)[0] == {"VP"}


def test_a_board_a_match_stages_blank_sheets_have_a_bam_row(director_client, director):
    event = make_event(boards_per_match=2, boards_per_segment=2)
    for name in ("Ash", "Birch", "Cedar"):
        make_team(event, name)
    stage = actions.configure_stage(
        event, user=director, number=1, kind="round-robin", method="board-a-match"
    )
    actions.start_stage(stage, user=director)
    rows, page = points_row(director_client, event, 1)
    assert rows == {"BAM"}
    # boards compared on their scores alone: a board-point column for each team, no IMPs
    assert page.count('<th scope="col" class="imp-col">BAM</th>') == 4  # 2 rooms × 2 teams
    assert "IMP" not in page


@pytest.fixture
def play_off(director):
    """A full play-off of eight teams, its quarter- and semi-finals played: round 3 plays
    the final and the matches for 3rd, 5th and 7th places."""
    stage = knockout(8, director, placing=PlacingChoice.ALL)
    for number in (1, 2):
        for match in stage.matches.filter(round=number).order_by("pk"):
            win(match, match.home, director)
    actions.open_tables(stage, round_number=3, user=director)
    return stage


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("zh-hans", ["决赛", "三四名决赛", "第 5–6 名"]),
        ("en", ["Final", "Third place", "Places 5–6"]),
    ],
)
def test_a_play_offs_last_round_names_each_placing_match(
    client, director_client, play_off, language, names
):
    event = play_off.event
    for page in (
        read(client, reverse("round", args=[event.pk, 3]), language),
        read(director_client, reverse("director-event", args=[event.pk]) + "?round=3", language),
        read(director_client, reverse("director-table-cards", args=[event.pk, 1, 3]), language),
    ):
        for name in names:
            assert name in page
        assert not NUMBERED.search(page)


@pytest.fixture
def double(director):
    """A double elimination of eight teams played to the second final (the losers'
    bracket winner wins the first)."""
    event, stage = double_elimination(director, 8)
    actions.start_stage(stage, user=director)
    play_out(director, stage, lambda m: m.bracket != "final" and m.home.name < m.away.name)
    return stage


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "zh-hans",
            {2: "胜者组第 2 轮 · 败者组第 1 轮", 5: "败者组决赛", 6: "总决赛", 7: "第二场总决赛"},
        ),
        (
            "en",
            {
                2: "Winners' bracket round 2 · Losers' bracket round 1",
                5: "Losers' bracket final",
                6: "Grand final",
                7: "Second final",
            },
        ),
    ],
)
def test_a_double_eliminations_rounds_are_named_for_directors_and_on_the_poster(
    client, director_client, double, language, names
):
    event = double.event
    for number, name in names.items():
        director_page = reverse("director-event", args=[event.pk]) + f"?round={number}"
        poster = reverse("round-poster", args=[event.pk, 1, number])
        pages = (read(director_client, director_page, language), read(client, poster, language))
        for page in pages:
            assert name in page
            assert not NUMBERED.search(BRACKET_ROUND.sub("", page))  # named, not numbered


def test_the_wall_names_the_second_final_in_both_languages(client, double):
    # The wall shows the last round played: the second final.
    text = read(client, reverse("wall", args=[double.event_id]), "en")
    subtitle = text[: text.index("Running score")] if "Running score" in text else text
    assert "第二场总决赛" in subtitle and "Second final" in subtitle
    assert "第 7 轮" not in text and "Round 7" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_knockout_after_a_round_robin_has_travellers_of_its_own(client, language):
    event = congress.knockout(decided=False)
    final = event.matches.get(stage__number=2, round=2)
    scorecard = client.get(final.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).text
    traveller = reverse("stage-traveller", args=[event.pk, 2, 2, 1])
    assert f'href="{traveller}"' in scorecard  # its board 1, not the round robin's round 2
    text = read(client, traveller, language)
    assert_named(text, FINAL[language])
    assert final.home.name in text and final.away.name in text
    others = event.teams.exclude(pk__in=[final.home_id, final.away_id])
    assert not [team.name for team in others if team.name in text]  # no round robin match


@pytest.mark.parametrize(
    ("language", "names"), [("zh-hans", ["半决赛", "决赛"]), ("en", ["Semi-final", "Final"])]
)
def test_a_finalists_team_page_names_its_knockout_matches(client, cup, language, names):
    page = read(client, reverse("team", args=[cup.event_id, cup.home_id]), language)
    matches = page[page.index("对手" if language == "zh-hans" else "Opponent") :]
    for name in names:
        assert name in matches
    assert not NUMBERED.search(page)
