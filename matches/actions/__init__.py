"""The actions layer: every write to the app's data goes through a function here.

Views, forms, management commands, the demo data, ``import_event``, the benchmarks and the
load test call these functions; nothing else writes (models keep data, queries and derived
read-only values; signals carry no business rule). The house reads:
urls → views → forms → actions → models, with ``matches/scoring`` underneath.

The contract of every action
----------------------------
1. **One transaction.** The whole action runs in ``changing(user)`` (``base.py``): it all
   commits, or on any exception nothing of it is written.
2. **Locks first.** Before reading what it will change, it locks the rows it needs with
   ``select_for_update``, always in the same order so two actions never deadlock: the
   event's row first (``change.lock_event``), then match rows (``change.lock_match``,
   ``change.lock_matches``, in id order). Anything inside a match locks that match (and,
   through it, its event); anything event-wide locks the event. Two directors' changes
   to one event therefore never interleave: totals are never worked out from stale rows.
   What the players post at a table (an entry, an acceptance, a dispute, a call) stays
   inside its match and locks its event's row shared (``lock_match(...,
   shared_event=True)``: ``FOR KEY SHARE``), so the tables of different matches post side
   by side; an event-wide change (``FOR UPDATE``) still waits for them, and they for it.
   A change holding its event shared locks one match only, and never the event itself
   afterwards (``RuntimeError``: two such changes would wait for each other).
3. **Final means final.** ``change.lock_match`` raises ``MatchIsFinal`` for a match a
   director marked final, so every change to it is refused with the same message until
   a director reopens it (``reopen_match``, with a reason kept in its history). Only
   ``mark_final`` and ``reopen_match`` pass ``final_ok=True``.
4. **Derived values in the same transaction.** An action that changes what a match's
   totals depend on stores them afresh (``change.refresh_totals(match)``, or
   ``base.refresh_event_totals`` for many) before it returns.
5. **The revision last, once, upwards.** When the action's block ends, each event it
   locked gets ``revision = revision + 1`` in one UPDATE with an F-expression: the last
   write of the transaction. The public pages cache on the revision, so a page cached at
   a revision always shows that revision's data, and the revision never goes down
   (``Event.save()`` never writes it back either).
6. **Who did it.** Actions take the acting user as the keyword ``user`` (None for system
   jobs: demo data, generated events, imports run from the shell). ``change.save(obj)``
   and ``change.delete(obj, reason)`` put the user (and a reason) on the history row
   (django-simple-history) of every model that keeps one; a director's decision also
   stores ``created_by``.
7. **Refusals are ``ActionError``.** Each carries a translated message (``str(error)``,
   in the active language) and the form ``field`` it belongs beside (None: the whole
   form): views add it to the form (``form.add_error(error.field, str(error))``), so a
   refused change reads like any other bad input, never a server error. Subclasses:
   ``MatchIsFinal``; ``Conflict`` (a result saved from a stale page; ``.current`` is the
   result now saved); ``Gone`` (deleted meanwhile); ``NeedsConfirmation`` (allowed once
   the director confirms: call again with ``confirm=True``), such as
   ``ReplacesTableResult`` (a director's result over the one a table accepted).
8. **Rules the forms and imports share.** An action checks the rules of what it writes
   itself (``events.settings_errors``, ``text.text_errors``...), so a management
   command or an import cannot write what a form would refuse. Forms call the same
   checks to put the message beside the field before calling the action.

Writing a new action
--------------------
Put it in the module of its concept (or a new one), export it below, and follow the
shape of the others::

    def add_imp_penalty(match, *, team, imps, reason, user) -> ImpPenalty:
        with changing(user) as change:            # one transaction; bumps at the end
            match = change.lock_match(match)      # event row, then match row; final?
            ...check the rules; raise ActionError(message, field=...) if broken...
            penalty = change.save(ImpPenalty(...))  # history row names the user
            change.refresh_totals(match)          # derived values, same transaction
            return penalty

Take model instances or ids for the things acted on (never trust a caller's instance
for anything but its id: read the locked row), keyword arguments for the rest, ``user``
always. Never call ``save()``/``delete()``/``update()`` on this app's models outside
this package. A test for a new action checks the refusal on a final match, the
revision going up once, and the history row's user.
"""

from .accounts import make_director, reset_demo_director, sign_up
from .adjustments import (
    add_imp_penalty,
    add_vp_penalty,
    clear_forfeit,
    remove_imp_penalty,
    remove_vp_penalty,
    set_forfeit,
)
from .base import ActionError, Conflict, Gone, MatchIsFinal, NeedsConfirmation, changing
from .corrections_period import end_corrections_periods
from .deals import import_deals, import_results
from .directors import add_director, remove_director
from .event_tables import (
    move_to_table,
    open_event_tables,
    renew_event_table,
    revoke_event_table,
    room_at,
)
from .events import change_event, create_event, delete_event, settings_errors
from .fair_play import publish_hands, release_board
from .games import delete_game, save_game, update_game
from .imports import ImportRefused, import_event
from .knockouts import decide_knockout_tie, next_knockout_round
from .matches import add_match, delete_match, mark_final, reopen_match, set_seating
from .results import (
    ReplacesTableResult,
    assign_result,
    clear_artificial_score,
    load_results,
    record_result,
    set_artificial_score,
)
from .round_clock import change_round_clock
from .schedule import add_bye, make_round_robin
from .stage_links import carry_over_errors
from .stage_restart import restart_stage
from .stages import (
    configure_stage,
    decide_tie,
    reseed_stage,
    stage_candidates,
    stage_errors,
    start_stage,
)
from .swiss_rounds import draw_next_round, enter_late, publish_draw, swap_in_draw, withdraw_team
from .table_results import accept_at_table, dispute_at_table, enter_at_table
from .tables import answer_call, call_director, open_tables, renew_table, revoke_table
from .teams import add_team, add_teams, change_team, remove_team, withdraw_from_event

__all__ = [
    "publish_hands",
    "release_board",
    "make_director",
    "reset_demo_director",
    "sign_up",
    "ActionError",
    "Conflict",
    "Gone",
    "MatchIsFinal",
    "NeedsConfirmation",
    "ReplacesTableResult",
    "accept_at_table",
    "add_bye",
    "add_director",
    "add_imp_penalty",
    "add_match",
    "add_team",
    "add_teams",
    "add_vp_penalty",
    "answer_call",
    "assign_result",
    "call_director",
    "change_event",
    "change_team",
    "change_round_clock",
    "changing",
    "clear_artificial_score",
    "clear_forfeit",
    "configure_stage",
    "create_event",
    "decide_knockout_tie",
    "decide_tie",
    "delete_event",
    "end_corrections_periods",
    "move_to_table",
    "open_event_tables",
    "renew_event_table",
    "revoke_event_table",
    "room_at",
    "delete_game",
    "delete_match",
    "dispute_at_table",
    "draw_next_round",
    "enter_at_table",
    "enter_late",
    "import_deals",
    "ImportRefused",
    "import_event",
    "import_results",
    "load_results",
    "make_round_robin",
    "mark_final",
    "next_knockout_round",
    "open_tables",
    "publish_draw",
    "reseed_stage",
    "restart_stage",
    "stage_candidates",
    "record_result",
    "remove_director",
    "remove_imp_penalty",
    "remove_team",
    "remove_vp_penalty",
    "renew_table",
    "reopen_match",
    "revoke_table",
    "save_game",
    "set_artificial_score",
    "set_forfeit",
    "set_seating",
    "settings_errors",
    "stage_errors",
    "carry_over_errors",
    "start_stage",
    "swap_in_draw",
    "update_game",
    "withdraw_from_event",
    "withdraw_team",
]
