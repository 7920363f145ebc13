"""PBN written by the app: export format, read back by endplay's parser and by our own."""

import io

import pytest
from endplay.parsers import pbn as endplay_pbn

from matches.interchange.pbn import (
    MANDATORY_TAGS,
    par_contracts_value,
    read_games,
    read_results,
    side_value,
    write_games,
)
from matches.scoring.double_dummy import ParContract

DEAL = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
GAMES = [
    {
        "Event": '俱乐部 "周二" 队式赛',
        "Site": "杭州",
        "Date": "2025.03.04",
        "Board": 1,
        "Room": "Open",
        "HomeTeam": "Tigers",
        "VisitTeam": "Lions",
        "North": "钱",
        "South": "李",
        "East": "孙",
        "West": "赵",
        "Dealer": "N",
        "Vulnerable": "None",
        "Deal": DEAL,
        "Scoring": "IMP",
        "Declarer": "E",
        "Contract": "2NT",
        "Result": 8,
        "Score": "NS 100",
        "ScoreIMP": "-7",
    },
    {
        "Event": "Club",
        "Board": 1,
        "Room": "Closed",
        "HomeTeam": "Tigers",
        "VisitTeam": "Lions",
        "Dealer": "N",
        "Vulnerable": "None",
        "Deal": DEAL,
        "Declarer": "W",
        "Contract": "3NTX",
        "Result": 9,
        "Score": "EW 550",
    },
    {
        "Event": "Club",
        "Board": 2,
        "Room": "Open",
        "HomeTeam": "Tigers",
        "VisitTeam": "Lions",
        "Dealer": "E",
        "Vulnerable": "NS",
        "Declarer": "",
        "Contract": "Pass",
        "Result": "",
    },
]


def test_the_export_has_the_mandatory_tags_in_order_then_the_rest_alphabetically():
    text = write_games(GAMES)
    for game in text.split("\r\n\r\n"):  # §3.4: the MTS in order, then alphabetically
        names = [line.split(" ")[0][1:] for line in game.split("\r\n") if line.startswith("[")]
        assert names[:15] == list(MANDATORY_TAGS)
        assert names[15:] == sorted(names[15:])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")


def test_the_header_states_the_charset_and_the_first_game_follows_it_at_once():
    text = write_games(GAMES, comments=["Creator: scoresheet"])
    lines = text.split("\r\n")
    # §2.4 escape lines, then the first game: §3, only the games after it open with an
    # empty line; the charset is UTF-8, not PBN's ISO 8859-1 (§2.2), and says so.
    assert lines[:5] == [
        "% PBN 2.1",
        "% EXPORT",
        "% Content-type: text/x-pbn; charset=UTF-8",
        "% Creator: scoresheet",
        '[Event "俱乐部 \\"周二\\" 队式赛"]',
    ]
    assert text.count("\r\n\r\n") == len(GAMES) - 1
    assert text.endswith("]\r\n")  # each line ends with CRLF (§2.3), the last one too


@pytest.mark.parametrize(
    ("contracts", "written"),
    [
        (["4S by N", "4S by S"], "NS 4S="),
        (["1S+2 by E", "1S+2 by W"], "EW 1S+2"),
        (["3NT by N"], "N 3NT="),
        (["5HX-2 by W", "5HX-2 by E", "5SX-2 by E"], "EW 5HX-2;E 5SX-2"),
        (["4H by N", "4S by E", "4H by S"], "NS 4H=;E 4S="),
    ],
)
def test_par_contracts_are_written_as_bridgecomposer_writes_them(contracts, written):
    assert par_contracts_value([ParContract.parse(text) for text in contracts]) == written


@pytest.mark.parametrize(("ns", "written"), [(420, "NS 420"), (0, "NS 0"), (-100, "EW 100")])
def test_a_north_south_figure_is_written_with_its_side_named(ns, written):
    assert side_value(ns) == written  # §4.2.1: never a bare value, the declarer's


def test_quotes_in_values_are_escaped_and_read_back():
    games = read_games(write_games(GAMES))
    assert games[0].get("Event") == '俱乐部 "周二" 队式赛'


def test_endplay_reads_every_contract_and_result_back():
    boards = endplay_pbn.load(io.StringIO(write_games(GAMES)))
    assert len(boards) == 3
    first, second, third = boards
    assert (first.board_num, first.contract.level, first.contract.declarer.abbr) == (1, 2, "E")
    assert str(first.deal.to_pbn()) == DEAL
    assert first.contract.result == 0  # 8 tricks in 2NT: made exactly
    assert second.contract.penalty.abbr == "x" and second.contract.result == 0
    assert third.contract.is_passout()
    assert first.info["Room"] == "Open" and first.info["HomeTeam"] == "Tigers"


def test_our_results_reader_reads_the_export_back():
    played = read_results(write_games(GAMES).encode()).games
    assert [(p.board, p.room, str(p.contract), p.tricks) for p in played] == [
        (1, "open", "2NT", 8),
        (1, "closed", "3NTX", 9),
        (2, "open", "PASS", None),
    ]


def test_a_note_is_written_as_a_commentary_endplay_skips():
    games = [dict(GAMES[0], _note="Artificial adjusted score {Law 12C1}")]
    text = write_games(games)
    assert "{Artificial adjusted score (Law 12C1)}" in text
    assert len(endplay_pbn.load(io.StringIO(text))) == 1
