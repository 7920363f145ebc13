"""Every scorecard of a round, for the director to print at the end of the evening: one
page with each match's scorecard in table order, linked from the round's page for its
directors only."""

import pytest
from django.urls import reverse

from tests.factories import enter, make_event, make_match, make_team
from tests.test_table_pages import text_of

pytestmark = pytest.mark.usefixtures("in_english")


@pytest.fixture
def round_played(db):
    event = make_event(name="Monday club teams", boards_per_match=2, boards_per_segment=2)
    first = make_match(event, home=make_team(event, "Great Wall"), away=make_team(event, "Huashan"))
    second = make_match(event, home=make_team(event, "Lions"), away=make_team(event, "Tigers"))
    for match in (first, second):
        for number in (1, 2):
            enter(match, number, "open", "4S", "N", "=")
            enter(match, number, "closed", "4S", "N", "-1")
    make_match(event, round=2)
    return event


def test_the_director_reads_every_scorecard_of_the_round_in_table_order(
    director_client, round_played
):
    page = director_client.get(reverse("director-round-scorecards", args=[round_played.pk, 1, 1]))
    text = text_of(page)
    assert "Scorecards: Round 1" in text and "2 matches: each scorecard on a page" in text
    assert text.index("Table 1 · Great Wall – Huashan") < text.index("Table 2 · Lions – Tigers")
    assert page.content.decode().count('class="scorecard-sheet"') == 2
    assert text.count("IMPs this segment") == 2 and text.count("Captain of") == 4


def test_the_round_page_links_it_for_its_directors_only(client, director_client, round_played):
    url = reverse("director-round-scorecards", args=[round_played.pk, 1, 1])
    round_page = reverse("round", args=[round_played.pk, 1])
    assert url in director_client.get(round_page).content.decode()
    assert url in director_client.get(reverse("director-event", args=[round_played.pk])).text
    client.logout()
    assert url not in client.get(round_page).content.decode()
    assert client.get(url).status_code in (302, 403)


def test_a_round_without_matches_has_no_scorecards_to_print(director_client, round_played):
    url = reverse("director-round-scorecards", args=[round_played.pk, 1, 9])
    assert director_client.get(url).status_code == 404
