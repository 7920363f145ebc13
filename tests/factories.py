"""Factories: plain functions that build what a test needs, with sensible defaults."""

import datetime
import itertools

from django.contrib.auth.models import Group, User

from matches.choices import RoomChoice
from matches.constants import DIRECTORS_GROUP
from matches.models import Board, Event, Match, Player, Result, Team
from matches.scoring import Contract, parse_result

_numbers = itertools.count(1)


def make_user(username=None, *, director=False, superuser=False, password="correct horse battery"):
    """Return a user; a member of the Directors group when ``director``; a superuser when
    ``superuser``."""
    make = User.objects.create_superuser if superuser else User.objects.create_user
    user = make(username or f"user{next(_numbers)}", password=password)
    if director:
        user.groups.add(Group.objects.get_or_create(name=DIRECTORS_GROUP)[0])
    return user


def make_event(**fields):
    """Return an event (16 boards a match, WBF 2013 VP unless told otherwise)."""
    defaults = {
        "name": f"Event {next(_numbers)}",
        "date": datetime.date(2026, 11, 29),
        "vp_scale": "wbf-2013",
        "boards_per_match": 16,
        "boards_per_segment": 16,
    }
    return Event.objects.create(**{**defaults, **fields})


def make_team(event, name=None, players=("A", "B", "C", "D")):
    """Return a team of the event with four players."""
    team = Team.objects.create(event=event, name=name or f"Team {next(_numbers)}")
    Player.objects.bulk_create(Player(team=team, name=f"{team.name} {p}") for p in players)
    return team


def make_match(event=None, **fields):
    """Return a match between two new teams, its boards created."""
    event = event or make_event(**fields.pop("event_fields", {}))
    home = fields.pop("home", None) or make_team(event, f"Home {next(_numbers)}")
    away = fields.pop("away", None) or make_team(event, f"Away {next(_numbers)}")
    match = Match.objects.create(event=event, home=home, away=away, round=fields.pop("round", 1))
    match.create_boards()
    return match


def enter(match, number, room, contract, declarer="", result="", lead="", user=None):
    """Return a result saved straight through the model, as a director's entry would be."""
    board = Board.objects.get(match=match, number=number)
    contract = Contract.parse(contract)
    current = Result.objects.filter(board=board, room=room).first()
    entry = {
        "contract": contract,
        "declarer": declarer,
        "lead": lead,
        "tricks": parse_result(result, contract),
    }
    return Result.objects.save_entry(
        board, RoomChoice(room), entry, current.version if current else 0, user
    )
