"""PBN written by the app: export format, read back by endplay's parser and by our own."""

import io

from endplay.parsers import pbn as endplay_pbn

from matches.interchange.pbn import MANDATORY_TAGS, read_games, read_results, write_games

DEAL = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
GAMES = [
    {
        "Event": '俱乐部 "周二" 队式赛', "Site": "杭州", "Date": "2025.03.04", "Board": 1,
        "Room": "Open", "HomeTeam": "Tigers", "VisitTeam": "Lions",
        "North": "钱", "South": "李", "East": "孙", "West": "赵",
        "Dealer": "N", "Vulnerable": "None", "Deal": DEAL, "Scoring": "IMP",
        "Declarer": "E", "Contract": "2NT", "Result": 8, "Score": "NS 100", "ScoreIMP": "-7",
    },
    {
        "Event": "Club", "Board": 1, "Room": "Closed", "HomeTeam": "Tigers",
        "VisitTeam": "Lions", "Dealer": "N", "Vulnerable": "None", "Deal": DEAL,
        "Declarer": "W", "Contract": "3NTX", "Result": 9, "Score": "EW 550",
    },
    {
        "Event": "Club", "Board": 2, "Room": "Open", "HomeTeam": "Tigers", "VisitTeam": "Lions",
        "Dealer": "E", "Vulnerable": "NS", "Declarer": "", "Contract": "Pass", "Result": "",
    },
]  # fmt: skip


def test_the_export_has_the_mandatory_tags_in_order_then_the_rest_alphabetically():
    text = write_games(GAMES)
    first_game = text.split("\r\n\r\n")[1]
    names = [line.split(" ")[0][1:] for line in first_game.split("\r\n") if line.startswith("[")]
    assert names[:15] == list(MANDATORY_TAGS)
    assert names[15:] == sorted(names[15:])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")


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
    played = read_results(write_games(GAMES).encode())
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
