"""A double elimination stage made and played through the actions, for the tests of its
rules in the database, its pages and the browser: teams "Team 1" … "Team n" seeded in
that order, matches of two boards won by 10 IMPs."""

from matches import actions
from tests.factories import enter, make_event, make_team


def play(match, home_wins=True):
    """Enter both boards: the home team wins by 10 IMPs, or loses by 10, or (None) level."""
    open_result = {True: "=", False: "-1", None: "="}[home_wins]
    closed_result = {True: "-1", False: "=", None: "="}[home_wins]
    enter(match, 1, "open", "4S", "N", open_result)
    enter(match, 1, "closed", "4S", "N", closed_result)
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "=")


def number(team):
    return int(team.name.split()[-1])


def double_elimination(td, teams):
    event = make_event(name="Club Cup", boards_per_match=2, boards_per_segment=2)
    for n in range(1, teams + 1):
        make_team(event, f"Team {n}")
    stage = actions.configure_stage(event, user=td, number=1, kind="double-elimination")
    return event, stage


def open_matches(stage):
    return list(stage.matches_here().filter(status="provisional").order_by("round", "id"))


def play_out(td, stage, wins=lambda match: number(match.home) < number(match.away)):
    """Play every match as it is made, ``wins(match)`` saying whether the home team wins,
    until none is left; return the matches in the order they were played."""
    played = []
    while waiting := open_matches(stage):
        for match in waiting:
            play(match, wins(match))
            actions.mark_final(match, user=td)
            played.append(match)
    return played
