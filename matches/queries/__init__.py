"""The read model: what pages, feeds, exports and actions read of an event, in one place.

- ``standings``: a stage's data (``StageData``: teams, match totals, byes, penalties, VP
  carried from the previous stage) and its standings;
- ``rounds``: a stage's rounds, the round under way, one round's matches and byes;
- ``entries``: a stage's teams in seeding order;
- ``brackets``: a knockout's bracket as decided so far, and what a carry-over is worked
  out from;
- ``double_brackets``: a double elimination's brackets as decided so far;
- ``draws``: what ranks the teams for a Swiss stage's next draw;
- ``outcome``: the event's final ranking once its knockout's final is decided;
- ``clocks``: the rounds' clocks a director sets;
- ``event_tables``: the event's tables as places in the room (one card each for the
  event): the table numbers of each round, the match a card opens now, where a team
  plays next;
- ``tables``: what a table may see of its match (its page, its JSON, the monitor);
- ``table_entries``: what a room's table said about each board (waiting, not agreed with
  its reason, accepted), for the director's room sheet.

Everything here reads; the writes are ``matches.actions``', the rules
``matches.scoring``'s, and how a page shows what is read ``matches.presenters``'.
"""

from .brackets import (
    bracket_best,
    bracket_value,
    carry_over_inputs,
    carry_over_working,
    knockout_bracket,
    knockout_playoff,
    last_round,
)
from .clocks import round_clock, round_clocks
from .double_brackets import double_bracket
from .draws import swiss_ranking
from .entries import entries, seeds
from .final_ranking import LosersBy, Outcome, Placing, double_places, final_ranking
from .rounds import (
    Round,
    boards_entered,
    current_round,
    event_rounds,
    last_updated,
    latest_round,
    matches_of,
    published_rounds,
    round_numbers,
    round_of,
    stage_complete,
    stage_round,
    stage_round_numbers,
    teams_left_out,
    with_boards_entered,
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
from .tables import (
    BoardAtTable,
    SegmentAtTable,
    TableView,
    entry_at_table,
    link_replaced,
    table_by_token,
    table_view,
)

__all__ = [
    "round_clock",
    "round_clocks",
    "BoardAtTable",
    "LosersBy",
    "Outcome",
    "Placing",
    "Round",
    "SegmentAtTable",
    "StageData",
    "StandingRow",
    "TableView",
    "boards_entered",
    "bracket_best",
    "bracket_value",
    "carried_vp",
    "carry_over_inputs",
    "carry_over_working",
    "current_round",
    "double_bracket",
    "entries",
    "entry_at_table",
    "double_places",
    "final_ranking",
    "knockout_bracket",
    "knockout_playoff",
    "last_round",
    "last_updated",
    "latest_round",
    "stage_complete",
    "teams_left_out",
    "live_data",
    "matches_of",
    "previous_stage",
    "published_rounds",
    "ranking_inputs",
    "round_numbers",
    "round_of",
    "event_rounds",
    "seeds",
    "stage_data",
    "stage_round",
    "stage_round_numbers",
    "standings",
    "swiss_ranking",
    "link_replaced",
    "table_by_token",
    "table_view",
    "up_to_round",
    "with_boards_entered",
]
