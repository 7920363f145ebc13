"""The read model: what pages, feeds, exports and actions read of an event, in one place.

- ``standings``: a stage's data (``StageData``: teams, match totals, byes, penalties, VP
  carried from the previous stage) and its standings;
- ``rounds``: a stage's rounds, the round under way, one round's matches and byes;
- ``entries``: a stage's teams in seeding order;
- ``brackets``: a knockout's bracket as decided so far;
- ``draws``: what ranks the teams for a Swiss stage's next draw;
- ``tables``: what a table may see of its match (its page, its JSON, the monitor).

Everything here reads; the writes are ``matches.actions``', the rules
``matches.scoring``'s, and how a page shows what is read ``matches.presenters``'.
"""

from .brackets import knockout_bracket, last_round
from .draws import swiss_ranking
from .entries import entries, seeds
from .rounds import (
    Round,
    current_round,
    last_updated,
    latest_round,
    matches_of,
    published_rounds,
    round_numbers,
    round_of,
    stage_round,
    stage_round_numbers,
)
from .standings import (
    StageData,
    StandingRow,
    carried_vp,
    live_data,
    previous_stage,
    ranking_inputs,
    stage_data,
    standings,
    up_to_round,
)
from .tables import BoardAtTable, SegmentAtTable, TableView, table_view

__all__ = [
    "BoardAtTable",
    "Round",
    "SegmentAtTable",
    "StageData",
    "StandingRow",
    "TableView",
    "carried_vp",
    "current_round",
    "entries",
    "knockout_bracket",
    "last_round",
    "last_updated",
    "latest_round",
    "live_data",
    "matches_of",
    "previous_stage",
    "published_rounds",
    "ranking_inputs",
    "round_numbers",
    "round_of",
    "seeds",
    "stage_data",
    "stage_round",
    "stage_round_numbers",
    "standings",
    "swiss_ranking",
    "table_view",
    "up_to_round",
]
