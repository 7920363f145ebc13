"""Hand records on the pages players read, the JSON feed, and the downloads, as users get them."""

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from endplay.parsers import pbn as endplay_pbn

from matches import actions
from matches.models import Player, Result
from matches.models.stages import first_stage
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_match, make_team

DATA = Path(__file__).parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]
BOARD_1 = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"


@pytest.fixture
def match():
    # about how hand records show, not when: the director publishes them before play
    event = make_event(name="Club teams", hands_public="director")
    actions.publish_hands(first_stage(event), round_number=1, user=None)
    match = make_match(event, home=make_team(event, "Tigers"), away=make_team(event, "Lions"))
    with translation.override("en"):
        call_command(
            "import_deals",
            event.pk,
            DATA / "deals_with_comments_and_statistics.pbn",
            "--round",
            "1",
            stdout=io.StringIO(),
        )
    return match


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_traveller_shows_the_four_hands_double_dummy_and_par(english, match):
    html = page(english, reverse("traveller", args=[match.event_id, 1, 1]))
    assert html.count('class="hd-hand ') == 4
    hearts = '<span class="suit suit-h" aria-hidden="true">♥</span>'
    assert f'{hearts}<span class="visually-hidden">hearts</span> 9 2' in html
    assert "A Q 7 6 5 4" in html  # North's spades, tens and all as printed
    assert "Dealer: North · Neither vulnerable" in html
    assert "dd-table" in html
    assert "Par</strong>" in html and "E-W +120" in html


def test_each_result_on_the_traveller_shows_its_score_against_par(english, match):
    enter(match, 1, "open", "3NT", "W", "=")  # E-W +400 against par E-W +120: N-S lose 7
    enter(match, 1, "closed", "2NT", "E", "=")  # par exactly
    html = page(english, reverse("traveller", args=[match.event_id, 1, 1]))
    assert "\u22127 vs par" in html  # a real minus sign
    assert "0 vs par" in html


def test_the_traveller_of_a_board_without_a_deal_has_no_diagram(english):
    match = make_match()
    html = page(english, reverse("traveller", args=[match.event_id, 1, 1]))
    assert "hd-hand" not in html and "vs par" not in html


def test_the_chinese_traveller_reads_in_chinese(chinese, match):
    html = page(chinese, reverse("traveller", args=[match.event_id, 1, 1]))
    assert "发牌人：北" in html
    assert "双明手" in html and "定约" in html


def test_the_scorecard_lists_each_boards_hand_record(english, match):
    html = page(english, match.get_absolute_url())
    assert html.count('<details id="hand-') == 16
    assert reverse("hand-records", args=[match.event_id, 1, 1]) in html


def test_deals_imported_after_a_scorecard_was_seen_show_on_it_and_on_the_rounds_other_match(
    english,
):
    """The hand records on a scorecard are kept once for the round (every match of it plays
    the same deals) and rendered again when the event's deals change, not when a result does."""
    event = make_event(name="Club teams", hands_public="director")
    match, other = make_match(event), make_match(event)
    actions.publish_hands(first_stage(event), round_number=1, user=None)
    assert '<details id="hand-' not in page(english, match.get_absolute_url())
    with translation.override("en"):
        call_command(
            "import_deals",
            event.pk,
            DATA / "deals_with_comments_and_statistics.pbn",
            "--round",
            "1",
            stdout=io.StringIO(),
        )
    for shown in (match, other, match):
        assert page(english, shown.get_absolute_url()).count('<details id="hand-') == 16
    enter(match, 1, "open", "4S", "N", "=")
    html = page(english, match.get_absolute_url())
    assert html.count('<details id="hand-') == 16 and 'data-board="1"' in html


def test_the_json_feed_gives_each_board_its_deal_double_dummy_and_par(client, match):
    data = client.get(reverse("scorecard-json", args=[match.pk])).json()
    deal = data["boards"][0]["deal"]
    assert deal["pbn"] == BOARD_1
    assert deal["double_dummy"]["W"] == {"C": 5, "D": 8, "H": 6, "S": 6, "NT": 8}
    assert deal["par"] == {"score": -120, "contracts": ["2NT by E", "2NT by W"]}


def test_the_json_feed_gives_null_for_a_board_without_a_deal(client):
    match = make_match()
    data = client.get(reverse("scorecard-json", args=[match.pk])).json()
    assert data["boards"][0]["deal"] is None


def test_the_printable_sheet_puts_four_or_six_boards_to_a_page(english, match):
    url = reverse("hand-records", args=[match.event_id, 1, 1])
    assert page(english, url).count('class="hand-page per-4"') == 4
    assert page(english, url + "?per_page=6").count('class="hand-page per-6"') == 3


def test_a_round_without_deals_has_no_hand_records(english, match):
    assert english.get(reverse("hand-records", args=[match.event_id, 1, 2])).status_code == 404


STRAINS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}


def test_the_apps_pbn_export_is_read_back_by_endplay_with_every_contract_and_result(client, match):
    enter(match, 1, "open", "3NT", "W", "=", lead="S6")
    enter(match, 1, "closed", "2NTX", "E", "-1")
    enter(match, 2, "open", "PASS")
    response = client.get(reverse("match-pbn", args=[match.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="match-{match.pk}.pbn"'
    boards = endplay_pbn.load(io.StringIO(response.content.decode("utf-8")))
    assert len(boards) == 32  # 16 boards, each room its own game
    played = {(b.board_num, b.info["Room"]): b for b in boards}
    deals = match.event.deals.filter(round=1)
    for result in Result.objects.filter(board__match=match).select_related("board"):
        game = played[(result.board.number, result.room.title())]
        assert game.deal.to_pbn() == deals.get(board=result.board.number).pbn
        if result.contract.is_pass:
            assert game.contract.is_passout()
            continue
        contract = game.contract
        assert (contract.level, STRAINS[contract.denom.name]) == (result.level, result.strain)
        assert contract.penalty.abbr.upper() == result.doubling
        assert contract.declarer.abbr == result.declarer
        assert contract.level + 6 + contract.result == result.tricks
    assert played[(1, "Open")].info["HomeTeam"] == "Tigers"
    assert played[(1, "Open")].info["OptimumScore"] == "EW 120"


def test_the_round_pbn_and_csv_downloads(client, match):
    enter(match, 3, "open", "4S", "N", "+1")
    pbn = client.get(reverse("round-pbn", args=[match.event_id, 1, 1])).content.decode()
    assert pbn.startswith("% PBN 2.1\r\n% EXPORT")
    data = client.get(reverse("round-csv", args=[match.event_id, 1, 1])).content
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Home team", "Away team", "Board"] or rows[0][:3] == [
        "主队",
        "客队",
        "牌号",
    ]
    assert rows[5][:3] == ["Tigers", "Lions", "3"] and rows[5][4] == "4S"


def test_the_standings_csv_opens_in_a_spreadsheet_in_chinese(chinese, match):
    enter(match, 3, "open", "4S", "N", "+1")
    enter(match, 3, "closed", "4S", "N", "=")
    data = chinese.get(reverse("standings-csv", args=[match.event_id])).content
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][0] == "排名"
    assert {rows[1][1], rows[2][1]} == {"Tigers", "Lions"}


def test_usebio_gives_teams_with_players_and_matches_with_boards_imps_and_vp(client, match):
    enter(match, 3, "open", "4S", "N", "+1")
    enter(match, 3, "closed", "4S", "N", "=")
    data = client.get(reverse("event-usebio", args=[match.event_id])).content
    root = ET.fromstring(data)
    assert root.get("Version") == "1.2"
    teams = root.findall("EVENT/PARTICIPANTS/TEAM")
    assert {t.findtext("TEAM_NAME") for t in teams} == {"Tigers", "Lions"}
    assert len(teams[0].findall("PLAYER")) == 4
    xml_match = root.find("EVENT/MATCH")
    assert xml_match.findtext("ROUND_NUMBER") == "1"
    board = xml_match.find("BOARD")
    assert board.findtext("BOARD_NUMBER") == "3"
    assert [line.findtext("SCORE") for line in board.findall("TRAVELLER_LINE")] == ["450", "420"]
    assert xml_match.findtext("TEAM_IMPS") == "1"


def test_butler_rankings_wait_for_line_ups_then_rank_each_pair(english, match):
    url = reverse("butler", args=[match.event_id])
    assert "No line-ups have been entered yet" in page(english, url)
    home = list(Player.objects.filter(team=match.home).order_by("pk"))
    away = list(Player.objects.filter(team=match.away).order_by("pk"))
    seats = {}
    for room, ns, ew in (("open", home[:2], away[:2]), ("closed", away[2:], home[2:])):
        for seat, player in zip("NSEW", [*ns, *ew], strict=True):
            seats[(room, seat)] = player
    actions.set_seating(match, 1, seats, user=None)
    enter(match, 3, "open", "4S", "N", "+1")  # Tigers N-S +450
    enter(match, 3, "closed", "4S", "N", "-1")  # Lions C-D N-S -50: datum 200
    html = page(english, url)
    assert "Tigers A – Tigers B" in html
    assert html.index("Tigers A – Tigers B") < html.index("Lions A – Lions B")
    assert html.index("Tigers C – Tigers D") < html.index("Lions C – Lions D")
    assert "6.00" in html  # +250 against the datum: 6 IMPs in 1 board
