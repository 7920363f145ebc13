"""The app's USEBIO download read as a real consumer reads it (``usebio_consumer.py``:
marcshearer/ImportUsebio's ``Usebio Parser.swift``): every team's number and name, every
match's two sides and scores, every board's IMPs."""

import pytest
from django.urls import reverse

from matches import actions
from matches.models import Board, Result
from matches.scoring import Contract, parse_result
from tests.factories import make_event, make_match
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
