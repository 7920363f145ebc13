"""The app's USEBIO download read as a real consumer reads it (``usebio_consumer.py``:
marcshearer/ImportUsebio's ``Usebio Parser.swift``): every team's number and name, every
match's two sides and scores, every board's IMPs; a board-a-match, win/loss or Patton
event's scoring methods and points."""

import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from matches import actions
from matches.models import Board, Result
from matches.scoring import Contract, parse_result
from tests.factories import enter, make_event, make_match
from tests.formats import usebio_consumer

pytestmark = pytest.mark.django_db

PLAYED = [("4S", "N", "="), ("4S", "N", "-1"), ("3NT", "E", "+1"), ("2H", "S", "=")]


@pytest.fixture
def event():
    """Return a round of two 16-board matches between Chinese-named teams, every board
    played in both rooms, one given an artificial adjusted score."""
    event = make_event(name="全国队式赛 & Co")
    names = ["长城队", "黄河队", "Lions & Tigers", "<泰山>"]
    teams = [
        actions.add_team(event, name=name, players=[f"{name}{n}" for n in "一二三四"], user=None)
        for name in names
    ]
    matches = [
        make_match(event, home=teams[0], away=teams[1]),
        make_match(event, home=teams[3], away=teams[2]),
    ]
    rows = []
    for index, board in enumerate(Board.objects.filter(match__in=matches).order_by("pk")):
        for offset, room in enumerate(("open", "closed")):
            contract, declarer, made = PLAYED[(index + offset * 3) % 4]
            row = Result(board=board, room=room, declarer=declarer, version=1)
            row.contract = Contract.parse(contract)
            row.tricks = parse_result(made, row.contract)
            rows.append(row)
    actions.load_results(event, rows, user=None)
    adjusted = Board.objects.get(match=matches[1], number=5)
    actions.set_artificial_score(adjusted, home_imps=3, away_imps=-3, reason="Fouled", user=None)
    return event


def test_every_team_has_its_number_and_name_where_the_consumer_reads_them(client, event):
    read = usebio_consumer.read(client.get(reverse("event-usebio", args=[event.pk])).content)
    assert (read.version, read.type, read.description) == ("1.2", "teams", "全国队式赛 & Co")
    assert [(club.name, club.id) for club in read.clubs] == [("全国队式赛 & Co", str(event.pk))]
    assert (read.board_scoring, read.match_scoring, read.boards) == ("imps", "vps", 16)
    teams = {team.name: team for team in event.teams.prefetch_related("players")}
    assert sorted(t.name for t in read.participants) == sorted(teams)
    assert len({t.number for t in read.participants}) == 4
    assert all(t.number and t.number.isdigit() for t in read.participants)
    for participant in read.participants:
        team = teams[participant.name]
        assert participant.players == [p.name for p in team.players.all()]
        assert participant.place is not None and participant.score is not None


def test_every_match_has_its_sides_scores_and_board_imps(client, event):
    read = usebio_consumer.read(client.get(reverse("event-usebio", args=[event.pk])).content)
    names = {team.number: team.name for team in read.participants}
    matches = {(m.home.name, m.away.name): m for m in event.matches.select_related("home", "away")}
    assert len(read.matches) == 2
    for found in read.matches:
        match = matches[(names[found.number], names[found.opposing_number])]
        assert found.round == 1
        assert (found.score, found.opposing_score) == (float(match.home_vp), float(match.away_vp))
        assert (found.vp, found.opposing_vp) == (found.score, found.opposing_score)
        assert found.score + found.opposing_score == 20  # the consumer's VP: 20 - score
        assert len(found.boards) == 16 and None not in found.boards
        assert sum(found.boards) == match.home_imps - match.away_imps


def scored_event(method, **settings):
    """Return a four-team round robin of two-board matches scored by ``method``, its
    first round played: one match won on the first board and level on the second, the
    other level on both."""
    event = make_event(name=f"{method} teams", boards_per_match=2, boards_per_segment=2)
    for name in ("East", "West", "North", "South"):
        actions.add_team(event, name=name, players=[f"{name} {n}" for n in "ABCD"], user=None)
    stage = actions.configure_stage(
        event, user=None, number=1, kind="round-robin", method=method, **settings
    )
    actions.start_stage(stage, user=None)
    first, second = event.matches.filter(round=1).order_by("pk")
    for match, boards in ((first, [WON, LEVEL]), (second, [LEVEL, LEVEL])):
        for number, (open_room, closed_room) in enumerate(boards, start=1):
            enter(match, number, "open", *open_room)
            enter(match, number, "closed", *closed_room)
    return event, first, second


WON = (("4S", "N", "="), ("4S", "N", "-1"))  # the home team wins the board, and 10 IMPs
LEVEL = (("3NT", "S", "="), ("3NT", "S", "="))


def usebio_of(client, event):
    data = client.get(reverse("event-usebio", args=[event.pk])).content
    return data, usebio_consumer.read(data)


def test_a_board_a_match_event_is_match_pointed_board_by_board(client):
    event, first, _ = scored_event("board-a-match", board_scale="2")
    data, read = usebio_of(client, event)
    assert (read.board_scoring, read.match_scoring) == ("match_points", "match_points")
    assert b"VICTORY_POINTS" not in data
    names = {team.number: team.name for team in read.participants}
    played = [m for m in read.matches if m.score is not None]
    assert sorted((m.score, m.opposing_score) for m in played) == [(2.0, 2.0), (3.0, 1.0)]
    won = next(m for m in played if m.score == 3.0)
    assert (names[won.number], names[won.opposing_number]) == (first.home.name, first.away.name)
    board = next(
        b
        for m in ET.fromstring(data).iter("MATCH")
        if m.findtext("TEAM_SCORE") == "3.00"
        for b in m.iter("BOARD")
        if b.findtext("BOARD_NUMBER") == "1"
    )
    lines = [
        (line.findtext("NS_MATCH_POINTS"), line.findtext("EW_MATCH_POINTS"))
        for line in board.iter("TRAVELLER_LINE")
    ]
    assert lines == [("2", "0"), ("0", "2")]  # the home team N-S in the open room, E-W closed
    scores = {team.name: team.score for team in read.participants}
    assert scores[first.home.name] == 3.0


def test_a_win_loss_event_gives_each_teams_wins_or_draws_and_no_match_method(client):
    event, first, second = scored_event("win-loss")
    data, read = usebio_of(client, event)
    assert (read.board_scoring, read.match_scoring) == ("imps", None)
    assert b"MATCH_SCORING_METHOD" not in data and b"VICTORY_POINTS" not in data
    teams = {team.name: team for team in read.participants}
    assert (teams[first.home.name].wins_or_draws, teams[first.away.name].wins_or_draws) == (1, 0)
    assert teams[second.home.name].wins_or_draws == 0.5 == teams[second.away.name].score
    played = sorted((m.score, m.opposing_score) for m in read.matches if m.score is not None)
    assert played == [(0.5, 0.5), (1.0, 0.0)]


def test_a_patton_event_gives_the_patton_points_and_no_match_method(client):
    event, first, _ = scored_event("patton")
    data, read = usebio_of(client, event)
    assert (read.board_scoring, read.match_scoring) == ("imps", None)
    assert b"VICTORY_POINTS" not in data and b"WINS_OR_DRAWS" not in data
    played = [m for m in read.matches if m.score is not None]
    assert all(m.score + m.opposing_score == 4 for m in played)  # 2 boards + a stake of 2
    first.refresh_from_db()
    assert (float(first.home_vp), float(first.away_vp)) in {
        (m.score, m.opposing_score) for m in played
    }
