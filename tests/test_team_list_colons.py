"""Teams added in bulk whose names hold a colon: a line's players follow its last
full-width colon, or its last colon followed by a space (or ending the line); any other
colon belongs to the name."""

import pytest
from django.urls import reverse

from matches.forms.bulk import parse_team_line
from matches.models import Team
from tests.factories import make_event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("line", "name", "players"),
    [
        ("Team A:B: Ann, Bob", "Team A:B", ["Ann", "Bob"]),
        ("Team A:B", "Team A:B", []),
        ("12:30 Club", "12:30 Club", []),
        ("Real: Madrid:", "Real: Madrid", []),  # a final colon: the name holds ": "
        ("Real: Madrid: Ann, Bob", "Real: Madrid", ["Ann", "Bob"]),
        ("Real: Madrid", "Real", ["Madrid"]),  # as before: a team Real, its player Madrid
        ("长城队：王建国、李明", "长城队", ["王建国", "李明"]),
        ("长城队:二队：王建国、李明", "长城队:二队", ["王建国", "李明"]),
        ("A:B队：", "A:B队", []),
        ("Dragons:Li,Wang", "Dragons", ["Li", "Wang"]),  # no space, but a list of players
        ("长城队:王建国、李明", "长城队", ["王建国", "李明"]),
        ("A:B:Li,Wang", "A:B", ["Li", "Wang"]),
        ("Dragons: Li, Wang , Zhang,Zhao", "Dragons", ["Li", "Wang", "Zhang", "Zhao"]),
        ("  Tigers  ", "Tigers", []),
        (": X, Y", "", ["X", "Y"]),
    ],
)
def test_a_line_splits_at_its_last_separator_and_other_colons_stay_in_the_name(line, name, players):
    assert parse_team_line(line) == (name, players)


def test_teams_whose_names_hold_a_colon_are_added_from_the_list(director_client):
    event = make_event(name="Club teams")
    text = "Team A:B: Ann, Bob\nReal: Madrid:\n长城队:二队：王建国、李明\n12:30 Club\n"
    url = reverse("director-team-list", args=[event.pk])
    response = director_client.post(url, {"teams": text})
    assert response.status_code == 302, response.content.decode()
    teams = list(Team.objects.filter(event=event).order_by("pk"))
    assert [t.name for t in teams] == ["Team A:B", "Real: Madrid", "长城队:二队", "12:30 Club"]
    assert [[p.name for p in t.players.order_by("pk")] for t in teams] == [
        ["Ann", "Bob"],
        [],
        ["王建国", "李明"],
        [],
    ]


def test_the_help_text_says_where_the_players_start_in_both_languages(director_client):
    event = make_event(name="Club teams")
    url = reverse("director-team-list", args=[event.pk])
    page = director_client.get(url, headers={"accept-language": "en"}).text
    assert "“Team A:B: Ann, Bob”" in page and "“Real: Madrid:”" in page
    director_client.cookies["django_language"] = "zh-hans"
    page = director_client.get(url).text
    assert "“Team A:B: Ann, Bob”" in page and "“Real: Madrid:”" in page
    assert "最后一个全角冒号" in page
