"""What a Swiss stage's next draw is ranked by."""

from __future__ import annotations

from matches.models import Stage, Team
from matches.scoring import swiss

from .entries import entries
from .standings import stage_data, standings, up_to_round


def swiss_ranking(stage: Stage, next_round: int) -> list[Team]:
    """Return the teams playing ``next_round`` in the order that ranks them for its draw.

    Round 1: by seed, or at random from the stage's seed when it has one. Later rounds:
    the standings after the previous round (two rounds back for a delayed Swiss), teams
    that joined late placed by their VP like the others.
    """
    playing = [entry.team for entry in entries(stage) if entry.plays_in(next_round)]
    ranked_by = swiss.ranking_round(next_round, stage.delayed)
    if ranked_by == 0:
        if stage.seed is not None:
            return swiss.random_order(playing, stage.seed)
        return playing
    data = up_to_round(stage_data(stage.event, stage), ranked_by)
    order = [row.team.pk for row in standings(stage.event, data)]
    position = {team_id: index for index, team_id in enumerate(order)}
    return sorted(playing, key=lambda team: position.get(team.pk, len(position)))
