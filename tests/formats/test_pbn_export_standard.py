"""The app's PBN downloads as PBN 2.1 export format defines it, read by an independent reader.

endplay's PBN reader (its tokenizer: tags, comments, the ``%`` header) reads every game of
a round's download; each game is then checked against the standard
(``../shared/standards/pbn_v21.txt``): §3 (no empty line before the first game), §2.4
(the ``%`` header), §3.4.11 (in export format the deal starts at the dealer, ranks in
descending order), §4.2.1 and §4.2.2 (Score and ScoreIMP: "NS x", "EW x", or a bare value
that is the declarer's side's) against the two rooms' scores.
"""

import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from endplay.parsers.pbn import PBNDecoder
from endplay.types import Deal as EndplayDeal

from matches import actions
from matches.models import Board, Deal, Result
from matches.scoring import Contract, imps, parse_result
from matches.scoring.cards import RANKS
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import make_event, make_match, make_team

DATA = Path(__file__).parent.parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]

# Both rooms of every board, (contract, declarer, result): the IMPs go either way, declared
# from every seat, doubled, passed out, made and failed.
OPEN = [
    ("4S", "N", "="),
    ("3NT", "E", "+1"),
    ("2H", "S", "-1"),
    ("4HX", "W", "-2"),
    ("1NT", "N", "="),
    ("PASS", "", ""),
    ("6D", "E", "="),
    ("3C", "S", "+2"),
    ("5DX", "W", "-1"),
    ("2S", "N", "+1"),
    ("3NT", "S", "-2"),
    ("4S", "E", "="),
    ("2NT", "W", "="),
    ("4H", "N", "+1"),
    ("3D", "E", "-1"),
    ("1S", "S", "+3"),
]
CLOSED = [
    ("4S", "N", "-1"),
    ("3NT", "E", "="),
    ("2H", "S", "+1"),
    ("4H", "N", "="),
    ("2NT", "S", "-1"),
    ("1C", "E", "="),
    ("3NT", "E", "+1"),
    ("3C", "S", "="),
    ("5D", "W", "="),
    ("4S", "N", "-2"),
    ("3NT", "N", "="),
    ("4SX", "E", "+1"),
    ("2NT", "W", "="),
    ("4H", "N", "-1"),
    ("3D", "E", "="),
    ("PASS", "", ""),
]


@pytest.fixture
def round_1():
    """Return a 16-board round of three matches with deals, every board played in both
    rooms (the rooms turned round in the second match), one board given an artificial
    adjusted score."""
    event = make_event(name="Export teams")
    teams = [make_team(event, name) for name in ("虎", "Lions", "Bears", "Owls", "Hares", "Foxes")]
    matches = [make_match(event, home=teams[i], away=teams[i + 1], round=1) for i in range(0, 6, 2)]
    with translation.override("en"):
        call_command(
            "import_deals",
            event.pk,
            DATA / "deals_with_comments_and_statistics.pbn",
            "--round",
            "1",
            stdout=io.StringIO(),
        )
    results = []
    for index, match in enumerate(matches):
        rooms = {"open": OPEN, "closed": CLOSED} if index != 1 else {"open": CLOSED, "closed": OPEN}
        for board in Board.objects.filter(match=match):
            for room, played in rooms.items():
                results.append(result(board, room, *played[board.number - 1]))
    actions.load_results(event, results, user=None)
    board = Board.objects.get(match=matches[2], number=16)
    actions.set_artificial_score(board, home_imps=3, away_imps=-3, reason="Fouled", user=None)
    return event


def result(board, room, contract, declarer, made) -> Result:
    row = Result(board=board, room=room, declarer=declarer, version=1)
    row.contract = Contract.parse(contract)
    if not row.contract.is_pass:
        row.tricks = parse_result(made, row.contract)
    return row


class RawTags(PBNDecoder):
    """endplay's PBN reader, keeping each game's tags as its tokenizer read them (endplay's
    boards turn the deal round to North and drop the first seat)."""

    def clear(self):
        super().clear()
        self.games = []

    def _tags_to_board(self):
        self.games.append({name: tag["value"] for name, tag in self.curtags.items()})
        return super()._tags_to_board()


def read(text: str) -> RawTags:
    reader = RawTags()
    reader.parse_file(io.StringIO(text))
    return reader


def ns_of(value: str, declarer: str) -> float:
    """Return North-South's figure in a Score or ScoreIMP value as §4.2.1 defines its five
    formats: "NS x", "EW x", "NS x EW y", "EW y NS x", or a bare "x", the declarer's side's."""
    parts = value.split()
    if len(parts) == 1:
        figure = float(parts[0])
        return figure if declarer in ("N", "S") else -figure
    named = dict(zip(parts[::2], map(float, parts[1::2]), strict=True))
    return named["NS"] if "NS" in named else -named["EW"]


def test_a_rounds_download_is_export_format_read_by_endplay(client, round_1):
    text = client.get(reverse("round-pbn", args=[round_1.pk, 1, 1])).content.decode("utf-8")
    reader = read(text)
    assert reader.metadata["version"] == {"major": 2, "minor": 1}
    assert reader.metadata["format"] == "EXPORT"
    lines = text.split("\r\n")
    header = [line for line in lines[: lines.index("")] if line.startswith("%")]
    # §3: the first game starts at once, no empty line before it; the header says UTF-8.
    first_tag = next(i for i, line in enumerate(lines) if line.startswith("["))
    assert all(line.startswith("%") for line in lines[:first_tag])
    assert "% Content-type: text/x-pbn; charset=UTF-8" in header
    assert "\n" not in text.replace("\r\n", "")  # §2.3: CRLF only
    assert len(reader.games) == len(reader.boards) == 96


def test_every_deal_starts_at_the_dealer_with_its_ranks_in_order(client, round_1):
    text = client.get(reverse("round-pbn", args=[round_1.pk, 1, 1])).content.decode("utf-8")
    reader = read(text)
    stored = {deal.board: deal.pbn for deal in Deal.objects.filter(event=round_1)}
    for game, board in zip(reader.games, reader.boards, strict=True):
        first, hands = game["Deal"].split(":")
        assert first == game["Dealer"], game["Board"]  # §3.4.11
        for hand in hands.split():
            for suit in hand.split("."):
                assert list(suit) == sorted(suit, key=RANKS.index)
        # endplay reads the same four hands as were imported.
        assert board.deal.to_pbn() == EndplayDeal(stored[int(game["Board"])]).to_pbn()


def test_every_score_imp_names_the_side_that_won_it_by_the_two_rooms_scores(client, round_1):
    text = client.get(reverse("round-pbn", args=[round_1.pk, 1, 1])).content.decode("utf-8")
    games = read(text).games
    by_table = {}
    for game in games:
        by_table[(game["HomeTeam"], int(game["Board"]), game["Room"])] = game
    checked = adjusted = 0
    for (home, number, room), game in by_table.items():
        other = by_table[(home, number, "Closed" if room == "Open" else "Open")]
        value = game["ScoreIMP"]
        assert re.fullmatch(r"(NS|EW) -?\d+( (NS|EW) -?\d+)?", value), value  # the side named
        if game["Contract"] == "?":  # the artificial adjusted score: +3 to the home team
            home_ns = room == "Open"
            assert ns_of(value, "") == (3 if home_ns else -3)
            adjusted += 1
            continue
        ns = ns_of(game["Score"], game["Declarer"])
        other_ns = ns_of(other["Score"], other["Declarer"])
        assert ns_of(value, game["Declarer"]) == imps(int(ns - other_ns)), (home, number, room)
        checked += 1
    assert (checked, adjusted) == (94, 2)
    # The scores are the rooms' own, as stored.
    for result in Result.objects.filter(board__match__event=round_1).select_related("board"):
        game = by_table[(result.board.match.home.name, result.board.number, result.room.title())]
        if game["Contract"] != "?":
            assert ns_of(game["Score"], game["Declarer"]) == result.ns_score


def test_the_home_teams_imps_are_ns_in_the_open_room_and_ew_in_the_closed(client, round_1):
    match = round_1.matches.order_by("pk").first()  # board 1: 4S= against 4S-1, N-S at both
    text = client.get(reverse("match-pbn", args=[match.pk])).content.decode("utf-8")
    games = {(g["Board"], g["Room"]): g for g in read(text).games}
    assert games[("1", "Open")]["ScoreIMP"] == "NS 10"  # 420 + 50 = 470: 10 IMPs, home
    assert games[("1", "Closed")]["ScoreIMP"] == "EW 10"


def test_par_contracts_are_written_as_bridgecomposer_writes_them(client, round_1):
    match = round_1.matches.order_by("pk").first()
    text = client.get(reverse("match-pbn", args=[match.pk])).content.decode("utf-8")
    games = {(g["Board"], g["Room"]): g for g in read(text).games}
    assert games[("1", "Open")]["OptimumScore"] == "EW 120"
    assert games[("1", "Open")]["ParContract"] == "EW 2NT="  # stored: 2NT by E, 2NT by W
    shape = re.compile(r"(NS|EW|N|E|S|W) [1-7](C|D|H|S|NT)(X{0,2})(=|[+-]\d+)")
    for game in games.values():
        for entry in game["ParContract"].split(";"):
            assert shape.fullmatch(entry), entry
