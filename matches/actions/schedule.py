"""Schedules: a Berger round robin of an event's teams, made in bulk, once.

The event's row is locked first and the action refuses an event that already has matches
or byes: two requests at once (a double click, two directors) make one schedule, and the
second director is told. Matches, boards and byes are inserted in bulk (a 64-team event
with 48 boards a match is 2,016 matches and 96,768 boards), each match's history row
naming the director.
"""

from __future__ import annotations

from django.db import connection, models
from django.utils.translation import gettext_lazy as _

from matches.models import Board, Bye, Match
from matches.models.stages import first_stage
from matches.scoring import berger_schedule, round_count
from matches.scoring.schedule import MAX_TEAMS, MIN_TEAMS

from .base import ActionError, changing

HAS_SCHEDULE = _("This event already has matches; add any more by hand.")
TEAMS = _("A round robin needs 3 to 64 teams.")
ROUNDS = _("%(teams)s teams play 1 to %(most)s rounds.")
BATCH = 2000


def make_round_robin(event, *, user, rounds: int | None = None) -> list[Match]:
    """Return the matches of a Berger round robin of the event's teams (by id order),
    home and away balanced, a bye each round for an odd number of teams.

    ``rounds`` stops after that many rounds (all of them by default). Refused (ActionError)
    when the event already has matches or byes, or has fewer than 3 or more than 64 teams.
    """
    with changing(user) as change:
        event = change.lock_event(event)
        if event.matches.exists() or event.byes.exists():
            raise ActionError(HAS_SCHEDULE, code="scheduled")
        teams = list(event.teams.order_by("pk"))
        if not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
            raise ActionError(TEAMS, code="teams")
        most = round_count(len(teams))
        if rounds is not None and not 1 <= rounds <= most:
            raise ActionError(ROUNDS, code="rounds", params={"teams": len(teams), "most": most})
        stage = first_stage(event)
        schedule = berger_schedule(len(teams))[:rounds]
        boards = event.boards_per_match
        matches, byes = [], []
        for number, pairings in enumerate(schedule, start=1):
            for home, away in pairings:
                if away is None:
                    byes.append(Bye(event=event, stage=stage, round=number, team=teams[home - 1]))
                else:
                    matches.append(
                        Match(
                            event=event,
                            stage=stage,
                            round=number,
                            home=teams[home - 1],
                            away=teams[away - 1],
                            pending_boards=boards,
                        )
                    )
        matches = Match.objects.bulk_create(matches, batch_size=BATCH)
        Match.history.bulk_history_create(matches, batch_size=BATCH, default_user=user)
        byes = Bye.objects.bulk_create(byes, batch_size=BATCH)
        Bye.history.bulk_history_create(byes, batch_size=BATCH, default_user=user)
        insert_boards(event, boards)
        return matches


def insert_boards(event, boards: int) -> None:
    """Insert boards 1 to ``boards`` of every match of the event that has none yet.

    One INSERT … SELECT, worked out by the database: 96,768 boards built as Django
    objects take seconds of Python; this takes a fraction of one.
    """
    quote = connection.ops.quote_name
    board, match = Board._meta, Match._meta
    numbers = ", ".join(["(%s)"] * boards)
    sql = (
        f"INSERT INTO {quote(board.db_table)} "
        f"({quote(board.get_field('match').column)}, {quote(board.get_field('number').column)}) "  # type: ignore[arg-type]  # concrete fields: a column each
        f"SELECT m.{quote(match.pk.column)}, n.column1 FROM {quote(match.db_table)} m "  # type: ignore[arg-type]  # the pk's column
        f"CROSS JOIN (VALUES {numbers}) AS n "
        f"WHERE m.{quote(match.get_field('event').column)} = %s AND NOT EXISTS "
        f"(SELECT 1 FROM {quote(board.db_table)} b "
        f"WHERE b.{quote(board.get_field('match').column)} = m.{quote(match.pk.column)})"  # type: ignore[arg-type]  # columns
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*range(1, boards + 1), event.pk])


BYE_TAKEN = _("%(team)s already has a bye or a match in round %(round)s.")


def add_bye(event, *, round: int, team, user) -> Bye:
    """Return a bye for a team in a round (it scores the event's bye VP), for a schedule
    made by hand; refused when the team already sits out or plays in that round."""
    with changing(user) as change:
        event = change.lock_event(event)
        team = event.teams.get(pk=team if isinstance(team, int) else team.pk)
        busy = (
            event.byes.filter(round=round, team=team).exists()
            or event.matches.filter(round=round)
            .filter(models.Q(home=team) | models.Q(away=team))
            .exists()
        )
        if busy:
            raise ActionError(
                BYE_TAKEN, field="team", code="busy", params={"team": team.name, "round": round}
            )
        return change.save(Bye(event=event, stage=first_stage(event), round=round, team=team))
