"""Load-test fixture: the event, the round in progress and the directors; writes plan.json.

    python loadtest/setup_event.py PLAN.json [--teams 16] [--rounds 7] [--boards 16] [--directors 8]
    python loadtest/setup_event.py PLAN.json --tables 60 [--boards 16] [--ids-from 100000]

Run with the same environment as the server (DATABASE_URL, SECRET_KEY, ...), after
`manage.py migrate`. It generates an event through the actions (generate_event) with
random results in every round but the last, which the directors enter during the test
(the round in progress), and makes one director per match of that round, each with a
random password, who directs the event. Everything it writes goes through the actions
(``make_director``, ``add_director``); everything locust needs (ids, logins) goes into
PLAN.json.

With ``--tables N`` (the table-entry scenario) it makes instead an event of 2N teams and
two rounds of N matches: round 1 played (random results, loaded as a file would be), round
2 at the tables. Every table of round 2 (both rooms of each match) gets its link and code
from ``open_tables``, as the director's round page makes them; PLAN.json lists each
table's match, room and token, the event's rule for when results become public
(``results_public``: the watchers time each result from the moment that rule releases
it) and the longest device name a table's post may carry (``device_length``, the form's
``max_length``).

With ``--ids-from N`` (PostgreSQL; the congress scenario) every table of the app starts
its ids at N before anything is made (``setval`` on its sequence), so the event, teams,
matches, boards and tables have ids of the sizes a site has after a season (6 digits from
100000).
"""

import argparse
import datetime
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "loadtest")]  # the app; common.py beside this file
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

import django  # noqa: E402

django.setup()

from common import random_result  # noqa: E402
from django.apps import apps  # noqa: E402
from django.db import connection  # noqa: E402

from matches import actions  # noqa: E402
from matches.choices import RoomChoice  # noqa: E402
from matches.forms.tables import TablePostForm  # noqa: E402
from matches.management.commands.generate_event import generate_event  # noqa: E402
from matches.models import Board, Result  # noqa: E402
from matches.models.stages import first_stage  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("plan", type=Path)
    parser.add_argument("--teams", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--directors", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=int, default=0, help="matches at the tables")
    parser.add_argument("--ids-from", type=int, default=0, help="first id of every table")
    args = parser.parse_args()
    if args.ids_from:
        start_ids(args.ids_from)
    if args.tables:
        plan = tables_event(args.tables, args.boards, args.seed)
        args.plan.write_text(json.dumps(plan, indent=1))
        args.plan.chmod(0o600)  # the tables' tokens
        return

    made = generate_event(
        teams=args.teams,
        rounds=args.rounds,
        boards=args.boards,
        seed=args.seed,
        played=args.rounds - 1,
        name=f"Load test: {args.teams} teams, {args.rounds} rounds, {args.boards} boards",
    )
    event = made.event
    print(
        f"event {event.pk}: {made.matches} matches, {made.results} results "
        f"generated in {made.seconds:.2f} s"
    )

    # The last round is in progress: its results are what the directors type in.
    current = args.rounds
    in_progress = list(event.matches.filter(round=current).order_by("pk"))
    print(f"round {current}: {len(in_progress)} matches, no results yet")

    directors = []
    for number in range(1, args.directors + 1):
        username = f"loaddirector{number}"
        password = actions.make_director(username)  # made, or its password reset
        actions.add_director(event, username=username, user=None)  # they direct this event
        directors.append({"username": username, "password": password})
    print(f"{len(directors)} directors: loaddirector1 … loaddirector{args.directors}")

    matches = event.matches.order_by("round", "pk").values("pk", "round", "home_id", "away_id")
    plan = {
        "event": event.pk,
        "rounds": args.rounds,
        "current_round": current,
        "boards": args.boards,
        "teams": list(event.teams.order_by("pk").values_list("pk", flat=True)),
        "matches": [
            {"id": m["pk"], "round": m["round"], "home": m["home_id"], "away": m["away_id"]}
            for m in matches
        ],
        "director_matches": [match.pk for match in in_progress],
        "directors": directors,
    }
    args.plan.write_text(json.dumps(plan, indent=1))
    args.plan.chmod(0o600)


def start_ids(first: int) -> None:
    """Make every table of the app (and of its history) number its next rows from
    ``first`` on: a site after a season. PostgreSQL only (its sequences)."""
    if connection.vendor != "postgresql":
        sys.exit("--ids-from needs PostgreSQL (DATABASE_URL=postgres://…)")
    keys = [
        (model._meta.db_table, model._meta.pk.column)
        for model in apps.get_app_config("matches").get_models(include_auto_created=True)
        if model._meta.pk.get_internal_type() in ("AutoField", "BigAutoField")
    ]
    with connection.cursor() as cursor:
        for table, column in keys:
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence(%s, %s), %s, false)", [table, column, first]
            )
    print(f"ids from {first} in {len(keys)} tables")


def tables_event(matches: int, boards: int, seed: int) -> dict:
    """Return the plan of the table-entry scenario, its event made through the actions."""
    rng = random.Random(seed)
    event = actions.create_event(
        name=f"Load test: {matches} matches at the tables, {boards} boards",
        date=datetime.date.today(),
        boards_per_match=boards,
        boards_per_segment=boards,
        user=None,
    )
    teams = actions.add_teams(
        event, teams=[(f"Team {n:03d}", []) for n in range(1, 2 * matches + 1)], user=None
    )
    for n in range(matches):  # round 1: 1-2, 3-4, ...; round 2: 1-4, 3-6, ..., 2-...
        actions.add_match(event, round=1, home=teams[2 * n], away=teams[2 * n + 1], user=None)
    for n in range(matches):
        away = teams[(2 * n + 3) % (2 * matches)]
        actions.add_match(event, round=2, home=teams[2 * n], away=away, user=None, confirm=True)
    played = Board.objects.filter(match__event=event, match__round=1).values_list("pk", flat=True)
    results = [
        Result(board_id=board, room=room, version=1, **random_result(rng))
        for board in played.order_by("pk")
        for room in RoomChoice.values
    ]
    loaded = actions.load_results(event, results, user=None)
    tables = actions.open_tables(first_stage(event), round_number=2, user=None)
    print(
        f"event {event.pk}: {len(teams)} teams, round 1 played ({loaded} results), "
        f"round 2 at {len(tables)} tables ({matches} matches × 2 rooms, {boards} boards)"
    )
    rows = event.matches.order_by("round", "pk").values("pk", "round", "home_id", "away_id")
    return {
        "event": event.pk,
        "current_round": 2,
        "boards": boards,
        "lead": event.table_lead,
        "results_public": event.results_public,
        "segment": event.boards_per_segment,
        "device_length": TablePostForm.base_fields["device"].max_length,
        "teams": [team.pk for team in teams],
        "matches": [
            {"id": m["pk"], "round": m["round"], "home": m["home_id"], "away": m["away_id"]}
            for m in rows
        ],
        "tables": [
            {"match": table.match_id, "room": table.room, "token": table.token} for table in tables
        ],
    }


if __name__ == "__main__":
    main()
