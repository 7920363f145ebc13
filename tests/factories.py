"""Factories: plain functions that build what a test needs, with sensible defaults.

They write through the actions layer (matches/actions), as the app does: the same rules,
totals and revisions as a director's changes.
"""

import datetime
import itertools

from django.contrib.auth.models import Group, User

from matches import actions
from matches.auth.groups import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP
from matches.choices import RoomChoice
from matches.models import Board, Result
from matches.scoring import Contract, parse_result

_numbers = itertools.count(1)


def make_user(
    username=None,
    *,
    director=False,
    chief=False,
    superuser=False,
    password="correct horse battery",
):
    """Return a user; a member of the Directors group when ``director`` (they change the
    events they direct), of the Chief directors group too when ``chief`` (they change every
    event); a superuser when ``superuser``."""
    make = User.objects.create_superuser if superuser else User.objects.create_user
    user = make(username or f"user{next(_numbers)}", password=password)
    if director or chief:
        user.groups.add(Group.objects.get_or_create(name=DIRECTORS_GROUP)[0])
    if chief:
        user.groups.add(Group.objects.get_or_create(name=CHIEF_DIRECTORS_GROUP)[0])
    return user


def make_event(user=None, **fields):
    """Return an event (16 boards a match, WBF 2013 VP unless told otherwise), whose
    results are public at once (``results_public``): the tests of fair play
    (tests/test_fair_play*.py) ask for the app's strict default themselves."""
    defaults = {
        "results_public": "at-once",
        "name": f"Event {next(_numbers)}",
        "date": datetime.date(2026, 11, 29),
        "vp_scale": "wbf-2013",
        "boards_per_match": 16,
        "boards_per_segment": 16,
    }
    return actions.create_event(user=user, **{**defaults, **fields})


def make_team(event, name=None, players=("A", "B", "C", "D"), user=None):
    """Return a team of the event with four players."""
    name = name or f"Team {next(_numbers)}"
    return actions.add_team(event, name=name, players=[f"{name} {p}" for p in players], user=user)


def make_match(event=None, user=None, **fields):
    """Return a match between two new teams, its boards created."""
    event = event or make_event(**fields.pop("event_fields", {}))
    home = fields.pop("home", None) or make_team(event, f"Home {next(_numbers)}")
    away = fields.pop("away", None) or make_team(event, f"Away {next(_numbers)}")
    return actions.add_match(
        event, round=fields.pop("round", 1), home=home, away=away, user=user, confirm=True
    )


def enter(match, number, room, contract, declarer="", result="", lead="", user=None, confirm=False):
    """Return a result saved through the actions, as a director's entry would be
    (``confirm``: over a result the table accepted, as the director confirms it)."""
    board = Board.objects.get(match=match, number=number)
    contract = Contract.parse(contract)
    current = Result.objects.filter(board=board, room=room).first()
    entry = {
        "contract": contract,
        "declarer": declarer,
        "lead": lead,
        "tricks": parse_result(result, contract),
    }
    return actions.record_result(
        board,
        RoomChoice(room),
        entry,
        user=user,
        confirm=confirm,
        version=current.version if current else 0,
    )


def make_scored_match():
    """Return a match (25-VP scale) whose board 1 gives the home team 10 IMPs: 4H= in the
    open room, 4H-1 in the closed room."""
    match = make_match(make_event(vp_scale="printed-25"))
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")
    return match


def make_swiss_then_knockout(user, *, teams=8, boards=2, **event_fields):
    """Return (event, swiss, knockout, semi_finals): a 3-round Swiss of ``teams`` teams,
    every match played (``boards`` boards a match, the home team winning board 1) and
    final, then a knockout of its top four whose semi-finals are drawn (its round 1), not
    yet played: the Swiss's round 1 and the semi-finals share the round number 1."""
    event = make_event(boards_per_match=boards, boards_per_segment=boards, **event_fields)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number}")
    swiss = actions.configure_stage(event, user=user, number=1, kind="swiss", rounds=3)
    actions.start_stage(swiss, user=user)
    for _round in range(3):
        actions.draw_next_round(swiss, user=user)
        for match in actions.publish_draw(swiss, user=user):
            for number in range(1, boards + 1):
                enter(match, number, "open", "4S", "N", "=")
                enter(match, number, "closed", "4S", "N", "-1" if number == 1 else "=")
            actions.mark_final(match, user=user, confirm=True)
    knockout = actions.configure_stage(
        event,
        user=user,
        number=2,
        kind="knockout",
        entrants=4,
        boards_per_match=boards,
        boards_per_segment=boards,
    )
    semi_finals = actions.start_stage(knockout, user=user)
    return event, swiss, knockout, semi_finals
