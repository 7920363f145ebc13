"""Swiss stages round by round: the draft draw, swaps with their reasons, publishing it,
and teams withdrawing or entering late between rounds.

Every function taking ``user`` is an action (see the package docstring). The draw rule
lives in ``matches.scoring.swiss``.
"""

from __future__ import annotations

from collections.abc import Hashable

from django.db.models import Max, Q
from django.utils.translation import gettext_lazy as _

from matches import queries, scoring
from matches.models import Bye, DrawSwap, DrawTable, Match, StageEntry, Team
from matches.scoring import swiss
from matches.text import text_errors

from .base import changing, pk_of
from .stage_base import FEW_TEAMS, NO_REASON, NOT_STARTED, locked_stage, name_of, new_match, refusal

NOT_SWISS = _("Only a Swiss stage is drawn round by round.")
ALL_ROUNDS = _("All %(rounds)s rounds of this stage have been drawn.")
ROUND_UNFINISHED = _(
    "Round %(round)s is still being played: its results rank the teams for this draw. "
    "Wait until every match of it is complete (or marked final), or make the stage a "
    "delayed Swiss."
)
NO_DRAFT = _("There is no draw waiting to be published: make the draw first.")
NOT_IN_DRAW = _("%(team)s is not in this draw.")
SAME_TEAM = _("Choose two different teams.")
NOT_ENTERED = _("%(team)s is not in this stage.")
ALREADY_ENTERED = _("%(team)s is in this stage already.")
WITHDRAWN = _("%(team)s has withdrawn already.")


def draw_next_round(stage, *, user) -> list[DrawTable]:
    """Return the draft draw of the stage's next round (replacing any draft of it).

    The draw follows ``scoring.swiss.pair``; the director sees it with the reason for each
    table that is not a straight top-down pairing, may swap teams, then publishes it.
    """
    with changing(user) as change:
        stage = locked_stage(change, stage)
        if not stage.is_swiss:
            raise refusal(NOT_SWISS)
        if not stage.entries.exists():
            raise refusal(NOT_STARTED)
        next_round = queries.published_rounds(stage) + 1
        if stage.rounds and next_round > stage.rounds:
            raise refusal(ALL_ROUNDS, rounds=stage.rounds)
        ranked_by = swiss.ranking_round(next_round, stage.delayed)
        if ranked_by >= 1:  # its matches must all count in the official standings
            rows = stage.matches_here().filter(round=ranked_by).outcome_rows()
            if not all(scoring.is_official(row) for row in rows):
                raise refusal(ROUND_UNFINISHED, round=ranked_by)
        ranking = queries.swiss_ranking(stage, next_round)
        if len(ranking) < 2:
            raise refusal(FEW_TEAMS, count=len(ranking))
        meetings = stage.matches_here().values_list("home_id", "away_id", "round")
        met = swiss.met_pairs(meetings, next_round, stage.repeats_after)
        had_bye = set(stage.byes_here().values_list("team_id", flat=True))
        draw = swiss.pair([team.pk for team in ranking], met, had_bye)
        stage.draft.all().delete()
        teams: dict[Hashable, Team] = {team.pk: team for team in ranking}  # the draw's ids
        rows = []
        for number, (home, away) in enumerate(draw.tables, start=1):
            note = draw.notes.get(number)
            reasons = [{"team": s.team, "why": s.why.value} for s in note.skipped] if note else []
            rows.append(
                DrawTable(
                    stage=stage,
                    round=next_round,
                    table=number,
                    home=teams[home],
                    away=teams[away],
                    reasons=reasons,
                    repeat=bool(note and note.repeat),
                )
            )
        if draw.bye is not None:
            reasons = [{"team": s.team, "why": s.why.value} for s in draw.bye_skipped]
            rows.append(
                DrawTable(
                    stage=stage,
                    round=next_round,
                    table=len(draw.tables) + 1,
                    home=teams[draw.bye],
                    away=None,
                    reasons=reasons,
                )
            )
        return DrawTable.objects.bulk_create(rows)


def swap_in_draw(stage, *, first, second, reason: str, user) -> DrawSwap:
    """Swap two teams' places in the draft draw; the swap and its reason are kept."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        draft = list(stage.draft.select_related("home", "away"))
        if not draft:
            raise refusal(NO_DRAFT)
        first_id, second_id = pk_of(first), pk_of(second)
        if first_id == second_id:
            raise refusal(SAME_TEAM, "second")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise refusal(NO_REASON if not reason.strip() else errors[0], "reason")
        places = {}
        for row in draft:
            for side in ("home", "away"):
                team_id = getattr(row, f"{side}_id")
                if team_id is not None:
                    places[team_id] = (row, side)
        for field, team_id in (("first", first_id), ("second", second_id)):
            if team_id not in places:
                team = Team.objects.filter(pk=team_id).first()
                raise refusal(NOT_IN_DRAW, field, team=team.name if team else team_id)
        (row_a, side_a), (row_b, side_b) = places[first_id], places[second_id]
        team_a, team_b = getattr(row_a, side_a), getattr(row_b, side_b)
        setattr(row_a, side_a, team_b)
        setattr(row_b, side_b, team_a)
        for row in {row_a.pk: row_a, row_b.pk: row_b}.values():
            row.reasons = []
            row.repeat = (
                row.away_id is not None
                and stage.matches_here()
                .filter(
                    Q(home_id=row.home_id, away_id=row.away_id)
                    | Q(home_id=row.away_id, away_id=row.home_id)
                )
                .exists()
            )
            change.save(row)
        swap = DrawSwap(
            stage=stage,
            round=draft[0].round,
            first=team_a,
            second=team_b,
            reason=reason.strip(),
            created_by=user,
        )
        return change.save(swap)


def publish_draw(stage, *, user) -> list[Match]:
    """Return the matches of the draft draw, now published (and the bye, if any)."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        draft = list(stage.draft.select_related("home", "away"))
        if not draft:
            raise refusal(NO_DRAFT)
        made = []
        for row in draft:
            if row.away_id is None:
                change.save(Bye(event=stage.event, stage=stage, round=row.round, team=row.home))
            else:
                made.append(new_match(change, stage, row.round, row.home, row.away))
        stage.draft.all().delete()
        return made


def withdraw_team(stage, *, team, user) -> StageEntry:
    """Withdraw a team from the rounds not yet drawn; its results so far stand."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        entry = stage.entries.select_related("team").filter(team_id=pk_of(team)).first()
        if entry is None:
            raise refusal(NOT_ENTERED, "team", team=name_of(team))
        if entry.withdrawn_after is not None:
            raise refusal(WITHDRAWN, "team", team=entry.team.name)
        entry.withdrawn_after = queries.published_rounds(stage)
        stage.draft.all().delete()  # a draft with the team in it is drawn again
        return change.save(entry)


def enter_late(stage, *, team, user) -> StageEntry:
    """Enter a team of the event into the stage from its next round (last seed)."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        team = stage.event.teams.get(pk=pk_of(team))
        entry = stage.entries.filter(team=team).first()
        if entry is not None and entry.withdrawn_after is None:
            raise refusal(ALREADY_ENTERED, "team", team=team.name)
        next_round = queries.published_rounds(stage) + 1
        if entry is None:
            last = stage.entries.aggregate(last=Max("seed"))["last"] or 0
            entry = StageEntry(stage=stage, team=team, seed=last + 1)
        entry.joined_round, entry.withdrawn_after = next_round, None
        stage.draft.all().delete()
        return change.save(entry)
