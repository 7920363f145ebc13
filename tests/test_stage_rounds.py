"""A round is its stage's, on the director's side too: after a 3-round Swiss, the knockout's
semi-finals (its round 1) have their own round tab, tables, monitor, line-ups, sheets,
scorecards, deals and hand records, and the Swiss's round 1 keeps its own. Ids of six
digits, as a site's are after a season."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from matches import actions
from matches.interchange.deal_formats import random_deals_pbn
from matches.models import Deal, HandsRelease, Room
from matches.scoring import board_dealer, board_vulnerability
from matches.scoring.deals import Deal as Hands
from matches.scoring.double_dummy import analyse
from tests.factories import enter, make_swiss_then_knockout

SWISS_HANDS = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
KNOCKOUT_HANDS = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


NORTH_SWISS, NORTH_KNOCKOUT = "A Q 7 6 5 4", "A K Q J"  # North's spades as a page shows them


def text_of(page: str) -> str:
    """Return what a page says, its tags left out and its spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def deals_of(text: str) -> list:
    hands = Hands.parse(text)
    found = analyse([(hands, board_dealer(b), board_vulnerability(b)) for b in (1, 2)])
    return [(board, hands, analysis) for board, analysis in zip((1, 2), found, strict=True)]


@pytest.fixture
def played(ids_after_a_season, director):
    event, swiss, knockout, semi_finals = make_swiss_then_knockout(director)
    actions.import_deals(swiss, 1, deals_of(SWISS_HANDS), source="swiss-1.pbn", user=director)
    return event, swiss, knockout, semi_finals


def names(matches) -> set[str]:
    return {team.name for match in matches for team in (match.home, match.away)}


def swiss_round_1(swiss):
    return list(swiss.matches.filter(round=1).select_related("home", "away"))


def shows_only(page: str, matches, others) -> None:
    """Assert the page names every team of ``matches`` in its match rows and no match of
    ``others`` (by its id in a data-match attribute or a link)."""
    for match in matches:
        assert f"/matches/{match.pk}/" in page
    for match in others:
        assert f"/matches/{match.pk}/" not in page and f'data-match="{match.pk}"' not in page


def test_the_director_finds_the_semi_finals_on_their_own_round_tab(director_client, played):
    event, swiss, knockout, semi_finals = played
    assert event.pk >= 100000 and semi_finals[0].pk >= 100000
    url = reverse("director-event", args=[event.pk])
    first_shown = director_client.get(url).text  # the latest stage's round under way
    semis_tab = director_client.get(f"{url}?stage=2&round=1").text
    swiss_tab = director_client.get(f"{url}?stage=1&round=1").text
    for page in (first_shown, semis_tab):
        assert 'data-stage="2" data-round="1"' in page
        shows_only(page, semi_finals, swiss_round_1(swiss))
    assert 'data-stage="1" data-round="1"' in swiss_tab
    shows_only(swiss_tab, swiss_round_1(swiss), semi_finals)
    assert '?stage=2&amp;round=1" aria-current="page">Semi-finals</a>' in semis_tab
    assert '?stage=1&amp;round=3"' in semis_tab  # the Swiss's rounds keep their tabs


def test_opening_the_semi_finals_tables_opens_theirs_alone(director_client, played):
    event, swiss, knockout, semi_finals = played
    response = director_client.post(
        reverse("director-open-tables", args=[event.pk, 2, 1]), follow=True
    )
    assert "The tables are open: Semi-finals, 4 tables." in response.text
    opened = Room.objects.filter(match__event=event)
    assert {room.match_id for room in opened} == {match.pk for match in semi_finals}
    assert opened.count() == 4
    cards = response.text
    shows_only(cards, [], swiss_round_1(swiss))
    assert all(f'data-table="{room.pk}"' in cards for room in opened)


@pytest.mark.parametrize(
    "name",
    [
        "director-monitor",
        "director-lineups",
        "director-table-cards",
        "director-table-sheets",
        "director-round-scorecards",
    ],
)
def test_each_round_page_of_the_semi_finals_shows_the_semi_finals_only(
    director_client, played, name
):
    event, swiss, knockout, semi_finals = played
    actions.open_tables(knockout, round_number=1, user=None)
    actions.open_tables(swiss, round_number=1, user=None)
    semis = director_client.get(reverse(name, args=[event.pk, 2, 1]))
    swiss_page = director_client.get(reverse(name, args=[event.pk, 1, 1]))
    assert semis.status_code == 200 and swiss_page.status_code == 200
    swiss_matches = swiss_round_1(swiss)
    for page, ours, theirs in (
        (semis.text, semi_finals, swiss_matches),
        (swiss_page.text, swiss_matches, semi_finals),
    ):
        ours_ids = {str(m.pk) for m in ours}
        theirs_ids = {str(m.pk) for m in theirs}
        shown = _match_ids(page)
        assert shown and shown <= ours_ids and not shown & theirs_ids, (name, shown)


def _match_ids(page: str) -> set[str]:
    """Return the ids of the matches a round page shows: in its rows, links, forms and
    the tables' cards."""
    found = set(re.findall(r'data-match="(\d+)"', page))
    found |= set(re.findall(r"/matches/(\d+)/", page))
    found |= set(re.findall(r'name="m(\d+)-s\d+-', page))
    tables = re.findall(r'data-table="(\d+)"', page)
    found |= {str(room.match_id) for room in Room.objects.filter(pk__in=tables)}
    return found


def test_a_stage_without_that_round_and_a_stage_that_is_not_are_not_found(director_client, played):
    event, *_ = played
    for name in ("director-monitor", "director-lineups", "director-table-cards"):
        assert director_client.get(reverse(name, args=[event.pk, 2, 3])).status_code == 404
        assert director_client.get(reverse(name, args=[event.pk, 3, 1])).status_code == 404


def test_the_knockout_has_deals_of_its_own_and_the_swiss_keeps_its(
    client, director_client, director, played
):
    event, swiss, knockout, semi_finals = played
    page = director_client.get(reverse("director-deals", args=[event.pk])).text
    assert '<option value="2-1">Knockout · Semi-finals</option>' in page
    assert '<option value="1-1">Swiss · Round 1</option>' in page
    actions.import_deals(knockout, 1, deals_of(KNOCKOUT_HANDS), source="semis.pbn", user=director)
    assert [d.pbn for d in Deal.objects.for_match(semi_finals[0])] == [
        Hands.parse(KNOCKOUT_HANDS).pbn()
    ] * 2
    swiss_match = swiss_round_1(swiss)[0]
    assert {d.pbn for d in Deal.objects.for_match(swiss_match)} == {Hands.parse(SWISS_HANDS).pbn()}
    for match in semi_finals:  # the semi-finals played: their hands are public
        for number in (1, 2):
            enter(match, number, "open", "3NT", "S", "=")
            enter(match, number, "closed", "3NT", "S", "=")
    client.cookies["django_language"] = "en"
    semis = client.get(reverse("hand-records", args=[event.pk, 2, 1])).text
    swiss_hands = client.get(reverse("hand-records", args=[event.pk, 1, 1])).text
    assert "Hand records: Semi-finals" in semis and "Hand records: Round 1" in swiss_hands
    # North's spades: AKQJ in the knockout's deal, AQ7654 in the Swiss's
    assert NORTH_KNOCKOUT in text_of(semis) and NORTH_SWISS not in text_of(semis)
    assert NORTH_SWISS in text_of(swiss_hands) and NORTH_KNOCKOUT not in text_of(swiss_hands)
    listed = director_client.get(reverse("director-deals", args=[event.pk])).text
    assert "Knockout · Semi-finals: 2 deals from “semis.pbn”" in listed
    assert "Swiss · Round 1: 2 deals from “swiss-1.pbn”" in listed
    download = director_client.get(reverse("director-deals-file", args=[event.pk, 2, 1, "pbn"]))
    assert download["Content-Disposition"].endswith('-stage-2-round-1-deals.pbn"')
    assert "AKQJ.AKQ.AKQ.AKQ" in download.content.decode()


def test_the_import_deals_command_takes_the_stage(played, tmp_path):
    event, swiss, knockout, semi_finals = played
    data = tmp_path / "semis.pbn"
    data.write_bytes(random_deals_pbn(2, "Semi-finals", event.date))
    out = io.StringIO()
    call_command("import_deals", event.pk, data, "--stage", "2", "--round", "1", stdout=out)
    assert "Stage 2, round 1 of" in out.getvalue()
    assert Deal.objects.for_round(knockout, 1).exists()
    assert (
        list(Deal.objects.for_round(swiss, 1).values_list("source", flat=True))
        == ["swiss-1.pbn"] * 2
    )


def test_hand_records_published_for_the_semi_finals_leave_the_swiss_round_1_hidden(
    director, director_client, ids_after_a_season
):
    event, swiss, knockout, semi_finals = make_swiss_then_knockout(
        director, hands_public="director"
    )
    actions.import_deals(swiss, 1, deals_of(SWISS_HANDS), source="swiss-1.pbn", user=director)
    actions.import_deals(knockout, 1, deals_of(KNOCKOUT_HANDS), source="semis.pbn", user=director)
    response = director_client.post(reverse("director-publish-hands", args=[event.pk, 2, 1]))
    assert response.status_code == 302
    assert [(r.stage_id, r.round) for r in HandsRelease.objects.filter(event=event)] == [
        (knockout.pk, 1)
    ]
    from django.test import Client

    public = Client()
    public.cookies["django_language"] = "en"
    semis = public.get(reverse("hand-records", args=[event.pk, 2, 1])).text
    swiss_hands = public.get(reverse("hand-records", args=[event.pk, 1, 1])).text
    assert NORTH_KNOCKOUT in text_of(semis) and NORTH_SWISS not in text_of(swiss_hands)


def test_old_event_round_addresses_go_on_to_stage_1s_round(client, director_client, played):
    event, *_ = played
    for old, new in [
        (
            f"/director/events/{event.pk}/rounds/1/monitor/",
            reverse("director-monitor", args=[event.pk, 1, 1]),
        ),
        (
            f"/director/events/{event.pk}/rounds/2/lineups/",
            reverse("director-lineups", args=[event.pk, 1, 2]),
        ),
        (
            f"/director/events/{event.pk}/rounds/1/deals.pbn",
            reverse("director-deals-file", args=[event.pk, 1, 1, "pbn"]),
        ),
    ]:
        response = director_client.get(old)
        assert response.status_code == 308 and response["Location"] == new
    assert director_client.get(f"/director/events/{event.pk}/rounds/1/nothing/").status_code == 404
    for old, name in [("/hands/", "hand-records"), (".pbn", "round-pbn"), (".csv", "round-csv")]:
        response = client.get(f"/events/{event.pk}/rounds/1{old}?per_page=6")
        assert response.status_code == 308
        assert response["Location"] == reverse(name, args=[event.pk, 1, 1]) + "?per_page=6"


def test_in_play_is_decided_within_the_stages_round(played, director):
    """The semi-finals' boards are in play while a semi-final still has to play them,
    whatever the Swiss's round 1 (finished) did with boards of the same numbers."""
    from matches.queries.fair_play import event_view

    event, swiss, knockout, semi_finals = played
    actions.import_deals(knockout, 1, deals_of(KNOCKOUT_HANDS), source="semis.pbn", user=director)
    first, second = semi_finals
    enter(first, 1, "open", "3NT", "S", "=")
    enter(first, 1, "closed", "3NT", "S", "=")
    view = event_view(event, sees_all=False)
    assert not view.hides_hands(swiss.pk, 1, 1)  # every Swiss table played board 1
    assert view.hides_hands(knockout.pk, 1, 1)  # the second semi-final has not
    enter(second, 1, "open", "3NT", "S", "=")
    enter(second, 1, "closed", "3NT", "S", "=")
    view = event_view(event, sees_all=False)
    assert not view.hides_hands(knockout.pk, 1, 1) and view.hides_hands(knockout.pk, 1, 2)
