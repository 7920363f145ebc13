"""Events played by the conditions of contest federations write (issue 34), made and played
through the actions, for the tests of their rules in the database, their pages and the
browser: an eight-team round robin and its knockout with the WBF carry-over, and a four-team
double elimination decided by segments won."""

from matches import actions
from matches.models import Stage
from tests.factories import enter, make_event, make_team


def number(team) -> int:
    return int(team.name.split()[-1])


def round_robin_cup(td, **knockout):
    """Return (event, knockout stage, started) after an eight-team round robin of one board a
    match: the better-numbered team wins each match by 10 IMPs, but Team 8 beats Team 1, so
    the places are 1 to 8 and in the quarter-final 1 v 8 the lower-placed team carries over.
    """
    event = make_event(name="Bali Cup", boards_per_match=1, boards_per_segment=1)
    for n in range(1, 9):
        make_team(event, f"Team {n}")
    for match in actions.make_round_robin(event, user=td):
        home, away = number(match.home), number(match.away)
        home_wins = home < away if {home, away} != {1, 8} else home == 8
        enter(match, 1, "open", "4S", "N", "=" if home_wins else "-1")
        enter(match, 1, "closed", "4S", "N", "-1" if home_wins else "=")
        actions.mark_final(match, user=td, confirm=True)
    settings = {"kind": "knockout", "boards_per_match": 2, "boards_per_segment": 2, **knockout}
    stage = actions.configure_stage(event, user=td, number=2, **settings)
    actions.start_stage(stage, user=td)
    return event, Stage.objects.get(pk=stage.pk)


def win_by_ten(match, td, final=True):
    """Enter both boards so that the better-numbered team wins by 10 IMPs; mark the match
    final (unless ``final`` is False: the test does it)."""
    home_wins = number(match.home) < number(match.away)
    enter(match, 1, "open", "4S", "N", "=" if home_wins else "-1")
    enter(match, 1, "closed", "4S", "N", "-1" if home_wins else "=")
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "=")
    match.refresh_from_db()
    return actions.mark_final(match, user=td, confirm=True) if final else match


def segments_cup(td, **settings):
    """Return (event, double elimination stage) of four teams, three segments of one board a
    match, decided by segments won."""
    event = make_event(name="CBA Club League", boards_per_match=3, boards_per_segment=1)
    for n in range(1, 5):
        make_team(event, f"Team {n}")
    stage = actions.configure_stage(
        event, user=td, number=1, kind="double-elimination", decided_by="segments", **settings
    )
    return event, stage


def win_two_segments(match, td, final=True):
    """Enter the three segments so that the better-numbered team wins the first two by
    1 IMP each and loses the last by 10: 2 : 1 on segments, 2 : 10 on IMPs; mark the
    match final (unless ``final`` is False)."""
    better_home = number(match.home) < number(match.away)
    close, far = ("+1", "=") if better_home else ("=", "+1")
    for board in (1, 2):
        enter(match, board, "open", "4S", "N", close)
        enter(match, board, "closed", "4S", "N", far)
    enter(match, 3, "open", "4S", "N", "-1" if better_home else "=")
    enter(match, 3, "closed", "4S", "N", "=" if better_home else "-1")
    match.refresh_from_db()
    return actions.mark_final(match, user=td, confirm=True) if final else match


def play_out(stage, td, play):
    """Play every match of the stage as it is made, by ``play(match, td)``."""
    while waiting := list(stage.matches_here().filter(status="provisional").order_by("pk")):
        for match in waiting:
            play(match, td)
