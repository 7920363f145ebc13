"""Reading PBN files as dealing programs, scorers and table devices write them."""

import tracemalloc
from pathlib import Path

import pytest

from matches.interchange import deal_formats
from matches.interchange.pbn import (
    MOST_PROBLEMS,
    PbnError,
    decode,
    lines,
    read_deals,
    read_games,
    read_results,
    score_ns,
)
from matches.interchange.pbn_games import CHUNK
from matches.scoring import Contract, Seat

DATA = Path(__file__).parent.parent / "data"


def data(name: str) -> bytes:
    return (DATA / name).read_bytes()


def test_a_file_with_bom_crlf_comments_and_statistics_gives_its_16_deals():
    found = read_deals(data("deals_with_comments_and_statistics.pbn"))
    assert [d.board for d in found.deals] == list(range(1, 17))
    assert found.deals[0].deal.pbn() == (
        "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
    )
    assert found.warnings == []


def test_deals_written_from_another_first_seat_are_the_same_hands():
    found = read_deals(data("deals_with_comments_and_statistics.pbn"))
    board_2 = found.deals[1]  # written "E:…" in the file
    assert board_2.deal.pbn().startswith("N:62.K972.K984.A95 ")


def test_tags_keep_chinese_text_and_hash_repeats_the_previous_game():
    text = decode(data("deals_with_comments_and_statistics.pbn"))
    games = read_games(text)
    assert games[0].get("Event") == "俱乐部周二队式赛"
    assert games[5].get("event") == "俱乐部周二队式赛"
    assert games[5].get("Site") == "Hangzhou"


def test_a_statistics_table_is_kept_as_the_lines_under_its_tag():
    games = read_games(decode(data("deals_with_comments_and_statistics.pbn")))
    assert games[0].get("OptimumResultTable") == r"Declarer;Denomination\2R;Result\2R"
    assert games[0].sections["OptimumResultTable"][:2] == ["N NT 5", "N S 6"]
    assert games[-1].sections["TotalScoreTable"][0].startswith('1  3 "张伟 - 李娜"')


def test_a_comment_over_several_lines_with_a_blank_line_does_not_end_the_game():
    games = read_games(decode(data("deals_with_comments_and_statistics.pbn")))
    assert games[1].get("Board") == "2"
    assert games[1].get("Result") == ""  # the tags after the comment belong to board 2
    assert len([g for g in games if g.get("Board")]) == 16


def test_a_gbk_file_is_read_with_its_chinese_tags():
    raw = data("deals_gbk.pbn")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    found = read_deals(raw)
    assert [d.board for d in found.deals] == list(range(1, 9))
    assert read_games(decode(raw))[0].get("Site") == "北京"
    assert found.warnings == []  # "Both" is read as all vulnerable


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_a_unicode_file_as_notepad_saves_it_is_read_with_its_byte_order_mark(encoding):
    text = data("deals_with_comments_and_statistics.pbn").decode("utf-8-sig")
    raw = ("\ufeff" + text).encode(encoding) if encoding.endswith("-be") else text.encode(encoding)
    found = read_deals(raw)
    assert [d.board for d in found.deals] == list(range(1, 17))
    assert read_games(decode(raw))[0].get("Event") == "俱乐部周二队式赛"
    assert list(lines(raw))[:3] == text.splitlines()[:3]
    assert deal_formats.detect(raw[: deal_formats.HEAD]) is deal_formats.FORMATS["pbn"]


def test_a_file_with_broken_deals_is_refused_naming_each_board_and_fault():
    with pytest.raises(PbnError) as caught:
        read_deals(data("deals_broken.pbn"))
    problems = {(p.board, p.code): p.params for p in caught.value.problems}
    assert problems == {
        (3, "deal-count"): {"seat": Seat.WEST, "count": 12},
        (5, "deal-duplicate"): {"card": "H8", "seat": Seat.NORTH, "other": Seat.EAST},
    }


def test_a_dealer_or_vulnerability_that_disagrees_with_the_board_number_is_a_warning():
    text = (
        '[Board "2"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"]\n'
    )
    found = read_deals(text.encode())
    assert [(w.code, w.board, w.params) for w in found.warnings] == [
        ("dealer", 2, {"found": "N", "expected": "E"}),
        ("vulnerable", 2, {"found": "None", "expected": "NS"}),
    ]


GOOD_DEAL = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "no-deals"),
        ('[Event "x"]\n', "no-deals"),
        (f'[Deal "{GOOD_DEAL}"]', "no-board"),
        (f'[Board "0"]\n[Deal "{GOOD_DEAL}"]', "bad-board"),
        ("\x00\x01binary junk", "no-deals"),
    ],
    ids=["empty", "no deal", "no board", "board 0", "not text"],
)
def test_a_file_without_usable_deals_says_why(text, code):
    with pytest.raises(PbnError) as caught:
        read_deals(text.encode())
    assert [p.code for p in caught.value.problems] == [code]


def test_the_same_board_twice_with_different_hands_is_refused():
    deal_1 = "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
    deal_2 = "N:KJ98.T7.KJ8.Q543 AQ7654.92.Q52.J9 T.AK643.74.AT862 32.QJ85.AT963.K7"
    text = f'[Board "1"]\n[Deal "{deal_1}"]\n\n[Board "1"]\n[Deal "{deal_2}"]\n'
    with pytest.raises(PbnError) as caught:
        read_deals(text.encode())
    assert [(p.code, p.board) for p in caught.value.problems] == [("conflict", 1)]


def test_played_results_are_read_with_room_teams_contract_declarer_and_tricks():
    played = read_results(data("results_table_devices.pbn")).games
    first = played[0]
    assert (first.board, first.room, first.home, first.visit) == (1, "open", "Tigers", "Lions")
    assert (first.contract, first.declarer, first.tricks, first.lead) == (
        Contract.parse("2NT"),
        Seat.EAST,
        8,
        "S6",
    )
    assert played[1].room == "closed" and played[1].home == "Tigers"
    assert played[2].contract == Contract.parse("4SX")
    assert played[3].contract.is_pass and played[3].declarer is None


@pytest.mark.parametrize(
    ("tags", "code"),
    [
        ('[Contract "4S"]\n[Declarer "N"]\n[Result "10"]', "no-board"),
        ('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]', "room"),
        ('[Board "1"]\n[Room "Open"]\n[Contract "4Z"]\n[Declarer "N"]\n[Result "10"]', "contract"),
        ('[Board "1"]\n[Room "Open"]\n[Contract "4S"]\n[Declarer "?"]\n[Result "10"]', "declarer"),
        ('[Board "1"]\n[Room "Open"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "14"]', "result"),
    ],
    ids=["no board", "no room", "bad contract", "unknown declarer", "14 tricks"],
)
def test_a_results_file_with_an_unreadable_game_is_refused_whole(tags, code):
    good = '[Board "2"]\n[Room "Open"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n\n'
    with pytest.raises(PbnError) as caught:
        read_results((good + tags).encode())
    assert [p.code for p in caught.value.problems] == [code]


def test_hash_takes_the_nearest_previous_game_that_has_the_tag_4_8():
    # PBN 2.1 §4.8: "#" inherits from the nearest previous game with the tag, looking
    # further back past games without it; with none, the value is "".
    text = '[Event "Club"]\n[Board "1"]\n\n[Board "2"]\n\n[Event "#"]\n[Site "#"]\n[Board "3"]\n'
    games = read_games(text)
    assert games[2].get("Event") == "Club"
    assert games[2].get("Site") == ""


def test_a_double_hash_value_holds_for_every_later_game_until_redefined_4_8():
    # §4.8: "##" at the top of the file is a header: the text after it is used in every
    # later game that leaves the tag out; a later value (with or without ##) takes over.
    text = (
        '[Event "##Poland Open"]\n[Date "##2025.03.04"]\n\n'
        '[Board "1"]\n\n'
        '[Board "2"]\n[Date "2025.03.05"]\n\n'
        '[Board "3"]\n\n'
        '[Board "4"]\n[Event "#"]\n'
    )
    games = read_games(text)
    assert [g.get("Event") for g in games] == ["Poland Open"] * 5
    assert [g.get("Date") for g in games] == [
        "2025.03.04",
        "2025.03.04",
        "2025.03.05",
        "2025.03.05",
        "2025.03.05",
    ]


def test_a_team_named_with_a_double_hash_is_the_name_after_it_4_8():
    text = (
        '[HomeTeam "##Poland"]\n[VisitTeam "##Lions"]\n[Board "1"]\n[Room "Open"]\n'
        '[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n\n'
        '[Board "2"]\n[Room "Open"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
    )
    played = read_results(text.encode()).games
    assert [(p.board, p.home, p.visit) for p in played] == [
        (1, "Poland", "Lions"),
        (2, "Poland", "Lions"),
    ]


def test_hash_is_not_inherited_where_4_8_forbids_it():
    # §4.8: "#" is forbidden for Dealer, Vulnerable, Deal, Declarer, Contract…: a contract
    # of "#" is no contract, not the previous game's.
    text = (
        '[Board "1"]\n[Room "Open"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n\n'
        '[Board "1"]\n[Room "Closed"]\n[Contract "#"]\n[Declarer "#"]\n[Result "#"]\n'
    )
    with pytest.raises(PbnError) as caught:
        read_results(text.encode())
    assert [(p.code, p.params) for p in caught.value.problems] == [("contract", {"value": "#"})]


@pytest.mark.parametrize(
    ("value", "declarer", "ns"),
    [
        ("NS 420", Seat.EAST, 420),
        ("EW 420", Seat.NORTH, -420),
        ("NS -50 EW 50", Seat.NORTH, -50),
        ("EW 100 NS -100", Seat.WEST, -100),
        ("420", Seat.SOUTH, 420),  # a bare value is the declarer's side's
        ("420", Seat.WEST, -420),
        ("0", None, 0),
        ("NS", Seat.NORTH, None),
        ("NS 420 NS 5", Seat.NORTH, None),
        ("about 420", Seat.NORTH, None),
    ],
)
def test_a_score_is_read_in_the_five_formats_of_4_2_1(value, declarer, ns):
    assert score_ns(value, declarer) == ns


def test_a_results_file_that_disagrees_with_the_board_and_the_scoring_says_where():
    # Board 1 is dealt by North, neither side vulnerable: 4S by East making 11 is E-W 450.
    text = (
        '[Board "1"]\n[Room "Open"]\n[HomeTeam "Tigers"]\n[VisitTeam "Lions"]\n'
        '[Dealer "W"]\n[Vulnerable "All"]\n[Contract "4S"]\n[Declarer "E"]\n[Result "11"]\n'
        '[Score "NS -650"]\n\n'
        '[Board "1"]\n[Room "Closed"]\n[HomeTeam "Tigers"]\n[VisitTeam "Lions"]\n'
        '[Dealer "W"]\n[Vulnerable "All"]\n[Contract "4S"]\n[Declarer "E"]\n[Result "10"]\n'
        '[Score "EW 420"]\n'
    )
    found = read_results(text.encode())
    assert [(p.code, p.board, p.line, p.params["found"]) for p in found.disagreements] == [
        ("dealer", 1, 1, "W"),  # once for the board, not once a game
        ("vulnerable", 1, 1, "All"),
        ("score", 1, 1, "NS -650"),
    ]
    assert found.disagreements[2].params["expected"] == "EW 450"
    assert len(found.games) == 2  # the file is read; whether to import it is the director's


def test_lines_are_split_as_splitlines_splits_them_across_chunk_boundaries():
    text = "a" * (CHUNK - 1) + "\r\n" + "b\rc\n\nd" + "é" * CHUNK + "\r\ne"
    assert list(lines(text.encode())) == text.splitlines()
    assert list(lines(("x" * CHUNK + "\n").encode("gb18030"))) == ["x" * CHUNK]


def test_a_broken_file_lists_its_first_50_problems_and_counts_the_rest():
    text = "\n\n".join(f'[Board "{n}"]\n[Deal "N:AKQ"]' for n in range(1, 1001))
    with pytest.raises(PbnError) as caught:
        read_deals(text.encode())
    assert len(caught.value.problems) == MOST_PROBLEMS == 50
    assert caught.value.more == 950


def test_a_10_mb_file_is_read_from_its_stream_without_copies_of_its_text(tmp_path):
    commentary = "{" + "说明" * 700 + "}\n"  # a table device's long notes, 4 KB a game
    game = '[Board "{}"]\n[Room "Open"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n'
    path = tmp_path / "results.pbn"
    with path.open("w", encoding="utf-8") as file:
        for number in range(2500):
            file.write(game.format(number % 32 + 1) + commentary + "\n")
    assert path.stat().st_size > 10_000_000
    tracemalloc.start()
    try:
        with path.open("rb") as stream:
            found = read_results(stream)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(found.games) == 2500
    # The text, its lines and its bytes would be 40 MB and more; a line at a time, it is
    # the games read and a 64 KB chunk.
    assert peak < 3_000_000


def test_a_board_or_result_in_superscript_digits_is_refused_not_an_error():
    """Python calls "³" a digit, but int() refuses it: the file is refused, not a 500."""
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deals = f'[Board "³"]\n[Deal "{deal}"]\n'
    with pytest.raises(PbnError) as refused:
        read_deals(deals.encode())
    assert [p.code for p in refused.value.problems] == ["bad-board"]
    game = '[Board "1"]\n[Room "Open"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "¹⁰"]\n'
    with pytest.raises(PbnError) as refused:
        read_results(game.encode())
    assert [p.code for p in refused.value.problems] == ["result"]
