"""USEBIO 1.2 team results and CSV downloads, checked as a federation's or spreadsheet's reader."""

import csv
import datetime
import io
import xml.etree.ElementTree as ET
from decimal import Decimal

from matches.interchange import usebio
from matches.interchange.csv import csv_bytes


def event():
    return usebio.Event(
        name="俱乐部队式赛 & Co",
        date=datetime.date(2025, 3, 4),
        identifier="17",
        boards_played=2,
        teams=[
            usebio.Team(1, "老虎", ["张伟", "李娜"], place=1, total_vp=Decimal("15.50")),
            usebio.Team(2, "Lions", ["Smith", "Jones"], place=2, total_vp=Decimal("4.50")),
        ],
        matches=[
            usebio.Match(
                round=1,
                home=1,
                away=2,
                home_vp=Decimal("15.5"),
                away_vp=Decimal("4.5"),
                home_imps=12,
                away_imps=3,
                boards=[
                    usebio.Board(
                        1,
                        [
                            usebio.Line(1, 2, "4S", "N", "HK", 10, 420, ns_imps=10, ew_imps=0),
                            usebio.Line(2, 1, "4S", "S", "", 9, -50, ns_imps=0, ew_imps=10),
                        ],
                    ),
                    usebio.Board(
                        2,
                        [
                            usebio.Line(1, 2, None, ns_imps=2),
                            usebio.Line(2, 1, None, ew_imps=2),
                        ],
                    ),
                ],
            )
        ],
    )


def test_the_document_is_well_formed_utf8_usebio_1_2_for_a_teams_event():
    data = usebio.write_usebio(event())
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert b"-//EBU//DTD USEBIO 1.2//EN" in data
    root = ET.fromstring(data)
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    xml_event = root.find("EVENT")
    assert xml_event.get("EVENT_TYPE") == "TEAMS"
    assert xml_event.findtext("EVENT_DESCRIPTION") == "俱乐部队式赛 & Co"
    assert xml_event.findtext("DATE") == "04/03/2025"
    assert xml_event.findtext("BOARD_SCORING_METHOD") == "IMPS"
    assert xml_event.findtext("MATCH_SCORING_METHOD") == "VPS"


def test_the_club_element_comes_first_as_published_readers_take_it():
    root = ET.fromstring(usebio.write_usebio(event()))
    assert [child.tag for child in root] == ["CLUB", "EVENT"]
    club = root.find("CLUB")
    assert club.findtext("CLUB_NAME") == "俱乐部队式赛 & Co"  # no club kept: the event's name
    assert club.findtext("CLUB_ID_NUMBER") == root.find("EVENT").findtext("EVENT_IDENTIFIER")


def test_participants_are_teams_with_their_players_place_and_vp():
    root = ET.fromstring(usebio.write_usebio(event()))
    teams = root.findall("EVENT/PARTICIPANTS/TEAM")
    assert [t.findtext("TEAM_NAME") for t in teams] == ["老虎", "Lions"]
    assert [p.findtext("PLAYER_NAME") for p in teams[0].findall("PLAYER")] == ["张伟", "李娜"]
    assert teams[0].findtext("PLACE") == "1" and teams[0].findtext("TOTAL_SCORE") == "15.50"


def test_each_match_has_its_round_teams_vp_imps_and_boards_with_a_line_per_room():
    root = ET.fromstring(usebio.write_usebio(event()))
    match = root.find("EVENT/MATCH")
    assert [match.findtext(n) for n in ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM")] == ["1", "1", "2"]
    assert match.findtext("TEAM_SCORE") == "15.50"
    assert match.findtext("OPPOSING_TEAM_SCORE") == "4.50"
    assert match.findtext("TEAM_IMPS") == "12"
    board = match.find("BOARD")
    lines = board.findall("TRAVELLER_LINE")
    assert board.findtext("BOARD_NUMBER") == "1" and len(lines) == 2
    first = lines[0]
    assert [first.findtext(n) for n in ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")] == [
        "4S",
        "N",
        "HK",
        "10",
        "420",
    ]
    assert first.findtext("NS_MATCH_POINTS") == "10"


def test_an_artificial_score_has_no_contract_and_score_a():
    root = ET.fromstring(usebio.write_usebio(event()))
    line = root.findall("EVENT/MATCH/BOARD")[1].find("TRAVELLER_LINE")
    assert line.find("CONTRACT") is None and line.findtext("SCORE") == "A"


def test_a_csv_starts_with_a_bom_and_reads_back_in_both_languages():
    data = csv_bytes(["排名", "Team", "VP"], [[1, "老虎", "15.50"], [2, "Lions", "-3"]])
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [["排名", "Team", "VP"], ["1", "老虎", "15.50"], ["2", "Lions", "-3"]]
    assert b"\r\n" in data


def test_text_a_spreadsheet_would_run_as_a_formula_stays_text():
    data = csv_bytes(["Team"], [['=HYPERLINK("x")'], ["-420"], ["+1"], ["@SUM(A1)"]])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1:] == [['\'=HYPERLINK("x")'], ["-420"], ["+1"], ["'@SUM(A1)"]]
