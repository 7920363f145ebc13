"""A knockout stage made and played through the actions, for the tests of its rules and
its pages: teams "Team 1" … "Team n" seeded in that order, matches of two boards, each
won by 10 IMPs (or level) and marked final as a director does."""

from matches import actions
from matches.models import Stage
from tests.factories import enter, make_event, make_team


def knockout(teams, user, **settings):
    """Return a started knockout of ``teams`` teams (Team 1 the first seed), 2 boards a
    match, with these settings."""
    event = make_event(name="Club Cup", boards_per_match=2, boards_per_segment=2)
    for number in range(1, teams + 1):
        make_team(event, f"Team {number}")
    stage = actions.configure_stage(event, user=user, number=1, kind="knockout", **settings)
    actions.start_stage(stage, user=user)
    return Stage.objects.get(pk=stage.pk)


def win(match, winner, user, level=False):
    """Enter both boards so that ``winner`` wins by 10 IMPs (or the match ends level),
    then mark the match final, as a director does."""
    home_wins = winner is None or winner.pk == match.home_id
    enter(match, 1, "open", "4S", "N", "=" if home_wins else "-1", user=user)
    enter(match, 1, "closed", "4S", "N", "=" if level else ("-1" if home_wins else "="), user=user)
    enter(match, 2, "open", "3NT", "S", "=", user=user)
    enter(match, 2, "closed", "3NT", "S", "=", user=user)
    match.refresh_from_db()
    return actions.mark_final(match, user=user, confirm=True)
