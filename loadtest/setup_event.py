"""Load-test fixture: the event, the round in progress and the directors; writes plan.json.

    python loadtest/setup_event.py PLAN.json [--teams 16] [--rounds 7] [--boards 16] [--directors 8]

Run with the same environment as the server (DATABASE_URL, SECRET_KEY, ...), after
`manage.py migrate`. It generates an event through the actions (generate_event) with
random results in every round but the last, which the directors enter during the test
(the round in progress), and makes one director per match of that round, each with a
random password, who directs the event. Everything it writes goes through the actions
(``make_director``, ``add_director``); everything locust needs (ids, logins) goes into
PLAN.json.
"""

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

import django  # noqa: E402

django.setup()

from matches import actions  # noqa: E402
from matches.management.commands.generate_event import generate_event  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("plan", type=Path)
    parser.add_argument("--teams", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--directors", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

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


if __name__ == "__main__":
    main()
